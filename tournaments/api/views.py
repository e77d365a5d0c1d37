"""API views: thin, over selectors (reads) and services (writes), with the pages' permissions."""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django_filters import rest_framework as filters
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import mixins, permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.response import Response

from tournaments.api import serializers as s
from tournaments.api import tables
from tournaments.api.jobs import JobSerializer, job_accepted
from tournaments.api.permissions import (
    OrganisesEvent,
    RunsEvent,
    SeesEvent,
    SeesRound,
    event_for,
    is_staff_of,
)
from tournaments.api.query import query_number
from tournaments.models import Entry, Event, Format, JobStatus, Player, Round
from tournaments.selectors.disqualifications import entry_disqualification
from tournaments.selectors.events import (
    entries_with_event,
    entries_with_roster,
    event_entries,
    event_roles,
    events_visible,
    user_runs_events,
)
from tournaments.selectors.notifications import event_notifications
from tournaments.selectors.player_card import player_card
from tournaments.selectors.players import player_history, players_listed
from tournaments.selectors.prizes import event_prizes
from tournaments.selectors.rounds import (
    board_detail,
    board_history,
    boards_with_event,
    entry_games,
    event_rounds,
    games_with_event,
    round_assignments,
    rounds_with_event,
)
from tournaments.selectors.standings import event_crosstable, event_standings
from tournaments.selectors.team_ranks import standings_team_ranks
from tournaments.selectors.users import user_appointable, user_search
from tournaments.services import closing as closing_services
from tournaments.services import disqualifications as disqualification_services
from tournaments.services import entries as entry_services
from tournaments.services import events as event_services
from tournaments.services import knockout as knockout_services
from tournaments.services import lots as lots_services
from tournaments.services import players as player_services
from tournaments.services import results as result_services
from tournaments.services import rounds as round_services
from tournaments.services.assignments import board_assignment_remove, board_assignment_set
from tournaments.services.formats import round_start
from tournaments.services.schedule import round_schedule_set

SEARCH = OpenApiParameter("search", str, description="Words of the name; diacritics ignored "
                          "(\"nguyen\" finds \"Nguyễn\"); the first 5 distinct words of the "
                          "first 100 characters.")


# Who may see and change an event's roles (Art. 19): DRF checks it on the event it gets.
ORGANISERS = [permissions.IsAuthenticatedOrReadOnly, OrganisesEvent]


AFTER_ROUND = OpenApiParameter("after_round", int, description="Standings after this round "
                               "(default: the last published round).")


class EventFilter(filters.FilterSet):
    """The events list's filters. The format filter is ``event_format``: ``?format=`` is DRF's
    choice of renderer (``?format=json``) on every address of the API."""

    event_format = filters.ChoiceFilter(field_name="format", choices=Format.choices,
                                        help_text="rr, drr, swiss, ko or dko")

    class Meta:
        model = Event
        fields = ["event_format", "participant_kind", "visibility"]


class EventViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                   mixins.UpdateModelMixin, viewsets.GenericViewSet):
    """Events: public ones for everybody, drafts for the people who run them. Events are not
    deleted through the API (DELETE is only for a role)."""

    http_method_names = ["get", "post", "patch", "delete", "head", "options"]
    filterset_class = EventFilter

    def get_queryset(self):
        listed = self.action == "list"
        query = self.request.query_params.get("search", "").strip() if listed else ""
        return events_visible(self.request.user, search=query)

    def filter_queryset(self, queryset):
        """The list's filters (``EventFilter``); one event is found by its id alone."""
        return super().filter_queryset(queryset) if self.action == "list" else queryset

    @extend_schema(parameters=[SEARCH])
    def list(self, request, *args, **kwargs):
        """Public events, and the drafts of the events the user runs; filter by format,
        participant kind, visibility, or search the name."""
        return super().list(request, *args, **kwargs)

    def get_serializer_class(self):
        if self.action in ("create", "partial_update", "update"):
            return s.StatuteSerializer
        return s.EventSerializer

    def perform_create(self, serializer):
        data = dict(serializer.validated_data)
        serializer.instance = event_services.event_create(
            actor=self.request.user, name=data.pop("name"), start_date=data.pop("start_date"),
            **data)

    def perform_update(self, serializer):
        serializer.instance = event_services.event_update(
            event=serializer.instance, actor=self.request.user, **serializer.validated_data)

    @extend_schema(parameters=[AFTER_ROUND], responses=tables.StandingsSerializer)
    @action(detail=True, methods=["get"], permission_classes=[permissions.AllowAny])
    def standings(self, request, pk=None):
        event = self.get_object()
        after = query_number(request, "after_round")
        table = event_standings(event, after_round=after)
        return Response({
            "event": event.pk, "after_round": table.after_round, "match_points": table.is_match,
            # Match events: the score that ranks first; team events call game points board
            # points (appendix §4).
            "primary": _primary(table),
            "criteria": [{"code": c.code, "heading": c.heading, "name": c.name}
                         for c in table.criteria],
            "rows": [{
                "rank": r.rank, "shared_rank": r.shared, "number": r.number,
                "entry": r.entry.pk, "name": r.entry.name, "points": r.points,
                "match_points": r.match_points, "game_points": r.game_points,
                **({"board_points": r.game_points} if table.team else {}),
                "tiebreaks": dict(zip([c.code for c in table.criteria], r.values, strict=True)),
                "tie_broken_by": r.reason,
                **({"rating_change": r.rating_change} if table.rated else {}),
            } for r in table.rows],
            # Art. 21.5.1: withdrawn with half or fewer games played, every game cancelled;
            # Art. 16.1 e: struck from the list and the results.
            "withdrawn": [{"number": e.number, "entry": e.pk, "name": e.name,
                           "article": _apart_article(e)} for e in table.withdrawn],
            "lots": _lots(event),
            # WXF 2023 VIII a, when the statute asks (team_ranks_by): clubs or provinces by the
            # sum of their players' ranks.
            "team_ranks": [{"team": t.team, "rank": t.rank, "total": t.total,
                            "ranks": list(t.ranks), "players": list(t.players)}
                           for t in standings_team_ranks(table)],
        })

    @extend_schema(parameters=[AFTER_ROUND], responses=tables.PrizesSerializer)
    @action(detail=True, methods=["get"], permission_classes=[permissions.AllowAny])
    def prizes(self, request, pk=None):
        """The statute's prize winners after ``after_round`` (default: the last published
        round); ``final`` false while rounds remain (a provisional list). Amounts only for the
        event's staff; the list itself is written with the statute (``PATCH`` the event's
        ``prize_list``, ``prize_ties``, ...)."""
        event = self.get_object()
        if not event.format_rules.has_standings:
            raise NotFound(_("A knockout has no standings to give prizes by."))
        prizes = event_prizes(event, after_round=query_number(request, "after_round"))
        staff = is_staff_of(request, event)
        return Response({
            "event": event.pk, "after_round": prizes.after_round, "final": prizes.final,
            "one_per_player": event.prize_one_per_player,
            "precedence": event.prize_precedence, "ties": event.prize_ties,
            "winners": [{
                "category": line.category, "place": line.place, "label": line.label,
                "number": line.number, "name": line.name, "club": line.club,
                "item": line.item, "tied": line.tied,
                "pooled": list(line.pooled) if line.pooled else None,
                **({"amount": line.amount} if staff else {}),
            } for line in prizes.lines],
            "passed_over": [{"category": p.category, "place": p.place, "name": p.name,
                             "holds": p.held} for p in prizes.passed],
            **({"total": prizes.total} if staff else {}),
        })

    @extend_schema(responses=inline_serializer("EventVersion", {
        "event": serializers.IntegerField(), "version": serializers.IntegerField()}))
    @action(detail=True, methods=["get"], permission_classes=[permissions.AllowAny])
    def version(self, request, pk=None):
        """The event's version: it grows with every change of what its public reads show, so
        a client polls this (or sends ``If-None-Match``) instead of fetching tables again."""
        event = self.get_object()
        return Response({"event": event.pk, "version": event.version})

    @extend_schema(request=None, responses=tables.LotsSerializer)
    @action(detail=True, methods=["post"])
    def lots(self, request, pk=None):
        """Draw the lots that break the ties nothing else breaks (Art. 21.3); once only."""
        event = lots_services.lots_draw(event=self.get_object(), actor=request.user)
        return Response(_lots(event))

    @extend_schema(request=s.CloseSerializer, responses=s.EventSerializer)
    @action(detail=True, methods=["post"])
    def close(self, request, pk=None):
        """Close (archive) the event: refused while a round is not completed or a protest or
        an appeal waits; afterwards every write is refused until it is reopened."""
        data = validated(s.CloseSerializer, request)
        event = closing_services.event_close(event=self.get_object(), actor=request.user,
                                             reason=data["reason"])
        return Response(s.EventSerializer(event, context={"request": request}).data)

    @extend_schema(request=s.ReopenSerializer, responses=s.EventSerializer)
    @action(detail=True, methods=["post"])
    def reopen(self, request, pk=None):
        """Reopen a closed event, with the reason (kept in its history)."""
        data = validated(s.ReopenSerializer, request)
        event = closing_services.event_reopen(event=self.get_object(), actor=request.user,
                                              reason=data["reason"])
        return Response(s.EventSerializer(event, context={"request": request}).data)

    @extend_schema(parameters=[AFTER_ROUND], responses=tables.CrosstableSerializer)
    @action(detail=True, methods=["get"], permission_classes=[permissions.AllowAny])
    def crosstable(self, request, pk=None):
        event = self.get_object()
        after = query_number(request, "after_round")
        cross = event_crosstable(event, after_round=after)
        return Response({
            "event": event.pk, "after_round": cross.after_round,
            "round_robin": cross.round_robin, "columns": list(cross.columns),
            "rows": [{"rank": r.rank, "number": r.number, "entry": r.entry.pk,
                      "name": r.entry.name, "points": r.points,
                      # Each cell as the page prints it: "1", "½", "0", "+", "−", "X", a bye's
                      # letter; two marks in a double round robin; "" on the diagonal.
                      "cells": [cell.text for cell in r.cells]}
                     for r in cross.rows],
        })

    @extend_schema(request=s.NumbersSerializer, responses=s.EntrySerializer(many=True))
    @action(detail=True, methods=["post"], pagination_class=None)
    def numbers(self, request, pk=None):
        """Draw the table numbers (appendix §5): by lots (seed recorded), rating or by hand."""
        event = self.get_object()
        data = validated(s.NumbersSerializer, request)
        numbers = data.get("numbers") or {}
        entries = entry_services.numbers_draw(event=event, actor=request.user,
                                              method=data["method"], seed=data.get("seed"),
                                              numbers=numbers)
        return Response(s.EntrySerializer(entries, many=True).data)

    @extend_schema(responses=s.RoleSerializer(many=True))
    @action(detail=True, methods=["get", "post"], serializer_class=s.RoleCreateSerializer,
            pagination_class=None, permission_classes=ORGANISERS)
    def roles(self, request, pk=None):
        """Who runs the event (organisers see and change it)."""
        event = self.get_object()
        if request.method == "POST":
            data = validated(s.RoleCreateSerializer, request)
            user = user_appointable(event=event, pk=data.get("user"),
                                    username=data.get("username"))
            if user is None:
                raise Http404
            event_services.role_assign(event=event, actor=request.user, user=user,
                                       role=data["role"])
        return Response(s.RoleSerializer(event_roles(event), many=True).data)

    @extend_schema(request=None, responses=s.PersonSerializer(many=True), parameters=[
        OpenApiParameter("search", str, description="An exact username or e-mail address "
                         "(case ignored), or a part of the name of someone already on the "
                         "event's staff; at most 10 people.")])
    @action(detail=True, methods=["get"], pagination_class=None, permission_classes=ORGANISERS)
    def people(self, request, pk=None):
        """The person with the exact username or e-mail ``search``, and the people on the
        event's staff whose name holds it, to appoint (organisers). Nobody else is listed: the
        search tells no one who has an account."""
        event = self.get_object()  # the event's organisers only (ORGANISERS)
        found = user_search(request.query_params.get("search", ""), event=event)
        return Response(s.PersonSerializer(found, many=True).data)

    @extend_schema(request=None, responses=s.NotificationSerializer(many=True))
    @action(detail=True, methods=["get"], permission_classes=ORGANISERS)
    def notifications(self, request, pk=None):
        """The event's messages, newest first, paged: e-mails and push notices with their
        status (queued, sent, failed with the error, held back over the hourly limit or for an
        address that unsubscribed). The organisers' only: it names the players' addresses."""
        event = self.get_object()  # the event's organisers only (ORGANISERS)
        page = self.paginate_queryset(event_notifications(event))
        return self.get_paginated_response(s.NotificationSerializer(page, many=True).data)

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["delete"], url_path=r"roles/(?P<role_id>\d+)")
    def role_remove(self, request, pk=None, role_id=None):
        """Remove someone's role in the event (organisers)."""
        event = self.get_object()
        role = get_object_or_404(event_roles(event), pk=role_id)
        event_services.role_remove(event=event, actor=request.user, user=role.user,
                                   role=role.role)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _lots(event) -> dict | None:
    """The lots of Art. 21.3 once drawn: the seed, who drew them, when; None before."""
    if event.lots_seed is None:
        return None
    return {"seed": event.lots_seed, "drawn_at": event.lots_drawn_at,
            "drawn_by": event.lots_drawn_by.get_username() if event.lots_drawn_by else None}


def _primary(table) -> str:
    if not table.is_match:
        return "points"
    if table.primary == "mp":
        return "match_points"
    return "board_points" if table.team else "game_points"


def validated(serializer_class, request):
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class EventEntryViewSet(mixins.ListModelMixin, mixins.CreateModelMixin, viewsets.GenericViewSet):
    """An event's entries; organisers register players (or teams with their roster)."""

    def get_serializer_class(self):
        return s.EntryCreateSerializer if self.action == "create" else s.EntrySerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Entry.objects.none()
        return event_entries(event_for(self.request, self.kwargs["event_pk"]))

    def create(self, request, event_pk=None):
        event = event_for(request, event_pk)
        data = validated(s.EntryCreateSerializer, request)
        if data.get("new_player"):
            entry = entry_services.entry_new_player_register(event=event, actor=request.user,
                                                             **data["new_player"])
        elif data.get("player"):
            entry = entry_services.entry_register(event=event, actor=request.user,
                                                  player=data["player"],
                                                  rating=data.get("rating"))
        else:
            entry = entry_services.entry_team_register(
                event=event, actor=request.user, team=data["team"],
                players=data.get("players", []), reserves=data.get("reserves", []))
        return Response(s.EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


def _apart_article(entry: Entry) -> str:
    """Why an entry is listed apart from the ranking: struck (Art. 16.1 e) or withdrawn early
    (Art. 21.5.1)."""
    act = getattr(entry, "disqualification", None)
    return "Art. 16.1 e" if act is not None and act.in_force else "Art. 21.5.1"


class EntryViewSet(viewsets.GenericViewSet):
    """An entry: read it with every game (the player's page), withdraw it, or remove an entry
    made by mistake (before it is paired)."""

    serializer_class = s.WithdrawSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, SeesEvent]

    def get_queryset(self):
        return entries_with_event()

    @extend_schema(responses=s.EntryDetailSerializer)
    def retrieve(self, request, pk=None):
        entry = get_object_or_404(entries_with_roster(), pk=pk)
        event = event_for(request, entry.event_id)
        staff = is_staff_of(request, event)
        if entry.team_id:
            context = {"games": entry_games(entry, staff=staff)}
        else:  # the player card: points, rank, performance, opponents' points
            card = player_card(event, entry, staff=staff)
            context = {"games": [c.game for c in card.games], "card": card,
                       "opponent_points": {c.game.opponent.pk: c.opponent_points
                                           for c in card.games if c.game.opponent}}
        return Response(s.EntryDetailSerializer(entry, context=context).data)

    @extend_schema(responses={204: None})
    def destroy(self, request, pk=None):
        entry = self.get_object()
        entry_services.entry_remove(entry=entry, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=s.WithdrawSerializer, responses=s.EntrySerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        """Withdraw after a round (Art. 21.5): the law's consequences apply to the standings."""
        entry = self.get_object()
        data = validated(s.WithdrawSerializer, request)
        entry = entry_services.entry_withdraw(entry=entry, actor=request.user,
                                              after_round=data["after_round"],
                                              reason=data["reason"])
        return Response(s.EntrySerializer(entry).data)

    @extend_schema(request=s.DisqualifySerializer,
                   responses={201: s.DisqualificationSerializer})
    @action(detail=True, methods=["post"])
    def disqualify(self, request, pk=None):
        """Disqualify (Art. 15.6, 16.1 d–e, 16.2: the chief arbiter), with its reason: points
        voided at once, or struck from the list once the organisers approve."""
        entry = self.get_object()
        data = validated(s.DisqualifySerializer, request)
        act = disqualification_services.entry_disqualify(
            entry=entry, actor=request.user, sanction=data["sanction"], reason=data["reason"])
        return Response(s.DisqualificationSerializer(act).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=s.DisqualificationSerializer)
    @action(detail=True, methods=["post"], url_path="approve-striking")
    def approve_striking(self, request, pk=None):
        """The head of the organising committee's approval of striking the entry from the
        list and the results (Art. 16.2): the second approval, the act takes effect."""
        entry = self.get_object()
        act = entry_disqualification(entry)
        act = disqualification_services.disqualification_approve(disqualification=act,
                                                                 actor=request.user)
        return Response(s.DisqualificationSerializer(act).data)


class EventRoundViewSet(viewsets.GenericViewSet):
    """An event's rounds. POST makes the draw of the next round(s) as drafts."""

    serializer_class = s.RoundSerializer
    lookup_field = "number"
    pagination_class = None  # an event's rounds are few: one plain list

    def _event(self):
        return event_for(self.request, self.kwargs["event_pk"])

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Round.objects.none()
        event = self._event()
        return event_rounds(event, staff=is_staff_of(self.request, event))

    def list(self, request, event_pk=None):
        return Response(s.RoundSerializer(self.get_queryset(), many=True).data)

    @extend_schema(request=None, responses={201: s.RoundSerializer(many=True),
                                            202: JobSerializer})
    def create(self, request, event_pk=None):
        """Start the next round(s) (``services/formats.py: round_start``): ``201`` with the
        stored rounds, or ``202`` with the pairing job (its address in ``Location``); the job
        ran in-process (no broker): ``201`` with its round, or ``400`` with its refusal."""
        event = self._event()
        started = round_start(event=event, actor=request.user)
        job = started.job
        if job is None:
            return Response(s.RoundSerializer(started.rounds, many=True).data,
                            status=status.HTTP_201_CREATED)
        if job.status == JobStatus.FAILED:
            return Response({"detail": job.error, "code": "ServiceError"},
                            status=status.HTTP_400_BAD_REQUEST)
        if job.status != JobStatus.DONE:
            return job_accepted(job, request)
        return Response(s.RoundSerializer([get_object_or_404(self.get_queryset(),
                                                             pk=job.result["round_id"])],
                                          many=True).data, status=status.HTTP_201_CREATED)


class RoundViewSet(mixins.DestroyModelMixin, viewsets.GenericViewSet):
    """Publish, close or delete a round by its id."""

    serializer_class = s.RoundSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, SeesEvent]

    def get_queryset(self):
        return rounds_with_event()

    @extend_schema(request=None)
    @action(detail=True, methods=["post"])
    def publish(self, request, pk=None):
        round_ = round_services.round_publish(round_=self.get_object(), actor=request.user)
        return Response(s.RoundSerializer(round_).data)

    @extend_schema(request=None)
    @action(detail=True, methods=["post"])
    def complete(self, request, pk=None):
        round_ = round_services.round_complete(round_=self.get_object(), actor=request.user)
        return Response(s.RoundSerializer(round_).data)

    def perform_destroy(self, instance):
        round_services.round_delete(round_=instance, actor=self.request.user)

    @extend_schema(request=s.RoundScheduleSerializer, responses=s.RoundSerializer)
    @action(detail=True, methods=["put"], permission_classes=ORGANISERS)
    def schedule(self, request, pk=None):
        """Move the round's start (the event's organisers; null: back to the statute's
        schedule); the change is kept with who made it and the reason."""
        data = validated(s.RoundScheduleSerializer, request)
        round_ = round_schedule_set(round_=self.get_object(), actor=request.user,
                                    starts_at=data["starts_at"], reason=data["reason"])
        return Response(s.RoundSerializer(round_).data)

    @extend_schema(methods=["GET"], request=None,
                   responses=s.BoardAssignmentSerializer(many=True))
    @extend_schema(methods=["PUT", "DELETE"], request=s.AssignmentRequestSerializer,
                   responses=s.BoardAssignmentSerializer(many=True))
    @action(detail=True, methods=["get", "put", "delete"], pagination_class=None,
            permission_classes=[permissions.IsAuthenticatedOrReadOnly, RunsEvent])
    def assignments(self, request, pk=None):
        """The boards each arbiter is in charge of (Art. 20.3 b), for the event's staff; the
        chief arbiter sets an arbiter's range (PUT) or takes it back (DELETE). The answer is
        the round's ranges."""
        round_ = self.get_object()
        if request.method != "GET":
            data = validated(s.AssignmentRequestSerializer, request)
            arbiter = user_appointable(event=round_.event, pk=data["arbiter"])
            if arbiter is None:
                raise NotFound(_("No such user."))
            if request.method == "DELETE":
                board_assignment_remove(round_=round_, actor=request.user, arbiter=arbiter)
            elif "first" not in data or "last" not in data:
                raise ValidationError({"first": [_("Give the first and the last board.")]})
            else:
                board_assignment_set(round_=round_, actor=request.user, arbiter=arbiter,
                                     first=data["first"], last=data["last"])
        return Response(s.BoardAssignmentSerializer(round_assignments(round_), many=True).data)


class BoardViewSet(viewsets.GenericViewSet):
    serializer_class = s.ResultSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, SeesRound]

    def get_queryset(self):
        return boards_with_event()

    @extend_schema(request=s.ResultSerializer, responses=s.BoardSerializer)
    @action(detail=True, methods=["put"])
    def result(self, request, pk=None):
        """Enter or correct a result. Send the version you saw: if someone changed the board
        since, the answer is 409 and nothing is written."""
        board = self.get_object()
        data = validated(s.ResultSerializer, request)
        board = result_services.result_record(board=board, result=data["result"],
                                              actor=request.user,
                                              expected_version=data["version"],
                                              reason=data["reason"])
        return Response(s.BoardSerializer(board_detail(board)).data)  # entries read at once

    @extend_schema(request=None, responses=s.HistoryLineSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None,
            permission_classes=[permissions.IsAuthenticatedOrReadOnly, RunsEvent])
    def history(self, request, pk=None):
        """Every change of the board and its games, oldest first: who, when, from what to
        what, and the reason (the event's staff)."""
        board = self.get_object()
        return Response(s.HistoryLineSerializer(board_history(board), many=True).data)


class GameViewSet(viewsets.GenericViewSet):
    serializer_class = s.ResultSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, SeesRound]

    def get_queryset(self):
        return games_with_event()

    @extend_schema(request=s.ResultSerializer, responses=s.GameSerializer)
    @action(detail=True, methods=["put"])
    def result(self, request, pk=None):
        """Enter or correct one game of a match (two-game matches, knockout, team boards), with
        the version you saw: 409 if it changed since."""
        game = self.get_object()
        data = validated(s.ResultSerializer, request)
        game = result_services.game_result_record(game=game, result=data["result"],
                                                  actor=request.user,
                                                  expected_version=data["version"],
                                                  reason=data["reason"])
        return Response(s.GameSerializer(game).data)

    @extend_schema(request=s.ColourSerializer, responses=s.GameSerializer)
    @action(detail=True, methods=["put"])
    def colour(self, request, pk=None):
        """Record a knockout's deciding game's colours as the higher-placed player chose them
        (``{white: entry id, version}``), before its result; 409 if the game changed."""
        game = self.get_object()
        data = validated(s.ColourSerializer, request)
        game = knockout_services.armageddon_colour_choose(
            game=game, actor=request.user, white=data["white"],
            expected_version=data["version"])
        return Response(s.GameSerializer(game).data)


class PlayerViewSet(viewsets.ReadOnlyModelViewSet):
    http_method_names = ["get", "patch", "head", "options"]
    """The player register; ``?search=`` ignores diacritics ("Nguyen" finds "Nguyễn").

    The people who run events (organisers, arbiters) read the whole register with the IDs
    players are matched by; everybody else reads the players of public events, without IDs,
    as the public pages show them."""

    filterset_fields = ["gender", "province", "title", "federation"]

    @cached_property
    def _reads_register(self) -> bool:
        user = self.request.user
        return user.is_authenticated and (
            user.is_superuser or user.has_perm("tournaments.add_event")
            or user_runs_events(user))

    def get_serializer_class(self):
        if getattr(self, "swagger_fake_view", False) or self._reads_register:
            return s.RegisterPlayerSerializer
        return s.PlayerSerializer

    def get_queryset(self):
        register = getattr(self, "swagger_fake_view", False) or self._reads_register
        return players_listed(register=register,
                              search=self.request.query_params.get("search", "").strip())

    @extend_schema(request=s.PlayerEditSerializer, responses=s.RegisterPlayerSerializer)
    def partial_update(self, request, pk=None):
        """Correct a register player (the register's keepers; the organiser who added the
        player, while the player is in none of other organisers' events); every change is kept
        in the player's history. Refused: 403 ``{"detail", "code": "register_keeper"}``."""
        player = get_object_or_404(Player, pk=pk)
        if not request.user.has_perm("tournaments.edit_player", player):
            raise PermissionDenied(player_services.PLAYER_EDIT_REFUSAL, code="register_keeper")
        data = validated(s.PlayerEditSerializer, request)
        player = player_services.player_update(player=player, actor=request.user, **data)
        return Response(s.RegisterPlayerSerializer(player).data)

    @extend_schema(request=None, responses=s.PlayerChangeSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def history(self, request, pk=None):
        """The player's recorded changes, newest first: who, when, what, why (those who read
        the register with its IDs)."""
        player = get_object_or_404(Player, pk=pk)
        if not self._reads_register:
            raise PermissionDenied
        return Response(s.PlayerChangeSerializer(player_history(player), many=True).data)
