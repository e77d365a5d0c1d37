"""Championships through the services (Art. 17.3 mixed formats): stages as events
with the championship's staff, the qualification statute checked, qualifying into the next
stage, a Swiss that plays on without its qualifiers."""

import pytest
from django.core.exceptions import PermissionDenied
from django.test import override_settings

from tests.tournaments.builders import (
    PlayerFactory,
    championship_with_swiss,
    play_stage_event,
    stronger_wins,
    swiss_stage_after_swiss,
)
from tournaments.errors import ServiceError
from tournaments.models import Board, EventRole, JobKind, JobStatus, Role
from tournaments.selectors.qualification import qualification_plan
from tournaments.selectors.standings import event_standings
from tournaments.selectors.swiss import round_warnings
from tournaments.services.championships import (
    category_add,
    stage_add,
    stage_playoff_record,
    stage_qualification_set,
    stage_qualify,
    stage_register,
)
from tournaments.services.formats import round_start

pytestmark = pytest.mark.django_db


def numbers(entries):
    return sorted(e.number for e in entries)


def test_a_stage_is_an_event_run_by_the_championship_staff(organiser, chief_arbiter):
    championship, category, stage, event = championship_with_swiss(organiser, chief_arbiter)
    assert event.stage == stage and event.group_label == ""
    assert EventRole.objects.filter(event=event, user=chief_arbiter,
                                    role=Role.CHIEF_ARBITER).exists()
    # The championship's chief arbiter pairs the stage with the event's own right.
    assert chief_arbiter.has_perm("tournaments.pair_round", event)
    groups = stage_add(category=category, actor=organiser, format="rr", groups=3)
    assert list(groups.events.order_by("group_label").values_list("group_label", flat=True)) \
        == ["A", "B", "C"]


def test_swiss_top_four_into_a_knockout_seeded_by_rank(organiser, chief_arbiter):
    """8 players, 3 rounds, the stronger always wins: 1 has 3, then 2, 3, 4 on 2 points (the
    player numbered 5 meets 1 in round 1 and 3 or 4 in round 3), so the top 4 are 1-4, seeded
    in the Swiss's order; the bracket plays seed 1 v 4 and 2 v 3."""
    _c, category, swiss_stage, swiss = championship_with_swiss(organiser, chief_arbiter)
    play_stage_event(swiss, chief_arbiter)
    final = stage_add(category=category, actor=organiser, format="ko")
    final = stage_qualification_set(stage=final, actor=organiser, qualification="top", qualifiers=4)
    plan = qualification_plan(final)
    assert plan.ready
    seats = plan.groups[0].seats
    assert numbers(s.entry for s in seats) == [1, 2, 3, 4]
    standings = [row.entry.pk for row in event_standings(swiss).rows[:4]]
    assert [s.entry.pk for s in seats] == standings
    stage_qualify(stage=final, actor=organiser)
    ko = final.events.get()
    seeded = {e.number: e.player_id for e in ko.entries.all()}
    assert seeded == {s.seed: s.entry.player_id for s in seats}
    first = Board.objects.filter(round__event=ko, round__number=1).exclude(match_code="")
    assert sorted(sorted((b.white.number, b.black.number)) for b in first) == [[1, 4], [2, 3]]
    play_stage_event(ko, chief_arbiter)
    assert ko.rounds_set.exclude(status="completed").count() == 0


def test_final_between_the_top_two_while_the_others_play_the_last_round(
        organiser, chief_arbiter):
    """WXF 2023: the top two after round 3 of 4 play a final; the 6 others play round 4, the
    two finalists are not paired (no forfeit) and keep their 3 rounds' points."""
    _c, category, _s, swiss = championship_with_swiss(organiser, chief_arbiter, rounds=4)
    play_stage_event(swiss, chief_arbiter, rounds=3)
    final = stage_add(category=category, actor=organiser, format="ko")
    stage = stage_qualification_set(stage=final, actor=organiser, qualification="final")
    assert (stage.qualifiers, stage.after_round) == (2, 3)
    stage_qualify(stage=final, actor=organiser)
    finalists = set(final.events.get().entries.values_list("player_id", flat=True))
    assert finalists == set(swiss.entries.filter(number__in=[1, 2]).values_list("player_id",
                                                                               flat=True))
    before = {r.entry.pk: r.points for r in event_standings(swiss).rows}
    round_start(event=swiss, actor=chief_arbiter)
    last = swiss.rounds_set.get(number=4)
    paired = {b.white.number for b in last.boards.all()} | {
        b.black.number for b in last.boards.all() if b.black_id}
    assert paired == {3, 4, 5, 6, 7, 8}
    assert not last.boards.filter(bye__gt="").exists()
    assert round_warnings(last) == []  # the check of the round finds nothing amiss
    stronger_wins(last, chief_arbiter)
    after = {r.entry.pk: r.points for r in event_standings(swiss).rows}
    moved = swiss.entries.filter(number__in=[1, 2])
    assert all(after[e.pk] == before[e.pk] for e in moved)


def test_group_stage_into_a_knockout_by_interleaving(organiser, chief_arbiter):
    """Two round-robin groups of 4, snake-seeded by rating (A: 1, 4, 5, 8; B: 2, 3, 6, 7 by
    rating order), the stronger always wins; the top 2 of each group meet A1 v B2, B1 v A2."""
    championship, _cat, _s, _e = championship_with_swiss(organiser, chief_arbiter, players=2)
    category = category_add(championship=championship, actor=organiser, name="Nữ")
    groups = stage_add(category=category, actor=organiser, format="rr", groups=2)
    players = PlayerFactory.create_batch(8)
    stage_register(stage=groups, actor=organiser, players=players)
    a, b = groups.events.order_by("group_label")
    by_rating = sorted(players, key=lambda p: -p.rating)
    assert set(a.entries.values_list("player_id", flat=True)) == {
        by_rating[i].pk for i in (0, 3, 4, 7)}
    for event in (a, b):
        from tournaments.services.entries import numbers_draw
        numbers_draw(event=event, actor=organiser, method="rating")
        play_stage_event(event, chief_arbiter)
    ko = stage_add(category=category, actor=organiser, format="ko")
    ko = stage_qualification_set(stage=ko, actor=organiser, qualification="group", qualifiers=2,
                            seeding="interleave")
    stage_qualify(stage=ko, actor=organiser)
    event = ko.events.get()
    seed = {e.number: e.player_id for e in event.entries.all()}
    a1, a2, b1, b2 = by_rating[0], by_rating[3], by_rating[1], by_rating[2]
    assert seed == {1: a1.pk, 2: b1.pk, 3: a2.pk, 4: b2.pk}
    pairs = {frozenset((bd.white.player_id, bd.black.player_id)) for bd in Board.objects.filter(
        round__event=event, round__number=1).exclude(match_code="")}
    assert pairs == {frozenset((a1.pk, b2.pk)), frozenset((b1.pk, a2.pk))}


@pytest.mark.parametrize(("rule", "message"), [
    ({"qualification": "top", "qualifiers": 9}, r"9 qualifiers, but .* has 8 players"),
    ({"qualification": "top", "qualifiers": 1}, "at least two players"),
    ({"qualification": "play_on", "qualifiers": 4, "after_round": 3}, "between 1 and 2"),
    ({"qualification": "group", "qualifiers": 2}, "not played in groups"),
    ({"qualification": "top", "qualifiers": 4, "seeding": "snake"}, "cannot be seeded"),
])
def test_bad_statute_refused_with_the_reason(organiser, chief_arbiter, rule, message):
    _c, category, _s, _e = championship_with_swiss(organiser, chief_arbiter)
    ko = stage_add(category=category, actor=organiser, format="ko")
    with pytest.raises(ServiceError, match=message):
        stage_qualification_set(stage=ko, actor=organiser, **rule)
    ko.refresh_from_db()
    assert ko.qualification == ""


def test_groups_of_one_refused(organiser, chief_arbiter):
    _c, category, _s, _e = championship_with_swiss(organiser, chief_arbiter)
    groups = stage_add(category=category, actor=organiser, format="rr", groups=3)
    with pytest.raises(ServiceError, match="cannot fill 3 groups of at least two"):
        stage_qualification_set(stage=groups, actor=organiser, qualification="top",
                                qualifiers=4, seeding="snake")


def test_rule_fixed_once_players_qualified(organiser, chief_arbiter):
    _c, category, _s, swiss = championship_with_swiss(organiser, chief_arbiter)
    play_stage_event(swiss, chief_arbiter)
    ko = stage_add(category=category, actor=organiser, format="ko")
    ko = stage_qualification_set(stage=ko, actor=organiser, qualification="top", qualifiers=4)
    stage_qualify(stage=ko, actor=organiser, draw=False)
    with pytest.raises(ServiceError, match="cannot change"):
        stage_qualification_set(stage=ko, actor=organiser, qualification="top", qualifiers=2)
    with pytest.raises(ServiceError, match="already qualified"):
        stage_qualify(stage=ko, actor=organiser)
    assert ko.events.get().entries.count() == 4


def test_qualify_refused_before_the_earlier_stage_ends(organiser, chief_arbiter):
    _c, category, _s, swiss = championship_with_swiss(organiser, chief_arbiter)
    play_stage_event(swiss, chief_arbiter, rounds=2)
    ko = stage_add(category=category, actor=organiser, format="ko")
    ko = stage_qualification_set(stage=ko, actor=organiser, qualification="top", qualifiers=4)
    with pytest.raises(ServiceError, match="not finished"):
        stage_qualify(stage=ko, actor=organiser)
    assert ko.events.get().entries.count() == 0


def test_playoff_at_the_line(organiser, chief_arbiter):
    """Statute: a tie on points at the line is played off. After 3 rounds 2, 3 and 4 share 2
    points; top 2 → 1 qualifies, one of 2/3/4 by play-off."""
    _c, category, _s, swiss = championship_with_swiss(organiser, chief_arbiter)
    play_stage_event(swiss, chief_arbiter)
    ko = stage_add(category=category, actor=organiser, format="ko")
    ko = stage_qualification_set(stage=ko, actor=organiser, qualification="top", qualifiers=2,
                            line_ties="playoff")
    plan = qualification_plan(ko)
    assert [numbers(p.entries) for p in plan.playoffs] == [[2, 3, 4]]
    assert plan.playoffs[0].places == 1
    with pytest.raises(ServiceError, match="play-off"):
        stage_qualify(stage=ko, actor=organiser)
    winner = swiss.entries.get(number=4)
    stage_playoff_record(stage=ko, actor=chief_arbiter, winners=[winner.pk])
    stage_qualify(stage=ko, actor=organiser, draw=False)
    assert set(ko.events.get().entries.values_list("player_id", flat=True)) == {
        swiss.entries.get(number=1).player_id, winner.player_id}


def test_only_the_championship_staff(organiser, chief_arbiter, arbiter, stranger):
    championship, category, _s, _e = championship_with_swiss(organiser, chief_arbiter)
    with pytest.raises(PermissionDenied):
        category_add(championship=championship, actor=stranger, name="U16")
    with pytest.raises(PermissionDenied):
        stage_add(category=category, actor=chief_arbiter, format="ko")
    ko = stage_add(category=category, actor=organiser, format="ko")
    with pytest.raises(PermissionDenied):
        stage_qualify(stage=ko, actor=arbiter)


def test_playoff_winners_are_kept_in_the_order_recorded(organiser, chief_arbiter):
    """Two play-offs (a group's line, then the best-placed line) are recorded one after the
    other: the second call keeps the first's winners."""
    _c, category, _s, swiss = championship_with_swiss(organiser, chief_arbiter)
    ko = stage_add(category=category, actor=organiser, format="ko")
    first, second = swiss.entries.get(number=3), swiss.entries.get(number=4)
    stage_playoff_record(stage=ko, actor=chief_arbiter, winners=[first.pk])
    stage = stage_playoff_record(stage=ko, actor=chief_arbiter, winners=[second.pk, first.pk])
    assert stage.playoff_winners == [first.pk, second.pk]


def test_teams_qualify_with_their_rosters(organiser, chief_arbiter):
    """A team category: a round robin of 4 teams (4 boards and a reserve), the stronger team
    winning every game; the top 2 go to a final round robin, each with its roster in board
    order."""
    from tests.tournaments.builders import TeamFactory
    from tournaments.services.entries import entry_team_register, numbers_draw

    championship, _cat, _s, _e = championship_with_swiss(organiser, chief_arbiter, players=2)
    category = category_add(championship=championship, actor=organiser, name="Đồng đội",
                            participant_kind="team")
    first = stage_add(category=category, actor=organiser, format="rr", team_boards=4,
                      team_reserves=1)
    event = first.events.get()
    rosters = {}
    for t in range(4):
        players = PlayerFactory.create_batch(5)
        for i, p in enumerate(players):
            p.rating = 2300 - 100 * t - 10 * i
            p.save()
        entry = entry_team_register(event=event, actor=organiser, team=TeamFactory(),
                                    players=players[:4], reserves=players[4:])
        rosters[entry.team_id] = [p.pk for p in players]
    numbers_draw(event=event, actor=organiser, method="rating")
    play_stage_event(event, chief_arbiter)
    final = stage_add(category=category, actor=organiser, format="rr", team_boards=4,
                      team_reserves=1)
    final = stage_qualification_set(stage=final, actor=organiser, qualification="top",
                                    qualifiers=2)
    stage_qualify(stage=final, actor=organiser, draw=False)
    qualified = list(final.events.get().entries.order_by("number"))
    top = [event.entries.get(number=n).team_id for n in (1, 2)]
    assert [e.team_id for e in qualified] == top
    for entry in qualified:
        members = list(entry.members.order_by("board_order"))
        assert [m.player_id for m in members] == rosters[entry.team_id]
        assert [m.is_reserve for m in members] == [False] * 4 + [True]


def test_a_restored_swiss_stage_keeps_not_pairing_its_qualifiers(organiser, chief_arbiter):
    """A backup of a Swiss stage whose top two moved on to a final after round 3 of 4: the
    restored copy pairs round 4 without them, as the stage itself does."""
    from tournaments.services.backup import event_backup, event_restore

    _c, category, _s, swiss = championship_with_swiss(organiser, chief_arbiter, rounds=4)
    play_stage_event(swiss, chief_arbiter, rounds=3)
    final = stage_add(category=category, actor=organiser, format="ko")
    final = stage_qualification_set(stage=final, actor=organiser, qualification="final")
    stage_qualify(stage=final, actor=organiser)
    restored = event_restore(document=event_backup(event=swiss, actor=organiser),
                             actor=organiser)
    assert restored.stage is None  # a copy stands alone
    assert sorted(restored.entries.filter(moved_on_after_round=3)
                  .values_list("number", flat=True)) == [1, 2]
    round_start(event=restored, actor=organiser)
    paired = {n for b in restored.rounds_set.get(number=4).boards.all()
              for n in (b.white.number, b.black.number if b.black_id else None) if n}
    assert paired == {3, 4, 5, 6, 7, 8}


def test_a_large_stage_s_first_round_is_a_job_reported_by_the_qualification(
        organiser, chief_arbiter, settings, django_capture_on_commit_callbacks):
    """A stage too large to pair at once: its pairing is a job started in the qualification's
    transaction, sent once it commits, and reported."""
    stage = swiss_stage_after_swiss(organiser, chief_arbiter)
    settings.SWISS_ASYNC_MIN_ENTRIES = 4
    with django_capture_on_commit_callbacks(execute=True):
        qualified = stage_qualify(stage=stage, actor=organiser)
        (job,) = qualified.jobs
        assert (job.kind, job.status) == (JobKind.PAIRING, JobStatus.QUEUED)  # not sent yet
    assert qualified.stage.qualified_at is not None
    event = stage.events.get()
    assert (job.event, job.user) == (event, organiser)
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.result["round"] == 1
    assert event.rounds_set.get(number=1).boards.count() == 2


def test_a_large_stage_s_pairing_refused_after_the_qualification_is_recorded(
        organiser, chief_arbiter, settings, monkeypatch, django_capture_on_commit_callbacks):
    """The qualification stands; the refusal is the job's error, in the organiser's words."""
    stage = swiss_stage_after_swiss(organiser, chief_arbiter)
    settings.SWISS_ASYNC_MIN_ENTRIES = 4

    def refuse(event, setup):
        raise ServiceError("The pairing engine refused: no luck")

    monkeypatch.setattr("tournaments.services.swiss._engine_pair", refuse)
    with django_capture_on_commit_callbacks(execute=True):
        (job,) = stage_qualify(stage=stage, actor=organiser).jobs
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and job.error == "The pairing engine refused: no luck"
    stage.refresh_from_db()
    assert stage.qualified_at is not None and stage.events.get().entries.count() == 4
    assert not stage.events.get().rounds_set.exists()


@override_settings(SWISS_ASYNC_MIN_ENTRIES=100)
def test_a_small_stage_is_drawn_in_the_qualification_s_transaction(organiser, chief_arbiter):
    stage = swiss_stage_after_swiss(organiser, chief_arbiter)
    qualified = stage_qualify(stage=stage, actor=organiser)
    assert qualified.jobs == ()
    assert stage.events.get().rounds_set.filter(number=1).exists()
