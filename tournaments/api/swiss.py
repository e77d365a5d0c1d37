"""API of Swiss events and TRF files.

- ``POST /api/events/<id>/rounds/`` (``api/views.py``, every format): pair the next round
  (Swiss: the Dutch system). Large events are paired by a worker: the answer is ``202`` with
  the job, read at ``GET /api/jobs/<id>/`` (its address in ``Location``; ``api/jobs.py``);
  without a broker, or for smaller events, the answer is ``201`` with the round.
- ``GET /api/events/<id>/rounds/<n>/``: on a draft, the staff also get ``warnings``: the
  checker's findings stored with the round (``null`` while a worker checks it), in words
  (``rule`` true: a rule the pairings break; false: a board where the Dutch system pairs
  otherwise).
- ``GET /api/events/<id>/rounds/<n>/`` of a Swiss round, for anyone who may read the round:
  ``explanation``, why the engine paired it so, as the round stored it when it was paired
  (criterion codes, colour rules, pairing numbers: no private data) and in the reader's words
  (``text``); ``stored`` false (and ``note``) for a round without one (imported from TRF,
  paired before explanations were kept); ``changed_boards`` lists the boards changed by hand
  since, the explanation being of the engine's pairing.
- ``PATCH /api/events/<id>/rounds/<n>/``: change a draft round by hand, either every board at
  once (``boards``: ``[{"white": entry, "black": entry|null, "bye": "U|H|F|Z"}]``) or by
  ``operations`` (``swap`` a board's colours, ``exchange`` two entries, give a ``bye``, ``pair``
  two entries, ``remove`` an entry), all or nothing; the answer has the round and its
  ``warnings``.
- ``POST /api/entries/<id>/bye/``: ``{"round": n, "cancel": false}`` a requested half-point bye.
- ``PUT /api/events/<id>/forbidden-groups/``: ``{"groups": [[entry, entry], ...]}``.
- ``GET /api/events/<id>/trf/`` (``?drafts=1`` for the staff, ``?edition=2026``): the TRF file.
- ``POST /api/events/import-trf/``: a TRF file (multipart ``file``, or ``text``) becomes a new
  event.
"""

from __future__ import annotations

from dataclasses import asdict

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotAuthenticated
from rest_framework.response import Response

from tournaments.api import serializers as s
from tournaments.api.jobs import JobSerializer, job_accepted
from tournaments.api.permissions import event_for, is_staff_of
from tournaments.api.views import EventRoundViewSet
from tournaments.errors import ServiceError
from tournaments.models import REASON_MAX_LENGTH, Format, Round
from tournaments.selectors.events import entries_with_event
from tournaments.selectors.round_page import round_page_api
from tournaments.selectors.swiss import event_check
from tournaments.selectors.trf import trf_export
from tournaments.services.board_edit import Slot, round_boards_replace, round_edits_apply
from tournaments.services.swiss import bye_request, forbidden_group_set
from tournaments.services.trf_import import (
    MAX_TRF_BYTES,
    trf_import,
    trf_import_start,
    trf_job_check,
    trf_preview,
    trf_upload_read,
)


class SlotSerializer(serializers.Serializer):
    white = serializers.IntegerField()
    black = serializers.IntegerField(allow_null=True, required=False, default=None)
    bye = serializers.CharField(required=False, allow_blank=True, default="", max_length=1,
                                help_text="U, H, F or Z for a bye; empty for a game.")


class OperationSerializer(serializers.Serializer):
    op = serializers.ChoiceField(choices=["swap", "exchange", "bye", "pair", "remove"])
    board = serializers.IntegerField(required=False, min_value=1)
    first = serializers.IntegerField(required=False)
    second = serializers.IntegerField(required=False)
    kind = serializers.CharField(required=False, max_length=1, help_text="U, H, F or Z.")


class RoundEditSerializer(serializers.Serializer):
    boards = SlotSerializer(many=True, required=False)
    operations = OperationSerializer(many=True, required=False)
    reason = serializers.CharField(required=False, allow_blank=True, default="",
                                   max_length=REASON_MAX_LENGTH)

    def validate(self, data):
        if ("boards" in data) == ("operations" in data):
            raise serializers.ValidationError("Send either boards or operations.")
        return data


class WarningSerializer(serializers.Serializer):
    code = serializers.CharField()
    text = serializers.CharField()
    board = serializers.IntegerField(allow_null=True)
    entries = serializers.ListField(child=serializers.IntegerField())
    rule = serializers.BooleanField(help_text="true: a rule the pairings break; false: a board "
                                    "where the Dutch system pairs otherwise")


def _warning_data(w) -> dict:
    return {"code": w.code, "text": w.text, "board": w.board, "entries": list(w.entries),
            "rule": not w.is_difference}


class FloatCountSerializer(serializers.Serializer):
    criterion = serializers.CharField(help_text="C6 (the group cannot pair them) or C4 (the "
                                      "rest of the round could not be paired otherwise)")
    count = serializers.IntegerField()


class UpfloatSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="pairing number of the resident")
    opponent = serializers.IntegerField(help_text="pairing number of the moved-down player")
    criterion = serializers.CharField(help_text="C6 or C7")


class ExchangeSerializer(serializers.Serializer):
    out_of_s1 = serializers.ListField(child=serializers.IntegerField())
    into_s1 = serializers.ListField(child=serializers.IntegerField())


class FailureSerializer(serializers.Serializer):
    criterion = serializers.CharField(help_text="C1, C3, C4, C6-C21: why the first candidate "
                                      "(C.04.3 Art. 3.2-3.3) was not taken")
    players = serializers.ListField(child=serializers.IntegerField(),
                                    help_text="the pair at fault for C1 and C3")


class BracketWhySerializer(serializers.Serializer):
    """One bracket, from the top score group down; players by pairing number."""

    score = serializers.CharField(source="data.score", allow_null=True,
                                  help_text="the group's pairing score, exact (\"2.5\"); null "
                                  "for moved-down players paired below the last group")
    mdps = serializers.ListField(source="data.mdps", child=serializers.IntegerField())
    residents = serializers.ListField(source="data.residents", child=serializers.IntegerField())
    downfloaters = serializers.ListField(source="data.downfloaters",
                                         child=serializers.IntegerField())
    float_counts = FloatCountSerializer(source="data.float_counts", many=True)
    upfloaters = UpfloatSerializer(source="data.upfloaters", many=True)
    exchange = ExchangeSerializer(source="data.exchange", allow_null=True)
    transposed = serializers.BooleanField(source="data.transposed")
    first_candidate = FailureSerializer(source="data.first_candidate", allow_null=True)
    title = serializers.CharField()
    text = serializers.ListField(source="lines", child=serializers.CharField())


class EngineBoardSerializer(serializers.Serializer):
    white = serializers.IntegerField()
    black = serializers.IntegerField()
    rule = serializers.CharField(help_text="the colour rule of C.04.3 Art. 5.2: 5.2.1-5.2.5")
    player = serializers.IntegerField(allow_null=True, help_text="who decided (5.2.2, 5.2.4, "
                                      "5.2.5)")
    round = serializers.IntegerField(allow_null=True, help_text="5.2.3: the round alternated "
                                     "from")


class BoardWhySerializer(serializers.Serializer):
    board = serializers.IntegerField()
    changed = serializers.BooleanField(help_text="changed by hand since the engine paired it")
    engine = EngineBoardSerializer(allow_null=True, help_text="the engine's board of these "
                                   "two players (null: a pairing bye or a board made by hand)")
    text = serializers.ListField(source="lines", child=serializers.CharField())


class ExplanationSerializer(serializers.Serializer):
    """Why the engine paired a Swiss round so (C.04.3), stored when it was paired."""

    stored = serializers.BooleanField()
    note = serializers.CharField(help_text="why there is none, or which boards changed by hand")
    changed_boards = serializers.ListField(child=serializers.IntegerField())
    bye = serializers.CharField(help_text="the pairing bye and its criterion [C5]; empty if none")
    brackets = BracketWhySerializer(many=True)
    boards = BoardWhySerializer(many=True, source="board_list")


class SwissRoundDetailSerializer(s.RoundDetailSerializer):
    """A round; for a Swiss round also ``explanation`` and, for the staff on a draft,
    ``warnings`` (null while a worker checks it)."""

    explanation = ExplanationSerializer(allow_null=True, required=False)
    warnings = WarningSerializer(many=True, allow_null=True, required=False)

    class Meta(s.RoundDetailSerializer.Meta):
        fields = [*s.RoundDetailSerializer.Meta.fields, "explanation", "warnings"]


class RoundsViewSet(EventRoundViewSet):
    """An event's rounds: list, read, pair the next (POST), change a draft by hand (PATCH)."""

    def _detail(self, round_: Round) -> dict:
        detail = round_page_api(round_, staff=is_staff_of(self.request, round_.event))
        data = dict(s.RoundSerializer(detail.round).data)
        data["boards"] = s.BoardSerializer(  # each side's points before the round
            detail.boards, many=True, context={"points_before": detail.points_before}).data
        if detail.why is not None:
            data["explanation"] = ExplanationSerializer(detail.why).data
        if detail.with_warnings:  # None: a worker is checking the round
            data["warnings"] = None if detail.warnings is None else [
                _warning_data(w) for w in detail.warnings]
        return data

    @extend_schema(responses=SwissRoundDetailSerializer)
    def retrieve(self, request, event_pk=None, number=None):
        round_ = get_object_or_404(self.get_queryset(), number=number)
        return Response(self._detail(round_))

    @extend_schema(request=RoundEditSerializer, responses=SwissRoundDetailSerializer)
    def partial_update(self, request, event_pk=None, number=None):
        """Change a draft round by hand; the answer lists the rules the change breaks."""
        round_ = get_object_or_404(self.get_queryset(), number=number)
        serializer = RoundEditSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        reason = data["reason"]
        if "boards" in data:
            round_boards_replace(round_=round_, actor=request.user, reason=reason,
                                 boards=[Slot(b["white"], b["black"], b["bye"])
                                         for b in data["boards"]])
        else:
            round_edits_apply(round_=round_, actor=request.user, reason=reason,
                              operations=data["operations"])
        # The round as the edit left it: its boards, open boards and stored check.
        return Response(self._detail(get_object_or_404(self.get_queryset(), number=number)))


@extend_schema(request=inline_serializer("ByeRequest", {
    "round": serializers.IntegerField(min_value=1),
    "cancel": serializers.BooleanField(default=False)}), responses=s.EntrySerializer)
@api_view(["POST"])
def entry_bye(request, pk):
    """Request (or cancel) a half-point bye for a round not paired yet."""
    entry = get_object_or_404(entries_with_event(), pk=pk)
    event_for(request, entry.event_id)
    try:
        number = int(request.data.get("round"))
    except (TypeError, ValueError):
        return Response({"round": ["A round number is required."]},
                        status=status.HTTP_400_BAD_REQUEST)
    cancel = str(request.data.get("cancel", "")).lower() in ("1", "true")
    entry = bye_request(entry=entry, actor=request.user, round_number=number, cancel=cancel)
    return Response(s.EntrySerializer(entry).data)


@extend_schema(request=inline_serializer("ForbiddenGroups", {
    "groups": serializers.ListField(child=serializers.ListField(
        child=serializers.IntegerField()))}), responses=inline_serializer("ForbiddenGroupsSaved", {
    "groups": serializers.ListField(child=serializers.ListField(
        child=serializers.IntegerField()))}))
@api_view(["PUT"])
def forbidden_groups(request, event_pk):
    """Groups of entries who must not meet (family; as the statute allows)."""
    event = event_for(request, event_pk)
    groups = request.data.get("groups")
    if not isinstance(groups, list) or not all(isinstance(g, list) for g in groups):
        return Response({"groups": ["A list of lists of entry ids."]},
                        status=status.HTTP_400_BAD_REQUEST)
    try:
        clean = [[int(i) for i in g] for g in groups]
    except (TypeError, ValueError):
        return Response({"groups": ["Entry ids are numbers."]},
                        status=status.HTTP_400_BAD_REQUEST)
    event = forbidden_group_set(event=event, actor=request.user, groups=clean)
    return Response({"groups": event.forbidden_groups})


@extend_schema(responses=inline_serializer("RoundCheck", {
    "round": serializers.IntegerField(), "status": serializers.CharField(),
    "warnings": WarningSerializer(many=True)}, many=True))
@api_view(["GET"])
def event_check_view(request, event_pk):
    """Every round of a Swiss event checked against the Dutch system (C.04.3), for the staff:
    the rules each round breaks (``rule``: true), then the boards the rules pair otherwise."""
    event = event_for(request, event_pk)
    if not request.user.is_authenticated:
        raise NotAuthenticated
    if not is_staff_of(request, event):
        raise PermissionDenied
    if not event.format_rules.rounds_checked:
        raise Http404(_("Only Swiss rounds are checked against the Dutch system."))
    return Response([
        {"round": round_.number, "status": round_.status,
         "warnings": [_warning_data(w) for w in warnings]}
        for round_, warnings in event_check(event)])


@extend_schema(responses={(200, "text/plain"): str})
@api_view(["GET"])
def trf_file(request, event_pk):
    """The event as a TRF-16 file; ``?drafts=1`` adds a draft round (staff only);
    ``?edition=2026`` writes TRF-2026 records (142, 152, 162) for XXR, XXC and BB?."""
    event = event_for(request, event_pk)
    drafts = request.query_params.get("drafts") == "1" and is_staff_of(request, event)
    edition = 2026 if request.query_params.get("edition") == "2026" else 2016
    try:
        text = trf_export(event, include_drafts=drafts, edition=edition)
    except ServiceError as error:
        raise Http404(str(error)) from error
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.trf"'
    return response


@extend_schema(request=inline_serializer("TrfImport", {
    "file": serializers.FileField(required=False), "text": serializers.CharField(required=False),
    "format": serializers.CharField(required=False, help_text="swiss (default), rr or drr"),
    "name": serializers.CharField(required=False),
    "preview": serializers.BooleanField(required=False, help_text=(
        "true: only say what the import would store (players, rounds, warnings)"))}),
    responses={201: s.EventSerializer, 200: OpenApiTypes.OBJECT, 202: JobSerializer})
@api_view(["POST"])
def trf_import_view(request):
    """A TRF file becomes a new event (a draft); a malformed file is refused (400, the line
    at fault in the message) and nothing is written. With ``preview``, nothing is written
    either way: the answer lists the players, the rounds and the warnings. A large file
    (over ``IMPORT_JOB_MIN_BYTES``) is imported by a background job: 202 with the job, whose
    address says how far it got and, once done, the new event."""
    if not request.user.is_authenticated or not request.user.has_perm("tournaments.add_event"):
        raise PermissionDenied
    upload = request.FILES.get("file")
    if upload is not None:
        data = trf_upload_read(upload=upload)
    else:
        data = str(request.data.get("text") or "").encode("utf-8")
        if len(data) > MAX_TRF_BYTES:
            raise ServiceError(_("The file is too large for a TRF file."))
    if not data.strip():
        raise ServiceError(_("Send the TRF file (file) or its text (text)."))
    options = {"data": data, "format": str(request.data.get("format") or Format.SWISS),
               "name": str(request.data.get("name") or "")}
    if str(request.data.get("preview", "")).lower() in ("1", "true"):
        preview = trf_preview(**options)
        return Response({"name": preview.name, "start_date": preview.start_date,
                         "format": preview.format, "encoding": preview.document.encoding,
                         "warnings": list(preview.warnings), "players": preview.players(),
                         "rounds": [asdict(r) for r in preview.rounds()]})
    if trf_job_check(data=data):
        return job_accepted(trf_import_start(actor=request.user, lang=get_language(), **options),
                            request)
    event = trf_import(actor=request.user, **options)
    return Response(s.EventSerializer(event, context={"request": request}).data,
                    status=status.HTTP_201_CREATED)
