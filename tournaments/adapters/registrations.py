"""Rows as the eligibility engine sees them (``records/eligibility.py``): an event's or a
category's statute as an ``Eligibility``, a registration's (or a register player's) details as an
``Applicant``."""

from __future__ import annotations

import datetime

from records.eligibility import Applicant, Eligibility, Failure, Unrated, eligibility_failures
from tournaments.models import ClubMembership, EligibilityFields, Event, Organisation, Player
from tournaments.models.registrations import ApplicantFields


def eligibility_of(row: EligibilityFields, *, on: datetime.date | None = None) -> Eligibility:
    """The rule of an event or a category (one shape for both); a members-only rule lists the
    register's players who were members of the row's organisation, or of a club under it, on
    ``on`` (the event's first day): two queries."""
    return Eligibility(
        sex=row.eligible_sex or "", born_from=row.eligible_born_from,
        born_to=row.eligible_born_to, rating_min=row.eligible_rating_min,
        rating_max=row.eligible_rating_max, unrated=Unrated(row.eligible_unrated),
        federations=tuple(row.eligible_federations or ()),
        provinces=tuple(row.eligible_provinces or ()),
        members=_members(row.members_organisation_id, on) if row.eligible_members_only
        else None)


def _members(organisation_id: int | None, on: datetime.date | None) -> frozenset[int]:
    if organisation_id is None or on is None:
        return frozenset()
    under = Organisation.objects.get(pk=organisation_id)
    return frozenset(ClubMembership.objects.held_on(on, under=under)
                     .values_list("player_id", flat=True))


def event_eligibility(event: Event) -> Eligibility:
    """Who may enter ``event``: a championship stage's event follows its category's rule (the
    championship's statute), any other event its own."""
    if event.stage_id is not None:
        return eligibility_of(event.stage.category, on=event.start_date)
    return eligibility_of(event, on=event.start_date)


def applicant_of(row: ApplicantFields | Player) -> Applicant:
    """The details the rule reads: the register's when the row names a register player (what
    the register holds is what the organisers checked), else the details sent."""
    source = row.player if isinstance(row, ApplicantFields) and row.player_id else row
    return Applicant(sex=source.gender or "", birth_year=source.birth_year,
                     rating=source.rating, federation=source.federation or "VIE",
                     province=source.province or "",
                     player=source.pk if isinstance(source, Player) else None)


def failures_of(rule: Eligibility, row: ApplicantFields | Player) -> list[Failure]:
    """Why the row's player may not enter under ``rule`` ([] when they may)."""
    return eligibility_failures(rule, applicant_of(row))
