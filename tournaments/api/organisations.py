"""API of the organisations' tree, their administrators and members, and the public calendar.

- ``GET /api/organisations/``: every organisation (public), tree order; ``POST``: create one
  under ``parent`` (its administrators', or those above; a federation: the superuser's).
- ``GET /api/organisations/<id>/``: one, with its clubs (public); ``PATCH``: rename it.
- ``GET/POST /api/organisations/<id>/admins/`` (``username``); ``DELETE .../admins/<role id>/``.
- ``GET/POST /api/organisations/<id>/memberships/`` (``player``, ``since``, ``until``);
  ``POST /api/memberships/<id>/finish/`` (``until``).
- ``GET /api/organisations/<id>/backup/``: the organisation's whole data (its administrators').
- ``GET /api/calendar/``: public events by the calendar's filters (``org``, ``province``,
  ``format``, ``month``, ``sex``, ``born``).

Every write and the administrators' reads ask ``tournaments.manage_organisation``
(``tournaments/rules.py``); refusals read ``{detail, code}`` in the user's language.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from tournaments.models import (
    ClubMembership,
    Organisation,
    OrganisationKind,
    OrganisationRole,
    Player,
)
from tournaments.selectors.organisations import (
    calendar_events,
    calendar_filters,
    organisation_admins,
    organisation_backup,
    organisation_memberships,
    organisations_all,
)
from tournaments.selectors.users import user_named
from tournaments.services import organisations as services

MANAGE = "tournaments.manage_organisation"


class OrganisationSerializer(serializers.ModelSerializer):
    parent = serializers.PrimaryKeyRelatedField(queryset=Organisation.objects.all(),
                                                allow_null=True, required=False)
    kind = serializers.ChoiceField(choices=OrganisationKind.choices)
    slug = serializers.CharField(max_length=80)

    class Meta:
        model = Organisation
        fields = ["id", "name", "short_name", "slug", "kind", "parent", "province"]
        read_only_fields = ["id", "province"]


class OrganisationChange(serializers.Serializer):
    name = serializers.CharField(max_length=200, required=False)
    short_name = serializers.CharField(max_length=40, required=False, allow_blank=True)


class AdminCreate(serializers.Serializer):
    username = serializers.CharField(max_length=150)


ADMIN = inline_serializer("OrganisationAdmin", {
    "id": serializers.IntegerField(), "username": serializers.CharField()})


class MembershipSerializer(serializers.ModelSerializer):
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    player_name = serializers.CharField(source="player.full_name", read_only=True)

    class Meta:
        model = ClubMembership
        fields = ["id", "player", "player_name", "organisation", "since", "until"]
        read_only_fields = ["id", "organisation"]


class MembershipFinish(serializers.Serializer):
    until = serializers.DateField()


class CalendarEvent(serializers.Serializer):
    id = serializers.IntegerField()
    slug = serializers.CharField()
    name = serializers.CharField()
    format = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField(allow_null=True)
    venue = serializers.CharField()
    organisation = serializers.IntegerField(source="organisation_id", allow_null=True)
    eligible_sex = serializers.CharField()
    eligible_born_from = serializers.IntegerField(allow_null=True)
    eligible_born_to = serializers.IntegerField(allow_null=True)


def _organisation(pk) -> Organisation:
    return get_object_or_404(Organisation, pk=pk)


def _require(request, organisation: Organisation) -> None:
    if not request.user.has_perm(MANAGE, organisation):
        raise PermissionDenied(services.ORGANISATION_REFUSAL)


@extend_schema(methods=["GET"], responses=OrganisationSerializer(many=True))
@extend_schema(methods=["POST"], request=OrganisationSerializer,
               responses={201: OrganisationSerializer})
@api_view(["GET", "POST"])
def organisation_collection(request):
    if request.method == "GET":
        return Response(OrganisationSerializer(organisations_all(), many=True).data)
    data = OrganisationSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    row = services.organisation_create(actor=request.user, **data.validated_data)
    return Response(OrganisationSerializer(row).data, status=status.HTTP_201_CREATED)


@extend_schema(methods=["GET"], responses=OrganisationSerializer)
@extend_schema(methods=["PATCH"], request=OrganisationChange, responses=OrganisationSerializer)
@api_view(["GET", "PATCH"])
def organisation_detail(request, pk):
    row = _organisation(pk)
    if request.method == "PATCH":
        data = OrganisationChange(data=request.data)
        data.is_valid(raise_exception=True)
        row = services.organisation_update(actor=request.user, organisation=row,
                                           **data.validated_data)
    return Response(OrganisationSerializer(row).data)


@extend_schema(methods=["GET"], responses=ADMIN)
@extend_schema(methods=["POST"], request=AdminCreate, responses={201: ADMIN})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def admin_collection(request, pk):
    row = _organisation(pk)
    _require(request, row)
    if request.method == "GET":
        return Response([{"id": r.pk, "username": r.user.username}
                         for r in organisation_admins(row)])
    data = AdminCreate(data=request.data)
    data.is_valid(raise_exception=True)
    role = services.organisation_admin_assign(
        actor=request.user, organisation=row, user=user_named(data.validated_data["username"]))
    return Response({"id": role.pk, "username": role.user.username},
                    status=status.HTTP_201_CREATED)


@extend_schema(request=None, responses={204: None})
@api_view(["DELETE"])
def admin_delete(request, pk, role_pk):
    row = _organisation(pk)
    role = get_object_or_404(OrganisationRole, pk=role_pk, organisation=row)
    services.organisation_admin_remove(actor=request.user, role=role)
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(methods=["GET"], responses=MembershipSerializer(many=True))
@extend_schema(methods=["POST"], request=MembershipSerializer,
               responses={201: MembershipSerializer})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def membership_collection(request, pk):
    """The members of the organisation's clubs (its administrators'); POST: add one."""
    row = _organisation(pk)
    _require(request, row)
    if request.method == "GET":
        return Response(MembershipSerializer(organisation_memberships(row), many=True).data)
    data = MembershipSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    membership = services.membership_add(actor=request.user, organisation=row,
                                         **data.validated_data)
    return Response(MembershipSerializer(membership).data, status=status.HTTP_201_CREATED)


@extend_schema(request=MembershipFinish, responses=MembershipSerializer)
@api_view(["POST"])
def membership_finish(request, pk):
    membership = get_object_or_404(ClubMembership, pk=pk)
    data = MembershipFinish(data=request.data)
    data.is_valid(raise_exception=True)
    membership = services.membership_finish(actor=request.user, membership=membership,
                                            until=data.validated_data["until"])
    return Response(MembershipSerializer(membership).data)


@extend_schema(responses={200: inline_serializer("OrganisationBackup", {
    "format": serializers.CharField(), "version": serializers.IntegerField(),
    "organisations": serializers.ListField(child=serializers.DictField()),
    "admins": serializers.ListField(child=serializers.DictField()),
    "memberships": serializers.ListField(child=serializers.DictField()),
    "events": serializers.ListField(child=serializers.DictField())})})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def organisation_backup_read(request, pk):
    """The organisation's whole data: its subtree, administrators, members and every event
    under it as that event's backup (restored one by one)."""
    row = _organisation(pk)
    _require(request, row)
    return Response(organisation_backup(row))


@extend_schema(parameters=[
    OpenApiParameter("org", str, description="An organisation's address: its events and "
                     "those of every organisation under it."),
    OpenApiParameter("province", str, description="A province's or city's address."),
    OpenApiParameter("event_format", str, description="rr, drr, swiss, ko or dko."),
    OpenApiParameter("month", str, description="A month, 2026-11: events held in it; "
                     "without one, the events on from this month's first day."),
    OpenApiParameter("sex", str, description="M or F: events a player of that sex may enter."),
    OpenApiParameter("born", int, description="A birth year: events a player born then may "
                     "enter (the statute's age limits).")],
    responses=CalendarEvent(many=True))
@api_view(["GET"])
@permission_classes([AllowAny])
def calendar(request):
    """Public events by start date, filtered as the calendar page filters them (the format is
    ``event_format``: ``?format=`` is the answer's format on every address of the API)."""
    params = request.query_params.copy()
    params["format"] = request.query_params.get("event_format", "")
    filters = calendar_filters(params, today=timezone.localdate())
    return Response(CalendarEvent(calendar_events(filters), many=True).data)
