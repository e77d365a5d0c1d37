"""API: start an export, an import or a restore as a background job, read a job's status and
progress, confirm or cancel an import, download the file. Thin: the services check rights
(a refusal of the rules is a 403, a refusal of the event's state or of a file a 400 with the
reason in ``detail``).

    POST /api/events/{id}/exports/     {"table": "event"|"players"|..., "round": n, "language"}
    POST /api/events/{id}/imports/     multipart "file": players or teams of the event
    POST /api/imports/                 multipart "file": players for the register
    GET  /api/events/{id}/backup/      the event as one JSON document
    POST /api/restores/                multipart "file": a backup document
    GET  /api/jobs/{id}/               status, progress, preview, error, download URL
    POST /api/jobs/{id}/confirm/       store a previewed import: {"existing": "update"|"skip",
                                       "valid_only": false}
    POST /api/jobs/{id}/cancel/
    GET  /api/jobs/{id}/file/          the workbook of a finished export, the PDF of a print job
"""

from __future__ import annotations

from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.permissions import event_for
from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.excel.workbook import TABLES, XLSX
from tournaments.models import Event, Job, JobKind, JobStatus
from tournaments.printing.document import PDF
from tournaments.services.backup import event_backup, restore_start
from tournaments.services.imports import import_confirm, import_start
from tournaments.services.jobs import can_see_job, export_start, job_cancel

# The jobs that produce a file, and its type.
FILES = {JobKind.EXPORT: XLSX, JobKind.PDF: PDF}


class JobSerializer(serializers.ModelSerializer):
    percent = serializers.IntegerField(read_only=True)
    download_url = serializers.SerializerMethodField()
    preview = serializers.SerializerMethodField()

    class Meta:
        model = Job
        fields = ["id", "kind", "status", "event", "params", "done", "total", "percent",
                  "error", "result", "preview", "download_url", "created_at", "started_at",
                  "finished_at"]
        read_only_fields = fields

    def get_download_url(self, job: Job) -> str | None:
        if job.kind not in FILES or job.status != JobStatus.DONE or not job.file:
            return None
        url = reverse("job-file", kwargs={"pk": job.pk})
        request = self.context.get("request")
        return request.build_absolute_uri(url) if request else url

    def get_preview(self, job: Job) -> dict | None:
        """The import's rows as they will be stored, each error in the caller's language."""
        if not job.preview:
            return None
        rows = [{**row, "errors": [reader.message(e["code"], e["params"]) for e in row["errors"]],
                 "warnings": [reader.message(w["code"], w["params"]) for w in row["warnings"]]}
                for row in job.preview.get("rows", [])]
        return {**job.preview, "rows": rows}


class ExportRequest(serializers.Serializer):
    table = serializers.ChoiceField(choices=TABLES)
    round = serializers.IntegerField(required=False, min_value=1)
    language = serializers.ChoiceField(choices=["vi", "en"], required=False)


class FileUpload(serializers.Serializer):
    file = serializers.FileField()


def _refused(exc: ServiceError) -> Response:
    return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)


def _accepted(job: Job, request) -> Response:
    job.refresh_from_db()
    data = JobSerializer(job, context={"request": request}).data
    return Response(data, status=status.HTTP_202_ACCEPTED,
                    headers={"Location": reverse("job-detail", kwargs={"pk": job.pk})})


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
        return _accepted(job, request)


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
        return _accepted(job, request)


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
        return _accepted(job, request)


class BackupView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: dict})
    def get(self, request, event_pk: int):
        event = event_for(request, event_pk)
        return Response(event_backup(event=event, actor=request.user))


def _job(request, pk: int) -> Job:
    job = get_object_or_404(Job, pk=pk)
    if not can_see_job(request.user, job):
        raise Http404
    return job


class JobView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: JobSerializer})
    def get(self, request, pk: int):
        return Response(JobSerializer(_job(request, pk), context={"request": request}).data)


class ImportConfirmSerializer(serializers.Serializer):
    """How a previewed import is stored (issue 19)."""

    existing = serializers.ChoiceField(
        choices=["update", "skip"], default="update",
        help_text="Players already in the register or the event: update their details from "
                  "the file, or leave them as they are.")
    valid_only = serializers.BooleanField(
        default=False, help_text="Store the rows without errors when some rows have errors "
                                 "(the others are listed in the job's result).")


class JobConfirmView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=ImportConfirmSerializer, responses={202: JobSerializer})
    def post(self, request, pk: int):
        choice = ImportConfirmSerializer(data=request.data)
        choice.is_valid(raise_exception=True)
        try:
            job = import_confirm(job=_job(request, pk), actor=request.user,
                                 **choice.validated_data)
        except ServiceError as exc:
            return _refused(exc)
        return _accepted(job, request)


class JobCancelView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: JobSerializer})
    def post(self, request, pk: int):
        try:
            job = job_cancel(job=_job(request, pk), actor=request.user)
        except ServiceError as exc:
            return _refused(exc)
        return Response(JobSerializer(job, context={"request": request}).data)


class JobFileView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={(200, XLSX): bytes, (200, PDF): bytes})
    def get(self, request, pk: int):
        job = _job(request, pk)
        if job.kind not in FILES or job.status != JobStatus.DONE or not job.file:
            raise Http404
        try:
            handle = job.file.open("rb")
        except FileNotFoundError:
            raise Http404 from None
        return FileResponse(handle, as_attachment=True, filename=job.filename,
                            content_type=FILES[job.kind])


urlpatterns = [
    path("events/<int:event_pk>/exports/", EventExportView.as_view(), name="event-exports"),
    path("events/<int:event_pk>/imports/", EventImportView.as_view(), name="event-imports"),
    path("events/<int:event_pk>/backup/", BackupView.as_view(), name="event-backup"),
    path("imports/", RegisterImportView.as_view(), name="register-imports"),
    path("restores/", RestoreView.as_view(), name="restores"),
    path("jobs/<int:pk>/", JobView.as_view(), name="job-detail"),
    path("jobs/<int:pk>/confirm/", JobConfirmView.as_view(), name="job-confirm"),
    path("jobs/<int:pk>/cancel/", JobCancelView.as_view(), name="job-cancel"),
    path("jobs/<int:pk>/file/", JobFileView.as_view(), name="job-file"),
]
