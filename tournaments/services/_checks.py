"""Checks several services share, without writing: whether an event takes new entries, whether
a team's roster is one the law allows (appendix §4), whether a round's pairs are entries of the
event, each on one board. They refuse with ``ServiceError`` and the reason."""

from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Event, Player, TeamMember
from tournaments.selectors.rounds import event_next_round_number


def entries_open_check(*, event: Event) -> int:
    """The round a new entry joins. Round robin and knockout tables are fixed once drawn."""
    joined = event_next_round_number(event)
    if joined > 1 and not event.format_rules.late_entries:
        raise ServiceError(_("Entries are closed: the tables of this event are already drawn."))
    return joined


def roster_check(*, event: Event, players: list[Player], reserves: list[Player]) -> None:
    """Appendix §4: official events field 3–4 players and 1–2 reserves per team, listed
    strongest first; friendly events any number."""
    everyone = [*players, *reserves]
    if len({p.pk for p in everyone}) != len(everyone):
        raise ServiceError(_("A player appears twice on the roster."))
    if len(players) != event.team_boards:
        raise ServiceError(_("The team needs exactly %(n)s players, one per board."),
                           n=event.team_boards)
    if len(reserves) > event.team_reserves:
        raise ServiceError(_("At most %(n)s reserves."), n=event.team_reserves)
    if event.official and not (3 <= len(players) <= 4 and 1 <= len(reserves) <= 2):
        raise ServiceError(_("Official team events: 3–4 players and 1–2 reserves per team "
                             "(appendix §4)."))
    taken = TeamMember.objects.filter(entry__event=event, player__in=everyone)
    if taken.exists():
        raise ServiceError(_("%(player)s already plays for another team in this event."),
                           player=taken.first().player.full_name)


def pairs_check(*, entry_ids: set[int], pairs: list[tuple[int, int | None]]) -> None:
    """Each side of each board (white, black; black None for a bye) is an entry of the event,
    on one board of the round at most (round_store, and a restored round)."""
    seen: set[int] = set()
    for entry_id in (e for pair in pairs for e in pair if e is not None):
        if entry_id not in entry_ids or entry_id in seen:
            raise ServiceError(_("An entry is paired twice or does not belong to the event."))
        seen.add(entry_id)
