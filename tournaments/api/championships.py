"""API of championships (Art. 17.3 mixed formats).

- ``GET /api/championships/``: public championships and those the user runs; ``POST``: create
  one (``tournaments.add_event``); ``GET/PATCH /api/championships/<id>/``: its details, with
  its categories, stages and stage events (ids and addresses of their own API).
- ``POST /api/championships/<id>/categories/``; ``POST /api/championships/<id>/roles/``
  (``username``, ``role``: given on every stage event too); ``DELETE .../roles/<role id>/``.
- ``PATCH /api/categories/<id>/``: change a category; ``POST /api/categories/<id>/stages/``:
  the next stage (``format``, ``groups``, ``rounds``).
- ``GET /api/categories/<id>/results/``: overall results and team classification;
  ``GET /api/championships/<id>/workbook/``: the championship's Excel workbook.
- ``GET /api/championships/<id>/players/<player id>/``: a player's path through the stages.
- ``GET /api/stages/<id>/qualification/``: the rule and the preview (qualifiers, seeds,
  play-offs, what stops it); ``PUT``: set the rule (refused with the reason); ``POST
  /api/stages/<id>/qualify/`` (``draw``; the answer lists the ``jobs`` pairing the first round
  of its large events); ``POST /api/stages/<id>/playoff/`` (``winners``: entry ids of the
  earlier stage); ``POST /api/stages/<id>/players/`` (``players``: ids, first stage,
  snake-seeded into its groups).

Refusals read ``{detail, code}`` in the user's language (``api/errors.py``).
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from tournaments.access import championship_seen
from tournaments.api.jobs import JobSerializer
from tournaments.excel import championship as excel
from tournaments.excel import workbook
from tournaments.excel.workbook import XLSX
from tournaments.models import (
    Category,
    Championship,
    ChampionshipRole,
    Format,
    Organisation,
    Player,
    Role,
    Stage,
)
from tournaments.selectors import championships as results_selectors
from tournaments.selectors.championship_tree import (
    championship_tree,
    championships_visible,
    stage_event_ids,
    stages_with_championship,
)
from tournaments.selectors.players import players_by_ids
from tournaments.selectors.qualification import qualification_plan
from tournaments.selectors.users import user_named
from tournaments.services import championship_removal as removal
from tournaments.services import championships as services
from tournaments.text import points_text


class ChampionshipSerializer(serializers.ModelSerializer):
    organisation = serializers.PrimaryKeyRelatedField(
        queryset=Organisation.objects.all(), required=False, allow_null=True,
        help_text="The organisation it is held under, chosen when it is created.")

    def validate(self, attrs):
        if self.instance is not None and "organisation" in attrs:
            raise serializers.ValidationError(
                {"organisation": _("A championship's organisation is chosen when it is "
                                   "created.")})
        return attrs

    class Meta:
        model = Championship
        fields = ["id", "name", "slug", "start_date", "end_date", "venue", "organiser",
                  "organisation", "visibility"]
        read_only_fields = ["id"]
        # The address: made from the name when not given; changed, the former one redirects.
        extra_kwargs = {"slug": {"required": False}}


class CategorySerializer(serializers.ModelSerializer):
    class Meta:
        model = Category
        fields = ["id", "name", "order", "participant_kind", "team_classification", "team_by",
                  "team_best_n", "eligible_sex", "eligible_born_from", "eligible_born_to",
                  "eligible_rating_min", "eligible_rating_max", "eligible_unrated",
                  "eligible_federations", "eligible_provinces", "eligible_members_only"]
        read_only_fields = ["id"]


class StageCreate(serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False, default="")
    format = serializers.ChoiceField(choices=Format.choices)
    groups = serializers.IntegerField(min_value=1, max_value=26, default=1)
    rounds = serializers.IntegerField(min_value=1, max_value=99, required=False)


class RuleSerializer(serializers.ModelSerializer):
    class Meta:
        model = Stage
        fields = ["qualification", "qualifiers", "best_of_next", "after_round", "seeding",
                  "line_ties", "places", "higher_rank_chooses_colour"]
        extra_kwargs = {"qualification": {"required": True, "allow_blank": False}}


class RuleRead(RuleSerializer):
    """The rule as a read answers it: empty (``""``) while none is set."""

    class Meta(RuleSerializer.Meta):
        extra_kwargs = {"qualification": {"allow_blank": True,
                                          "help_text": "Empty while no rule is set."}}


class RoleCreate(serializers.Serializer):
    username = serializers.CharField()
    role = serializers.ChoiceField(choices=Role.choices)


class Ids(serializers.Serializer):
    ids = serializers.ListField(child=serializers.IntegerField(min_value=1), min_length=1,
                                max_length=1000)


def _championship(request, pk) -> Championship:
    """The championship if the user may see it; 404 otherwise (a draft stays unknown)."""
    return championship_seen(request.user, pk=pk)


def _stage(request, pk) -> Stage:
    stage = get_object_or_404(stages_with_championship(), pk=pk)
    _championship(request, stage.category.championship_id)
    return stage


def _tree(championship: Championship) -> list[dict]:
    return [{
        **CategorySerializer(item.category).data,
        "stages": [{
            "id": row.stage.pk, "number": row.stage.number, "name": str(row.stage),
            "format": row.stage.format, "groups": row.stage.groups,
            "qualification": RuleSerializer(row.stage).data if row.stage.number > 1 else None,
            "qualified_at": row.stage.qualified_at,
            "events": [{"id": e.pk, "slug": e.slug, "group": e.group_label,
                        "entries": e.entry_count, "rounds": e.round_count}
                       for e in row.events],
        } for row in item.stages],
    } for item in championship_tree(championship)]


@extend_schema(methods=["GET"], responses=ChampionshipSerializer(many=True))
@extend_schema(methods=["POST"], request=ChampionshipSerializer,
               responses={201: ChampionshipSerializer})
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
def championship_collection(request):
    if request.method == "GET":
        return Response(ChampionshipSerializer(championships_visible(request.user),
                                               many=True).data)
    data = ChampionshipSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    values = dict(data.validated_data)
    row = services.championship_create(actor=request.user, name=values.pop("name"),
                                       start_date=values.pop("start_date"), **values)
    return Response(ChampionshipSerializer(row).data, status=status.HTTP_201_CREATED)


@extend_schema(methods=["GET", "PATCH"], request=ChampionshipSerializer,
               responses=ChampionshipSerializer)
@extend_schema(methods=["DELETE"], request=None, responses={204: None})
@api_view(["GET", "PATCH", "DELETE"])
@permission_classes([IsAuthenticatedOrReadOnly])
def championship_detail(request, pk):
    """DELETE: remove it with its categories and stages, refused once a stage has rounds."""
    row = _championship(request, pk)
    if request.method == "DELETE":
        removal.championship_remove(championship=row, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
    if request.method == "PATCH":
        data = ChampionshipSerializer(row, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        row = services.championship_update(championship=row, actor=request.user,
                                           **data.validated_data)
    return Response({**ChampionshipSerializer(row).data, "categories": _tree(row)})


@extend_schema(request=CategorySerializer, responses={201: CategorySerializer})
@api_view(["POST"])
def category_create(request, pk):
    row = _championship(request, pk)
    data = CategorySerializer(data=request.data)
    data.is_valid(raise_exception=True)
    values = dict(data.validated_data)
    category = services.category_add(championship=row, actor=request.user,
                                     name=values.pop("name"), **values)
    return Response(CategorySerializer(category).data, status=status.HTTP_201_CREATED)


@extend_schema(request=RoleCreate, responses={201: inline_serializer(
    "ChampionshipRole", {"id": serializers.IntegerField(), "username": serializers.CharField(),
                         "role": serializers.CharField()})})
@api_view(["POST"])
def role_create(request, pk):
    row = _championship(request, pk)
    data = RoleCreate(data=request.data)
    data.is_valid(raise_exception=True)
    user = user_named(data.validated_data["username"])
    if user is None:
        return Response({"detail": _("No account with this username."), "code": "unknown_user"},
                        status=status.HTTP_400_BAD_REQUEST)
    role = services.championship_role_assign(championship=row, actor=request.user, user=user,
                                             role=data.validated_data["role"])
    return Response({"id": role.pk, "username": user.username, "role": role.role},
                    status=status.HTTP_201_CREATED)


@extend_schema(request=None, responses={204: None})
@api_view(["DELETE"])
def role_delete(request, pk, role_pk):
    row = _championship(request, pk)
    role = get_object_or_404(ChampionshipRole, pk=role_pk, championship=row)
    services.championship_role_remove(championship=row, actor=request.user, user=role.user,
                                      role=role.role)
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(request=StageCreate, responses={201: inline_serializer(
    "StageCreated", {"id": serializers.IntegerField(), "number": serializers.IntegerField(),
                     "events": serializers.ListField(child=serializers.IntegerField())})})
@api_view(["POST"])
def stage_create(request, pk):
    category = get_object_or_404(Category, pk=pk)
    _championship(request, category.championship_id)
    data = StageCreate(data=request.data)
    data.is_valid(raise_exception=True)
    values = {k: v for k, v in data.validated_data.items() if v not in (None, "")}
    stage = services.stage_add(category=category, actor=request.user, **values)
    return Response({"id": stage.pk, "number": stage.number,
                     "events": stage_event_ids(stage)},
                    status=status.HTTP_201_CREATED)


def _plan(stage: Stage) -> dict:
    plan = qualification_plan(stage)
    return {
        "ready": plan.ready, "problems": list(plan.problems),
        "moved_on_after_round": plan.moved_on_after_round,
        "groups": [{"group": g.label, "seats": [
            {"seed": s.seed, "entry": s.entry.pk, "name": s.entry.name,
             "from_group": s.from_group, "from_rank": s.from_rank} for s in g.seats]}
            for g in plan.groups],
        "playoffs": [{"places": p.places, "entries": [
            {"entry": e.pk, "name": e.name} for e in p.entries]} for p in plan.playoffs],
    }


@extend_schema(request=RuleSerializer, responses=RuleRead)
@api_view(["GET", "PUT"])
@permission_classes([IsAuthenticatedOrReadOnly])
def stage_qualification(request, pk):
    """The stage's qualification rule and the preview of who qualifies; PUT sets the rule
    (organisers; refused with the reason once players qualified or the stage started)."""
    stage = _stage(request, pk)
    if request.method == "PUT":
        data = RuleSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        stage = services.stage_qualification_set(stage=stage, actor=request.user,
                                                 **data.validated_data)
    return Response({**RuleRead(stage).data, "qualified_at": stage.qualified_at,
                     "plan": _plan(stage) if stage.number > 1 else None})


class Qualify(serializers.Serializer):
    draw = serializers.BooleanField(default=True, help_text=(
        "Draw the lots of the stage's events at once (default true)."))


@extend_schema(request=Qualify,
               responses=inline_serializer("Qualified", {
                   "qualified_at": serializers.DateTimeField(),
                   "events": serializers.ListField(child=serializers.IntegerField()),
                   "jobs": JobSerializer(many=True, help_text=(
                       "The pairing jobs of the first round of the stage's events too large "
                       "to pair at once (read each at /api/jobs/<id>/)."))}))
@api_view(["POST"])
def stage_qualify(request, pk):
    stage = _stage(request, pk)
    data = Qualify(data=request.data)
    data.is_valid(raise_exception=True)
    qualified = services.stage_qualify(stage=stage, actor=request.user,
                                       draw=data.validated_data["draw"])
    stage = qualified.stage
    return Response({"qualified_at": stage.qualified_at,
                     "events": stage_event_ids(stage),
                     "jobs": JobSerializer(qualified.jobs, many=True,
                                           context={"request": request}).data})


@extend_schema(request=Ids, responses=inline_serializer(
    "PlayoffWinners", {"winners": serializers.ListField(child=serializers.IntegerField())}))
@api_view(["POST"])
def stage_playoff(request, pk):
    stage = _stage(request, pk)
    data = Ids(data=request.data)
    data.is_valid(raise_exception=True)
    stage = services.stage_playoff_record(stage=stage, actor=request.user,
                                          winners=data.validated_data["ids"])
    return Response({"winners": stage.playoff_winners})


@extend_schema(request=Ids, responses={201: inline_serializer(
    "StagePlayers", {"entries": serializers.ListField(child=serializers.IntegerField())})})
@api_view(["POST"])
def stage_players(request, pk):
    stage = _stage(request, pk)
    data = Ids(data=request.data)
    data.is_valid(raise_exception=True)
    ids = data.validated_data["ids"]
    players = players_by_ids(ids)
    if len(players) != len(set(ids)):
        return Response({"detail": _("Unknown players: give ids of the register."),
                         "code": "unknown_player"}, status=status.HTTP_400_BAD_REQUEST)
    entries = services.stage_register(stage=stage, actor=request.user, players=players)
    return Response({"entries": [e.pk for e in entries]}, status=status.HTTP_201_CREATED)


def _line(line) -> dict:
    return {"stage": line.stage.number, "event": line.event.pk, "group": line.group,
            "entry": line.entry.pk, "place": line.label,
            "points": None if line.points is None else points_text(line.points),
            "moved_on": line.moved_on}


@extend_schema(responses=inline_serializer("CategoryResults", {
    "rows": serializers.ListField(child=serializers.DictField()),
    "teams": serializers.ListField(child=serializers.DictField())}))
@api_view(["GET"])
@permission_classes([IsAuthenticatedOrReadOnly])
def category_results(request, pk):
    category = get_object_or_404(Category, pk=pk)
    _championship(request, category.championship_id)
    results = results_selectors.category_results(category)
    return Response({
        "category": category.pk, "classification": results.classification,
        "rows": [{"place": r.label, "name": r.entry.name, "player": r.entry.player_id,
                  "team": r.entry.team_id, "line": _line(r.line)} for r in results.rows],
        "teams": [{"rank": t.rank, "team": t.team, "total": points_text(t.total)
                   if t.total is not None else None, "counted": list(t.counted)}
                  for t in results.teams],
    })


@extend_schema(responses=inline_serializer("PlayerPath", {
    "categories": serializers.ListField(child=serializers.DictField())}))
@api_view(["GET"])
@permission_classes([IsAuthenticatedOrReadOnly])
def player_path(request, pk, player_pk):
    row = _championship(request, pk)
    player = get_object_or_404(Player, pk=player_pk)
    paths = results_selectors.player_path(row, player)
    return Response({"player": player.pk, "name": player.full_name, "categories": [
        {"category": p.category.pk, "name": p.category.name,
         "place": p.overall.label if p.overall else None,
         "stages": [_line(s) for s in p.steps]} for p in paths]})


@extend_schema(responses={(200, XLSX): bytes})
@api_view(["GET"])
@permission_classes([IsAuthenticatedOrReadOnly])
def championship_workbook(request, pk):
    """The championship's workbook (``excel/championship.py``) in the caller's language."""
    row = _championship(request, pk)
    response = HttpResponse(workbook.to_bytes(excel.build(row, lang=get_language())),
                            content_type=XLSX)
    name = excel.filename(row, get_language())
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@extend_schema(methods=["PATCH"], request=CategorySerializer, responses=CategorySerializer)
@extend_schema(methods=["DELETE"], request=None, responses={204: None})
@api_view(["PATCH", "DELETE"])
def category_detail(request, pk):
    """Change a category (its name, order, team classification): its championship's
    organisers; the kind of participants is fixed once it has stages. DELETE: remove it with
    its stages, refused once one has rounds."""
    category = get_object_or_404(Category, pk=pk)
    _championship(request, category.championship_id)
    if request.method == "DELETE":
        removal.category_remove(category=category, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
    data = CategorySerializer(category, data=request.data, partial=True)
    data.is_valid(raise_exception=True)
    category = services.category_update(category=category, actor=request.user,
                                        **data.validated_data)
    return Response(CategorySerializer(category).data)


@extend_schema(request=None, responses={204: None})
@api_view(["DELETE"])
def stage_detail(request, pk):
    """Remove the category's last stage and its events, refused once one has rounds."""
    removal.stage_remove(stage=_stage(request, pk), actor=request.user)
    return Response(status=status.HTTP_204_NO_CONTENT)
