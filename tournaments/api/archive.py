"""API of the archive, open to all (read only).

- ``GET /api/search/?q=words&limit=n``: public events (name, venue, organiser, year) and the
  players anyone may read, diacritics ignored, each word the beginning of a word found; the
  exact name first (``selectors/search.py``); ``limit`` 1 to 50 (20). A query without a word
  finds nothing.
- ``GET /api/archive/?year=y&page=n``: finished public events of a season, newest first, 50
  a page, and every season with its number of events (``selectors/archive.py``).
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from tournaments.api.query import query_number
from tournaments.selectors.archive import archive_page
from tournaments.selectors.search import archive_search

SEARCH_LIMIT_MAX = 50


class EventFoundSerializer(serializers.Serializer):
    name = serializers.CharField()
    url = serializers.CharField(help_text="The event's public page.")
    start_date = serializers.DateField()
    end_date = serializers.DateField(allow_null=True)
    venue = serializers.CharField(allow_blank=True)
    organiser = serializers.CharField(allow_blank=True)


class PlayerFoundSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    url = serializers.CharField(help_text="The player's public page.")
    club = serializers.CharField(allow_blank=True)
    province = serializers.CharField(allow_blank=True)
    rating = serializers.IntegerField(allow_null=True)
    title = serializers.CharField(allow_blank=True)


class SearchSerializer(serializers.Serializer):
    query = serializers.CharField(allow_blank=True)
    words = serializers.ListField(child=serializers.CharField(),
                                 help_text="The words searched for, folded.")
    events = EventFoundSerializer(many=True)
    players = PlayerFoundSerializer(many=True)
    more_events = serializers.BooleanField()
    more_players = serializers.BooleanField()


class SeasonSerializer(serializers.Serializer):
    year = serializers.IntegerField()
    count = serializers.IntegerField()


class ArchiveEventSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    url = serializers.CharField(source="get_absolute_url")
    start_date = serializers.DateField()
    end_date = serializers.DateField(allow_null=True)
    venue = serializers.CharField(allow_blank=True)
    entry_count = serializers.IntegerField()


class ArchiveSerializer(serializers.Serializer):
    seasons = SeasonSerializer(many=True)
    year = serializers.IntegerField(allow_null=True)
    count = serializers.IntegerField()
    page = serializers.IntegerField(source="number")
    pages = serializers.IntegerField()
    events = ArchiveEventSerializer(many=True)


@extend_schema(parameters=[
    OpenApiParameter("q", OpenApiTypes.STR, description="Words to find."),
    OpenApiParameter("limit", OpenApiTypes.INT, description="At most this many of each, 1-50.")],
    responses={200: SearchSerializer})
@api_view(["GET"])
@permission_classes([AllowAny])
def search(request):
    limit = query_number(request, "limit", minimum=1)
    found = archive_search(request.query_params.get("q", ""),
                           limit=min(limit or 20, SEARCH_LIMIT_MAX))
    return Response(SearchSerializer(found).data)


@extend_schema(parameters=[
    OpenApiParameter("year", OpenApiTypes.INT, description="The season (the latest by default)."),
    OpenApiParameter("page", OpenApiTypes.INT, description="The page, from 1.")],
    responses={200: ArchiveSerializer})
@api_view(["GET"])
@permission_classes([AllowAny])
def archive(request):
    found = archive_page(year=query_number(request, "year"),
                         page=query_number(request, "page", minimum=1) or 1)
    return Response(ArchiveSerializer(found).data)
