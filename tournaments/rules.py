"""Who may do what (``rules`` predicates, autodiscovered).

Art. 19, 20: the organising committee sets the statute and registers players; the
chief arbiter makes the draw and publishes results; arbiters enter results. Everyone may read a
public event (Art. 14: players are entitled to the draw, scores and results).
"""

import rules
from django.db.models import Q

from tournaments.models import Entry, Event, EventRole, Player, Role, TeamMember, Visibility

_ROLES_CACHE = "_event_roles_cache"


def roles_forget(user) -> None:
    """Forget the event roles read for ``user`` (``_roles``), so the next question about its
    rights reads them again: the services that give or take a role call it."""
    user.__dict__.pop(_ROLES_CACHE, None)


def _roles(user, event: Event) -> set[str]:
    """The user's roles in ``event``, read once per user object (a request's user asks many
    times); ``roles_forget`` after they change."""
    if not user.is_authenticated:
        return set()
    cache = getattr(user, _ROLES_CACHE, None)
    if cache is None:
        cache = {}
        setattr(user, _ROLES_CACHE, cache)
    if event.pk not in cache:
        roles = set(EventRole.objects.filter(event=event, user=user).values_list("role", flat=True))
        if event.created_by_id == user.pk:
            roles.add(Role.ORGANISER)
        cache[event.pk] = roles
    return cache[event.pk]


@rules.predicate
def is_organiser(user, event: Event) -> bool:
    return user.is_superuser or Role.ORGANISER in _roles(user, event)


@rules.predicate
def is_chief_arbiter(user, event: Event) -> bool:
    """The chief arbiter, or a deputy designated to act with the chief's rights (Art. 20.3)."""
    return bool({Role.CHIEF_ARBITER, Role.DEPUTY_CHIEF} & _roles(user, event))


@rules.predicate
def is_arbiter(user, event: Event) -> bool:
    return Role.ARBITER in _roles(user, event)


@rules.predicate
def is_public(user, event: Event) -> bool:
    return event.visibility == Visibility.PUBLIC


@rules.predicate
def organises_an_event_of(user, player: Player) -> bool:
    """The register is shared by all events (Art. 19: the organisers register the players):
    a player's details are corrected by the organisers of an event the player is entered in,
    alone or on a team's roster."""
    if not user.is_authenticated:
        return False
    organised = Event.objects.filter(
        Q(created_by=user) | Q(roles__user=user, roles__role=Role.ORGANISER))
    return (Entry.objects.filter(player=player, event__in=organised).exists()
            or TeamMember.objects.filter(player=player, entry__event__in=organised).exists())


@rules.predicate
def keeps_register(user) -> bool:
    """The register's keepers: superusers and holders of Django's ``change_player``."""
    return user.is_superuser or user.has_perm("tournaments.change_player")


runs_event = is_organiser | is_chief_arbiter | is_arbiter

rules.add_perm("tournaments.view_event", is_public | runs_event)
rules.add_perm("tournaments.change_event", is_organiser)  # statute, entries, roles
rules.add_perm("tournaments.pair_round", is_organiser | is_chief_arbiter)  # draw, publish, delete
# Art. 20.3: the chief arbiter draws ("thực hiện bắt thăm") and disqualifies ("tước bỏ tư cách
# thi đấu"), as the organisers may.
rules.add_perm("tournaments.draw_numbers", is_organiser | is_chief_arbiter)
rules.add_perm("tournaments.withdraw_entry", is_organiser | is_chief_arbiter)
rules.add_perm("tournaments.enter_result", runs_event)
rules.add_perm("tournaments.correct_result", is_organiser | is_chief_arbiter)  # closed rounds
# Penalties during play (chapter 5) are the arbiters' rulings (Art. 20), not the organisers'.
rules.add_perm("tournaments.record_foul", is_chief_arbiter | is_arbiter)
# Art. 11: the moves of the score sheets (biên bản), typed or uploaded as PGN: whoever enters
# the results.
rules.add_perm("tournaments.record_moves", runs_event)
# Staff exports (draft rounds, federation IDs): whoever runs the event.
rules.add_perm("tournaments.export_event", runs_event)
# A register player's name, rating, club, federation and IDs (history kept): see
# ``organises_an_event_of``; the register's keepers edit anyone.
rules.add_perm("tournaments.edit_player", keeps_register | organises_an_event_of)
# Creating an event is Django's model permission ``tournaments.add_event``, given to the
# "Organisers" group (ModelBackend answers it).


# Championships (models/championships.py): its organisers manage it, its categories and stages;
# everyone may read a public one. On a stage's events the event rules above apply: the
# championship's roles are copied onto each stage event when it is created or a role is given
# (services/championships.py), so a chief arbiter of the championship pairs its stages.


def _championship_roles(user, championship) -> set[str]:
    if not user.is_authenticated:
        return set()
    roles = set(championship.roles.filter(user=user).values_list("role", flat=True))
    if championship.created_by_id == user.pk:
        roles.add(Role.ORGANISER)
    return roles


@rules.predicate
def organises_championship(user, championship) -> bool:
    return user.is_superuser or Role.ORGANISER in _championship_roles(user, championship)


@rules.predicate
def runs_championship(user, championship) -> bool:
    return user.is_superuser or bool(_championship_roles(user, championship))


@rules.predicate
def chief_of_championship(user, championship) -> bool:
    return bool({Role.CHIEF_ARBITER, Role.DEPUTY_CHIEF} & _championship_roles(user, championship))


@rules.predicate
def championship_is_public(user, championship) -> bool:
    return championship.visibility == Visibility.PUBLIC


rules.add_perm("tournaments.view_championship", championship_is_public | runs_championship)
rules.add_perm("tournaments.change_championship", organises_championship)
# Qualifying registers players in the next stage's events: the organisers' right there
# (Art. 19: they register players). A play-off's winners are the arbiters' ruling: the
# organisers or the chief arbiter record them (Art. 20.3).
rules.add_perm("tournaments.qualify_stage", organises_championship)
rules.add_perm("tournaments.record_playoff", organises_championship | chief_of_championship)
