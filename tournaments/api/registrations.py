"""API of online registration (Art. 18 b, 19): anyone sends registrations while the statute's
registration is open; the event's organisers read them with their eligibility and decide.
Thin, over ``services/registrations.py`` and ``selectors/registrations.py``."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.permissions import event_for
from tournaments.api.views import validated
from tournaments.models import REGISTRATION_BATCH_MAX, Gender, Registration
from tournaments.selectors.players import player_by_id
from tournaments.selectors.registrations import registration_by_id, registration_review
from tournaments.services import registrations as registration_services


class ApplicantSerializer(serializers.Serializer):
    """A player: the register's ``player`` (its id), or new details."""

    player = serializers.IntegerField(required=False, min_value=1,
                                      help_text="A register player's id: their own details.")
    full_name = serializers.CharField(required=False, max_length=120, allow_blank=True)
    gender = serializers.ChoiceField(choices=Gender.choices, required=False, allow_blank=True)
    birth_year = serializers.IntegerField(required=False, allow_null=True, min_value=1900,
                                          max_value=2100)
    club = serializers.CharField(required=False, max_length=120, allow_blank=True)
    province = serializers.CharField(required=False, max_length=80, allow_blank=True)
    federation = serializers.CharField(required=False, max_length=3, allow_blank=True)
    rating = serializers.IntegerField(required=False, allow_null=True, min_value=0,
                                      max_value=4000)
    national_id = serializers.CharField(required=False, max_length=20, allow_blank=True)
    fide_id = serializers.CharField(required=False, max_length=20, allow_blank=True)


class MemberSerializer(ApplicantSerializer):
    is_reserve = serializers.BooleanField(required=False, default=False)


class RegistrationTeamSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    members = MemberSerializer(many=True, max_length=20,
                               help_text="Board order, strongest first; reserves marked.")


class SubmitSerializer(serializers.Serializer):
    """Who sends it, and the players (or, in a team event, the team)."""

    name = serializers.CharField(max_length=120, help_text="Who sends the registration.")
    email = serializers.EmailField(required=False, allow_blank=True, default="", max_length=254)
    phone = serializers.CharField(required=False, allow_blank=True, default="", max_length=20)
    players = ApplicantSerializer(many=True, required=False, max_length=REGISTRATION_BATCH_MAX)
    team = RegistrationTeamSerializer(required=False)


class RegistrationSerializer(serializers.ModelSerializer):
    """A registration as whoever sent it may read it back."""

    name = serializers.CharField(read_only=True)

    class Meta:
        model = Registration
        fields = ["id", "name", "status", "position", "created_at"]


class MemberReadSerializer(serializers.Serializer):
    board_order = serializers.IntegerField()
    is_reserve = serializers.BooleanField()
    player = serializers.IntegerField(source="player_id", allow_null=True)
    full_name = serializers.CharField()


class StaffRegistrationSerializer(serializers.ModelSerializer):
    """A registration as the organisers review it, with its eligibility."""

    name = serializers.CharField(read_only=True)
    team = serializers.CharField(source="team_name")
    members = MemberReadSerializer(many=True, source="members.all")
    decided_by = serializers.CharField(source="decided_by.get_username", default="")

    class Meta:
        model = Registration
        fields = ["id", "name", "team", "player", "full_name", "gender", "birth_year", "club",
                  "province", "federation", "rating", "national_id", "fide_id", "members",
                  "submitted_by_name", "submitted_by_email", "submitted_by_phone", "status",
                  "reason", "decided_by", "decided_at", "position", "promoted_at", "entry",
                  "created_at"]


class ReviewLineSerializer(serializers.Serializer):
    registration = StaffRegistrationSerializer()
    eligible = serializers.BooleanField()
    failures = serializers.CharField(help_text="Why not eligible (Art. 18 b), in words.")
    register_match = serializers.IntegerField(
        source="register_match.pk", default=None, allow_null=True,
        help_text="The register's player the new details name (approval enters them).")


class RegistrationDecisionSerializer(serializers.Serializer):
    approve = serializers.BooleanField()
    reason = serializers.CharField(required=False, allow_blank=True, default="",
                                   max_length=200, help_text="Needed to reject.")


def _details(row: dict) -> dict:
    row = dict(row)
    if "player" in row:
        player = player_by_id(row.pop("player"))
        if player is None:
            raise serializers.ValidationError({"player": "No such player in the register."})
        return {"player": player, **({"is_reserve": row["is_reserve"]}
                                     if "is_reserve" in row else {})}
    return row


class EventRegistrationsView(APIView):
    """POST: anyone registers players (or a team) while the statute's registration is open;
    GET: the event's organisers read every registration with its eligibility."""

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "POST" else super().get_permissions()

    @extend_schema(responses=ReviewLineSerializer(many=True))
    def get(self, request, event_pk):
        event = event_for(request, event_pk)
        if not request.user.has_perm("tournaments.change_event", event):
            raise PermissionDenied
        return Response(ReviewLineSerializer(registration_review(event).lines, many=True).data)

    @extend_schema(request=SubmitSerializer, responses={201: RegistrationSerializer(many=True)})
    def post(self, request, event_pk):
        event = event_for(request, event_pk)
        data = validated(SubmitSerializer, request)
        team = data.get("team")
        rows = registration_services.registration_submit(
            event=event,
            contact=registration_services.Contact(name=data["name"], email=data["email"],
                                                  phone=data["phone"]),
            players=[_details(p) for p in data.get("players", [])],
            team=None if team is None else {
                "name": team["name"], "members": [_details(m) for m in team["members"]]})
        return Response(RegistrationSerializer(rows, many=True).data,
                        status=status.HTTP_201_CREATED)


def _registration(request, pk) -> Registration:
    registration = registration_by_id(pk)
    if registration is None:
        raise NotFound
    event_for(request, registration.event_id)
    return registration


class RegistrationDecisionView(APIView):
    """Approve (the player entered) or reject with a reason: the event's organisers."""

    @extend_schema(request=RegistrationDecisionSerializer, responses=StaffRegistrationSerializer)
    def post(self, request, pk):
        registration = _registration(request, pk)
        data = validated(RegistrationDecisionSerializer, request)
        decided = registration_services.registration_decide(
            registration=registration, actor=request.user, approve=data["approve"],
            reason=data["reason"])
        return Response(StaffRegistrationSerializer(decided).data)


class RegistrationWithdrawView(APIView):
    """Take a registration back (an approved one's entry removed): the event's organisers."""

    @extend_schema(request=None, responses=StaffRegistrationSerializer)
    def post(self, request, pk):
        registration = _registration(request, pk)
        withdrawn = registration_services.registration_withdraw(registration=registration,
                                                                actor=request.user)
        return Response(StaffRegistrationSerializer(withdrawn).data)


class ApproveEligibleView(APIView):
    """Approve every pending registration the statute's rule allows: the event's organisers."""

    @extend_schema(request=None, responses=StaffRegistrationSerializer(many=True))
    def post(self, request, event_pk):
        event = event_for(request, event_pk)
        approved = registration_services.registrations_approve(event=event, actor=request.user)
        return Response(StaffRegistrationSerializer(approved, many=True).data)
