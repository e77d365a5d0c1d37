"""API of adjourned games (Art. 10.3): a board's adjournments (everyone who sees the round; the
sealed move for the event's arbiters only until the game resumes), adjourning a game and
resuming it (the event's arbiters). Thin, over ``services/adjournments.py`` and
``selectors/adjournments.py``."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.permissions import event_for, round_event_for
from tournaments.api.views import validated
from tournaments.models import AdjournmentOutcome
from tournaments.selectors.adjournments import adjournments_with_board, board_adjournments
from tournaments.selectors.rounds import board_game, boards_with_event
from tournaments.services import adjournments as adjournment_services


class AdjournmentSerializer(serializers.Serializer):
    """An adjournment as everyone may read it: the sealed move only once the game resumed."""

    id = serializers.IntegerField(source="pk")
    round = serializers.IntegerField(source="board.round.number")
    board = serializers.IntegerField(source="board.number")
    game = serializers.IntegerField(source="game.number", allow_null=True, default=None)
    sealer = serializers.IntegerField(source="sealer_id", help_text="The entry who sealed.")
    move_number = serializers.IntegerField()
    white_seconds = serializers.IntegerField(help_text="Time left, first-named side.")
    black_seconds = serializers.IntegerField(help_text="Time left, second-named side.")
    adjourned_at = serializers.DateTimeField()
    resumes_at = serializers.DateTimeField(allow_null=True)
    outcome = serializers.ChoiceField(choices=AdjournmentOutcome.choices,
                                      help_text="Empty while adjourned.")
    resumed_at = serializers.DateTimeField(allow_null=True)
    sealed_move = serializers.SerializerMethodField(
        help_text="The event's arbiters only while the game is adjourned (Art. 10.3.1).")

    def get_sealed_move(self, adjournment) -> str | None:
        if adjournment.is_open and not self.context.get("arbiter"):
            return None
        return adjournment.sealed_move


class AdjournmentCreateSerializer(serializers.Serializer):
    sealer = serializers.IntegerField(help_text="The entry to move, who seals: one of the two.")
    move_number = serializers.IntegerField(min_value=1, max_value=999)
    sealed_move = serializers.CharField(max_length=40)
    white_seconds = serializers.IntegerField(min_value=0)
    black_seconds = serializers.IntegerField(min_value=0)
    game = serializers.IntegerField(required=False, allow_null=True, default=None,
                                    help_text="A game of the board's match, by its number.")
    resumes_at = serializers.DateTimeField(required=False, allow_null=True, default=None)


class AdjournmentResumeSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(
        choices=[c for c in AdjournmentOutcome.choices if c[0]],
        help_text="resumed; illegal: the sealer loses (Art. 10.3.2, 7.1 i); both: both lose "
                  "(Art. 7.1 i).")


def _context(request, event) -> dict:
    return {"arbiter": request.user.has_perm("tournaments.adjourn_game", event)}


class BoardAdjournmentsView(APIView):
    """A board's adjournments, oldest first; POST adjourns its game (the event's arbiters)."""

    def _board(self, request, pk):
        board = get_object_or_404(boards_with_event(), pk=pk)
        return board, round_event_for(request, board.round)

    @extend_schema(responses=AdjournmentSerializer(many=True))
    def get(self, request, pk):
        board, event = self._board(request, pk)
        return Response(AdjournmentSerializer(board_adjournments(board), many=True,
                                              context=_context(request, event)).data)

    @extend_schema(request=AdjournmentCreateSerializer, responses=AdjournmentSerializer)
    def post(self, request, pk):
        board, event = self._board(request, pk)
        data = validated(AdjournmentCreateSerializer, request)
        game = None
        if data["game"] is not None:
            game = board_game(board, number=data["game"])
            if game is None:
                raise serializers.ValidationError({"game": _(
                    "Board %(board)s has no game %(game)s.") % {"board": board.number,
                                                                "game": data["game"]}})
        adjournment = adjournment_services.adjournment_record(
            event=event, board=board, sealer_id=data["sealer"], game=game,
            sealed_move=data["sealed_move"], move_number=data["move_number"],
            white_seconds=data["white_seconds"], black_seconds=data["black_seconds"],
            resumes_at=data["resumes_at"], actor=request.user)
        return Response(AdjournmentSerializer(adjournment, context={"arbiter": True}).data,
                        status=status.HTTP_201_CREATED)


class AdjournmentResumeView(APIView):
    """Open the envelope at the resumption (the event's arbiters): the game goes on, or the
    sealer loses, or both lose; a loss is recorded as the result."""

    @extend_schema(request=AdjournmentResumeSerializer, responses=AdjournmentSerializer)
    def post(self, request, pk):
        adjournment = get_object_or_404(adjournments_with_board(), pk=pk)
        event = event_for(request, adjournment.board.round.event_id)
        data = validated(AdjournmentResumeSerializer, request)
        adjournment = adjournment_services.adjournment_resume(
            event=event, adjournment=adjournment, outcome=data["outcome"], actor=request.user)
        return Response(AdjournmentSerializer(adjournment, context={"arbiter": True}).data)
