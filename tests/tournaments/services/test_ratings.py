"""Rating lists and rating change per event: a list with bad rows stores nothing
and names each; the event's report is the engine's on the same results (read back from the
event's TRF file); applying the changes to the list and reverting them."""

import datetime
from fractions import Fraction

import pytest
from django.core.exceptions import PermissionDenied

from records.trf import read as trf_read
from scoring.ratings import REGULATIONS, rating_report
from tests.tournaments.builders import (
    PlayerFactory,
    UserFactory,
    play_round,
    rated_scenario,
    rating_list_upload,
)
from tournaments.errors import ServiceError
from tournaments.models import Player, RatingList, RatingListRow
from tournaments.selectors.ratings import event_report, player_rating_history
from tournaments.selectors.standings import event_standings
from tournaments.selectors.trf import trf_export
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_visibility_set
from tournaments.services.ratings import (
    BadRows,
    event_ratings_apply,
    event_ratings_revert,
    rating_list_import,
)

pytestmark = pytest.mark.django_db
DAY = datetime.date(2026, 1, 1)


@pytest.fixture
def federation():
    return UserFactory(username="federation", is_superuser=True)


def test_a_list_with_bad_rows_stores_nothing_and_names_each_bad_row(federation):
    player = PlayerFactory(national_id="VXF1", rating=1500)
    rows = [("Lại Lý Huynh", "VXF1", 2450, 12), ("", "VXF2", 2000, 1),
            ("Trần Văn Ninh", "VXF3", "x", 1)]
    with pytest.raises(BadRows) as refused:
        rating_list_import(actor=federation, upload=rating_list_upload(rows), name="Elo",
                           list_date=DAY)
    assert [(r.line, [e["code"] for e in r.errors]) for r in refused.value.rows] == [
        (3, ["name_missing"]), (4, ["bad_rating"])]
    assert not RatingList.objects.exists() and not RatingListRow.objects.exists()
    player.refresh_from_db()
    assert player.rating == 1500


def test_importing_a_list_needs_the_federations_right(organiser):
    with pytest.raises(PermissionDenied):
        rating_list_import(actor=organiser, upload=rating_list_upload([("A", "1", 1, 1)]),
                           name="Elo", list_date=DAY)
    assert not RatingList.objects.exists()


def test_the_latest_list_sets_the_registers_ratings_and_0_is_unrated(federation):
    rated, unrated = PlayerFactory(national_id="VXF1"), PlayerFactory(national_id="VXF2")
    rating_list_import(actor=federation, name="Elo 1/2026", list_date=DAY,
                       upload=rating_list_upload([("A", "VXF1", 2210, 30), ("B", "VXF2", 0, 2)],
                                                 csv=True))
    # An older list, imported later, is history: it does not overwrite the register.
    rating_list_import(actor=federation, name="Elo 2025", list_date=datetime.date(2025, 1, 1),
                       upload=rating_list_upload([("A", "VXF1", 2100, 20)]))
    rated.refresh_from_db()
    unrated.refresh_from_db()
    assert (rated.rating, unrated.rating) == (2210, None)
    history = player_rating_history(rated)["rows"]
    assert [(r.rating_list.name, r.rating) for r in history] == [("Elo 1/2026", 2210),
                                                                ("Elo 2025", 2100)]


def test_the_report_is_the_engines_on_the_events_trf_file(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter, listed=False)
    event = ctx["event"]
    report = event_report(event)
    engine = rating_report(trf_read(trf_export(event)).tournament, REGULATIONS["fide"], year=2026,
                           after_round=1)
    assert [line.row for line in report.rows] == engine
    assert report.after_round == 1
    # The event's change summed over players is the sum of its games' changes, 0 under one K.
    assert sum(line.row.change for line in report.rows) == 0


def test_fide_table_hand_worked_and_a_forfeit_changes_nothing(make_event, organiser,
                                                                chief_arbiter):
    """2000 beats 1800: difference 200, B.02 table 8.1b gives 0.76 to the higher rated; K 20:
    +20 × 0.24 = +4.8 and −4.8. The other board is a forfeit: not rated."""
    event = make_event(format="rr", name="Giải Elo", rated=True)
    players = [PlayerFactory(rating=r) for r in (2000, 1800, 1700, 1600)]
    entries = [entry_register(event=event, actor=organiser, player=p) for p in players]
    numbers_draw(event=event, actor=organiser, method="rating")
    play_round(event, 1, [(entries[0], entries[1]), (entries[2], entries[3])], ["1-0", "+/-"],
               actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    rows = {line.entry.pk: line for line in event_report(event).rows}
    winner, loser = rows[entries[0].pk], rows[entries[1].pk]
    assert (winner.row.expected, winner.row.change, winner.change) == (
        Fraction(76, 100), Fraction(24, 5), "+4.8")
    assert (loser.row.change, loser.change, loser.row.new_rating) == (
        Fraction(-24, 5), "-4.8", 1795)
    for forfeit in (entries[2], entries[3]):
        assert (rows[forfeit.pk].row.games, rows[forfeit.pk].row.change) == (0, 0)
    standings = {row.entry.pk: row.rating_change for row in event_standings(event).rows}
    assert standings == {entries[0].pk: "+4.8", entries[1].pk: "-4.8",
                         entries[2].pk: "0.0", entries[3].pk: "0.0"}


def test_the_statutes_cap_and_k_table_are_the_reports(make_event, organiser, chief_arbiter):
    """2400 beats 1800: 600 apart. Cap 400 (FIDE): We 0.92, K 10 from 2400: +0.8; CXA table
    (cap 350: We 0.89; K 30 untitled): +3.3; no cap: We 0.98, +0.2."""
    event = make_event(format="rr", name="Giải cap", rated=True)
    entries = [entry_register(event=event, actor=organiser, player=PlayerFactory(rating=r))
               for r in (2400, 1800)]
    numbers_draw(event=event, actor=organiser, method="rating")
    play_round(event, 1, [(entries[0], entries[1])], ["1-0"], actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    for table, cap, expected, change in (("fide", 400, "0.92", "+0.8"),
                                         ("cxa", 350, "0.89", "+3.3"),
                                         ("fide", None, "0.98", "+0.2")):
        event.rating_table, event.rating_cap = table, cap
        top = event_report(event).rows[0]
        assert (top.expected, top.change) == (expected, change), table


def test_apply_then_revert(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter)
    event = ctx["event"]
    before = {r.player_id: (r.rating, r.games) for r in ctx["list"].rows.all()}
    report = {line.entry.player_id: line.row for line in event_report(event).rows}
    application = event_ratings_apply(event=event, actor=organiser)
    assert (application.applied_by, application.after_round) == (organiser, 1)
    after = {r.player_id: (r.rating, r.games) for r in ctx["list"].rows.all()}
    for player_id, (rating, games) in before.items():
        change = report[player_id]
        assert after[player_id] == (rating + round(change.change), games + change.games)
        assert Player.objects.get(pk=player_id).rating == after[player_id][0]
    with pytest.raises(ServiceError):
        event_ratings_apply(event=event, actor=organiser)  # once
    event_ratings_revert(event=event, actor=organiser)
    assert {r.player_id: (r.rating, r.games) for r in ctx["list"].rows.all()} == before
    assert {p: Player.objects.get(pk=p).rating for p in before} == {
        p: v[0] for p, v in before.items()}
    assert event_report(event).application is None


def test_a_player_new_to_the_list_gets_a_row_that_revert_removes(make_event, organiser,
                                                                  chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter)
    newcomer = ctx["entries"][0].player
    RatingListRow.objects.filter(player=newcomer).delete()
    rows = ctx["list"].rows.count()
    event_ratings_apply(event=ctx["event"], actor=organiser)
    assert ctx["list"].rows.count() == rows + 1
    event_ratings_revert(event=ctx["event"], actor=organiser)
    assert ctx["list"].rows.count() == rows


def test_a_newer_list_ends_the_right_to_revert(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter, applied=True)
    rating_list_import(actor=UserFactory(is_superuser=True), name="Elo 2/2026",
                       list_date=datetime.date(2026, 2, 1),
                       upload=rating_list_upload([("A", "VXF1", 2000, 1)]))
    with pytest.raises(ServiceError, match="newer rating list"):
        event_ratings_revert(event=ctx["event"], actor=organiser)


def test_only_organisers_apply_and_only_rated_events(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter)
    with pytest.raises(PermissionDenied):
        event_ratings_apply(event=ctx["event"], actor=chief_arbiter)
    ctx["event"].rated = False
    ctx["event"].save()
    with pytest.raises(ServiceError, match="not rated"):
        event_ratings_apply(event=ctx["event"], actor=organiser)


def test_a_scratch_events_rating_changes_do_not_re_rate_another_organisers_player(
        make_event, organiser, chief_arbiter):
    """The attack on the register by ratings: an organiser enters a player of no club of his in
    a rated event of his own, plays a round and applies its changes. Refused (the organisations'
    tree and the register's keepers' right), nothing applied."""
    from tournaments.models import ClubMembership

    ctx = rated_scenario(make_event, organiser, chief_arbiter)
    theirs = ctx["entries"][1].player
    theirs.created_by = UserFactory(username="other-organiser")
    theirs.save()
    ClubMembership.objects.filter(player=theirs).delete()  # not a member of the organiser's
    before = Player.objects.get(pk=theirs.pk).rating
    with pytest.raises(PermissionDenied, match="register's keepers"):
        event_ratings_apply(event=ctx["event"], actor=organiser)
    assert Player.objects.get(pk=theirs.pk).rating == before
    assert event_report(ctx["event"]).application is None
    keeper = UserFactory(username="keeper", is_superuser=True)
    event_ratings_apply(event=ctx["event"], actor=keeper)
    assert event_report(ctx["event"]).application is not None


def test_a_row_is_the_players_by_the_national_id_it_carries(make_event, organiser,
                                                            chief_arbiter):
    """The list was imported before the player was given their ID in the register: applying
    finds the row by the ID and links it."""
    ctx = rated_scenario(make_event, organiser, chief_arbiter)
    player = ctx["entries"][0].player
    row = ctx["list"].rows.get(player=player)
    row.player = None
    row.save()
    event_ratings_apply(event=ctx["event"], actor=organiser)
    row.refresh_from_db()
    assert row.player == player and row.games == 11
    assert ctx["list"].rows.count() == 4
