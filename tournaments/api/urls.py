from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.api import (
    adjournments,
    archive,
    career,
    championships,
    checkins,
    fees,
    fouls,
    game_records,
    invitations,
    knockout,
    organisations,
    player,
    printing,
    protests,
    ratings,
    registrations,
    relay,
    swiss,
    teams,
    tiebreaks,
    views,
)
from tournaments.api.auth import TokenView


class NumberedRouter(DefaultRouter):
    """Objects are addressed by their id, a whole number: ``/api/entries/abc/`` is not an
    address (404), rather than a lookup of "abc" that fails. No format suffix either
    (``/api/events/1/standings.json``, ``/api/entries/0.5/``: 404): the answer's format is the
    ``Accept`` header's or ``?format=``, one address per resource."""

    include_format_suffixes = False

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
    # A player's own page by their private link; the players' requests for the staff.
    path("private/<str:token>/", player.private_page, name="private-page"),
    path("private/<str:token>/requests/", player.private_request, name="private-requests"),
    path("private/<str:token>/push/", player.private_push, name="private-push"),
    path("private/<str:token>/check-in/", player.private_check_in, name="private-check-in"),
    path("events/<int:event_pk>/requests/", player.event_requests, name="event-requests"),
    path("requests/<int:pk>/decide/", player.request_decide, name="request-decide"),
    path("entries/<int:pk>/private-link/", player.entry_private_link,
         name="entry-private-link"),
    path("events/<int:event_pk>/bracket/", knockout.event_bracket_view, name="event-bracket"),
    # Check-in before a round, late arrivals at the board (Art. 10.2.1 a).
    path("events/<int:event_pk>/check-ins/", checkins.check_ins, name="event-check-ins"),
    path("events/<int:event_pk>/check-ins/<int:entry_pk>/", checkins.check_in,
         name="event-check-in"),
    path("boards/<int:pk>/arrival/", checkins.board_arrival, name="board-arrival"),
    # Ratings.
    path("rating-lists/", ratings.rating_list_collection, name="rating-lists"),
    path("rating-lists/<int:pk>/", ratings.rating_list_detail, name="rating-list"),
    path("players/<int:pk>/ratings/", ratings.player_ratings, name="player-ratings"),
    path("players/<int:pk>/career/", career.player_career_view, name="player-career"),
    path("players/<int:pk>/head-to-head/<int:other_pk>/", career.head_to_head_view,
         name="player-head-to-head"),
    path("players/<int:pk>/titles/", career.player_title_list, name="player-titles"),
    path("players/<int:pk>/merge/", career.player_merge_view, name="player-merge"),
    path("titles/<int:pk>/revoke/", career.title_revoke, name="title-revoke"),
    path("title-kinds/", career.title_kind_list, name="title-kinds"),
    path("register/workbook/", career.register_workbook_view, name="register-workbook"),
    path("events/<int:event_pk>/ratings/", ratings.event_ratings, name="event-ratings"),
    path("events/<int:event_pk>/ratings/apply/", ratings.event_ratings_apply,
         name="event-ratings-apply"),
    path("events/<int:event_pk>/ratings/revert/", ratings.event_ratings_revert,
         name="event-ratings-revert"),
    path("", include("tournaments.api.jobs")),  # every background job, whatever its kind
    path("", include("tournaments.api.excel")),  # exports, imports, backups
    # Print sheets as PDF.
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
    path("search/", archive.search, name="archive-search"),
    path("archive/", archive.archive, name="archive"),
    path("tiebreak-presets/", tiebreaks.tiebreak_presets, name="tiebreak-presets"),
    # Online registration (Art. 18 b): anyone submits; the organisers review and decide.
    path("events/<int:event_pk>/registrations/", registrations.EventRegistrationsView.as_view(),
         name="event-registrations"),
    path("events/<int:event_pk>/registrations/approve-eligible/",
         registrations.ApproveEligibleView.as_view(), name="event-registrations-approve"),
    path("registrations/<int:pk>/decision/", registrations.RegistrationDecisionView.as_view(),
         name="registration-decision"),
    path("registrations/<int:pk>/withdraw/", registrations.RegistrationWithdrawView.as_view(),
         name="registration-withdraw"),
    # Penalties during play (chapter 5).
    path("boards/<int:pk>/fouls/", fouls.BoardFoulsView.as_view(), name="board-fouls"),
    path("fouls/<int:pk>/", fouls.FoulView.as_view(), name="foul"),
    path("events/<int:event_pk>/fouls/", fouls.EventFoulsView.as_view(), name="event-fouls"),
    path("events/<int:event_pk>/fees/", fees.event_fees, name="event-fees"),
    path("events/<int:event_pk>/fees/summary/", fees.event_fees_summary,
         name="event-fees-summary"),
    path("events/<int:event_pk>/fees/schedule/", fees.event_fee_schedule,
         name="event-fee-schedule"),
    path("categories/<int:pk>/fees/", fees.category_fee_schedule_view, name="category-fees"),
    path("entries/<int:pk>/member/", fees.entry_member, name="entry-member"),
    path("entries/<int:pk>/payments/", fees.entry_payments, name="entry-payments"),
    path("payments/<int:pk>/void/", fees.payment_cancel, name="payment-void"),
    path("events/<int:event_pk>/protests/", protests.EventProtestsView.as_view(),
         name="event-protests"),
    path("protests/<int:pk>/decide/", protests.ProtestDecideView.as_view(),
         name="protest-decide"),
    path("protests/<int:pk>/appeal/", protests.ProtestAppealView.as_view(),
         name="protest-appeal"),
    path("protests/<int:pk>/appeal-decision/", protests.AppealDecideView.as_view(),
         name="appeal-decide"),
    # Adjourned games and sealed moves (Art. 10.3).
    path("boards/<int:pk>/adjournments/", adjournments.BoardAdjournmentsView.as_view(),
         name="board-adjournments"),
    path("adjournments/<int:pk>/resume/", adjournments.AdjournmentResumeView.as_view(),
         name="adjournment-resume"),
    # Championships (Art. 17.3).
    # Organisations' tree, administrators, members; the public calendar.
    path("organisations/", organisations.organisation_collection, name="organisations"),
    path("organisations/<int:pk>/", organisations.organisation_detail, name="organisation"),
    path("organisations/<int:pk>/admins/", organisations.admin_collection,
         name="organisation-admins"),
    path("organisations/<int:pk>/admins/<int:role_pk>/", organisations.admin_delete,
         name="organisation-admin"),
    path("organisations/<int:pk>/memberships/", organisations.membership_collection,
         name="organisation-memberships"),
    path("organisations/<int:pk>/backup/", organisations.organisation_backup_read,
         name="organisation-backup"),
    path("memberships/<int:pk>/finish/", organisations.membership_finish,
         name="membership-finish"),
    path("calendar/", organisations.calendar, name="calendar"),
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
    # Invitations to run an event or a championship; the accounts they made.
    path("events/<int:pk>/invitations/", invitations.event_invitation_list,
         name="event-invitations"),
    path("championships/<int:pk>/invitations/", invitations.championship_invitation_list,
         name="championship-invitations"),
    path("invitations/<int:pk>/revoke/", invitations.invitation_revoke,
         name="invitation-revoke"),
    path("accounts/<int:pk>/deactivate/", invitations.account_deactivate,
         name="account-deactivate"),
    path("accounts/<int:pk>/reactivate/", invitations.account_reactivate,
         name="account-reactivate"),
    # Game records (Art. 11).
    path("boards/<int:pk>/moves/", game_records.BoardMovesView.as_view(), name="board-moves"),
    path("events/<int:event_pk>/rounds/<int:number>/pgn/", game_records.RoundPgnView.as_view(),
         name="round-pgn"),
    # The live relay (docs/live.md).
    path("boards/<int:pk>/live/", relay.LiveGameView.as_view(), name="board-live"),
    path("boards/<int:pk>/live/undo/", relay.LiveUndoView.as_view(), name="board-live-undo"),
    path("boards/<int:pk>/relay/", relay.BoardRelayView.as_view(), name="board-relay"),
    path("events/<int:event_pk>/rounds/<int:number>/live/", relay.RoundLiveView.as_view(),
         name="round-live"),
    path("", include(router.urls)),
]
