"""API of the penalties recorded during play (chapter 5, Art. 22–24): a board's penalties
(everyone who sees the round; the note and who recorded it for the event's staff only), recording
and removing one (the event's arbiters). Thin, over ``services/fouls.py`` and
``selectors/fouls.py``."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.permissions import event_for, is_staff_of, round_event_for
from tournaments.api.views import validated
from tournaments.models import FoulArticle, FoulKind
from tournaments.selectors.fouls import board_fouls, event_fouls, fouls_with_round
from tournaments.selectors.rounds import board_game, boards_with_event
from tournaments.services import fouls as foul_services


class FoulSerializer(serializers.Serializer):
    """A penalty as everyone may read it."""

    id = serializers.IntegerField(source="pk")
    round = serializers.IntegerField(source="board.round.number")
    board = serializers.IntegerField(source="board.number")
    game = serializers.IntegerField(source="game.number", allow_null=True, default=None)
    entry = serializers.IntegerField(source="entry_id")
    name = serializers.CharField(source="entry.name")
    kind = serializers.CharField()
    article = serializers.CharField()
    article_name = serializers.CharField(source="get_article_display")
    category = serializers.CharField(help_text="technical, conduct (Art. 7.1 n: three of a kind "
                                               "in a game lose it) or chapter5.")
    opponent_minutes = serializers.IntegerField(
        help_text="Rapid 2, blitz 1 per technical fault (the law's provisional rules).")
    recorded_at = serializers.DateTimeField()


class StaffFoulSerializer(FoulSerializer):
    """The staff's view adds the arbiter's note and who recorded it."""

    note = serializers.CharField()
    recorded_by = serializers.CharField(source="recorded_by.get_username", default="")


class FoulReadSerializer(FoulSerializer):
    """What a read answers, as the schema documents it: the staff's fields for the staff
    only."""

    note = serializers.CharField(required=False, help_text="The event's staff only.")
    recorded_by = serializers.CharField(required=False, help_text="The event's staff only.")


class FoulCreateSerializer(serializers.Serializer):
    entry = serializers.IntegerField(help_text="The penalised entry: one of the board's two.")
    kind = serializers.ChoiceField(choices=FoulKind.choices)
    article = serializers.ChoiceField(choices=FoulArticle.choices,
                                      help_text="The article applied (its category follows).")
    game = serializers.IntegerField(required=False, allow_null=True, default=None,
                                    help_text="A game of the board's match, by its number.")
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=300)


def _serializer(request, event):
    return StaffFoulSerializer if is_staff_of(request, event) else FoulSerializer


class BoardFoulsView(APIView):
    """A board's penalties, oldest first; POST records one (the event's arbiters)."""

    def _board(self, request, pk):
        board = get_object_or_404(boards_with_event(), pk=pk)
        event = round_event_for(request, board.round)
        return board, event

    @extend_schema(responses=FoulReadSerializer(many=True))
    def get(self, request, pk):
        board, event = self._board(request, pk)
        return Response(_serializer(request, event)(board_fouls(board), many=True).data)

    @extend_schema(request=FoulCreateSerializer, responses=StaffFoulSerializer)
    def post(self, request, pk):
        board, event = self._board(request, pk)
        data = validated(FoulCreateSerializer, request)
        game = None
        if data["game"] is not None:
            game = board_game(board, number=data["game"])
            if game is None:
                raise serializers.ValidationError({"game": _(
                    "Board %(board)s has no game %(game)s.") % {"board": board.number,
                                                                "game": data["game"]}})
        foul = foul_services.foul_record(
            event=event, board=board, entry_id=data["entry"], kind=data["kind"],
            article=data["article"], game=game, note=data["note"], actor=request.user)
        return Response(StaffFoulSerializer(foul).data, status=status.HTTP_201_CREATED)


class FoulView(APIView):
    """Remove a penalty recorded by mistake (the event's arbiters)."""

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, pk):
        foul = get_object_or_404(fouls_with_round(), pk=pk)
        event = event_for(request, foul.board.round.event_id)
        foul_services.foul_remove(event=event, foul=foul, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class EventFoulsView(APIView):
    """Every penalty of an event by round and board (published rounds for the public)."""

    @extend_schema(responses=FoulReadSerializer(many=True))
    def get(self, request, event_pk):
        event = event_for(request, event_pk)
        staff = is_staff_of(request, event)
        return Response(_serializer(request, event)(event_fouls(event, staff=staff),
                                                    many=True).data)
