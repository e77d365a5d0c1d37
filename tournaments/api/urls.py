from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.api import knockout, views

router = DefaultRouter()
router.register("events", views.EventViewSet, basename="event")
router.register("entries", views.EntryViewSet, basename="entry")
router.register("rounds", views.RoundViewSet, basename="round")
router.register("boards", views.BoardViewSet, basename="board")
router.register("games", views.GameViewSet, basename="game")
router.register("players", views.PlayerViewSet, basename="player")

event_entries = views.EventEntryViewSet.as_view({"get": "list", "post": "create"})
event_rounds = views.EventRoundViewSet.as_view({"get": "list", "post": "create"})
event_round = views.EventRoundViewSet.as_view({"get": "retrieve"})

urlpatterns = [
    path("events/<int:event_pk>/entries/", event_entries, name="event-entries"),
    path("events/<int:event_pk>/rounds/", event_rounds, name="event-rounds"),
    path("events/<int:event_pk>/rounds/<int:number>/", event_round, name="event-round"),
    path("events/<int:event_pk>/bracket/", knockout.event_bracket_view, name="event-bracket"),
    path("", include("tournaments.api.excel")),  # exports, imports, jobs, backups
    path("", include(router.urls)),
]
