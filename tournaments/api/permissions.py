"""The API's side of ``tournaments/access.py``, the answer the pages share: who may see an
event or a round, and act in it.

- ``event_for``, ``round_event_for`` and ``is_staff_of`` for the views that find the event
  themselves (by the ``event_pk`` of their address, or a board's round);
- the permission classes for the views whose ``get_object`` finds an event, an entry, a round,
  a board or a game: DRF checks them on that object.

What the user may not see is not found (404); what the user sees but may not act in is refused
(403) with DRF's own words, in the caller's language.
"""

from rest_framework import permissions
from rest_framework.exceptions import NotFound, PermissionDenied

from tournaments.access import event_seen, event_staff, event_visible, round_visible
from tournaments.models import Board, Entry, Event, Game, Round


def event_for(request, pk) -> Event:
    """The event ``pk`` if the user may see it; not found otherwise."""
    return event_seen(request.user, pk=pk)


def is_staff_of(request, event: Event) -> bool:
    """Whether the user runs ``event``: its drafts, history and staff's columns."""
    return event_staff(request.user, event)


def round_event_for(request, round_: Round) -> Event:
    """The event of ``round_`` if the user may see the round (a draft is its staff's); not
    found otherwise."""
    event = round_.event
    if not event_visible(request.user, event) or not round_visible(request.user, round_, event):
        raise NotFound
    return event


def _event_and_round(obj) -> tuple[Event, Round | None]:
    """The event an object of the API belongs to, and the round of a round, board or game
    (the viewsets' querysets select them: no query)."""
    if isinstance(obj, Event):
        return obj, None
    if isinstance(obj, Entry):
        return obj.event, None
    round_ = obj.board.round if isinstance(obj, Game) else (
        obj.round if isinstance(obj, Board) else obj)
    return round_.event, round_


class SeesEvent(permissions.BasePermission):
    """The object's event is one the user may see (not found otherwise); subclasses hide a
    draft round's objects from all but the staff (``rounds``), or name a right in the event
    (``perm``, refused otherwise). Raised rather than answered ``False``: DRF would answer an
    anonymous reader 401, where the API answers 404 for what is hidden and 403 for a right."""

    perm: str | None = None
    rounds = False

    def has_object_permission(self, request, view, obj) -> bool:
        event, round_ = _event_and_round(obj)
        if not event_visible(request.user, event) or (
                self.rounds and round_ is not None
                and not round_visible(request.user, round_, event)):
            raise NotFound
        if self.perm is not None and not request.user.has_perm(self.perm, event):
            raise PermissionDenied
        return True


class SeesRound(SeesEvent):
    """The object's event and round are ones the user may see: a draft round's boards and
    games are its staff's."""

    rounds = True


class RunsEvent(SeesEvent):
    """The user runs the object's event (its organisers and arbiters): the staff's reads."""

    perm = "tournaments.enter_result"


class OrganisesEvent(SeesEvent):
    """The user organises the object's event: its roles (Art. 19)."""

    perm = "tournaments.change_event"
