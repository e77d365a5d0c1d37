"""API of ratings.

- ``GET /api/rating-lists/``: the lists, newest first; ``GET /api/rating-lists/<id>/``: one list
  with its rows (name, federation ID, rating, games; 0: unrated).
- ``POST /api/rating-lists/`` (multipart ``file``, ``name``, ``list_date``, ``dry_run``): import
  a list (``tournaments.add_ratinglist``), all rows or none: ``400`` with ``rows`` naming each
  bad row's line and reasons; ``dry_run`` only checks.
- ``GET /api/players/<id>/ratings/``: a player's rating on every list, and the events applied.
- ``GET /api/events/<id>/ratings/?after_round=n``: the event's rating report.
- ``POST /api/events/<id>/ratings/apply/`` and ``.../revert/``: the organisers apply the changes
  to the latest list, or revert them while it is the latest.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from tournaments.api.jobs import JobSerializer, job_accepted
from tournaments.api.permissions import event_for
from tournaments.api.query import query_number
from tournaments.models import RatingApplication, RatingList
from tournaments.selectors.ratings import (
    event_report,
    player_rating_history,
    public_player,
    rating_list_rows,
    rating_lists,
)
from tournaments.services import ratings as services


class RatingListSerializer(serializers.ModelSerializer):
    class Meta:
        model = RatingList
        fields = ["id", "name", "list_date", "imported_at"]


class ListImport(serializers.Serializer):
    file = serializers.FileField()
    name = serializers.CharField(max_length=120)
    list_date = serializers.DateField()
    dry_run = serializers.BooleanField(default=False)


def _bad_rows(rows) -> list[dict]:
    return [{"line": r.line, "errors": r.reasons()} for r in rows]


@extend_schema(request=ListImport, responses={200: RatingListSerializer(many=True),
                                              201: RatingListSerializer,
                                              202: JobSerializer})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
@parser_classes([MultiPartParser, FormParser])
def rating_list_collection(request):
    if request.method == "GET":
        return Response(RatingListSerializer(rating_lists(), many=True).data)
    if not request.user.has_perm("tournaments.add_ratinglist"):
        raise PermissionDenied(_("You do not have the right to import rating lists."))
    data = ListImport(data=request.data)
    data.is_valid(raise_exception=True)
    values = data.validated_data
    try:
        if values["dry_run"]:
            preview = services.rating_list_preview(upload=values["file"])
            return Response({"rows": len(preview.rows), "bad_rows": _bad_rows(preview.bad_rows)})
        if services.rating_list_job_check(upload=values["file"]):
            return job_accepted(services.rating_list_import_start(
                actor=request.user, upload=values["file"], name=values["name"],
                list_date=values["list_date"], lang=get_language()), request)
        item = services.rating_list_import(actor=request.user, upload=values["file"],
                                           name=values["name"], list_date=values["list_date"])
    except services.BadRows as error:
        return Response({"detail": str(error), "code": "bad_rows", "rows": _bad_rows(error.rows)},
                        status=status.HTTP_400_BAD_REQUEST)
    return Response(RatingListSerializer(item).data, status=status.HTTP_201_CREATED)


@extend_schema(responses=inline_serializer("RatingListDetail", {
    "id": serializers.IntegerField(), "name": serializers.CharField(),
    "list_date": serializers.DateField(), "rows": serializers.ListField()}))
@api_view(["GET"])
def rating_list_detail(request, pk):
    item = get_object_or_404(RatingList, pk=pk)
    return Response({**RatingListSerializer(item).data, "rows": [
        {"name": r.name, "federation_id": r.federation_id, "rating": r.rating,
         "games": r.games, "player": r.player_id} for r in rating_list_rows(item)]})


@extend_schema(responses=inline_serializer("PlayerRatings", {
    "player": serializers.IntegerField(), "lists": serializers.ListField(),
    "events": serializers.ListField()}))
@api_view(["GET"])
def player_ratings(request, pk):
    player = public_player(pk)
    if player is None:
        raise Http404
    history = player_rating_history(player)
    return Response({
        "player": player.pk, "rating": player.rating or 0,
        "lists": [{"list": r.rating_list_id, "name": r.rating_list.name,
                   "list_date": r.rating_list.list_date, "rating": r.rating, "games": r.games}
                  for r in history["rows"]],
        "events": [{"event": c.application.event_id, "list": c.application.rating_list_id,
                    "old_rating": c.old_rating, "new_rating": c.new_rating,
                    "applied_at": c.application.applied_at,
                    "reverted": c.application.reverted_at is not None}
                   for c in history["changes"]]})


def _application(application: RatingApplication | None) -> dict | None:
    if application is None:
        return None
    return {"id": application.pk, "list": application.rating_list_id,
            "after_round": application.after_round, "applied_at": application.applied_at,
            "applied_by": application.applied_by.username if application.applied_by else None,
            "reverted_at": application.reverted_at}


@extend_schema(responses=inline_serializer("RatingReport", {
    "event": serializers.IntegerField(), "after_round": serializers.IntegerField(),
    "rows": serializers.ListField(), "applied": serializers.DictField(allow_null=True)}))
@api_view(["GET"])
def event_ratings(request, event_pk):
    """Each player's rated games, score, expected score, K, change and new rating."""
    event = event_for(request, event_pk)
    report = event_report(event, after_round=query_number(request, "after_round"))
    return Response({
        "event": event.pk, "rated": event.rated, "k_table": event.rating_table,
        "cap": event.rating_cap, "after_round": report.after_round,
        "rows": [{"number": r.row.number, "entry": r.entry.pk, "name": r.entry.name,
                  "rating": r.row.rating or 0, "k": r.row.k, "games": r.row.games,
                  "score": r.score, "expected": r.expected, "change": r.change,
                  "new_rating": r.row.new_rating or 0} for r in report.rows],
        "applied": _application(report.application)})


@extend_schema(request=None, responses=inline_serializer("RatingApplication", {
    "id": serializers.IntegerField(), "list": serializers.IntegerField()}))
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def event_ratings_apply(request, event_pk):
    event = event_for(request, event_pk)
    application = services.event_ratings_apply(event=event, actor=request.user)
    return Response(_application(application), status=status.HTTP_201_CREATED)


@extend_schema(request=None, responses=inline_serializer("RatingRevert", {
    "id": serializers.IntegerField(), "list": serializers.IntegerField()}))
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def event_ratings_revert(request, event_pk):
    event = event_for(request, event_pk)
    application = services.event_ratings_revert(event=event, actor=request.user)
    return Response(_application(application))
