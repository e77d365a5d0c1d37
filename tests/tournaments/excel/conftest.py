"""Excel tests keep their files in a temporary MEDIA_ROOT."""

import pytest


@pytest.fixture(autouse=True)
def _media(media_root):
    return media_root
