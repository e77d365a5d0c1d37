"""API: the print sheets of an event as PDF, the same documents as the web's PDF
links, with the same rights (the public: what the public pages show; score sheets,
certificates and drafts: the event's staff).

    GET  /api/events/{id}/print/                  the sheets the caller may print
    GET  /api/events/{id}/print/{sheet}/          the PDF (?round=, ?after=, ?top=); a long
                                                  one is 409 "pdf_long": queue it as a job
    POST /api/events/{id}/print/{sheet}/          {"round", "after", "top", "language"}: the
                                                  PDF built as a job (the staff's), 202
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response

from tournaments.api.jobs import JobSerializer, job_accepted
from tournaments.api.permissions import event_for, is_staff_of
from tournaments.api.query import query_number
from tournaments.errors import ServiceError
from tournaments.printing.document import PDF, sheet_pdf
from tournaments.printing.sheets import (
    SheetError,
    SheetRefused,
    sheet_context,
    sheet_for,
    sheet_size,
    sheets_for,
)
from tournaments.services.jobs import pdf_start

ASKED = [OpenApiParameter(name, int, description=text) for name, text in (
    ("round", "the round of a round's sheet (default: the last one the caller sees)"),
    ("after", "standings and crosstable after this round"),
    ("top", "certificates for ranks 1 to this (default 3)"))]


class PrintJobRequest(serializers.Serializer):
    round = serializers.IntegerField(required=False, min_value=1)
    after = serializers.IntegerField(required=False, min_value=1)
    top = serializers.IntegerField(required=False, min_value=1, max_value=50)
    language = serializers.ChoiceField(choices=["vi", "en"], required=False)


def _public_url(request, event) -> str:
    return request.build_absolute_uri(reverse("tournaments:event_detail",
                                              kwargs={"slug": event.slug}))


def _sheet(event, key, staff):
    try:
        return sheet_for(event, key, staff=staff)
    except SheetRefused as error:
        raise PermissionDenied(str(error)) from None
    except SheetError as error:
        raise NotFound(str(error)) from None


@extend_schema(responses={200: inline_serializer("PrintSheet", {
    "sheet": serializers.CharField(), "label": serializers.CharField(),
    "per_round": serializers.BooleanField(), "landscape": serializers.BooleanField(),
    "pdf": serializers.CharField()}, many=True)})
@api_view(["GET"])
def print_sheets(request, event_pk):
    """The sheets of the event the caller may print, with their PDF's address."""
    event = event_for(request, event_pk)
    return Response([
        {"sheet": s.key, "label": str(s.label), "per_round": s.per_round,
         "landscape": s.landscape,
         "pdf": reverse("event-print-sheet", kwargs={"event_pk": event.pk, "sheet": s.key})}
        for s in sheets_for(event, staff=is_staff_of(request, event))])


@extend_schema(methods=["GET"], parameters=ASKED,
               responses={(200, PDF): OpenApiTypes.BINARY, 409: OpenApiTypes.OBJECT})
@extend_schema(methods=["POST"], request=PrintJobRequest, responses={202: JobSerializer})
@api_view(["GET", "POST"])
def print_sheet(request, event_pk, sheet):
    """A sheet's PDF at once, or (POST, the staff) as a background job."""
    event = event_for(request, event_pk)
    staff = is_staff_of(request, event)
    found = _sheet(event, sheet, staff)
    if request.method == "POST":
        return _job(request, event, sheet)
    asked = {name: query_number(request, name, minimum=0 if name == "after" else 1)
             for name in ("round", "after", "top")}
    try:
        ctx = sheet_context(event, found, staff=staff, public_url=_public_url(request, event),
                            number=asked["round"], after=asked["after"], top=asked["top"])
    except SheetError as error:
        raise NotFound(str(error)) from None
    if sheet_size(ctx) >= settings.PDF_ASYNC_MIN_ROWS:
        return Response({"detail": "This sheet is long: POST to this address to build its PDF "
                                   "as a job (the event's staff).", "code": "pdf_long"},
                        status=status.HTTP_409_CONFLICT)
    data, name = sheet_pdf(event, sheet, staff=staff, public_url=_public_url(request, event),
                           ctx=ctx)
    response = HttpResponse(data, content_type=PDF)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _job(request, event, sheet) -> Response:
    if not request.user.is_authenticated:
        raise PermissionDenied
    data = PrintJobRequest(data=request.data)
    data.is_valid(raise_exception=True)
    asked = data.validated_data
    try:
        job = pdf_start(event=event, actor=request.user, sheet=sheet,
                        public_url=_public_url(request, event), round=asked.get("round"),
                        after=asked.get("after"), top=asked.get("top"),
                        lang=asked.get("language") or get_language())
    except ServiceError as error:
        return Response({"detail": str(error), "code": "refused"},
                        status=status.HTTP_400_BAD_REQUEST)
    return job_accepted(job, request)
