"""API of team events (appendix §4): teams in the register, rosters, line-ups, individual
results per board and a team's matches board by board. Thin, over services and selectors."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.permissions import event_for, is_staff_of, round_event_for
from tournaments.api.query import query_number
from tournaments.api.serializers import BoardSerializer, EntrySerializer, TeamSerializer
from tournaments.api.views import AFTER_ROUND, validated
from tournaments.models import REASON_MAX_LENGTH, Player, Substitution
from tournaments.selectors.events import entries_with_event
from tournaments.selectors.players import team_search
from tournaments.selectors.rounds import board_detail, boards_with_event
from tournaments.selectors.teams import event_board_results, team_view
from tournaments.services import teams as team_services
from tournaments.services.results import lineup_record


class TeamCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    province = serializers.CharField(max_length=80, required=False, default="", allow_blank=True)
    club = serializers.CharField(max_length=120, required=False, default="", allow_blank=True)


class TeamViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                  viewsets.GenericViewSet):
    """Teams in the register; ``?search=`` ignores diacritics. POST (organisers) returns the
    team of that name, created if new."""

    serializer_class = TeamSerializer

    def get_queryset(self):
        return team_search(self.request.query_params.get("search", "").strip())

    @extend_schema(request=TeamCreateSerializer, responses=TeamSerializer)
    def create(self, request):
        data = validated(TeamCreateSerializer, request)
        team = team_services.team_get_or_create(actor=request.user, **data)
        return Response(TeamSerializer(team).data, status=status.HTTP_201_CREATED)


class RosterSerializer(serializers.Serializer):
    players = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), many=True)
    reserves = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), many=True,
                                                  required=False, default=list)


class RosterView(APIView):
    """A team's roster in board order, then its reserves; changeable until round 1 is
    published (appendix §4)."""

    @extend_schema(request=RosterSerializer, responses=EntrySerializer)
    def put(self, request, pk):
        entry = get_object_or_404(entries_with_event(), pk=pk)
        event_for(request, entry.event_id)
        data = validated(RosterSerializer, request)
        entry = team_services.team_roster_set(entry=entry, actor=request.user,
                                              players=data["players"],
                                              reserves=data["reserves"])
        return Response(EntrySerializer(entry).data)


class LineupSerializer(serializers.Serializer):
    first = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    second = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    version = serializers.IntegerField(min_value=0)
    reason = serializers.CharField(allow_blank=True, required=False, default="",
                                   max_length=REASON_MAX_LENGTH)
    first_substitution = serializers.ChoiceField(
        choices=Substitution.choices, required=False,
        help_text="Appendix §4, the first-named team's choice for this match: a reserve on the "
                  "absent player's board (same) or on the last board, the others moving up "
                  "(last). Left out: the match's current choice.")
    second_substitution = serializers.ChoiceField(
        choices=Substitution.choices, required=False,
        help_text="The same choice for the other team.")


class LineupView(APIView):
    """Who plays each board of a team match: ``first`` for the first-named team, ``second`` for
    the other, player ids in board order, ``null`` where nobody plays (a forfeit); each team's
    way for its reserves to come in this match (appendix §4). Send the board's version you saw:
    409 if it changed since."""

    @extend_schema(request=LineupSerializer, responses=BoardSerializer)
    def put(self, request, pk):
        board = get_object_or_404(boards_with_event(), pk=pk)
        round_event_for(request, board.round)
        data = validated(LineupSerializer, request)
        board = lineup_record(board=board, actor=request.user, first=data["first"],
                              second=data["second"], expected_version=data["version"],
                              reason=data["reason"],
                              first_rule=data.get("first_substitution"),
                              second_rule=data.get("second_substitution"))
        return Response(BoardSerializer(board_detail(board)).data)


def _player(p) -> dict | None:
    return None if p is None else {"id": p.pk, "name": p.full_name, "rating": p.rating}


class BoardResultsView(APIView):
    """Individual results per board (board prizes): points, games, percentage, average
    rating of the opponents and performance."""

    @extend_schema(parameters=[AFTER_ROUND], responses=dict)
    def get(self, request, event_pk):
        event = event_for(request, event_pk)
        if not event.is_team:
            raise NotFound(_("Board results are for team events; this event is for players."))
        view = event_board_results(event, after_round=query_number(request, "after_round"))
        return Response({
            "event": event.pk, "after_round": view.after_round,
            "boards": [{"board": t.board, "rows": [{
                "rank": r.rank, "shared_rank": r.shared, "player": _player(r.player),
                "team": {"entry": r.team.pk, "name": r.team.name}, "reserve": r.reserve,
                "points": r.points, "games": r.games, "played": r.played,
                "percentage": r.percentage, "opponents_rating": r.opponents_rating,
                "performance": r.performance,
            } for r in t.rows]} for t in view.boards],
        })


class TeamDetailView(APIView):
    """A team: roster with each player's score, and every match board by board."""

    @extend_schema(responses=dict)
    def get(self, request, event_pk, entry_pk):
        event = event_for(request, event_pk)
        entry = get_object_or_404(entries_with_event(), pk=entry_pk, event=event,
                                  team__isnull=False)
        view = team_view(entry, staff=is_staff_of(request, event))
        return Response({
            "entry": entry.pk, "number": entry.number, "name": entry.name,
            "roster": [{
                "board_order": m.member.board_order, "reserve": m.member.is_reserve,
                "player": _player(m.member.player), "boards": m.boards, "games": m.games,
                "points": m.points, "percentage": m.percentage,
            } for m in view.members],
            "matches": [{
                "round": m.round, "table": m.table,
                "opponent": {"entry": m.opponent.pk, "name": m.opponent.name}
                if m.opponent else None,
                "bye": m.bye, "colour": m.colour, "score": m.score,
                "board_points": m.board_points, "match_points": m.match_points,
                "boards": [{"board": g.board, "colour": g.colour, "player": _player(g.player),
                            "opponent": _player(g.opponent), "result": g.mark}
                           for g in m.games],
            } for m in view.matches],
        })
