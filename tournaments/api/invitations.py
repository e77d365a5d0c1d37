"""API of invitations to run an event or a championship, and of the accounts they made
(``services/invitations.py``, ``services/accounts.py``; docs/security.md, "Accounts").

    GET  /api/events/{id}/invitations/          the event's invitations (its organisers)
    POST /api/events/{id}/invitations/          invite: {"email", "name", "role"}; the answer
                                                carries the one-time ``link`` when no mail
                                                does (``mailed`` false), never again
    GET, POST /api/championships/{id}/invitations/   the same for a championship
    POST /api/invitations/{id}/revoke/          withdraw one not yet accepted
    POST /api/accounts/{id}/deactivate/         an account made by the caller's invitation (or
    POST /api/accounts/{id}/reactivate/         any, for a superuser): it cannot sign in; its
                                                roles stay

Accepting is a page (``/accounts/invitation/<secret>/``): the invitee sets a password there.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from tournaments import access
from tournaments.access import refusal
from tournaments.models import Invitation, Role
from tournaments.selectors.invitations import (
    account_row,
    championship_invitations,
    event_invitations,
    invitation_with_place,
)
from tournaments.services import accounts as account_services
from tournaments.services import invitations as services


class InvitationSerializer(serializers.ModelSerializer):
    email = serializers.CharField(read_only=True, help_text=(
        "The invitee's e-mail address; empty when the link is handed over by hand."))
    invited_by = serializers.SlugRelatedField(slug_field="username", read_only=True,
                                              allow_null=True)
    accepted_by = serializers.SlugRelatedField(slug_field="username", read_only=True,
                                               allow_null=True)
    state = serializers.SerializerMethodField(
        help_text="pending, accepted, revoked or expired")

    class Meta:
        model = Invitation
        fields = ["id", "email", "name", "role", "event", "championship", "invited_by",
                  "created_at", "expires_at", "accepted_at", "accepted_by", "revoked_at",
                  "state"]
        read_only_fields = fields

    def get_state(self, invitation) -> str:
        return invitation.state()


class InvitationCreate(serializers.Serializer):
    email = serializers.EmailField(required=False, allow_blank=True, default="", max_length=254)
    name = serializers.CharField(required=False, allow_blank=True, default="", max_length=150)
    role = serializers.ChoiceField(choices=Role.choices)


class InvitationCreated(InvitationSerializer):
    """The new invitation, with what ``invitation_create`` answered (``context["sent"]``)."""

    link = serializers.SerializerMethodField(help_text=(
        "The one-time link to hand over, when no mail carries it (null when mailed); "
        "it is shown in this answer only."))
    mailed = serializers.SerializerMethodField(
        help_text="Whether a mail carries the link to the invitee.")

    class Meta(InvitationSerializer.Meta):
        fields = [*InvitationSerializer.Meta.fields, "link", "mailed"]
        read_only_fields = fields

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_link(self, invitation) -> str | None:
        sent = self.context["sent"]
        return None if sent.mailed else sent.link

    def get_mailed(self, invitation) -> bool:
        return self.context["sent"].mailed


class AccountSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    is_active = serializers.BooleanField()


def _invited(request, listed, **place):
    """The list, or a new invitation (201, with its link once when no mail carries it)."""
    if request.method == "GET":
        return Response(InvitationSerializer(listed, many=True).data)
    data = InvitationCreate(data=request.data)
    data.is_valid(raise_exception=True)
    sent = services.invitation_create(actor=request.user,
                                      site=request.build_absolute_uri("/"),
                                      **data.validated_data, **place)
    response = Response(InvitationCreated(sent.invitation, context={"sent": sent}).data,
                        status=status.HTTP_201_CREATED)
    response["Cache-Control"] = "no-store"
    return response


@extend_schema(methods=["GET"], request=None, responses=InvitationSerializer(many=True))
@extend_schema(methods=["POST"], request=InvitationCreate, responses={201: InvitationCreated})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
def event_invitation_list(request, pk):
    """An event's invitations; POST invites (its organisers, Art. 19)."""
    event = access.event_for(request.user, "tournaments.change_event", pk=pk)
    return _invited(request, event_invitations(event), event=event)


@extend_schema(methods=["GET"], request=None, responses=InvitationSerializer(many=True))
@extend_schema(methods=["POST"], request=InvitationCreate, responses={201: InvitationCreated})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
def championship_invitation_list(request, pk):
    """A championship's invitations; POST invites (its organisers)."""
    championship = access.championship_seen(request.user, pk=pk)
    if not request.user.has_perm("tournaments.change_championship", championship):
        raise PermissionDenied(refusal("tournaments.change_championship"))
    return _invited(request, championship_invitations(championship), championship=championship)


@extend_schema(request=None, responses=InvitationSerializer)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def invitation_revoke(request, pk):
    """Withdraw an invitation not yet accepted: its link stops working."""
    invitation = invitation_with_place(pk)
    if invitation is None:
        raise Http404
    if invitation.event is not None:
        access.event_seen(request.user, pk=invitation.event_id)
    else:
        access.championship_seen(request.user, pk=invitation.championship_id)
    return Response(InvitationSerializer(
        services.invitation_revoke(invitation=invitation, actor=request.user)).data)


def _account(request, pk):
    """The account, if the caller answers for it; not found otherwise (ids name nobody)."""
    account = account_row(pk)
    if account is None or not request.user.has_perm("tournaments.deactivate_account", account):
        raise Http404
    return account


@extend_schema(request=None, responses=AccountSerializer)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def account_deactivate(request, pk):
    """The account can no longer sign in (the pages, the admin, the API); its roles stay."""
    account = account_services.account_deactivate(account=_account(request, pk),
                                                  actor=request.user)
    return Response(AccountSerializer(account).data)


@extend_schema(request=None, responses=AccountSerializer)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def account_reactivate(request, pk):
    """The account signs in again, with its roles."""
    account = account_services.account_reactivate(account=_account(request, pk),
                                                  actor=request.user)
    return Response(AccountSerializer(account).data)
