"""The statute's prize winners read from an event (``selectors/prizes.py``): the prize list is a
statute option (the law is silent on prizes, docs/prizes.md), edited through ``event_update``
(versioned, carried by backups as every statute field)."""

from dataclasses import replace

import pytest

from tests.tournaments.builders import PlayerFactory
from tournaments.selectors.prizes import event_prizes
from tournaments.selectors.standings import StandingsView, event_standings
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_update

POINTS = {1: 6.5, 2: 6.0, 3: 6.0, 4: 5.5, 5: 5.0, 6: 5.0, **dict.fromkeys(range(7, 11), 4.5),
          **dict.fromkeys(range(11, 19), 4.0), **dict.fromkeys(range(19, 41), 3.0)}
# (sex, birth year, rating) of the players the categories pick out; everyone else is a man
# born in 1990 rated 1500.
SPECIAL = {4: ("F", 2012, None), 7: ("M", 2011, 1400), 8: ("F", 1995, 1450),
           10: ("M", 1980, None), 12: ("F", 2012, 1300), 15: ("M", 2013, 1200),
           20: ("F", 2000, 1250)}
PRIZE_LIST = [
    {"name": "Toàn đoàn", "teams": True, "places": [{"amount": 2_000_000, "item": "Cúp"}]},
    {"name": "Chung cuộc", "places": [
        {"amount": 5_000_000, "item": "Cúp vô địch"}, {"amount": 3_000_000, "item": "HC bạc"},
        {"amount": 2_000_000}, {"amount": 1_000_000}, {"amount": 500_000}]},
    {"name": "Nữ", "sex": "F", "places": [{"amount": 1_000_000}, {"amount": 500_000}]},
    {"name": "U16", "born_from": 2011, "places": [{"amount": 800_000}, {"amount": 400_000}]},
    {"name": "Chưa có hệ số", "unrated": "only", "places": [{"amount": 600_000}]},
]


def _forty(make_event, organiser):
    """A 7-round Swiss of 40, with its final standings given as the statute's tie-breaks
    would rank them: position p is table number p (clubs: A for 1-3 and 20, B for 4-6 and 8,
    the rest C)."""
    event = make_event(name="Giải Cờ Tướng mở rộng 40 kỳ thủ", format="swiss", rounds=7)
    entries = []
    for p in range(1, 41):
        sex, born, rating = SPECIAL.get(p, ("M", 1990, 1500))
        club = "A" if p in (1, 2, 3, 20) else "B" if p in (4, 5, 6, 8) else "C"
        player = PlayerFactory(full_name=f"Kỳ thủ {p:02d}", gender=sex, birth_year=born,
                               rating=rating, club=club)
        entries.append(entry_register(event=event, actor=organiser, player=player))
    numbers_draw(event=event, actor=organiser, method="manual",
                 numbers={e.pk: n for n, e in enumerate(entries, start=1)})
    event_update(event=event, actor=organiser, prize_list=PRIZE_LIST, prize_ties="hort",
                 prize_unit=1000, team_ranks_by="club", team_ranks_members=3)
    event.refresh_from_db()
    blank = event_standings(event)
    by_number = {e.number: e for e in event.entries.select_related("player")}
    assert sorted(by_number) == list(range(1, 41))
    rows = tuple(replace(blank.rows[0], rank=p, number=p, entry=by_number[p],
                         points=POINTS[p], shared=False)
                 for p in range(1, 41))
    return event, StandingsView(**{**blank.__dict__, "rows": rows, "after_round": 7,
                                   "rounds_played": 7})


@pytest.mark.django_db
def test_the_forty_player_swiss_worked_by_hand(make_event, organiser):
    """The proof of the prize list (the engine's docstring works the same list by hand,
    tests/records/test_prizes.py), here read from the register's players and the statute.

    One prize per player, the more valuable first: positions 1-3 take overall 1st-3rd; 4, a
    woman under 16 without a rating (four lists), takes overall 4th (1M, listed before women
    1st's equal 1M) and is passed over in the women's, U16 and unrated lists; women 1st
    (1M) goes to 8, U16 1st (800k) to 7, unrated (600k) to 10, overall 5th (500k) to 5, women
    2nd (500k) to 12 (a woman under 16), U16 2nd (400k) to the next under 16, 15.

    Hort system, in thousands: 2 and 3 tie on 6 points at 2nd-3rd (3M + 2M): they keep 1.5M
    and 1M and share 2.5M: 2.75M and 2.25M, the silver medal to 2 by tie-break; 5 and 6 tie on
    5 at 5th and a place with no prize: 5 keeps 250k, they share 250k: 375k and 125k.

    The team prize, from the club classification (the sum of the best three players' ranks,
    lower first): A has 1+2+3 = 6, B 4+5+6 = 15, C 7+9+10 = 26: A takes 2M and the cup."""
    event, table = _forty(make_event, organiser)
    prizes = event_prizes(event, table=table)
    assert [(line.category, line.label, line.number, line.amount, line.item)
            for line in prizes.lines] == [
        ("Toàn đoàn", "1", None, 2_000_000, "Cúp"),
        ("Chung cuộc", "1", 1, 5_000_000, "Cúp vô địch"),
        ("Chung cuộc", "2 (2–3 shared)", 2, 2_750_000, "HC bạc"),
        ("Chung cuộc", "3 (2–3 shared)", 3, 2_250_000, ""),
        ("Chung cuộc", "4", 4, 1_000_000, ""),
        ("Chung cuộc", "5 (5–6 shared)", 5, 375_000, ""),
        ("Chung cuộc", "— (5–6 shared)", 6, 125_000, ""),
        ("Nữ", "1", 8, 1_000_000, ""),
        ("Nữ", "2", 12, 500_000, ""),
        ("U16", "1", 7, 800_000, ""),
        ("U16", "2", 15, 400_000, ""),
        ("Chưa có hệ số", "1", 10, 600_000, ""),
    ]
    assert prizes.lines[0].name == "A"
    assert {(p.category, p.place, p.name) for p in prizes.passed} == {
        ("Nữ", 1, "Kỳ thủ 04"), ("U16", 1, "Kỳ thủ 04"), ("Chưa có hệ số", 1, "Kỳ thủ 04"),
        ("U16", 2, "Kỳ thủ 12")}
    assert prizes.total == 2_000_000 + 11_500_000 + 1_500_000 + 1_200_000 + 600_000
    assert prizes.final is False  # no round has been closed: a provisional list
    assert prizes.by_number[4].category == "Chung cuộc"


@pytest.mark.django_db
def test_a_real_round_robin_gives_its_prizes_and_a_bad_list_changes_nothing(rr_event,
                                                                            organiser):
    """The round robin of the fixtures, every round played: the overall first prize goes to
    the leader of its standings; a list with a negative amount is refused and nothing
    changes."""
    from django.core.exceptions import ValidationError
    event_update(event=rr_event, actor=organiser, prize_list=[
        {"name": "Chung cuộc", "places": [{"amount": 1_000_000}]}])
    rr_event.refresh_from_db()
    leader = event_standings(rr_event).rows[0]
    prizes = event_prizes(rr_event)
    assert [(p.number, p.amount) for p in prizes.lines] == [(leader.number, 1_000_000)]
    before = rr_event.version
    with pytest.raises(ValidationError, match="Prize category 1"):
        event_update(event=rr_event, actor=organiser, prize_list=[
            {"name": "Chung cuộc", "places": [{"amount": -5}]}])
    rr_event.refresh_from_db()
    assert rr_event.version == before
    assert rr_event.prize_list == [{"name": "Chung cuộc", "places": [{"amount": 1_000_000}]}]


@pytest.mark.django_db
def test_a_championship_stage_gives_prizes_on_the_categorys_overall_results(organiser,
                                                                           chief_arbiter):
    """A championship's Swiss of 8, the stronger always winning, every round closed: the
    overall results rank 1-8 by table number (ratings fall with the numbers), so the overall
    prizes go to numbers 1 and 2, and the list is final."""
    from tests.tournaments.builders import championship_with_swiss, play_stage_event
    from tournaments.selectors.championships import category_results

    _c, category, _stage, event = championship_with_swiss(organiser, chief_arbiter)
    play_stage_event(event, chief_arbiter)
    event_update(event=event, actor=organiser, prize_list=[
        {"name": "Chung cuộc", "places": [{"amount": 2_000_000}, {"amount": 1_000_000}]}])
    event.refresh_from_db()
    overall = category_results(category).rows
    prizes = event_prizes(event)
    assert [(line.name, line.amount) for line in prizes.lines] == [
        (overall[0].entry.name, 2_000_000), (overall[1].entry.name, 1_000_000)]
    assert prizes.final is True


@pytest.mark.django_db
def test_a_team_event_gives_its_prizes_to_teams_and_a_backup_keeps_the_list(team_event,
                                                                            organiser):
    """A team event's prizes go by its team standings; a backup restored elsewhere keeps the
    prize list and its rules (they are statute fields)."""
    import json

    from tournaments.services.backup import event_backup, event_restore

    event_update(event=team_event, actor=organiser, prize_ties="shared", prize_unit=1,
                 prize_list=[{"name": "Đồng đội", "places": [{"amount": 3}, {"amount": 0,
                                                                              "item": "Cờ"}]}])
    team_event.refresh_from_db()
    table = event_standings(team_event)
    prizes = event_prizes(team_event, table=table)
    assert prizes.lines and all(line.number is None for line in prizes.lines)
    assert prizes.lines[0].name == table.rows[0].entry.name
    assert sum(line.amount for line in prizes.lines) == 3
    document = json.loads(json.dumps(event_backup(event=team_event, actor=organiser),
                                     ensure_ascii=False))
    restored = event_restore(document=document, actor=organiser)
    assert (restored.prize_list, restored.prize_ties, restored.prize_unit) == (
        team_event.prize_list, "shared", 1)
