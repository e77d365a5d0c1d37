"""Who may do what (``rules`` predicates, autodiscovered).

Art. 19, 20: the organising committee sets the statute and registers players; the
chief arbiter makes the draw and publishes results; arbiters enter results. Everyone may read a
public event (Art. 14: players are entitled to the draw, scores and results).
"""

import rules
from django.utils import timezone

from tournaments.models import (
    Event,
    EventRole,
    Invitation,
    Job,
    JobKind,
    Organisation,
    OrganisationRole,
    Player,
    Role,
    Visibility,
)

_ROLES_CACHE = "_event_roles_cache"
_ORGANISATIONS_CACHE = "_organisation_roles_cache"


def roles_forget(user) -> None:
    """Forget the event and organisation roles read for ``user`` (``_roles``,
    ``_administered``), so the next question about its rights reads them again: the services
    that give or take a role call it."""
    user.__dict__.pop(_ROLES_CACHE, None)
    user.__dict__.pop(_ORGANISATIONS_CACHE, None)


def _administered(user) -> dict[int, str]:
    """The organisations ``user`` administers, id -> kind, with whether each is a root
    (``"root"``), read once per user object."""
    if not user.is_authenticated:
        return {}
    cache = getattr(user, _ORGANISATIONS_CACHE, None)
    if cache is None:
        cache = {pk: "root" if parent is None else kind for pk, kind, parent in
                 OrganisationRole.objects.filter(user=user).values_list(
                     "organisation_id", "organisation__kind", "organisation__parent_id")}
        setattr(user, _ORGANISATIONS_CACHE, cache)
    return cache


def administers(user, organisation: Organisation | None) -> bool:
    """Whether ``user`` administers ``organisation`` or one of its ancestors (rights follow the
    tree down, never up nor across)."""
    if organisation is None or not user.is_authenticated:
        return False
    return user.is_superuser or bool(set(organisation.lineage) & set(_administered(user)))


@rules.predicate
def manages_organisation(user, organisation: Organisation) -> bool:
    return administers(user, organisation)


@rules.predicate
def federation_admin(user) -> bool:
    """An administrator of a federation (a root of the tree)."""
    return "root" in _administered(user).values()


@rules.predicate
def governs_player(user, player: Player) -> bool:
    """The tree decides who corrects a register player: an administrator of a club (or province)
    the player is a member of today, or of one above it; a federation's administrators
    (the register belongs to the federation) correct anyone."""
    administered = _administered(user)
    if not administered:
        return False
    if "root" in administered.values():
        return True
    today = timezone.localdate()
    paths = player.memberships.held_on(today).values_list("organisation__path", flat=True)
    return any(set(int(p) for p in path.strip("/").split("/")) & set(administered)
               for path in paths)


def job_visible(user, job: Job) -> bool:
    """A job is its author's (and a superuser's). A pairing job is also its event's: whoever may
    pair the event's rounds (Art. 20: the chief arbiter, a deputy, the organisers) follows the
    pairing another of them started, as on the pairing page before it was a job."""
    if not user.is_authenticated:
        return False
    if user.is_superuser or job.user_id == user.pk:
        return True
    return job.kind == JobKind.PAIRING and job.event is not None and \
        user.has_perm("tournaments.pair_round", job.event)


def in_background(event: Event) -> bool:
    """Whether a worker pairs and checks the event's rounds: its format has a threshold
    (``FormatRules.background_from``: ``SWISS_ASYNC_MIN_ENTRIES`` for a Swiss) and the event
    has as many entries."""
    threshold = event.format_rules.background_from
    return threshold is not None and event.entries.count() >= threshold


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
    """The event's organisers, and the administrators of its organisation or one above it."""
    return user.is_superuser or Role.ORGANISER in _roles(user, event) or (
        event.organisation_id is not None and administers(user, event.organisation))


@rules.predicate
def is_chief_arbiter(user, event: Event) -> bool:
    """The chief arbiter, or a deputy designated to act with the chief's rights (Art. 20.3)."""
    return bool({Role.CHIEF_ARBITER, Role.DEPUTY_CHIEF} & _roles(user, event))


@rules.predicate
def is_arbiter(user, event: Event) -> bool:
    return Role.ARBITER in _roles(user, event)


@rules.predicate
def is_secretary(user, event: Event) -> bool:
    return Role.SECRETARY in _roles(user, event)


@rules.predicate
def is_appeals(user, event: Event) -> bool:
    """A member of the appeals committee (Art. 19.2)."""
    return Role.APPEALS in _roles(user, event)


@rules.predicate
def is_treasurer(user, event: Event) -> bool:
    """The entry fees' desk (``models/fees.py``): money, and nothing else of the event."""
    return Role.TREASURER in _roles(user, event)


@rules.predicate
def is_recorder(user, event: Event) -> bool:
    """A volunteer who enters the moves of the relayed boards given to them
    (``RelayedBoard.recorder``): the service checks the board."""
    return Role.RECORDER in _roles(user, event)


@rules.predicate
def is_public(user, event: Event) -> bool:
    return event.visibility == Visibility.PUBLIC


@rules.predicate
def keeps_register(user) -> bool:
    """The register's keepers: superusers and holders of Django's ``change_player``, which the
    superuser gives in the admin (to a user, or to a group such as "Register keepers")."""
    return user.is_superuser or user.has_perm("tournaments.change_player")


@rules.predicate
def invited_the_account(user, account) -> bool:
    """``account`` was made by accepting an invitation ``user`` sent: its inviter answers for
    it (deactivates and reactivates it). An account that existed before and was only linked to
    an invitation is not theirs: nobody locks another organiser out by inviting them."""
    return user.is_authenticated and account.pk != user.pk and not account.is_superuser and \
        Invitation.objects.filter(accepted_by=account, account_created=True,
                                  invited_by=user).exists()


@rules.predicate
def is_superuser(user) -> bool:
    return user.is_superuser


# The arbiters' secretary (Art. 20.1) keeps the records the chief arbiter is in charge of (Art.
# 20.3 i: the score sheets received, the score tables, the results compiled; Art. 20.4 b.6: the
# arbiters hand the signed sheets to the secretary): results, moves, exports, print sheets, and
# the written protests handed in. Not the draw, the rulings during play nor the statute.
runs_event = is_organiser | is_chief_arbiter | is_arbiter | is_secretary

rules.add_perm("tournaments.view_event",
               is_public | runs_event | is_appeals | is_treasurer | is_recorder)
rules.add_perm("tournaments.change_event", is_organiser)  # statute, entries, roles
rules.add_perm("tournaments.pair_round", is_organiser | is_chief_arbiter)  # draw, publish, delete
# Art. 20.3: the chief arbiter draws ("thực hiện bắt thăm") and disqualifies ("tước bỏ tư cách
# thi đấu"), as the organisers may.
rules.add_perm("tournaments.draw_numbers", is_organiser | is_chief_arbiter)
rules.add_perm("tournaments.withdraw_entry", is_organiser | is_chief_arbiter)
# Requested half-point byes are part of the draw (Art. 20.3), within the statute's limits; a
# player's own requests (a bye, a withdrawal) are decided by the same people, who also give
# and renew the players' private links.
rules.add_perm("tournaments.grant_bye", is_organiser | is_chief_arbiter)
rules.add_perm("tournaments.decide_request", is_organiser | is_chief_arbiter)
# Art. 16.2: the chief arbiter disqualifies (points voided, Art. 15.6); striking a player from
# the list and the results also needs the head of the organising committee (the organisers).
rules.add_perm("tournaments.disqualify", is_chief_arbiter)
rules.add_perm("tournaments.approve_striking", is_organiser)
rules.add_perm("tournaments.enter_result", runs_event)
# Check-in before a round: whoever runs the event ticks the players present (the organisers at
# the desk, the arbiters in the hall); a player's own check-in goes through their private page.
rules.add_perm("tournaments.check_in", runs_event)
rules.add_perm("tournaments.correct_result", is_organiser | is_chief_arbiter)  # closed rounds
# Art. 20.3 b: the chief arbiter assigns the arbiters (here: a round's boards to each).
rules.add_perm("tournaments.assign_boards", is_organiser | is_chief_arbiter)
# Penalties during play (chapter 5) are the arbiters' rulings (Art. 20), not the organisers'.
rules.add_perm("tournaments.record_foul", is_chief_arbiter | is_arbiter)
# Art. 10.3.1: the sealed envelope is handed to the arbiter; the arbiters adjourn and resume a
# game, and they alone read the sealed move before the resumption.
rules.add_perm("tournaments.adjourn_game", is_chief_arbiter | is_arbiter)
# Art. 11: the moves of the score sheets (biên bản), typed or uploaded as PGN: whoever enters
# the results.
rules.add_perm("tournaments.record_moves", runs_event)
# Written protests (Art. 15.5, 15.6): whoever runs the event records the paper handed in; the
# chief arbiter or the organising committee decides (Art. 15.6, 20.3 e, m); the appeals
# committee (Art. 19.2) decides an appeal of that decision and reads the protests.
# Live relay (docs/live.md): the chief arbiter chooses the relayed boards of a round and their
# recorders; a board's moves are entered by its recorder or any of the event's arbiters
# (``relay_any_board``); a recorder enters only the boards given to them (``services/relay.py``).
rules.add_perm("tournaments.relay_boards", is_organiser | is_chief_arbiter)
rules.add_perm("tournaments.relay_any_board", is_chief_arbiter | is_arbiter)
rules.add_perm("tournaments.relay_moves", is_chief_arbiter | is_arbiter | is_recorder)
rules.add_perm("tournaments.file_protest", runs_event)
rules.add_perm("tournaments.decide_protest", is_organiser | is_chief_arbiter)
rules.add_perm("tournaments.decide_appeal", is_appeals)
rules.add_perm("tournaments.read_protests", runs_event | is_appeals)
# Closing an event (archiving it: every write refused) once the closing documents are made
# (Art. 19.4, 20.3 l), and reopening it with a reason: the organisers or the chief arbiter.
rules.add_perm("tournaments.close_event", is_organiser | is_chief_arbiter)
# Entry fees (no article: the statute's; models/fees.py): the treasurer and the organisers
# record payments, waivers and refunds, set an entry's member rate and read the ledger, its
# summary, receipts and export. An arbiter's check-in list shows only what a player owes
# (``tournaments.check_in``); nothing of the money is public.
rules.add_perm("tournaments.record_payment", is_organiser | is_treasurer)
rules.add_perm("tournaments.read_fees", is_organiser | is_treasurer)
# Staff exports (draft rounds, federation IDs): whoever runs the event.
rules.add_perm("tournaments.export_event", runs_event)
# A register player's name, ratings, IDs, federation, birth year, sex, title, club (history
# kept): the register's keepers edit anyone, an organisation's administrators the members of
# its clubs (``governs_player``); entering a player in an event gives no right over him.
rules.add_perm("tournaments.edit_player", keeps_register | governs_player)
# An organisation's administrators (and those of the organisations above it) rename it, create
# organisations under it, appoint its administrators, keep its clubs' members and create events
# and championships under it (models/organisations.py).
rules.add_perm("tournaments.manage_organisation", manages_organisation)
# Titles and classifications the federation awards (models/titles.py): the register's keepers
# (federation staff) and the federation's administrators (the organisations' tree).
rules.add_perm("tournaments.award_title", keeps_register | federation_admin)
# The whole register as a workbook (IDs and birth years of every player): the keepers.
rules.add_perm("tournaments.export_register", keeps_register)
# An account made through an invitation: its inviter (or a superuser) deactivates it, and
# reactivates it; its roles stay recorded.
rules.add_perm("tournaments.deactivate_account", is_superuser | invited_the_account)
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
    return user.is_superuser or Role.ORGANISER in _championship_roles(user, championship) or (
        championship.organisation_id is not None
        and administers(user, championship.organisation))


@rules.predicate
def runs_championship(user, championship) -> bool:
    return organises_championship(user, championship) or bool(
        _championship_roles(user, championship))


@rules.predicate
def chief_of_championship(user, championship) -> bool:
    return bool({Role.CHIEF_ARBITER, Role.DEPUTY_CHIEF} & _championship_roles(user, championship))


@rules.predicate
def championship_is_public(user, championship) -> bool:
    return championship.visibility == Visibility.PUBLIC


@rules.predicate
def treasurer_of_championship(user, championship) -> bool:
    return Role.TREASURER in _championship_roles(user, championship)


rules.add_perm("tournaments.view_championship", championship_is_public | runs_championship)
# The championship's fees summary (every stage event's ledger): its organisers and treasurer.
rules.add_perm("tournaments.read_championship_fees",
               organises_championship | treasurer_of_championship)
rules.add_perm("tournaments.change_championship", organises_championship)
# Qualifying registers players in the next stage's events: the organisers' right there
# (Art. 19: they register players). A play-off's winners are the arbiters' ruling: the
# organisers or the chief arbiter record them (Art. 20.3).
rules.add_perm("tournaments.qualify_stage", organises_championship)
rules.add_perm("tournaments.record_playoff", organises_championship | chief_of_championship)
