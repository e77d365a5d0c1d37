"""API: start an export, an import or a restore as a background job (read, confirmed,
cancelled and downloaded through ``api/jobs.py``); download a backup. Thin: the services check
rights (a refusal of the rules is a 403, a refusal of the event's state or of a file a 400 with
the reason in ``detail``).

    POST /api/events/{id}/exports/     {"table": "event"|"players"|..., "round": n, "language"}
    POST /api/events/{id}/imports/     multipart "file": players or teams of the event
    POST /api/imports/                 multipart "file": players for the register
    GET  /api/events/{id}/backup/      the event as one JSON document
    POST /api/restores/                multipart "file": a backup document
"""

from __future__ import annotations

from django.urls import path
from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.jobs import JobSerializer, job_accepted
from tournaments.api.permissions import event_for
from tournaments.errors import ServiceError
from tournaments.excel.workbook import TABLES
from tournaments.models import Event
from tournaments.services.backup import event_backup, restore_start
from tournaments.services.imports import import_start
from tournaments.services.jobs import export_start


class ExportRequest(serializers.Serializer):
    table = serializers.ChoiceField(choices=TABLES)
    round = serializers.IntegerField(required=False, min_value=1)
    language = serializers.ChoiceField(choices=["vi", "en"], required=False)


class FileUpload(serializers.Serializer):
    file = serializers.FileField()


def _refused(exc: ServiceError) -> Response:
    return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)


class EventExportView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=ExportRequest, responses={202: JobSerializer})
    def post(self, request, event_pk: int):
        event = event_for(request, event_pk)
        data = ExportRequest(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            job = export_start(event=event, actor=request.user, table=data.validated_data["table"],
                               round=data.validated_data.get("round"),
                               lang=data.validated_data.get("language") or get_language())
        except ServiceError as exc:
            return _refused(exc)
        return job_accepted(job, request)


class _ImportView(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser, FormParser]

    def _start(self, request, event: Event | None):
        data = FileUpload(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            job = import_start(actor=request.user, upload=data.validated_data["file"],
                               event=event, lang=get_language())
        except ServiceError as exc:
            return _refused(exc)
        return job_accepted(job, request)


class EventImportView(_ImportView):
    @extend_schema(request={"multipart/form-data": FileUpload}, responses={202: JobSerializer})
    def post(self, request, event_pk: int):
        event = event_for(request, event_pk)
        return self._start(request, event)


class RegisterImportView(_ImportView):
    @extend_schema(request={"multipart/form-data": FileUpload}, responses={202: JobSerializer})
    def post(self, request):
        return self._start(request, None)


class RestoreView(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(request={"multipart/form-data": FileUpload}, responses={202: JobSerializer})
    def post(self, request):
        data = FileUpload(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            job = restore_start(actor=request.user, upload=data.validated_data["file"],
                                lang=get_language())
        except ServiceError as exc:
            return _refused(exc)
        return job_accepted(job, request)


class BackupView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: dict})
    def get(self, request, event_pk: int):
        event = event_for(request, event_pk)
        return Response(event_backup(event=event, actor=request.user))


urlpatterns = [
    path("events/<int:event_pk>/exports/", EventExportView.as_view(), name="event-exports"),
    path("events/<int:event_pk>/imports/", EventImportView.as_view(), name="event-imports"),
    path("events/<int:event_pk>/backup/", BackupView.as_view(), name="event-backup"),
    path("imports/", RegisterImportView.as_view(), name="register-imports"),
    path("restores/", RestoreView.as_view(), name="restores"),
]
