"""API of check-in and late arrivals (``services/checkins.py``), for an event's staff: its
organisers and arbiters; anonymous callers and other users get nothing.

- ``GET /api/events/<id>/check-ins/``: the check-in list of the round to come (the first
  draft round, else the next to pair): each expected player with their check-in, the counters,
  when the check-in closes, the players a draft of that round left out, and the event's
  ``version`` to send back with a change.
- ``PUT /api/events/<id>/check-ins/<entry id>/``: ``{"checked_in": true|false, "version": n}``
  checks the player in or out. ``version``: the event's version the list was read at; if
  someone else changed that player's check-in since, the answer is 409 with what is stored
  (``result``: "in" or "out", ``version``) and nothing is written. The same state sent twice is
  no change (200).
- ``PUT /api/boards/<id>/arrival/``: ``{"side": "white"|"black", "arrived_at": time,
  "version": n}``: a player arrived late at the board (Art. 10.2.1 a): within the statute's
  forfeit time the minutes late are noted, beyond it the board is a forfeit loss for that side.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotAuthenticated
from rest_framework.response import Response

from tournaments.api import serializers as s
from tournaments.api.permissions import event_for, round_event_for
from tournaments.api.views import validated
from tournaments.selectors.checkins import CheckInList, checkin_list
from tournaments.selectors.events import entries_with_event
from tournaments.selectors.rounds import board_detail, boards_with_event
from tournaments.services.checkins import board_arrival_record, entry_check_in, entry_check_out

CheckInRowSerializer = inline_serializer("CheckInRow", {
    "entry": serializers.IntegerField(),
    "number": serializers.IntegerField(allow_null=True),
    "name": serializers.CharField(),
    "checked_in": serializers.BooleanField(),
    "checked_in_at": serializers.DateTimeField(allow_null=True),
    "checked_in_by": serializers.CharField(allow_null=True,
                                           help_text="username; null when by the player"),
    "by_self": serializers.BooleanField(),
    "version": serializers.IntegerField(help_text="the event's version of the last change"),
    "owes": serializers.IntegerField(help_text="entry fee still owed, in đồng (0: nothing)"),
})
CheckInListSerializer = inline_serializer("CheckInList", {
    "round": serializers.IntegerField(),
    "closes_at": serializers.DateTimeField(allow_null=True,
                                           help_text="null: when the round is paired"),
    "closed": serializers.BooleanField(),
    "checked_in": serializers.IntegerField(),
    "missing": serializers.IntegerField(),
    "left_out": serializers.ListField(child=serializers.IntegerField(),
                                      help_text="entry ids a draft of the round left out"),
    "version": serializers.IntegerField(),
    "entries": serializers.ListField(child=CheckInRowSerializer),
})


class CheckInRequestSerializer(serializers.Serializer):
    checked_in = serializers.BooleanField()
    version = serializers.IntegerField(min_value=0, required=False, allow_null=True,
                                       default=None)


class ArrivalSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=["white", "black"])
    arrived_at = serializers.DateTimeField()
    version = serializers.IntegerField(min_value=0)


def _staff_event(request, event_pk):
    event = event_for(request, event_pk)
    if not request.user.is_authenticated:
        raise NotAuthenticated
    if not request.user.has_perm("tournaments.check_in", event):
        raise PermissionDenied
    return event


def _row(row) -> dict:
    check_in = row.check_in
    return {"entry": row.entry.pk, "number": row.entry.number, "name": row.entry.name,
            "checked_in": row.is_in,
            "checked_in_at": check_in.checked_in_at if check_in else None,
            "checked_in_by": (check_in.checked_in_by.get_username()
                              if check_in and check_in.checked_in_by else None),
            "by_self": bool(check_in and check_in.by_self), "version": row.version,
            "owes": row.owes}


def _list_data(listing: CheckInList, version: int) -> dict:
    return {"round": listing.round_number, "closes_at": listing.closes_at,
            "closed": listing.closed, "checked_in": listing.checked_in,
            "missing": listing.missing, "left_out": [e.pk for e in listing.left_out],
            "version": version, "entries": [_row(r) for r in listing.rows]}


@extend_schema(responses=CheckInListSerializer)
@api_view(["GET"])
def check_ins(request, event_pk):
    """The check-in list of the round to come, for the event's organisers and arbiters."""
    event = _staff_event(request, event_pk)
    data = _list_data(checkin_list(event, now=timezone.now()), event.version)
    return Response(data)


@extend_schema(request=CheckInRequestSerializer, responses=CheckInRowSerializer)
@api_view(["PUT"])
def check_in(request, event_pk, entry_pk):
    """Check a player in (``checked_in`` true) or out, over the version the list was read at."""
    event = _staff_event(request, event_pk)
    entry = get_object_or_404(entries_with_event(), pk=entry_pk, event=event)
    data = validated(CheckInRequestSerializer, request)
    write = entry_check_in if data["checked_in"] else entry_check_out
    write(entry=entry, actor=request.user, version=data["version"])
    listing = checkin_list(event, now=timezone.now())
    row = next(r for r in listing.rows if r.entry.pk == entry.pk)
    return Response(_row(row))


@extend_schema(request=ArrivalSerializer, responses=s.BoardSerializer)
@api_view(["PUT"])
def board_arrival(request, pk):
    """A player arrived late at the board (Art. 10.2.1 a); 409 if the board changed since."""
    board = get_object_or_404(boards_with_event(), pk=pk)
    round_event_for(request, board.round)
    data = validated(ArrivalSerializer, request)
    board = board_arrival_record(board=board, side=data["side"], actor=request.user,
                                 arrived_at=data["arrived_at"],
                                 expected_version=data["version"])
    return Response(s.BoardSerializer(board_detail(board)).data)
