"""The penalties sheet of the whole-event workbook (chapter 5; excel/exports.py: fouls_sheet):
in the staff's workbook with the arbiter's note and name, in the public one without them."""

import pytest

from tests.tournaments.builders import open_workbook, sheet_rows
from tournaments.excel.workbook import Table, build, to_bytes
from tournaments.models import Board
from tournaments.services.fouls import foul_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def with_foul(swiss_event, arbiter):
    board = Board.objects.get(round__event=swiss_event, round__number=2, number=3)
    foul_record(event=swiss_event, board=board, entry_id=board.black_id, kind="loss",
                article="23.1", note="chiếu mãi không đổi", actor=arbiter)
    return swiss_event, board


def _sheet(event, lang, public=False):
    wb = open_workbook(to_bytes(build(event, Table("event"), lang=lang, public=public)))
    return wb, wb[wb.sheetnames[-1]]


def test_staff_workbook_lists_each_penalty_with_its_article(with_foul):
    event, board = with_foul
    wb, ws = _sheet(event, "vi")
    assert wb.sheetnames[-1] == "Xử phạt"
    assert sheet_rows(ws) == [[2, 3, None, board.black.number, board.black.name, "Xử thua",
                               "Điều 23, điểm 1", "chiếu mãi không đổi", "arbiter"]]
    _wb, english = _sheet(event, "en")
    assert sheet_rows(english)[0][5:7] == ["Loss by rule", "Art. 23, point 1"]


def test_public_workbook_leaves_out_the_note(with_foul):
    event, board = with_foul
    _wb, ws = _sheet(event, "vi", public=True)
    assert sheet_rows(ws) == [[2, 3, None, board.black.number, board.black.name, "Xử thua",
                               "Điều 23, điểm 1"]]


def test_no_penalty_no_sheet(swiss_event):
    wb = open_workbook(to_bytes(build(swiss_event, Table("event"), lang="vi")))
    assert "Xử phạt" not in wb.sheetnames


def test_fouls_table_alone(with_foul):
    event, _board = with_foul
    wb = open_workbook(to_bytes(build(event, Table("fouls"), lang="en")))
    assert wb.sheetnames == ["Penalties"]
    assert sheet_rows(wb["Penalties"])[0][5:] == ["Loss by rule", "Art. 23, point 1",
                                                  "chiếu mãi không đổi", "arbiter"]
