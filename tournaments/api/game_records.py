"""API of game records (Art. 11: the score sheet): a board's recorded games with their moves
(ICCS and Vietnamese notation), final position and PGN (everyone who sees the round; the
arbiter's aids for the staff), writing or removing one game's moves (the event's staff), and
uploading a round's PGN file. Thin, over ``services/game_records.py`` and
``selectors/game_records.py``."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.parsers import JSONParser
from tournaments.api.permissions import event_for, is_staff_of, round_event_for
from tournaments.api.query import query_number
from tournaments.api.views import validated
from tournaments.models import MoveNotation, Round
from tournaments.selectors.game_records import board_recorded_slots, game_view, pgn_text
from tournaments.selectors.relay import slots_public
from tournaments.selectors.rounds import boards_with_event
from tournaments.services import game_records as services


class AidsSerializer(serializers.Serializer):
    """The arbiter's aids (advice): a result contradicting the final position (Art. 7.1a, b),
    a repetition judged by chapter 5."""

    result_conflict = serializers.CharField(allow_null=True)
    expected_result = serializers.CharField(allow_null=True)
    repetition = serializers.CharField(allow_null=True)
    repetition_verdict = serializers.CharField(allow_null=True)
    repetition_article = serializers.CharField(allow_null=True)
    moves_without_capture = serializers.IntegerField(
        help_text="Art. 12: moves (one of each side) since the last capture, checks beyond the "
                  "fifth not counted.")
    checks_without_capture = serializers.IntegerField()
    move_limit = serializers.IntegerField(help_text="The statute's 50 (Art. 12) or 60 (20.4 b.6).")
    draw_claim_holds = serializers.BooleanField()
    draw_claim = serializers.CharField(help_text="The advice in words, with its article.")
    insufficient_material = serializers.CharField(
        allow_null=True, help_text="Art. 7.2 a, 20.4 b.6: no chariot, horse, cannon or soldier.")
    time_win_draw = serializers.CharField(
        allow_null=True, help_text="Rapid and blitz, point 8: the side that could not mate, "
                                   "whose win on time is a draw.")


class RecordedGameSerializer(serializers.Serializer):
    game = serializers.IntegerField(allow_null=True, help_text="The game of the board's match; "
                                    "null for a board's single game.")
    red = serializers.CharField(help_text="Red moves first (White, Art. 2.2).")
    black = serializers.CharField()
    result = serializers.CharField(help_text="1-0, 0-1, 1/2-1/2 or * (Red's first).")
    start_fen = serializers.CharField()
    fen = serializers.CharField(help_text="The final position.")
    moves = serializers.ListField(child=serializers.CharField(), help_text="ICCS (h2e2).")
    moves_vi = serializers.ListField(child=serializers.CharField(),
                                     help_text="Vietnamese notation (Art. 11: P2-5).")
    notation = serializers.CharField(help_text="The notation they were entered in.")
    source = serializers.CharField()
    entered_at = serializers.DateTimeField()
    pgn = serializers.CharField()
    aids = AidsSerializer(required=False, help_text="For the event's staff only.")


class MovesWriteSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=20_000, help_text="The score sheet: \"1) P2-5 M8.7 "
                                 "2) M2.3 X9-8\" (words too), or WXF, ICCS, Chinese.")
    notation = serializers.ChoiceField(choices=MoveNotation.choices, default="vi")
    game = serializers.IntegerField(required=False, allow_null=True, default=None)
    start_fen = serializers.CharField(required=False, allow_blank=True, default="",
                                      max_length=100)


def _game_data(slot, staff: bool) -> dict:
    view = game_view(slot)
    record = slot.record
    data = {"game": slot.number, "red": slot.red, "black": slot.black, "result": slot.result,
            "start_fen": view.fens[0], "fen": view.fens[-1], "moves": view.iccs,
            "moves_vi": [m.vi for m in view.moves], "notation": record.notation,
            "source": record.source, "entered_at": record.entered_at, "pgn": pgn_text([slot])}
    if staff:
        flag, rep, draws = view.flag, view.repetition, view.draws
        data["aids"] = {
            "result_conflict": flag.message() if flag else None,
            "expected_result": flag.expected if flag else None,
            "repetition": rep.message() if rep else None,
            "repetition_verdict": rep.verdict if rep else None,
            "repetition_article": rep.article if rep else None,
            "moves_without_capture": draws.counted, "checks_without_capture": draws.checks,
            "move_limit": draws.limit, "draw_claim_holds": draws.claim_holds,
            "draw_claim": draws.moves_message(),
            "insufficient_material": draws.material_message() if draws.no_material else None,
            "time_win_draw": draws.time_win_message() if draws.cannot_mate else None}
    return data


GAME = OpenApiParameter("game", int, description="The game of the board's match (DELETE).")


class BoardMovesView(APIView):
    """A board's recorded games (published rounds; drafts for the staff); PUT stores one
    game's moves from a score sheet, refused whole at the first illegal move (``ply``,
    ``move``); DELETE removes them. Writing is the event's staff's (results' right)."""

    parser_classes = [JSONParser, FormParser, MultiPartParser]

    def _board(self, request, pk):
        board = get_object_or_404(boards_with_event(), pk=pk)
        event = round_event_for(request, board.round)
        return board, event

    def _answer(self, request, board, event, **kwargs):
        staff = is_staff_of(request, event)
        slots = slots_public(board_recorded_slots(board), staff=staff)  # the relay's delay
        return Response([_game_data(s, staff) for s in slots], **kwargs)

    @extend_schema(responses=RecordedGameSerializer(many=True))
    def get(self, request, pk):
        board, event = self._board(request, pk)
        return self._answer(request, board, event)

    @extend_schema(request=MovesWriteSerializer, responses=RecordedGameSerializer(many=True))
    def put(self, request, pk):
        board, event = self._board(request, pk)
        data = validated(MovesWriteSerializer, request)
        services.game_moves_record(event=event, board=board, game_number=data["game"],
                                   text=data["text"], notation=data["notation"],
                                   start_fen=data["start_fen"], actor=request.user)
        return self._answer(request, board, event)

    @extend_schema(parameters=[GAME], request=None, responses={204: None})
    def delete(self, request, pk):
        board, event = self._board(request, pk)
        game = query_number(request, "game") or None  # 0 or none: every game
        services.game_moves_clear(event=event, board=board, game_number=game,
                                  actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PgnUploadSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="Xiangqi PGN, 2 MB at most: UTF-8, UTF-16 with a "
                                 "BOM, GBK/GB18030 or Big5 (told apart by the moves).")
    partial = serializers.BooleanField(default=False, help_text="Store the valid games even "
                                       "if others fail (default: all or nothing).")
    encoding = serializers.ChoiceField(choices=services.PGN_ENCODINGS, required=False,
                                       allow_null=True, default=None,
                                       help_text="The file's encoding, when it cannot be "
                                       "found from the file.")


class PgnLineSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    red = serializers.CharField()
    black = serializers.CharField()
    board = serializers.IntegerField(allow_null=True)
    game = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(choices=["stored", "replaced", "illegal", "unreadable",
                                              "unmatched"])
    message = serializers.CharField()


class PgnReportSerializer(serializers.Serializer):
    stored = serializers.IntegerField()
    partial = serializers.BooleanField()
    encoding = serializers.CharField(help_text="The file's encoding: UTF-8, UTF-16, GB18030 "
                                     "or Big5.")
    games = PgnLineSerializer(many=True)


class RoundPgnView(APIView):
    """Upload a round's games as one PGN file: each game matched to its board by the Board tag
    and the players' names; all or nothing unless ``partial``; a report per game."""

    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(request={"multipart/form-data": PgnUploadSerializer},
                   responses=PgnReportSerializer)
    def post(self, request, event_pk, number):
        event = event_for(request, event_pk)
        round_ = get_object_or_404(Round, event=event, number=number)
        data = validated(PgnUploadSerializer, request)
        report = services.round_pgn_import(
            event=event, round_=round_, data=data["file"].read(services.PGN_MAX_BYTES + 1),
            partial=data["partial"], encoding=data["encoding"], actor=request.user)
        body = {"stored": report.stored, "partial": report.partial,
                "encoding": report.encoding, "games": [
            {"index": line.index, "red": line.red, "black": line.black,
             "board": line.slot.board.number if line.slot else None,
             "game": line.slot.number if line.slot else None, "status": line.status,
             "message": line.message} for line in report.lines]}
        if report.failed and not report.stored:  # the shape of every refusal, and the report
            body.update(detail=_("No game was stored: %(n)s cannot be (see games).")
                        % {"n": report.failed}, code="pgn_refused")
            return Response(body, status=status.HTTP_400_BAD_REQUEST)
        return Response(body)
