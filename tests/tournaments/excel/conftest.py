"""Excel tests keep their files in a temporary MEDIA_ROOT."""

import pytest

from tests.tournaments.conftest import open_workbook, play_round, sheet_rows

__all__ = ["open_workbook", "play_round", "sheet_rows"]


@pytest.fixture(autouse=True)
def _media(media_root):
    return media_root
