"""Team events for the tests: n teams of ``boards`` players and ``reserves`` reserves, numbered
by rating (team 1 strongest), their round robin drawn."""

from tests.conftest import PlayerFactory, TeamFactory
from tournaments.models import Entry
from tournaments.services.entries import entry_register_team, numbers_draw
from tournaments.services.roundrobin import round_robin_schedule


def team_event(make_event, organiser, chief, *, teams=4, boards=4, reserves=1, schedule=True,
               publish=True, **statute):
    event = make_event(format=statute.pop("format", "rr"), participant_kind="team",
                       team_boards=boards, team_reserves=max(reserves, 1), **statute)
    for t in range(1, teams + 1):
        # Ratings fall with the team number, so numbering by rating gives team t number t.
        roster = PlayerFactory.create_batch(boards + reserves)
        for i, p in enumerate(roster):
            p.full_name = f"T{t} B{i + 1}" if i < boards else f"T{t} R{i + 1 - boards}"
            p.rating = 2300 - 100 * t - 10 * i
            p.save()
        entry_register_team(event=event, actor=organiser, team=TeamFactory(),
                            players=roster[:boards], reserves=roster[boards:])
    numbers_draw(event=event, actor=organiser, method="rating")
    if schedule:
        round_robin_schedule(event=event, actor=chief, publish=publish)
    return event


def team(event, number: int) -> Entry:
    return Entry.objects.get(event=event, number=number)


def roster(entry: Entry) -> tuple[list, list]:
    members = list(entry.members.select_related("player").order_by("board_order"))
    return ([m.player for m in members if not m.is_reserve],
            [m.player for m in members if m.is_reserve])
