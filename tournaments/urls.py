from django.urls import include, path

from tournaments.views import knockout, public, staff, swiss, team_staff, teams

app_name = "tournaments"

urlpatterns = [
    path("", public.event_list, name="event_list"),
    path("events/<slug:slug>/", public.event_detail, name="event_detail"),
    path("events/<slug:slug>/entries/", public.entries, name="entries"),
    path("events/<slug:slug>/entries/<int:entry_id>/", public.entry_detail, name="entry"),
    path("events/<slug:slug>/rounds/", public.rounds, name="rounds"),
    path("events/<slug:slug>/rounds/<int:number>/", public.round_detail, name="round"),
    path("events/<slug:slug>/standings/", public.standings, name="standings"),
    path("events/<slug:slug>/crosstable/", public.crosstable, name="crosstable"),
    path("events/<slug:slug>/export.trf", swiss.trf_public, name="trf_public"),
    path("events/<slug:slug>/bracket/", knockout.bracket, name="bracket"),
    path("events/<slug:slug>/boards/", teams.board_results, name="board_results"),
    # Organisers and arbiters.
    path("manage/", staff.my_events, name="my_events"),
    path("manage/new/", staff.event_create, name="event_create"),
    # Swiss events and TRF files (before manage/<slug>/, which would catch these paths).
    path("manage/import-trf/", swiss.trf_upload, name="trf_upload"),
    path("manage/rounds-guidance/", swiss.rounds_guidance, name="rounds_guidance"),
    path("manage/<slug:slug>/pairing/<str:job_id>/", swiss.pairing_progress,
         name="swiss_pairing"),
    path("manage/<slug:slug>/pairing/<str:job_id>/status/", swiss.pairing_progress_status,
         name="swiss_pairing_status"),
    path("manage/<slug:slug>/swiss/rounds/<int:number>/edit/", swiss.round_edit,
         name="swiss_round_edit"),
    path("manage/<slug:slug>/swiss/entries/<int:entry_id>/bye/", swiss.entry_bye,
         name="swiss_entry_bye"),
    path("manage/<slug:slug>/swiss/groups/", swiss.forbidden_groups, name="swiss_groups"),
    path("manage/<slug:slug>/", staff.manage_event, name="manage_event"),
    path("manage/<slug:slug>/statute/", staff.statute_edit, name="statute_edit"),
    path("manage/<slug:slug>/visibility/", staff.event_visibility, name="event_visibility"),
    path("manage/<slug:slug>/entries/", staff.manage_entries, name="manage_entries"),
    path("manage/<slug:slug>/entries/lookup/", staff.player_lookup, name="player_lookup"),
    path("manage/<slug:slug>/entries/add/", staff.entry_add, name="entry_add"),
    path("manage/<slug:slug>/entries/quick-add/", staff.entry_quick_add, name="entry_quick_add"),
    path("manage/<slug:slug>/entries/<int:entry_id>/withdraw/", staff.entry_withdraw,
         name="entry_withdraw"),
    path("manage/<slug:slug>/entries/<int:entry_id>/remove/", staff.entry_remove,
         name="entry_remove"),
    path("manage/<slug:slug>/numbers/", staff.numbers_draw, name="numbers_draw"),
    path("manage/<slug:slug>/numbers/manual/", staff.numbers_manual, name="numbers_manual"),
    # Team events (appendix §4): rosters and line-ups.
    path("manage/<slug:slug>/teams/new/", team_staff.team_new, name="team_new"),
    path("manage/<slug:slug>/teams/slot/", team_staff.team_slot, name="team_slot"),
    path("manage/<slug:slug>/teams/lookup/", team_staff.team_lookup, name="team_lookup"),
    path("manage/<slug:slug>/teams/<int:entry_id>/", team_staff.team_roster, name="team_roster"),
    path("manage/<slug:slug>/boards/<int:board_id>/lineup/", team_staff.lineup_save,
         name="lineup_save"),
    path("manage/<slug:slug>/roles/", staff.manage_roles, name="manage_roles"),
    path("manage/<slug:slug>/roles/<int:role_id>/remove/", staff.role_remove,
         name="role_remove"),
    path("manage/<slug:slug>/draw/", staff.draw, name="draw"),
    path("manage/<slug:slug>/bracket/start/", knockout.bracket_start, name="bracket_start"),
    path("manage/<slug:slug>/rounds/<int:number>/", staff.manage_round, name="manage_round"),
    path("manage/<slug:slug>/rounds/<int:number>/<str:action>/", staff.round_action,
         name="round_action"),
    path("", include("tournaments.urls_excel")),  # Excel, jobs, backups
]
