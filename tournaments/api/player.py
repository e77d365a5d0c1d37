"""API of a player's own page by their private link (no account) and of the players' requests
for the staff (docs/web.md, "The player's own page"; docs/security.md, "Private links").

By the token (anyone holding the link; a wrong or renewed token is 404, its own entry only):

- ``GET /api/private/<token>/``: the page's data: the entry, the next round (number, start,
  venue, board, colour, opponent), the results so far with each game, rank and points, the
  requests and what may still be asked (``bye_rounds``, ``can_withdraw``);
- ``POST /api/private/<token>/requests/``: ``{"kind": "bye", "round": n}`` or
  ``{"kind": "withdrawal", "reason": "..."}``; 201 with the request, 400 with the reason;
- ``POST /api/private/<token>/push/``: a browser's Web Push subscription as
  ``PushSubscription.toJSON()`` gives it (``endpoint``, ``keys``: ``p256dh``, ``auth``), kept
  for this entry (``subscriber_key_of``): the round's pairings and the arbiters' decisions
  reach that browser. The page's "notify me" button sends it (``static/js/notify.js``);
- ``POST /api/private/<token>/check-in/``: "I am here", while the statute's check-in is open
  (``check_in`` in the page's data); 400 with the reason otherwise.

The staff:

- ``GET /api/events/<id>/requests/``: the players' requests, pending first (the event's
  staff);
- ``POST /api/requests/<id>/decide/``: ``{"approve": true, "answer": ""}`` (the chief arbiter,
  the organisers): applied at once by the staff's own services;
- ``GET /api/entries/<id>/private-link/``: the entry's link (the event's staff);
  ``POST`` makes a new one, the old stops working (the chief arbiter, the organisers).

The answers by token are never stored by a shared cache (``Cache-Control: private,
no-store``) nor indexed.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import add_never_cache_headers, patch_cache_control
from drf_spectacular.utils import extend_schema, extend_schema_field, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response

from tournaments.access import event_for
from tournaments.api import serializers as s
from tournaments.models import (
    REQUEST_TEXT_MAX_LENGTH,
    PlayerRequest,
    RequestKind,
    subscriber_key_of,
)
from tournaments.selectors.events import entries_with_event
from tournaments.selectors.player_page import (
    entry_by_token,
    event_player_requests,
    player_page,
    player_requests_with_event,
)
from tournaments.services.checkins import entry_self_check_in
from tournaments.services.notifications import push_subscription_add
from tournaments.services.player_requests import (
    entry_token_renew,
    player_request_create,
    player_request_decide,
)


class PlayerRequestSerializer(serializers.ModelSerializer):
    """A player's request: a half-point bye in ``round``, or a withdrawal from ``round`` on."""

    entry_name = serializers.CharField(source="entry.name", read_only=True)
    decided_by = serializers.SerializerMethodField()

    class Meta:
        model = PlayerRequest
        fields = ["id", "entry", "entry_name", "kind", "round", "reason", "status", "answer",
                  "decided_by", "decided_at", "created_at"]

    def get_decided_by(self, row) -> str:
        return row.decided_by.get_username() if row.decided_by else ""


class NextRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    starts_at = serializers.DateTimeField(allow_null=True)
    paired = serializers.BooleanField(help_text="false: the round is not paired yet")
    venue = serializers.SerializerMethodField()
    board = serializers.SerializerMethodField()
    colour = serializers.SerializerMethodField()
    bye = serializers.SerializerMethodField()
    opponent = serializers.SerializerMethodField()

    def get_venue(self, row) -> str:
        return self.context["venue"]

    def get_board(self, row) -> int | None:
        return row.game.board if row.game else None

    def get_colour(self, row) -> str:
        return row.game.colour if row.game else ""

    def get_bye(self, row) -> str:
        return row.game.bye if row.game else ""

    def get_opponent(self, row) -> dict | None:
        if not row.game or row.game.opponent is None:
            return None
        opponent = row.game.opponent
        return {"id": opponent.pk, "name": opponent.name, "number": opponent.number,
                "rating": opponent.rating}


class PrivatePageSerializer(serializers.Serializer):
    """The private page's data."""

    entry = s.EntrySerializer()
    event = serializers.SerializerMethodField()
    next = serializers.SerializerMethodField()
    card = s.EntryCardSerializer()
    games = serializers.SerializerMethodField()
    requests = PlayerRequestSerializer(many=True)
    bye_rounds = serializers.ListField(child=serializers.IntegerField())
    bye_refusal = serializers.CharField(help_text="why no bye may be asked, when a limit says")
    can_withdraw = serializers.BooleanField()
    check_in = serializers.SerializerMethodField()

    def get_event(self, page) -> dict:
        event = page.event
        return {"id": event.pk, "name": event.name, "slug": event.slug, "venue": event.venue,
                "rounds": event.rounds, "bye_limit": event.bye_limit,
                "bye_last_round": event.bye_last_round}

    @extend_schema_field(inline_serializer("SelfCheckIn", {
        "round": serializers.IntegerField(),
        "checked_in": serializers.BooleanField(),
        "open": serializers.BooleanField(help_text="the player may still check in"),
        "closes_at": serializers.DateTimeField(allow_null=True)}, allow_null=True))
    def get_check_in(self, page) -> dict | None:
        state = page.check_in
        if state is None:
            return None
        return {"round": state.number, "checked_in": state.checked_in, "open": state.open,
                "closes_at": serializers.DateTimeField().to_representation(state.closes_at)
                if state.closes_at else None}

    @extend_schema_field(NextRoundSerializer(allow_null=True))
    def get_next(self, page) -> dict | None:
        if page.next is None:
            return None
        return NextRoundSerializer(page.next, context={"venue": page.event.venue}).data

    @extend_schema_field(s.EntryGameSerializer(many=True))
    def get_games(self, page) -> list[dict]:
        games = [c.game for c in page.card.games]
        points = {c.game.opponent.pk: c.opponent_points for c in page.card.games
                  if c.game.opponent}
        return s.EntryGameSerializer(games, many=True,
                                     context={"opponent_points": points}).data


def _private(response: Response) -> Response:
    """Kept out of shared caches and search engines (the link is the right)."""
    add_never_cache_headers(response)
    patch_cache_control(response, private=True)
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _entry(token: str):
    entry = entry_by_token(token)
    if entry is None:
        raise Http404
    return entry


@extend_schema(responses=PrivatePageSerializer, auth=[])
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def private_page(request, token):
    """The player's own page by their private link."""
    page = player_page(_entry(token), now=timezone.now())
    return _private(Response(PrivatePageSerializer(page).data))


@extend_schema(request=inline_serializer("PlayerRequestAsked", {
    "kind": serializers.ChoiceField(choices=RequestKind.choices),
    "round": serializers.IntegerField(min_value=1, required=False,
                                      help_text="a bye's round"),
    "reason": serializers.CharField(max_length=REQUEST_TEXT_MAX_LENGTH, required=False,
                                    allow_blank=True, help_text="required to withdraw")}),
    responses={201: PlayerRequestSerializer}, auth=[])
@api_view(["POST"])
@permission_classes([permissions.AllowAny])
def private_request(request, token):
    """Ask the arbiters for a half-point bye or to withdraw (from the next round)."""
    entry = _entry(token)
    data = request.data
    number = data.get("round")
    if number is not None and (isinstance(number, bool) or not str(number).isdigit()):
        return _private(Response({"round": ["A round number is required."],
                                  "detail": "round: A round number is required.",
                                  "code": "invalid"}, status=status.HTTP_400_BAD_REQUEST))
    row = player_request_create(entry=entry, kind=str(data.get("kind", "")),
                                round_number=int(number) if number is not None else None,
                                reason=str(data.get("reason", "")))
    return _private(Response(PlayerRequestSerializer(row).data,
                             status=status.HTTP_201_CREATED))


@extend_schema(responses=PlayerRequestSerializer(many=True))
@api_view(["GET"])
def event_requests(request, event_pk):
    """The players' requests of an event, pending first (its staff)."""
    event = event_for(request.user, "tournaments.enter_result", pk=event_pk)
    return Response(PlayerRequestSerializer(event_player_requests(event), many=True).data)


@extend_schema(request=inline_serializer("PlayerRequestDecision", {
    "approve": serializers.BooleanField(),
    "answer": serializers.CharField(max_length=REQUEST_TEXT_MAX_LENGTH, required=False,
                                    allow_blank=True)}), responses=PlayerRequestSerializer)
@api_view(["POST"])
def request_decide(request, pk):
    """Approve (applied at once) or reject a player's request (the chief arbiter, the
    organisers)."""
    asked = get_object_or_404(player_requests_with_event(), pk=pk)
    event_for(request.user, "tournaments.decide_request", pk=asked.entry.event_id)
    approve = request.data.get("approve")
    if not isinstance(approve, bool):
        return Response({"approve": ["true or false."], "detail": "approve: true or false.",
                         "code": "invalid"}, status=status.HTTP_400_BAD_REQUEST)
    row = player_request_decide(player_request=asked, actor=request.user, approve=approve,
                                answer=str(request.data.get("answer", "")))
    return Response(PlayerRequestSerializer(row).data)


PrivateLink = inline_serializer("PrivateLink", {"entry": serializers.IntegerField(),
                                                "url": serializers.URLField()})


@extend_schema(methods=["GET"], responses=PrivateLink)
@extend_schema(methods=["POST"], request=None, responses=PrivateLink)
@api_view(["GET", "POST"])
def entry_private_link(request, pk):
    """An entry's private link (its staff); POST makes a new one and ends the old (the chief
    arbiter, the organisers)."""
    entry = get_object_or_404(entries_with_event(), pk=pk)
    if request.method == "POST":
        event_for(request.user, "tournaments.decide_request", pk=entry.event_id)
        entry = entry_token_renew(entry=entry, actor=request.user)
    else:
        event_for(request.user, "tournaments.enter_result", pk=entry.event_id)
    url = request.build_absolute_uri(reverse("tournaments:player_page",
                                             kwargs={"token": entry.private_token}))
    return _private(Response({"entry": entry.pk, "url": url}))


class PushKeysSerializer(serializers.Serializer):
    p256dh = serializers.CharField(max_length=200)
    auth = serializers.CharField(max_length=100)


class PushSubscriptionSerializer(serializers.Serializer):
    """A browser's Web Push subscription, as ``PushSubscription.toJSON()`` gives it."""

    endpoint = serializers.URLField(max_length=1000)
    keys = PushKeysSerializer()

    def validate_endpoint(self, value: str) -> str:
        if not value.startswith("https://"):
            raise serializers.ValidationError("A push service's address starts with https://.")
        return value


@extend_schema(request=PushSubscriptionSerializer, responses={201: None}, auth=[])
@api_view(["POST"])
@permission_classes([permissions.AllowAny])
def private_push(request, token):
    """Subscribe this browser to the entry's notices (the pairings, the arbiters' decisions)."""
    entry = _entry(token)
    data = PushSubscriptionSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    push_subscription_add(event=entry.event, subscriber_key=subscriber_key_of(entry),
                          endpoint=data.validated_data["endpoint"],
                          p256dh=data.validated_data["keys"]["p256dh"],
                          auth=data.validated_data["keys"]["auth"])
    return _private(Response(status=status.HTTP_201_CREATED))


@extend_schema(request=None, responses=inline_serializer("SelfCheckedIn", {
    "round": serializers.IntegerField(help_text="0: the statute asks one check-in for the event"),
    "checked_in_at": serializers.DateTimeField()}), auth=[])
@api_view(["POST"])
@permission_classes([permissions.AllowAny])
def private_check_in(request, token):
    """"I am here": the player checks in for the round to come while the check-in is open."""
    row = entry_self_check_in(entry=_entry(token))
    return _private(Response({"round": row.round_number, "checked_in_at": row.checked_in_at}))
