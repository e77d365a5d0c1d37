from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.api import knockout, teams, views

router = DefaultRouter()
router.register("events", views.EventViewSet, basename="event")
router.register("entries", views.EntryViewSet, basename="entry")
router.register("rounds", views.RoundViewSet, basename="round")
router.register("boards", views.BoardViewSet, basename="board")
router.register("games", views.GameViewSet, basename="game")
router.register("players", views.PlayerViewSet, basename="player")
router.register("teams", teams.TeamViewSet, basename="team")

event_entries = views.EventEntryViewSet.as_view({"get": "list", "post": "create"})
event_rounds = views.EventRoundViewSet.as_view({"get": "list", "post": "create"})
event_round = views.EventRoundViewSet.as_view({"get": "retrieve"})

urlpatterns = [
    path("events/<int:event_pk>/entries/", event_entries, name="event-entries"),
    path("events/<int:event_pk>/rounds/", event_rounds, name="event-rounds"),
    path("events/<int:event_pk>/rounds/<int:number>/", event_round, name="event-round"),
    path("events/<int:event_pk>/bracket/", knockout.event_bracket_view, name="event-bracket"),
    path("", include("tournaments.api.excel")),  # exports, imports, jobs, backups
    # Team events (appendix §4).
    path("events/<int:event_pk>/boards/", teams.BoardResultsView.as_view(),
         name="event-board-results"),
    path("events/<int:event_pk>/teams/<int:entry_pk>/", teams.TeamDetailView.as_view(),
         name="event-team"),
    path("entries/<int:pk>/roster/", teams.RosterView.as_view(), name="entry-roster"),
    path("boards/<int:pk>/lineup/", teams.LineupView.as_view(), name="board-lineup"),
    path("", include(router.urls)),
]
