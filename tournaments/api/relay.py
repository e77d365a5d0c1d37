"""API of the live relay (docs/live.md, "Relay"): a relayed game as the caller may see it (the
statute's delay for the public, every move for the event's staff and recorders), a round's
relayed games with their live PGN, entering and taking back moves (the board's recorder and
the event's arbiters), and the chief arbiter's choice of relayed boards. Thin, over
``services/relay.py`` and ``selectors/relay.py``; never cached (``Cache-Control: no-cache``)."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.parsers import FormParser
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.access import event_staff
from tournaments.api.parsers import JSONParser
from tournaments.api.permissions import event_for, round_event_for
from tournaments.api.views import validated
from tournaments.errors import ServiceError
from tournaments.models import Round, RoundStatus
from tournaments.selectors.game_records import pgn_text
from tournaments.selectors.relay import (
    relay_board,
    relay_recorder,
    relay_slot,
    relay_state,
    round_relay_boards,
    slots_public,
)
from tournaments.selectors.rounds import boards_with_event
from tournaments.services import relay as services


class LiveGameSerializer(serializers.Serializer):
    board = serializers.IntegerField(help_text="The board's id.")
    ply = serializers.IntegerField(help_text="The moves the caller sees (the statute's delay "
                                   "applied to the public).")
    moves = serializers.ListField(child=serializers.CharField(), help_text="ICCS (h2e2).")
    fens = serializers.ListField(child=serializers.CharField(),
                                 help_text="The position after each move.")
    written = serializers.ListField(child=serializers.CharField(),
                                    help_text="Vietnamese notation (Art. 11: P2-5).")
    next_at = serializers.DateTimeField(allow_null=True, help_text="When the next hidden "
                                        "move becomes public; null: not by waiting alone.")
    result = serializers.CharField(allow_null=True, help_text="The board's result code.")
    start = serializers.CharField(help_text="The start position (FEN).")
    total = serializers.IntegerField(required=False, help_text="Staff: the moves stored.")
    legal = serializers.DictField(child=serializers.ListField(child=serializers.CharField()),
                                  required=False,
                                  help_text="Staff: the legal moves, {from: [to, ...]}.")


class RelayMoveSerializer(serializers.Serializer):
    ply = serializers.IntegerField(min_value=0, max_value=10_000,
                                   help_text="The move's number: 1 is the game's first.")
    move = serializers.CharField(max_length=10, required=False, allow_blank=True, default="",
                                 help_text="ICCS (h2e2); for an undo, the move taken back.")


class RelayBoardSerializer(serializers.Serializer):
    recorder = serializers.IntegerField(allow_null=True, required=False, default=None,
                                        help_text="A recorder or arbiter of the event (user "
                                        "id); null: the arbiters.")


def _no_cache(response):
    response["Cache-Control"] = "no-cache"
    return response


def _sees_all(request, event) -> bool:
    return event_staff(request.user, event) or \
        request.user.has_perm("tournaments.relay_moves", event)


def _relayed(request, pk):
    board = get_object_or_404(boards_with_event(), pk=pk)
    event = round_event_for(request, board.round)
    relayed = relay_board(event, board.pk)
    if relayed is None:
        raise NotFound
    return event, relayed


def _answered(call):
    """A relayed move's answer: the game as the staff see it, or the refusal (409 for a
    conflict with a stored move, 400 otherwise) with ``reason`` and ``stored``."""
    try:
        answer = call()
    except services.RelayRefused as error:
        code = status.HTTP_409_CONFLICT if error.fields["reason"] == "conflict" else \
            status.HTTP_400_BAD_REQUEST
        return _no_cache(Response({"detail": str(error), "code": "relay_refused",
                                   **error.fields}, status=code))
    return _no_cache(Response({"changed": answer.changed, **answer.state.body()}))


class LiveGameView(APIView):
    """A relayed game (GET: the statute's delay for the public); POST enters move ``ply``
    (the board's recorder and the event's arbiters): the same move at a stored ply again is
    answered as stored, a gap or another move at a stored ply is refused."""

    parser_classes = [JSONParser, FormParser]

    @extend_schema(responses=LiveGameSerializer)
    def get(self, request, pk):
        event, board = _relayed(request, pk)
        staff = _sees_all(request, event)
        return _no_cache(Response(relay_state(board, staff=staff, legal=staff).body()))

    @extend_schema(request=RelayMoveSerializer, responses=LiveGameSerializer)
    def post(self, request, pk):
        event, board = _relayed(request, pk)
        data = validated(RelayMoveSerializer, request)
        return _answered(lambda: services.relay_move(
            event=event, board=board, ply=data["ply"], move=data["move"], actor=request.user))


class LiveUndoView(APIView):
    """Take back move ``ply``, the last stored (and ``move``, when given)."""

    parser_classes = [JSONParser, FormParser]

    @extend_schema(request=RelayMoveSerializer, responses=LiveGameSerializer)
    def post(self, request, pk):
        event, board = _relayed(request, pk)
        data = validated(RelayMoveSerializer, request)
        return _answered(lambda: services.relay_undo(
            event=event, board=board, ply=data["ply"], move=data["move"] or None,
            actor=request.user))


class RoundLiveSerializer(serializers.Serializer):
    games = LiveGameSerializer(many=True)
    pgn = serializers.CharField(help_text="The relayed games as one PGN file.")


class RoundLiveView(APIView):
    """A round's relayed games as the caller may see them, and their live PGN."""

    @extend_schema(responses=RoundLiveSerializer)
    def get(self, request, event_pk, number):
        event = event_for(request, event_pk)
        round_ = get_object_or_404(Round, event=event, number=number)
        staff = _sees_all(request, event)
        if round_.status == RoundStatus.DRAFT and not staff:
            raise NotFound
        boards = round_relay_boards(round_)
        slots = slots_public([s for s in (relay_slot(b) for b in boards) if s], staff=staff)
        return _no_cache(Response({
            "games": [relay_state(b, staff=staff).body() for b in boards],
            "pgn": pgn_text(slots)}))


class BoardRelayView(APIView):
    """The chief arbiter relays a board (PUT, with its recorder) or stops relaying it
    (DELETE); the moves stored stay."""

    parser_classes = [JSONParser, FormParser]

    def _board(self, request, pk):
        board = get_object_or_404(boards_with_event(), pk=pk)
        return round_event_for(request, board.round), board

    @extend_schema(request=RelayBoardSerializer, responses={204: None})
    def put(self, request, pk):
        event, board = self._board(request, pk)
        data = validated(RelayBoardSerializer, request)
        recorder = None
        if data["recorder"] is not None:
            recorder = relay_recorder(event, data["recorder"])
            if recorder is None and request.user.has_perm("tournaments.relay_boards", event):
                raise ServiceError(_("Choose one of the event's recorders or arbiters."))
        services.relay_board_set(round_=board.round, actor=request.user, number=board.number,
                                 recorder=recorder)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, pk):
        _event, board = self._board(request, pk)
        services.relay_board_remove(round_=board.round, actor=request.user,
                                    number=board.number)
        return Response(status=status.HTTP_204_NO_CONTENT)

