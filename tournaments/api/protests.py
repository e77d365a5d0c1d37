"""API of the written protests and their appeals (Art. 15.5, 15.6, 19.2, 20.3 e, m): an event's
protests (all of them for its staff and appeals committee; for everyone else the decided ones
about a result or the draw, as the round pages show them), recording one, its decision, its
appeal and the appeals committee's decision. Thin, over ``services/protests.py`` and
``selectors/protests.py``."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.permissions import event_for
from tournaments.api.views import validated
from tournaments.models import ProtestDecision, ProtestFiler, ProtestSubject
from tournaments.models.protests import TEXT_MAX_LENGTH
from tournaments.selectors.events import event_entry
from tournaments.selectors.protests import (
    event_protests,
    protest_board,
    protest_found,
    protest_round,
)
from tournaments.services import protests as protest_services


def _user(field):
    return serializers.CharField(source=f"{field}.get_username", default="")


class ProtestSerializer(serializers.Serializer):
    """A decided protest as everyone may read it (Art. 15.6, 19.4)."""

    id = serializers.IntegerField(source="pk")
    round = serializers.IntegerField(source="round.number")
    board = serializers.IntegerField(source="board.number", allow_null=True, default=None)
    entry = serializers.IntegerField(source="entry_id")
    name = serializers.CharField(source="entry.name")
    subject = serializers.ChoiceField(choices=ProtestSubject.choices)
    decision = serializers.CharField(help_text="upheld, rejected; empty until decided.")
    decision_reason = serializers.CharField()
    decided_at = serializers.DateTimeField(allow_null=True)
    appeal_decision = serializers.CharField(help_text="The appeals committee's (Art. 19.2).")
    appeal_reason = serializers.CharField()
    appeal_decided_at = serializers.DateTimeField(allow_null=True)


class StaffProtestSerializer(ProtestSerializer):
    """The staff's and the appeals committee's view: the papers and who did what."""

    filer = serializers.ChoiceField(choices=ProtestFiler.choices)
    filer_name = serializers.CharField()
    text = serializers.CharField()
    filed_at = serializers.DateTimeField()
    recorded_by = _user("recorded_by")
    decided_by = _user("decided_by")
    appeal_text = serializers.CharField()
    appealed_at = serializers.DateTimeField(allow_null=True)
    appeal_recorded_by = _user("appeal_recorded_by")
    appeal_decided_by = _user("appeal_decided_by")


class ProtestReadSerializer(ProtestSerializer):
    """What a read answers, as the schema documents it."""

    filer = serializers.CharField(required=False, help_text="Staff and appeals committee only.")
    text = serializers.CharField(required=False, help_text="Staff and appeals committee only.")
    filed_at = serializers.DateTimeField(required=False)


class ProtestCreateSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, help_text="The round's number.")
    board = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1,
                                     help_text="The game's board; none for the round's draw.")
    entry = serializers.IntegerField(help_text="The protesting player's (or team's) entry.")
    filer = serializers.ChoiceField(choices=ProtestFiler.choices)
    filer_name = serializers.CharField(required=False, allow_blank=True, default="",
                                       max_length=100)
    subject = serializers.ChoiceField(choices=ProtestSubject.choices)
    text = serializers.CharField(max_length=TEXT_MAX_LENGTH)
    filed_at = serializers.DateTimeField(required=False, allow_null=True, default=None,
                                         help_text="When it was handed in; default now.")


class DecisionSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=ProtestDecision.choices)
    reason = serializers.CharField(max_length=TEXT_MAX_LENGTH)


class AppealSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=TEXT_MAX_LENGTH)
    appealed_at = serializers.DateTimeField(required=False, allow_null=True, default=None,
                                            help_text="When it was handed in; default now.")


def _reads_all(request, event) -> bool:
    return request.user.has_perm("tournaments.read_protests", event)


class EventProtestsView(APIView):
    """An event's protests by round; POST records a written protest handed in (its staff)."""

    @extend_schema(responses=ProtestReadSerializer(many=True))
    def get(self, request, event_pk):
        event = event_for(request, event_pk)
        if _reads_all(request, event):
            return Response(StaffProtestSerializer(event_protests(event), many=True).data)
        return Response(ProtestSerializer(event_protests(event, public_only=True),
                                          many=True).data)

    @extend_schema(request=ProtestCreateSerializer, responses={201: StaffProtestSerializer})
    def post(self, request, event_pk):
        event = event_for(request, event_pk)
        data = validated(ProtestCreateSerializer, request)
        round_ = protest_round(event, data["round"])
        if round_ is None:
            raise serializers.ValidationError({"round": _("This event has no round %(n)s.") % {
                "n": data["round"]}})
        board = None
        if data["board"] is not None:
            board = protest_board(round_, data["board"])
            if board is None:
                raise serializers.ValidationError({"board": _(
                    "Round %(r)s has no board %(n)s.") % {"r": round_.number, "n": data["board"]}})
        entry = event_entry(event, data["entry"])
        if entry is None:
            raise serializers.ValidationError({"entry": _("No such entry in this event.")})
        protest = protest_services.protest_file(
            round_=round_, board=board, entry=entry, actor=request.user, filer=data["filer"],
            filer_name=data["filer_name"], subject=data["subject"], text=data["text"],
            filed_at=data["filed_at"])
        return Response(StaffProtestSerializer(protest).data, status=status.HTTP_201_CREATED)


def _protest(request, pk):
    """The protest if the user may see its event; not found otherwise."""
    protest = protest_found(pk)
    event_for(request, protest.round.event_id)
    return protest


class ProtestDecideView(APIView):
    """The chief arbiter's (or the organisers') decision with its reasons (Art. 15.6, 20.3 e)."""

    @extend_schema(request=DecisionSerializer, responses=StaffProtestSerializer)
    def post(self, request, pk):
        protest = _protest(request, pk)
        data = validated(DecisionSerializer, request)
        protest = protest_services.protest_decide(protest=protest, actor=request.user, **data)
        return Response(StaffProtestSerializer(protest).data)


class ProtestAppealView(APIView):
    """The decision appealed in writing to the appeals committee (Art. 19.2), recorded by the
    staff."""

    @extend_schema(request=AppealSerializer, responses=StaffProtestSerializer)
    def post(self, request, pk):
        protest = _protest(request, pk)
        data = validated(AppealSerializer, request)
        protest = protest_services.protest_appeal(protest=protest, actor=request.user, **data)
        return Response(StaffProtestSerializer(protest).data)


class AppealDecideView(APIView):
    """The appeals committee's decision with its reasons (Art. 19.2)."""

    @extend_schema(request=DecisionSerializer, responses=StaffProtestSerializer)
    def post(self, request, pk):
        protest = _protest(request, pk)
        data = validated(DecisionSerializer, request)
        protest = protest_services.appeal_decide(protest=protest, actor=request.user, **data)
        return Response(StaffProtestSerializer(protest).data)
