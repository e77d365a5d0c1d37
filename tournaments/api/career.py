"""API of a player across events, the titles and classifications of the register, merging
duplicates and the register's workbook.

- ``GET /api/players/<id>/career/``: every public event of the player with rank, points,
  performance and rating change, the rating graph's points, the titles held, the recorded
  games (public, as the career page).
- ``GET /api/players/<id>/head-to-head/<other_id>/``: the two players' games and score.
- ``GET /api/title-kinds/``: the federation's list of titles and classifications.
- ``GET /api/players/<id>/titles/``: the titles held (public); ``POST``: award one
  (``tournaments.award_title``: the register's keepers).
- ``POST /api/titles/<id>/revoke/`` (``reason``): revoke an award entered in error.
- ``POST /api/players/<id>/merge/`` (``duplicate``, ``reason``): merge a duplicate into the
  player (``tournaments.edit_player`` on both); 400 when both played in one event.
- ``GET /api/register/workbook/``: the whole register as the import reads it (the keepers);
  it is imported back through ``POST /api/imports/`` (``api/excel.py``).
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from tournaments.excel import workbook
from tournaments.excel.register import register_workbook
from tournaments.excel.workbook import XLSX
from tournaments.models import PlayerTitle, TitleKind
from tournaments.selectors.career import (
    player_career,
    player_public_by_id,
    player_titles,
    players_head_to_head,
    title_kinds,
)
from tournaments.selectors.players import player_by_id, players_register
from tournaments.services.player_merge import player_merge
from tournaments.services.titles import player_title_award, player_title_revoke


class TitleKindSerializer(serializers.ModelSerializer):
    label = serializers.CharField(help_text="The name in the asked language.")

    class Meta:
        model = TitleKind
        fields = ["id", "code", "name", "name_en", "label", "group", "order", "awarded_by"]


class TitleSerializer(serializers.ModelSerializer):
    kind = serializers.SlugRelatedField(slug_field="code", read_only=True)
    label = serializers.CharField(source="kind.label")

    class Meta:
        model = PlayerTitle
        fields = ["id", "player", "kind", "label", "awarded_on", "awarded_by", "note"]


class TitleAward(serializers.Serializer):
    kind = serializers.SlugRelatedField(slug_field="code", queryset=TitleKind.objects.all())
    awarded_on = serializers.DateField()
    awarded_by = serializers.CharField(max_length=120, allow_blank=True, default="")
    note = serializers.CharField(max_length=200, allow_blank=True, default="")
    reason = serializers.CharField(max_length=200, allow_blank=True, default="")


class Revoke(serializers.Serializer):
    reason = serializers.CharField(max_length=200)


class Merge(serializers.Serializer):
    duplicate = serializers.IntegerField(min_value=1)
    reason = serializers.CharField(max_length=80, allow_blank=True, default="")


class MergeAnswer(serializers.Serializer):
    player = serializers.IntegerField()
    moved = serializers.DictField(child=serializers.IntegerField(),
                                  help_text="Rows moved to the player kept, by model.")


class CareerEventSerializer(serializers.Serializer):
    event = serializers.IntegerField(source="event.pk")
    slug = serializers.CharField(source="event.slug")
    name = serializers.CharField(source="event.name")
    start_date = serializers.DateField(source="event.start_date")
    end_date = serializers.DateField(source="event.end_date", allow_null=True)
    entry = serializers.IntegerField(source="entry.pk")
    team = serializers.CharField(help_text="The team's name for a roster's player, else empty.")
    rank = serializers.IntegerField(allow_null=True)
    shared = serializers.BooleanField()
    points = serializers.CharField()
    performance = serializers.IntegerField(allow_null=True)
    rating = serializers.IntegerField(allow_null=True, help_text="The rating at entry.")
    rating_change = serializers.FloatField(source="change_value", allow_null=True)
    rating_after = serializers.IntegerField(allow_null=True)


class GraphPointSerializer(serializers.Serializer):
    on = serializers.DateField()
    rating = serializers.IntegerField()
    label = serializers.CharField()


class CareerGameSerializer(serializers.Serializer):
    event = serializers.IntegerField(source="event.pk")
    slug = serializers.CharField(source="event.slug")
    round = serializers.IntegerField()
    board = serializers.IntegerField(source="board_id")
    game = serializers.IntegerField(allow_null=True)
    opponent = serializers.CharField()
    colour = serializers.CharField()
    result = serializers.CharField()


class CareerSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player.pk")
    full_name = serializers.CharField(source="player.full_name")
    events = CareerEventSerializer(many=True)
    titles = TitleSerializer(many=True)
    graph = serializers.SerializerMethodField()
    games = CareerGameSerializer(many=True)

    @extend_schema_field(GraphPointSerializer(many=True))
    def get_graph(self, career) -> list[dict]:
        points = career.graph.points if career.graph else ()
        return GraphPointSerializer(points, many=True).data


class MeetingSerializer(serializers.Serializer):
    event = serializers.IntegerField(source="event.pk")
    slug = serializers.CharField(source="event.slug")
    start_date = serializers.DateField(source="event.start_date")
    round = serializers.IntegerField()
    board = serializers.IntegerField(source="board_id")
    game = serializers.IntegerField(allow_null=True)
    colour = serializers.CharField()
    result = serializers.CharField(help_text="From the first player's side: 1, ½, 0, +, -.")
    recorded = serializers.BooleanField()


class HeadToHeadSerializer(serializers.Serializer):
    first = serializers.IntegerField(source="first.pk")
    second = serializers.IntegerField(source="second.pk")
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    score = serializers.CharField()
    other_score = serializers.CharField()
    meetings = MeetingSerializer(many=True)


def _public(pk: int):
    player = player_public_by_id(pk)
    if player is None:
        raise Http404
    return player


@extend_schema(responses=CareerSerializer)
@api_view(["GET"])
def player_career_view(request, pk):
    return Response(CareerSerializer(player_career(_public(pk))).data)


@extend_schema(responses=HeadToHeadSerializer)
@api_view(["GET"])
def head_to_head_view(request, pk, other_pk):
    first, second = _public(pk), _public(other_pk)
    if first.pk == second.pk:
        raise Http404
    return Response(HeadToHeadSerializer(players_head_to_head(first, second)).data)


@extend_schema(responses=TitleKindSerializer(many=True))
@api_view(["GET"])
def title_kind_list(request):
    return Response(TitleKindSerializer(title_kinds(), many=True).data)


@extend_schema(methods=["GET"], responses=TitleSerializer(many=True))
@extend_schema(methods=["POST"], request=TitleAward, responses={201: TitleSerializer})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
def player_title_list(request, pk):
    if request.method == "GET":
        return Response(TitleSerializer(player_titles(_public(pk)), many=True).data)
    player = player_by_id(pk)
    if player is None:
        raise Http404
    if not request.user.has_perm("tournaments.award_title"):
        raise PermissionDenied(_("Only the register's keepers (the federation's staff) may "
                                 "award or revoke titles and classifications."))
    data = TitleAward(data=request.data)
    data.is_valid(raise_exception=True)
    title = player_title_award(player=player, actor=request.user, **data.validated_data)
    return Response(TitleSerializer(title).data, status=status.HTTP_201_CREATED)


@extend_schema(request=Revoke, responses={204: None})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def title_revoke(request, pk):
    if not request.user.has_perm("tournaments.award_title"):
        raise PermissionDenied(_("Only the register's keepers (the federation's staff) may "
                                 "award or revoke titles and classifications."))
    title = get_object_or_404(PlayerTitle, pk=pk)
    data = Revoke(data=request.data)
    data.is_valid(raise_exception=True)
    player_title_revoke(title=title, actor=request.user, reason=data.validated_data["reason"])
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(request=Merge, responses=MergeAnswer)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def player_merge_view(request, pk):
    keep = player_by_id(pk)
    if keep is None:
        raise Http404
    data = Merge(data=request.data)
    data.is_valid(raise_exception=True)
    duplicate = player_by_id(data.validated_data["duplicate"])
    if duplicate is None:
        raise serializers.ValidationError(
            {"duplicate": [_("That player is no longer in the register.")]})
    moved = player_merge(keep=keep, duplicate=duplicate, actor=request.user,
                         reason=data.validated_data["reason"])
    return Response({"player": keep.pk, "moved": moved})


@extend_schema(responses={(200, XLSX): bytes})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def register_workbook_view(request):
    if not request.user.has_perm("tournaments.export_register"):
        raise PermissionDenied(_("Only the register's keepers may download the whole "
                                 "register."))
    response = HttpResponse(workbook.to_bytes(register_workbook(players_register(),
                                                                get_language())),
                            content_type=XLSX)
    response["Content-Disposition"] = 'attachment; filename="so-van-dong-vien.xlsx"'
    return response
