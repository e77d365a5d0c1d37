"""The law's closing documents (Art. 15.1, 19.4, 20.3 l; selectors/closing.py, the print
sheets "selected", "classified" and "report"), worked by hand."""

import pytest

from tests.tournaments.builders import client_for, played_event, rr_scenario
from tournaments.models import Board, Event
from tournaments.selectors.closing import (
    event_classified,
    event_final_ranking,
    event_final_report,
    event_selected,
)
from tournaments.services.protests import protest_decide, protest_file

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event, organiser, chief_arbiter, arbiter):
    """4 players, Berger rounds 1 and 2 played, White winning every game: round 1 1-4, 2-3;
    round 2 4-3, 1-2. Points: 1 has 2, 2 and 4 have 1, 3 has 0."""
    event = played_event(make_event, organiser, chief_arbiter, arbiter, 4)
    Event.objects.filter(pk=event.pk).update(selected_top=1, classification_name="Cấp 1",
                                             classification_points=1)
    event.refresh_from_db()
    return event


def _numbers(rows):
    return [(r.place, r.entry.number) for r in rows]


def test_selected_and_classified_from_the_final_ranking(event):
    pairs = sorted((b.round.number, b.white.number, b.black.number)
                   for b in Board.objects.filter(round__event=event, black__isnull=False,
                                                 round__number__lte=2))
    assert pairs == [(1, 1, 4), (1, 2, 3), (2, 1, 2), (2, 4, 3)]
    ranking = event_final_ranking(event)
    assert [(r.entry.number, r.points) for r in ranking][0] == (1, "2")
    assert _numbers(event_selected(event)) == [("1", 1)]
    # At least 1 point: players 1, 2 and 4; player 3 has none.
    assert sorted(r.entry.number for r in event_classified(event)) == [1, 2, 4]
    # By place instead: the first 1, or at least 2 points: only player 1.
    Event.objects.filter(pk=event.pk).update(classification_top=1, classification_points=2)
    event.refresh_from_db()
    assert _numbers(event_classified(event)) == [("1", 1)]
    Event.objects.filter(pk=event.pk).update(classification_name="")
    event.refresh_from_db()
    assert event_classified(event) == []


def test_the_sheets_print(event, organiser, chief_arbiter):
    anyone = client_for(None)
    page = anyone.get(f"/events/{event.slug}/print/classified/").content.decode()
    assert "Cấp 1" in page and "register of awarded classifications" in page
    page = anyone.get(f"/events/{event.slug}/print/selected/").content.decode()
    assert 'data-testid="print-selected"' in page
    # The final report is the staff's (Art. 20.3 l).
    assert anyone.get(f"/events/{event.slug}/print/report/").status_code in (403, 404)
    page = client_for(chief_arbiter).get(f"/events/{event.slug}/print/report/").content.decode()
    for part in ("report-event", "report-staff", "report-rounds", "report-protests",
                 "report-disqualifications", "report-fouls", "report-selected",
                 "report-classified"):
        assert f'data-testid="{part}"' in page, part


def test_the_report_lists_protests_with_their_decisions(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")
    board = ctx["board"]
    protest = protest_file(round_=board.round, board=board, entry=board.black, filer="player",
                           subject="result", text="Sai kết quả", actor=chief_arbiter)
    protest_decide(protest=protest, actor=chief_arbiter, decision="rejected",
                   reason="Biên bản đúng")
    report = event_final_report(ctx["event"])
    assert [(p.text, p.decision) for p in report.protests] == [("Sai kết quả", "rejected")]
    summary = report.rounds[0]
    # Round 1 of 4 players: 2 games, both won by White.
    assert (summary.games, summary.white_wins, summary.draws, summary.black_wins) == (2, 2, 0, 0)
    assert ("Chief arbiter", ["chief"]) in [(str(r), n) for r, n in report.staff]
    page = client_for(chief_arbiter).get(
        f"/events/{ctx['event'].slug}/print/report/").content.decode()
    assert "Sai kết quả" in page and "Biên bản đúng" in page


def test_the_closing_workbook(event, chief_arbiter):
    """Excel: the selected players and the classification's list; the protests for the staff
    only (docs/excel.md)."""
    import io

    from openpyxl import load_workbook

    from tournaments.excel.workbook import Table, build, to_bytes

    staff = load_workbook(io.BytesIO(to_bytes(build(event, Table("closing"), lang="vi"))))
    assert staff.sheetnames == ["Tuyển chọn", "Phong cấp", "Khiếu nại"]
    public = load_workbook(io.BytesIO(to_bytes(build(event, Table("closing"), lang="en",
                                                     public=True))))
    assert public.sheetnames == ["Selected", "Classification"]
    values = [row for row in public["Classification"].iter_rows(values_only=True)]
    names = {row[2] for row in values if row and isinstance(row[1], int)}
    expected = {e.name for e in event.entries.filter(number__in=[1, 2, 4])}
    assert names == expected
