"""API of background jobs, whatever their kind (``models/jobs.py``: an export, a print sheet's
PDF, an import, a restore, the pairing of a large event's next round). Every endpoint that
starts one answers ``202`` with the job and its address in ``Location``; the job is then read
here. Thin: who may see a job is ``rules.py: job_visible``.

    GET  /api/jobs/{id}/               status, progress (a pairing's stage), preview, error,
                                       result, download URL, the round a pairing stored
    POST /api/jobs/{id}/confirm/       store a previewed import: {"existing": "update"|"skip",
                                       "valid_only": false, "keep": {conflict key: row}}
    POST /api/jobs/{id}/cancel/        a job waiting, or running (its worker stops at its next
                                       step; nothing of it is stored)
    GET  /api/jobs/{id}/file/          the workbook of a finished export, the PDF of a print job

``GET /api/events/{id}/pairing-jobs/{task id}/``, the address of a pairing before it was a job
like the others, redirects here for good.
"""

from __future__ import annotations

from django.http import FileResponse, Http404, HttpResponsePermanentRedirect
from django.shortcuts import get_object_or_404
from django.urls import path, re_path, reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.excel.workbook import XLSX
from tournaments.models import Job, JobKind, JobStage, JobStatus
from tournaments.printing.document import PDF
from tournaments.rules import job_visible
from tournaments.selectors.jobs import jobs_with_event, pairing_job_of_task
from tournaments.services.imports import import_confirm
from tournaments.services.jobs import job_cancel, job_refresh

# The jobs that produce a file, and its type.
FILES = {JobKind.EXPORT: XLSX, JobKind.PDF: PDF}


class JobSerializer(serializers.ModelSerializer):
    percent = serializers.IntegerField(read_only=True)
    stage = serializers.ChoiceField(choices=JobStage.choices, allow_blank=True, read_only=True,
                                    help_text="A pairing's stage while it runs; empty "
                                              "otherwise.")
    download_url = serializers.SerializerMethodField()
    round_url = serializers.SerializerMethodField()
    preview = serializers.SerializerMethodField()
    dispatched = serializers.SerializerMethodField(
        help_text="False while the job waits for the task queue, which could not be reached "
                  "when it was made: it is sent as soon as the queue answers.")
    attempts = serializers.IntegerField(
        read_only=True, help_text="How many times a worker took the job: a job whose worker "
                                  "died is run once more, else failed with that reason.")

    class Meta:
        model = Job
        fields = ["id", "kind", "status", "event", "params", "done", "total", "percent",
                  "stage", "error", "result", "preview", "download_url", "round_url",
                  "created_at", "started_at", "finished_at", "dispatched", "attempts",
                  "heartbeat_at"]
        read_only_fields = fields

    def _url(self, url: str) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(url) if request else url

    def get_dispatched(self, job: Job) -> bool:
        return job.dispatched_at is not None or job.status != JobStatus.QUEUED

    def get_download_url(self, job: Job) -> str | None:
        if job.kind not in FILES or job.status != JobStatus.DONE or not job.file:
            return None
        return self._url(reverse("job-file", kwargs={"pk": job.pk}))

    def get_round_url(self, job: Job) -> str | None:
        """A pairing done: the round it stored (also in ``result``: ``round``, ``round_id``)."""
        if job.kind != JobKind.PAIRING or job.status != JobStatus.DONE:
            return None
        return self._url(reverse("event-round", kwargs={"event_pk": job.event_id,
                                                        "number": job.result["round"]}))

    def get_preview(self, job: Job) -> dict | None:
        """The import's rows as they will be stored, each error in the caller's language."""
        if not job.preview:
            return None
        rows = [{**row, "errors": [reader.message(e["code"], e["params"]) for e in row["errors"]],
                 "warnings": [reader.message(w["code"], w["params"]) for w in row["warnings"]]}
                for row in job.preview.get("rows", [])]
        return {**job.preview, "rows": rows}


def job_accepted(job: Job, request) -> Response:
    """``202``: a job started, as it stands now, and its address."""
    job.refresh_from_db()
    data = JobSerializer(job, context={"request": request}).data
    return Response(data, status=status.HTTP_202_ACCEPTED,
                    headers={"Location": reverse("job-detail", kwargs={"pk": job.pk})})


def _refused(exc: ServiceError) -> Response:
    return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)


def _job(request, pk: int) -> Job:
    job = get_object_or_404(jobs_with_event(), pk=pk)
    if not job_visible(request.user, job):
        raise Http404
    return job


class JobView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: JobSerializer})
    def get(self, request, pk: int):
        job = job_refresh(job=_job(request, pk))  # a dead worker's job is dealt with here
        return Response(JobSerializer(job, context={"request": request}).data)


class ImportConfirmSerializer(serializers.Serializer):
    """How a previewed import is stored."""

    existing = serializers.ChoiceField(
        choices=["update", "skip"], default="update",
        help_text="Players already in the register or the event: update their details from "
                  "the file, or leave them as they are.")
    valid_only = serializers.BooleanField(
        default=False, help_text="Store the rows without errors when some rows have errors "
                                 "(the others are listed in the job's result).")
    keep = serializers.DictField(
        child=serializers.IntegerField(), required=False, default=dict,
        help_text="Of rows naming one player with different data (the preview's rows sharing "
                  "a `conflict` key), the row number to store, by conflict key.")


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
        return job_accepted(job, request)


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


@extend_schema(exclude=True)
@api_view(["GET"])
def pairing_job_moved(request, event_pk, task_id):
    """The address of a pairing before it was a job like the others (the ``202`` of
    ``POST /api/events/<id>/rounds/`` gave it): for good at ``/api/jobs/<id>/``."""
    job = pairing_job_of_task(task_id)
    if job is None or job.event_id != int(event_pk) or not job_visible(request.user, job):
        raise Http404
    return HttpResponsePermanentRedirect(reverse("job-detail", kwargs={"pk": job.pk}))


urlpatterns = [
    path("jobs/<int:pk>/", JobView.as_view(), name="job-detail"),
    path("jobs/<int:pk>/confirm/", JobConfirmView.as_view(), name="job-confirm"),
    path("jobs/<int:pk>/cancel/", JobCancelView.as_view(), name="job-cancel"),
    path("jobs/<int:pk>/file/", JobFileView.as_view(), name="job-file"),
    # A Celery task id (a UUID): a random string is not an address.
    re_path(r"^events/(?P<event_pk>[0-9]+)/pairing-jobs/(?P<task_id>[A-Za-z0-9-]{1,64})/$",
            pairing_job_moved, name="event-pairing-job"),
]
