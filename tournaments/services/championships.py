"""Championships (Art. 17.3, "đấu hỗn hợp"): creating one, its categories and stages, its staff,
the qualification rule of each later stage, and qualifying players into it.

A stage's events are ordinary events (made by ``event_build``, the right checked on the
championship); the championship's roles are copied onto them (when the stage is made and when a
role is given), so every event service keeps checking its own rights. Qualifying goes through
the entries services and ``round_start``.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import seeding
from scoring.qualification import QualificationError
from tournaments.errors import ServiceError
from tournaments.models import (
    FORMAT_RULES,
    AddressKind,
    Category,
    Championship,
    ChampionshipRole,
    Entry,
    Event,
    EventRole,
    Format,
    Job,
    Player,
    Role,
    Seeding,
    Stage,
    law_defaults,
)
from tournaments.rules import roles_forget
from tournaments.selectors.addresses import address_free, address_taken
from tournaments.selectors.qualification import qualification_plan
from tournaments.services._access import championship_require, event_lock, organisation_require
from tournaments.services._addresses import address_change
from tournaments.services._championship_rules import qualification_check
from tournaments.services.entries import (
    entry_register,
    entry_remove,
    entry_team_register,
    numbers_draw,
)
from tournaments.services.events import event_build
from tournaments.services.formats import round_start
from tournaments.text import group_labels, slug_valid

CHAMPIONSHIP_FIELDS = frozenset({"name", "slug", "start_date", "end_date", "venue",
                                 "organiser", "visibility"})
CATEGORY_FIELDS = frozenset({"name", "order", "participant_kind", "team_classification",
                             "team_by", "team_best_n", "eligible_sex", "eligible_born_from",
                             "eligible_born_to", "eligible_rating_min", "eligible_rating_max",
                             "eligible_unrated", "eligible_federations", "eligible_provinces",
                             "eligible_members_only"})
QUALIFICATION_FIELDS = frozenset({"qualification", "qualifiers", "best_of_next", "after_round",
                                  "seeding", "line_ties", "places",
                                  "higher_rank_chooses_colour"})


def _check_fields(values: dict, allowed: frozenset) -> None:
    unknown = set(values) - allowed
    if unknown:
        raise ServiceError(_("Unknown fields: %(fields)s"), fields=", ".join(sorted(unknown)))


def _save(row, **changes):
    for field, value in changes.items():
        setattr(row, field, value)
    row.full_clean()
    row.save()
    return row


@transaction.atomic
def championship_create(*, actor, name: str, start_date, slug: str = "", organisation=None,
                        **fields) -> Championship:
    """A new championship, under ``organisation`` or the site's; its creator is its organiser
    (Art. 19). Creating one is the right to create events (``tournaments.add_event``, or
    administering the organisation), since its stages are events. ``slug``: its address, made
    from the name unless given."""
    organisation_require(actor=actor, organisation=organisation)
    _check_fields(fields, CHAMPIONSHIP_FIELDS)
    if not slug:
        slug = address_free(AddressKind.CHAMPIONSHIP, name)
    elif not slug_valid(slug) or address_taken(AddressKind.CHAMPIONSHIP, slug):
        raise ServiceError(_("The address %(slug)s is taken or not allowed: choose another."),
                           slug=slug)
    championship = Championship(name=name, start_date=start_date, created_by=actor, slug=slug,
                                organisation=organisation)
    _save(championship, **fields)
    ChampionshipRole.objects.create(championship=championship, user=actor, role=Role.ORGANISER)
    return championship


@transaction.atomic
def championship_update(*, championship: Championship, actor, **changes) -> Championship:
    """Change the championship's name, dates, venue or visibility. Making it public makes its
    stage events public too (their pages are linked from it)."""
    championship_require(actor=actor, perm="tournaments.change_championship",
                         championship=championship)
    _check_fields(changes, CHAMPIONSHIP_FIELDS)
    if "slug" in changes:  # the former address redirects to the new one
        address_change(row=championship, kind=AddressKind.CHAMPIONSHIP, actor=actor,
                       slug=changes.pop("slug"))
    _save(championship, **changes)
    if "visibility" in changes:
        for pk in _stage_events(championship).values_list("pk", flat=True):
            # their public pages appear or go: their version moves; the championship's
            # publication covers a closed stage too
            event_lock(event=pk, closed_ok=True)
        Event.objects.filter(stage__category__championship=championship).update(
            visibility=championship.visibility)
    return championship


def _stage_events(championship: Championship):
    return Event.objects.filter(stage__category__championship=championship)


@transaction.atomic
def championship_role_assign(*, championship: Championship, actor, user,
                             role: str) -> ChampionshipRole:
    """Appoint ``user`` for the whole championship; the role is given on every stage event."""
    championship_require(actor=actor, perm="tournaments.change_championship",
                         championship=championship)
    if role not in Role.values:
        raise ServiceError(_("Unknown role."))
    given, _created = ChampionshipRole.objects.get_or_create(championship=championship,
                                                             user=user, role=role)
    # A closed stage keeps its staff as closed (reopen it to appoint there).
    for event in _stage_events(championship).filter(closed_at__isnull=True):
        event_lock(event=event)  # the role shows on the event's pages: its version moves
        _give_role(event, user, role)
    roles_forget(user)
    return given


def _give_role(event: Event, user, role: str) -> None:
    """One chief arbiter per event (as ``role_assign``): a championship's chief does not
    replace one the event already has."""
    if role == Role.CHIEF_ARBITER and EventRole.objects.filter(
            event=event, role=Role.CHIEF_ARBITER).exclude(user=user).exists():
        return
    EventRole.objects.get_or_create(event=event, user=user, role=role)


@transaction.atomic
def championship_role_remove(*, championship: Championship, actor, user, role: str) -> None:
    """Remove a championship role, and the same role on its stage events."""
    championship_require(actor=actor, perm="tournaments.change_championship",
                         championship=championship)
    if role == Role.ORGANISER and user.pk == championship.created_by_id:
        raise ServiceError(_("The championship's creator stays its organiser."))
    ChampionshipRole.objects.filter(championship=championship, user=user, role=role).delete()
    for pk in _stage_events(championship).values_list("pk", flat=True):
        event_lock(event=pk, closed_ok=True)  # taking a right away passes a closed stage
    EventRole.objects.filter(event__in=_stage_events(championship), user=user, role=role) \
        .exclude(event__created_by=user, role=Role.ORGANISER).delete()
    roles_forget(user)


@transaction.atomic
def category_add(*, championship: Championship, actor, name: str, **fields) -> Category:
    """A category (nội dung: men, women, U16, rapid, teams...) with its team classification."""
    championship_require(actor=actor, perm="tournaments.change_championship",
                         championship=championship)
    _check_fields(fields, CATEGORY_FIELDS - {"name"})
    if championship.categories.filter(name=name).exists():
        raise ServiceError(_("This championship already has a category named %(name)s."),
                           name=name)
    fields.setdefault("order", championship.categories.count() + 1)
    return _save(Category(championship=championship, name=name), **fields)


@transaction.atomic
def category_update(*, category: Category, actor, **changes) -> Category:
    championship_require(actor=actor, perm="tournaments.change_championship",
                         championship=category.championship)
    _check_fields(changes, CATEGORY_FIELDS)
    stored = Category.objects.select_for_update().get(pk=category.pk)  # not a form's copy
    if changes.get("participant_kind", stored.participant_kind) != \
            stored.participant_kind and stored.stages.exists():
        raise ServiceError(_("The kind of participants cannot change once the category has "
                             "stages."))
    return _save(category, **changes)


@transaction.atomic
def stage_add(*, category: Category, actor, format: str, groups: int = 1, name: str = "",
              start_date=None, **statute) -> Stage:
    """The category's next stage: one event, or ``groups`` parallel events of one format
    (groups A, B...), made by ``event_build`` with the championship's staff: the right is the
    championship's (its organisers add stages without the global right to create events). A
    knockout stage is seeded from the organisers' list, which qualifying fills with the earlier
    stage's order."""
    championship = category.championship
    championship_require(actor=actor, perm="tournaments.change_championship",
                         championship=championship)
    if format not in Format.values:
        raise ServiceError(_("Unknown format."))
    if groups < 1 or groups > 26:
        raise ServiceError(_("A stage has 1 to 26 groups."))
    number = category.stages.count() + 1
    stage = Stage.objects.create(category=category, number=number, name=name, format=format,
                                 groups=groups)
    base = f"{championship.name} — {category.name} — {stage}"
    statute = {**statute, "format": format, "participant_kind": category.participant_kind}
    if FORMAT_RULES[format].has_bracket and number > 1:
        statute.setdefault("seeding", Seeding.LIST)
    for label in group_labels(groups) if groups > 1 else [""]:
        title = f"{base} — {_('Group %(g)s') % {'g': label}}" if label else base
        event = event_build(actor=actor, name=title, start_date=start_date or
                            championship.start_date, organisation=championship.organisation,
                            **{**law_defaults(format), **statute})
        Event.objects.filter(pk=event.pk).update(stage=stage, group_label=label,
                                                 visibility=championship.visibility)
        for role in championship.roles.exclude(user=actor, role=Role.ORGANISER):
            _give_role(event, role.user, role.role)
    return stage


@transaction.atomic
def stage_qualification_set(*, stage: Stage, actor, **rule) -> Stage:
    """Set how players come into ``stage`` from the stage before (the championship's statute).
    A rule the stages cannot follow is refused with the reason; once players have qualified or
    the stage has rounds the rule is fixed."""
    championship_require(actor=actor, perm="tournaments.change_championship",
                         championship=stage.category.championship)
    _check_fields(rule, QUALIFICATION_FIELDS)
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    if stage.number == 1:
        raise ServiceError(_("The first stage has no qualification: register its players."))
    if stage.rule_fixed:
        raise ServiceError(_("The qualification rule cannot change: players have already "
                             "qualified into this stage or it has started."))
    for field, value in rule.items():
        setattr(stage, field, value)
    previous = stage.category.stages.get(number=stage.number - 1)
    qualification_check(stage=stage, previous=previous)
    stage.full_clean()
    stage.save()
    return stage


@transaction.atomic
def stage_register(*, stage: Stage, actor, players: list[Player] = ()) -> list[Entry]:
    """Register ``players`` in the first stage and deal everyone registered there into its
    groups in a snake by rating (``scoring/seeding.py: snake``): the strongest in A, B, C...,
    then back C, B, A... (C.04.2 order for equal ratings). Players already registered in a group
    (through its entries page, or an earlier call) are dealt again with the new ones, keeping
    their rating at entry; with no ``players`` this only deals. Refused once a group has rounds."""
    championship_require(actor=actor, perm="tournaments.change_championship",
                         championship=stage.category.championship)
    if stage.number > 1:
        raise ServiceError(_("Players come into a later stage by qualifying."))
    events = list(stage.events.order_by("group_label"))
    if any(event.rounds_set.exists() for event in events):
        raise ServiceError(_("The groups are already drawn: players can no longer be dealt."))
    earlier = list(Entry.objects.filter(event__in=events, player__isnull=False)
                   .select_related("player"))
    known = {e.player_id for e in earlier}
    ratings = {e.player_id: e.rating for e in earlier}
    everyone = [e.player for e in earlier] + [p for p in players if p.pk not in known]
    ratings.update({p.pk: p.rating for p in everyone if p.pk not in ratings})
    order = [p.pk for p in sorted(everyone, key=lambda p: (-(ratings[p.pk] or 0), p.sort_key,
                                                           p.pk))]
    try:
        dealt = seeding.snake(order, len(events)) if len(events) > 1 else (tuple(order),)
    except QualificationError:
        raise ServiceError(_("%(n)s players cannot fill %(g)s groups."), n=len(order),
                           g=len(events)) from None
    for entry in earlier:
        entry_remove(entry=entry, actor=actor)
    by_id = {p.pk: p for p in everyone}
    return [entry_register(event=event, actor=actor, player=by_id[pk], rating=ratings[pk])
            for event, group in zip(events, dealt, strict=True) for pk in group]


@transaction.atomic
def stage_playoff_record(*, stage: Stage, actor, winners: list[int]) -> Stage:
    """The arbiter records who won a play-off at the qualification line (entries of the
    earlier stage, in the order they finished); qualifying then takes them. Winners of several
    play-offs (a group's line, then the best-placed players' line) are recorded one play-off
    after the other and kept in that order."""
    championship_require(actor=actor, perm="tournaments.record_playoff",
                         championship=stage.category.championship)
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    if stage.qualified_at is not None:
        raise ServiceError(_("Players have already qualified into this stage."))
    earlier = Entry.objects.filter(event__stage__category=stage.category,
                                   event__stage__number=stage.number - 1, pk__in=winners)
    if earlier.count() != len(set(winners)) or len(set(winners)) != len(winners):
        raise ServiceError(_("The play-off's winners must be players of the earlier stage, "
                             "each named once."))
    stage.playoff_winners = [*stage.playoff_winners,
                             *(w for w in winners if w not in stage.playoff_winners)]
    stage.save(update_fields=["playoff_winners"])
    return stage


def _enter(event: Event, actor, earlier: Entry) -> Entry:
    """The qualifier's entry in the later stage: the player with the rating they entered with,
    or the team with its roster."""
    if earlier.player_id:
        return entry_register(event=event, actor=actor, player=earlier.player,
                              rating=earlier.rating)
    members = list(earlier.members.select_related("player"))
    return entry_team_register(event=event, actor=actor, team=earlier.team,
                               players=[m.player for m in members if not m.is_reserve],
                               reserves=[m.player for m in members if m.is_reserve])


@dataclass(frozen=True)
class Qualified:
    """What qualifying into a stage gave: the stage, and the pairing jobs started for the first
    round of its events too large to pair at once (sent when the qualification commits; each
    job's page follows it, and a refusal is its error)."""

    stage: Stage
    jobs: tuple[Job, ...] = ()


def stage_qualify(*, stage: Stage, actor, draw: bool = True) -> Qualified:
    """Qualify the players of the plan (``selectors/qualification.py: qualification_plan``,
    the preview the staff saw, computed again under the stage's lock) into ``stage``: their
    entries in each group's event, numbered by the plan's seeding (a knockout's seeds), the
    qualifiers who leave a Swiss that plays on marked so it no longer pairs them, and, if
    ``draw``, the first round drawn by ``round_start``. One transaction: all of it, or nothing;
    a large event's pairing is a job started in it, which runs once it commits."""
    qualified = _qualify(stage=stage, actor=actor, draw=draw)
    for job in qualified.jobs:
        job.refresh_from_db()  # how it ended, when it ran in-process at commit
    return qualified


@transaction.atomic
def _qualify(*, stage: Stage, actor, draw: bool) -> Qualified:
    championship_require(actor=actor, perm="tournaments.qualify_stage",
                         championship=stage.category.championship)
    locked = Stage.objects.select_for_update().get(pk=stage.pk)
    if locked.qualified_at is not None:
        raise ServiceError(_("Players have already qualified into this stage."))
    plan = qualification_plan(locked)
    if plan.problems:
        raise ServiceError(plan.problems[0])
    events = {e.group_label: e for e in locked.events.all()}
    for group in plan.groups:
        event = events[group.label]
        made = {}
        for seat in group.seats:
            made[_enter(event, actor, seat.entry).pk] = seat.seed
        numbers_draw(event=event, actor=actor, method="manual", numbers=made)
    if plan.moved_on_after_round is not None:
        Entry.objects.filter(pk__in=[s.entry.pk for g in plan.groups for s in g.seats]) \
            .update(moved_on_after_round=plan.moved_on_after_round)
    locked.qualified_at = timezone.now()
    locked.save(update_fields=["qualified_at"])
    jobs = []
    if draw:
        for event in events.values():
            started = round_start(event=event, actor=actor)
            if started.job is not None:
                jobs.append(started.job)
    return Qualified(locked, tuple(jobs))
