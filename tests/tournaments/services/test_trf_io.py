"""TRF-16 export and import of events (``selectors/trf.py``, ``services/trf_import.py``): the
file's content, the byte-identical round trip export → import → export, and malformed files
refused with nothing written."""

import datetime
from pathlib import Path

import pytest

from records import trf
from tests.tournaments.builders import (
    PlayerFactory,
    swiss_event,
)
from tournaments.errors import ServiceError
from tournaments.models import Board, Entry, Event, PairingMethod, Player, Round, RoundStatus
from tournaments.selectors.trf import trf_export
from tournaments.services.entries import entry_register, entry_withdraw, numbers_draw
from tournaments.services.results import result_record
from tournaments.services.roundrobin import round_robin_schedule
from tournaments.services.rounds import BoardSpec, round_complete, round_publish, round_store
from tournaments.services.swiss import bye_request, forbidden_group_set
from tournaments.services.trf_import import trf_import, trf_preview

pytestmark = pytest.mark.django_db


def _stored_round(event, actor, number, boards, results=None, close=True):
    ids = {e.number: e.pk for e in Entry.objects.filter(event=event)}
    specs = [BoardSpec(i, ids[w], ids[b] if b else None, bye=bye)
             for i, (w, b, bye) in enumerate(boards, start=1)]
    round_ = round_store(event=event, number=number, boards=specs, method=PairingMethod.DUTCH,
                         seed=None, actor=actor)
    if results is None:
        return round_
    round_publish(round_=round_, actor=actor)
    for board, result in zip(round_.boards.filter(black__isnull=False).order_by("number"),
                             results, strict=True):
        if result:
            result_record(board=board, result=result, actor=actor, expected_version=0)
    if close:
        round_complete(round_=round_, actor=actor)
    return round_


@pytest.fixture
def swiss(make_event, organiser, chief_arbiter):
    """Seven players, Swiss of 5 rounds, played two rounds, a third one half entered; a PAB, a
    requested half-point bye, a withdrawal, a late entry, a family group, a bye requested for the
    next round; colours drawn by lots."""
    event = swiss_event(make_event, organiser, 7, rounds=5, venue="Hà Nội",
                        end_date=datetime.date(2026, 11, 22), time_increment_seconds=30,
                        tiebreaks=["BH", "SB", "LOT"])
    numbers_draw(event=event, actor=organiser, method="rating")
    for i, entry in enumerate(Entry.objects.filter(event=event).select_related("player")):
        entry.player.birth_year = 1980 + i  # matched on import by name and birth year
        entry.player.save()
    Event.objects.filter(pk=event.pk).update(initial_colour_drawn="b", initial_colour_seed=5)
    _stored_round(event, chief_arbiter, 1, [(4, 1, ""), (2, 5, ""), (6, 3, ""), (7, None, "U")],
                  ["0-1", "1/2-1/2", "+/-"])
    late = entry_register(event=event, actor=organiser,
                          player=PlayerFactory(full_name="Đỗ Thị Muộn", birth_year=1999))
    Entry.objects.filter(pk=late.pk).update(number=8)
    _stored_round(event, chief_arbiter, 2, [(1, 2, ""), (3, 7, ""), (5, 8, ""), (4, None, "H"),
                                            (6, None, "U")], ["1-0", "0-1", "1/2-1/2"])
    entry_withdraw(entry=Entry.objects.get(event=event, number=6), actor=organiser,
                   after_round=2)
    _stored_round(event, chief_arbiter, 3, [(7, 1, ""), (2, 3, ""), (8, 4, ""), (5, None, "H")],
                  ["1-0", "", "0-1"], close=False)
    bye_request(entry=Entry.objects.get(event=event, number=3), actor=organiser,
                round_number=4)
    forbidden_group_set(event=event, actor=organiser, groups=[
        [Entry.objects.get(event=event, number=n).pk for n in (2, 7)]])
    event.refresh_from_db()
    return event


def test_export_writes_players_rounds_byes_absences_and_extensions(swiss):
    text = trf_export(swiss)
    lines = text.splitlines()
    assert lines[0] == f"012 {swiss.name}"
    assert "022 Hà Nội" in lines and "042 2026/11/20" in lines and "052 2026/11/22" in lines
    players = [line for line in lines if line.startswith("001")]
    assert len(players) == 8
    one = players[0]
    assert one[4:8] == "   1" and one[91:99] == "0004 b 1" and one[101:109] == "0002 w 1"
    assert one[111:119] == "0007 b 0"
    seven = players[6]
    assert seven[91:99] == "0000 - U"
    six = players[5]
    assert six[101:109] == "0000 - U" and six[111:119] == "0000 - Z"  # withdrew after 2
    late = players[7]
    assert late[91:99] == "0000 - Z" and late[101:109] == "0008"[:0] + "0005 b ="
    three = players[2]
    assert three[111:119] == "0002 b  " and three[121:129] == "0000 - H"  # next round's bye
    assert "XXR 5" in lines and "XXC black1" in lines
    assert "192 FIDE_DUTCH_2025" in lines and "202 BH,SB,LOT" in lines
    assert "222 5400+30" in lines and "XXP 2 7" in lines and "XXW 6 2" in lines
    assert not any(line.startswith("BB") for line in lines)
    # The points column is the scoring engine's: 1 has 1 + 1 + 0.
    assert one[80:84] == " 2.0"
    assert trf.read(text).tournament.rounds == 5


def test_round_trip_is_byte_identical(swiss, organiser):
    first = trf_export(swiss, include_drafts=True)
    players_before = Player.objects.count()
    copy = trf_import(data=first.encode(), actor=organiser)
    assert Player.objects.count() == players_before  # every player matched, none created
    assert trf_export(copy, include_drafts=True) == first
    assert copy.name == swiss.name and copy.rounds == 5 and copy.initial_colour == "b"
    assert copy.tiebreaks == ["BH", "SB", "LOT"] and copy.time_increment_seconds == 30
    rounds = list(copy.rounds_set.order_by("number"))
    assert [r.status for r in rounds] == [RoundStatus.COMPLETED, RoundStatus.COMPLETED,
                                          RoundStatus.PUBLISHED]
    assert all(r.method == PairingMethod.IMPORTED for r in rounds)
    late = Entry.objects.get(event=copy, number=8)
    assert late.joined_round == 2
    assert Entry.objects.get(event=copy, number=3).requested_byes == [4]
    assert len(copy.forbidden_groups) == 1
    withdrawn = Entry.objects.get(event=copy, number=6)  # Art. 21.5: withdrew after round 2
    assert (withdrawn.status, withdrawn.withdrawn_after_round) == ("withdrawn", 2)
    # Absences come back as no board, the Z is written again on export.
    assert not Board.objects.filter(round__event=copy, bye="Z").exists()


def test_round_trip_into_an_empty_register(swiss, organiser):
    first = trf_export(swiss)
    Event.objects.filter(pk=swiss.pk).delete()
    Player.objects.all().delete()
    copy = trf_import(data=first.encode(), actor=organiser)
    assert trf_export(copy) == first
    assert Player.objects.count() == 8


def test_custom_points_and_pab_value_round_trip(make_event, organiser, chief_arbiter):
    """A friendly event's own points (Art. 21.1 binds official events only) travel in the file
    and come back as a friendly event's."""
    event = swiss_event(make_event, organiser, 3, rounds=3, scoring="custom", points_win=3,
                        points_draw=1, points_loss=0, points_bye=1, acceleration="baku",
                        initial_colour="w", official=False)
    numbers_draw(event=event, actor=organiser, method="rating")
    _stored_round(event, chief_arbiter, 1, [(1, 2, ""), (3, None, "U")], ["1/2-1/2"])
    text = trf_export(event)
    assert "BBW  3.0" in text and "BBD  1.0" in text and "BBU  1.0" in text
    assert "BBL" not in text and "192 FIDE_DUTCH_2025_BAKU" in text and "XXC white1" in text
    warnings = trf_preview(data=text.encode()).warnings
    assert any("(Art. 21.1)" in w and "friendly event" in w for w in warnings)
    copy = trf_import(data=text.encode(), actor=organiser)
    assert copy.acceleration == "baku" and copy.scoring == "custom" and not copy.official
    assert trf_export(copy) == text


def test_round_robin_round_trip(make_event, organiser, chief_arbiter):
    event = make_event(format="rr")
    for p in PlayerFactory.create_batch(5):
        entry_register(event=event, actor=organiser, player=p)
    numbers_draw(event=event, actor=organiser, method="rating")
    rounds = round_robin_schedule(event=event, actor=chief_arbiter, publish=True)
    for board in rounds[0].boards.filter(black__isnull=False):
        result_record(board=board, result="1-0", actor=chief_arbiter, expected_version=0)
    round_complete(round_=rounds[0], actor=chief_arbiter)
    text = trf_export(event)
    assert "092 Round robin" in text and "BBU  0.0" in text  # the rest is worth nothing
    assert "XXC" not in text  # the Dutch initial colour means nothing here
    copy = trf_import(data=text.encode(), actor=organiser, format="rr")
    assert copy.format == "rr"
    assert trf_export(copy) == text


def _line(number, name, *blocks, ext=""):
    head = f"001 {number:>4} m    {name:<33} 1800 VIE {ext:>11} {'':<10}  0.0 {number:>4}"
    assert len(head) == 89
    return head + "".join(f"  {b}" for b in blocks) + "\n"


MALFORMED = [
    ("012 Nothing here\n", "no player lines"),
    (_line(1, "A", "0002 w 1"), "meets 2, who has no entry"),
    ("001    x m    Nguyen Van A\n", "line 1: start number"),
    (_line(1, "A", "0002 w 1") + _line(2, "B", "0001 w 0"), "same colour"),
    (_line(1, "A", "0002 w 1") + _line(2, "B", "0003 b 0"), "but 2 meets 3"),
    (_line(1, "A", "0002 w 1") + _line(2, "B", "0001 b 1"), "do not fit together"),
    (_line(1, "A", "0002 w Q") + _line(2, "B", "0001 b 0"), "line 1: round 1: result .Q."),
    (_line(1, "A") + "XXC green1\n", "XXC"),
]


@pytest.mark.parametrize(("text", "message"), MALFORMED)
def test_malformed_files_are_refused_and_nothing_is_written(organiser, text, message):
    counts = (Event.objects.count(), Player.objects.count(), Entry.objects.count(),
              Round.objects.count())
    with pytest.raises(ServiceError, match=message):
        trf_import(data=text.encode(), actor=organiser)
    assert counts == (Event.objects.count(), Player.objects.count(), Entry.objects.count(),
                      Round.objects.count())


def test_a_refusal_after_writing_started_rolls_everything_back(organiser):
    text = _line(1, "A", ext="123") + _line(2, "B", ext="123")
    counts = (Event.objects.count(), Player.objects.count())
    with pytest.raises(ServiceError, match="twice"):
        trf_import(data=text.encode(), actor=organiser)
    assert counts == (Event.objects.count(), Player.objects.count())


def test_team_events_cannot_be_exported(make_event):
    event = make_event(format="swiss", rounds=5, participant_kind="team")
    with pytest.raises(ServiceError, match="TRF-16"):
        trf_export(event)


RECORDS = Path(__file__).parents[2] / "records" / "data"


def test_the_preview_stores_nothing_and_reports_what_it_cannot_take(organiser):
    counts = (Event.objects.count(), Player.objects.count())
    preview = trf_preview(data=(RECORDS / "chess_results_bom_crlf.trf").read_bytes(),
                          today=datetime.date(2026, 1, 5))
    assert counts == (Event.objects.count(), Player.objects.count())
    assert preview.name == "Giải Cờ Tướng Mở Rộng" and preview.document.encoding == "utf-8-sig"
    assert [p["name"] for p in preview.players()][:2] == ["Nguyễn Văn An", "Trần Bình"]
    assert preview.players()[1]["points"] == "0.5" and preview.players()[1]["earned"] == "0.0"
    assert [(r.number, r.games, r.results, r.byes) for r in preview.rounds()] == [
        (1, 2, 2, 0), (2, 1, 1, 1)]
    # The impossible start date and the unknown tie-breaks are said, not silently replaced or
    # dropped.
    assert preview.start_date == datetime.date(2026, 1, 5)
    assert preview.statute["tiebreaks"] == ["BH", "SB"]
    assert preview.warnings == (
        "Line 5: Player 2: the points column says 0.5, the results give 0.0.",
        "Line 7: Round 2: player 4 has no opponent and a draw: read as a half-point bye.",
        "The tie-breaks (202) XYZ, QQ are not known here and are left out of the statute.",
        "The start date (042) 2025/02/30 is not a date: the event starts on 2026-01-05; "
        "change it in the statute.",
    )


@pytest.mark.parametrize(("name", "players", "rounds"), [
    ("swiss_manager_cp1252_crlf.trf", "Œhlenschläger, Zoë", 3),
    ("vega_latin1.trf", "Ó Súilleabháin, Pádraig", 2),
    ("vietnamese_cp1258_crlf.trf", "Trần Thị Hương", 1),
    ("lichess_byes.trf", "Bình_Tướng", 3),
    ("chess_results_bom_crlf.trf", "Phạm Dũng", 2),
])
def test_files_of_other_programs_import(organiser, name, players, rounds):
    event = trf_import(data=(RECORDS / name).read_bytes(), actor=organiser)
    assert event.entries.filter(player__full_name=players).exists()
    assert event.rounds_set.count() == rounds
    # A rating written 0 (or 0000) is stored as no rating.
    assert not event.entries.filter(rating=0).exists()


def test_the_2026_edition_round_trips(swiss, organiser):
    text = trf_export(swiss, include_drafts=True, edition=2026)
    lines = text.splitlines()
    assert "142 5" in lines and "152 B" in lines and "XXR 5" not in lines
    copy = trf_import(data=text.encode(), actor=organiser)
    assert copy.rounds == 5 and copy.initial_colour == "b"
    assert trf_export(copy, include_drafts=True, edition=2026) == text
