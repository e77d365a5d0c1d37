from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.api import (
    championships,
    fouls,
    game_records,
    knockout,
    printing,
    ratings,
    swiss,
    teams,
    tiebreaks,
    views,
)
from tournaments.api.auth import TokenView


class NumberedRouter(DefaultRouter):
    """Objects are addressed by their id, a whole number: ``/api/entries/abc/`` is not an
    address (404), rather than a lookup of "abc" that fails."""

    def get_lookup_regex(self, viewset, lookup_prefix=""):
        kwarg = getattr(viewset, "lookup_url_kwarg", None) or getattr(viewset, "lookup_field",
                                                                        "pk")
        value = getattr(viewset, "lookup_value_regex", r"\d+")
        return f"(?P<{lookup_prefix}{kwarg}>{value})"


router = NumberedRouter()
router.register("events", views.EventViewSet, basename="event")
router.register("entries", views.EntryViewSet, basename="entry")
router.register("rounds", views.RoundViewSet, basename="round")
router.register("boards", views.BoardViewSet, basename="board")
router.register("games", views.GameViewSet, basename="game")
router.register("players", views.PlayerViewSet, basename="player")
router.register("teams", teams.TeamViewSet, basename="team")

event_entries = views.EventEntryViewSet.as_view({"get": "list", "post": "create"})
# Every format's rounds (a large event's pairing is a job); Swiss draft edits by hand
# (tournaments/api/swiss.py).
event_rounds = swiss.RoundsViewSet.as_view({"get": "list", "post": "create"})
event_round = swiss.RoundsViewSet.as_view({"get": "retrieve", "patch": "partial_update"})

urlpatterns = [
    path("token/", TokenView.as_view(), name="api-token"),
    path("events/<int:event_pk>/entries/", event_entries, name="event-entries"),
    path("events/<int:event_pk>/rounds/", event_rounds, name="event-rounds"),
    path("events/<int:event_pk>/rounds/<int:number>/", event_round, name="event-round"),
    path("events/<int:event_pk>/forbidden-groups/", swiss.forbidden_groups,
         name="event-forbidden-groups"),
    path("events/<int:event_pk>/trf/", swiss.trf_file, name="event-trf"),
    path("events/<int:event_pk>/check/", swiss.event_check_view, name="event-check"),
    path("events/import-trf/", swiss.trf_import_view, name="event-import-trf"),
    path("entries/<int:pk>/bye/", swiss.entry_bye, name="entry-bye"),
    path("events/<int:event_pk>/bracket/", knockout.event_bracket_view, name="event-bracket"),
    # Ratings (issue 17).
    path("rating-lists/", ratings.rating_list_collection, name="rating-lists"),
    path("rating-lists/<int:pk>/", ratings.rating_list_detail, name="rating-list"),
    path("players/<int:pk>/ratings/", ratings.player_ratings, name="player-ratings"),
    path("events/<int:event_pk>/ratings/", ratings.event_ratings, name="event-ratings"),
    path("events/<int:event_pk>/ratings/apply/", ratings.event_ratings_apply,
         name="event-ratings-apply"),
    path("events/<int:event_pk>/ratings/revert/", ratings.event_ratings_revert,
         name="event-ratings-revert"),
    path("", include("tournaments.api.jobs")),  # every background job, whatever its kind
    path("", include("tournaments.api.excel")),  # exports, imports, backups
    # Print sheets as PDF (issue 20).
    path("events/<int:event_pk>/print/", printing.print_sheets, name="event-print"),
    path("events/<int:event_pk>/print/<str:sheet>/", printing.print_sheet,
         name="event-print-sheet"),
    # Team events (appendix §4).
    path("events/<int:event_pk>/boards/", teams.BoardResultsView.as_view(),
         name="event-board-results"),
    path("events/<int:event_pk>/teams/<int:entry_pk>/", teams.TeamDetailView.as_view(),
         name="event-team"),
    path("entries/<int:pk>/roster/", teams.RosterView.as_view(), name="entry-roster"),
    path("boards/<int:pk>/lineup/", teams.LineupView.as_view(), name="board-lineup"),
    path("tiebreak-presets/", tiebreaks.tiebreak_presets, name="tiebreak-presets"),
    # Penalties during play (chapter 5).
    path("boards/<int:pk>/fouls/", fouls.BoardFoulsView.as_view(), name="board-fouls"),
    path("fouls/<int:pk>/", fouls.FoulView.as_view(), name="foul"),
    path("events/<int:event_pk>/fouls/", fouls.EventFoulsView.as_view(), name="event-fouls"),
    # Championships (issue 15).
    path("championships/", championships.championship_collection, name="championships"),
    path("championships/<int:pk>/", championships.championship_detail, name="championship"),
    path("championships/<int:pk>/categories/", championships.category_create,
         name="championship-categories"),
    path("championships/<int:pk>/roles/", championships.role_create,
         name="championship-roles"),
    path("championships/<int:pk>/roles/<int:role_pk>/", championships.role_delete,
         name="championship-role"),
    path("championships/<int:pk>/players/<int:player_pk>/", championships.player_path,
         name="championship-player"),
    path("championships/<int:pk>/workbook/", championships.championship_workbook,
         name="championship-workbook"),
    path("categories/<int:pk>/", championships.category_detail, name="category"),
    path("categories/<int:pk>/stages/", championships.stage_create, name="category-stages"),
    path("categories/<int:pk>/results/", championships.category_results,
         name="category-results"),
    path("stages/<int:pk>/", championships.stage_detail, name="stage"),
    path("stages/<int:pk>/qualification/", championships.stage_qualification,
         name="stage-qualification"),
    path("stages/<int:pk>/qualify/", championships.stage_qualify, name="stage-qualify"),
    path("stages/<int:pk>/playoff/", championships.stage_playoff, name="stage-playoff"),
    path("stages/<int:pk>/players/", championships.stage_players, name="stage-players"),
    # Game records (Art. 11).
    path("boards/<int:pk>/moves/", game_records.BoardMovesView.as_view(), name="board-moves"),
    path("events/<int:event_pk>/rounds/<int:number>/pgn/", game_records.RoundPgnView.as_view(),
         name="round-pgn"),
    path("", include(router.urls)),
]
