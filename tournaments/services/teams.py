"""Team registration (appendix §4): teams in the register, a team's entry with its roster, and
changes to the roster until round 1 is published.

The roster is listed strongest first: the first ``team_boards`` players are boards 1, 2, ...,
then the reserves (appendix §4). ``services/entries.py: entry_team_register`` checks the sizes the
law sets for official events; line-ups of each match are ``services/lineups.py``'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Entry, Event, Player, RoundStatus, Team, TeamMember
from tournaments.services._access import event_writer, right_require
from tournaments.services._checks import roster_check
from tournaments.services.entries import entry_team_register
from tournaments.services.lineups import lineups_reset
from tournaments.text import fold


def _may_register_teams(actor, event: Event | None) -> None:
    if event is not None:
        right_require(actor=actor, perm="tournaments.change_event", event=event)
    elif actor is None or not actor.has_perm("tournaments.add_event"):
        raise PermissionDenied(_("Only organisers can add teams to the register."))


def _team_find(name: str) -> Team | None:
    """The register's team of that name, whatever the case of the letters."""
    name = " ".join(name.split())
    # Case-insensitive in Python: SQLite's own case folding knows ASCII letters only.
    candidates = Team.objects.filter(name_folded=fold(name))
    return next((t for t in candidates if t.name.casefold() == name.casefold()), None)


@transaction.atomic
def team_get_or_create(*, actor, name: str, province: str = "", club: str = "",
                       event: Event | None = None) -> Team:
    """The team of that name in the register, created if new (names are unique, ignoring
    case)."""
    _may_register_teams(actor, event)
    name = " ".join(name.split())
    if not name:
        raise ServiceError(_("Give the team's name."))
    team = _team_find(name)
    if team is None:
        team = Team.objects.create(name=name, province=province.strip(), club=club.strip())
    return team


@transaction.atomic
def team_register(*, event: Event, actor, name: str, players: Sequence[Player],
                  reserves: Sequence[Player] = (), province: str = "", club: str = "") -> Entry:
    """Register a team by name (created in the register if new) with its roster: ``players``
    in board order, strongest first, then ``reserves``. All or nothing."""
    team = team_get_or_create(actor=actor, name=name, province=province, club=club,
                              event=event)
    return entry_team_register(event=event, actor=actor, team=team, players=list(players),
                               reserves=list(reserves))


def _check_roster_open(event: Event) -> None:
    if event.rounds_set.exclude(status=RoundStatus.DRAFT).exists():
        raise ServiceError(_("The roster is fixed once round 1 is published (appendix §4)."))


@event_writer(perm="tournaments.change_event", of="entry")
def team_roster_set(*, entry: Entry, actor, players: Sequence[Player],
                    reserves: Sequence[Player] = (), event: Event) -> Entry:
    """Replace a team's roster (board order, then reserves) until round 1 is published; the
    team's matches in draft rounds take the new default line-up."""
    if entry.team_id is None:
        raise ServiceError(_("This entry is a player, not a team."))
    _check_roster_open(event)
    players, reserves = list(players), list(reserves)
    # The same checks as at registration; the team's own players are not "taken".
    TeamMember.objects.filter(entry=entry).delete()
    roster_check(event=event, players=players, reserves=reserves)
    TeamMember.objects.bulk_create(
        TeamMember(entry=entry, player=p, board_order=i, is_reserve=i > len(players))
        for i, p in enumerate([*players, *reserves], start=1)
    )
    ratings = [p.rating for p in players if p.rating]
    entry.rating = sum(ratings) // len(ratings) if ratings else None
    entry.save(update_fields=["rating"])
    lineups_reset(entry=entry, actor=actor)
    return entry
