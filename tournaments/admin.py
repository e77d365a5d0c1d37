"""Admin for every model: the federation's back office. Results are changed through the
arbiter pages (services keep the history); the admin shows that history."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from tournaments.models import (
    Board,
    Category,
    Championship,
    ChampionshipRole,
    Entry,
    Event,
    EventRole,
    Game,
    Job,
    Player,
    Round,
    Stage,
    Team,
    TeamMember,
)


@admin.register(Player)
class PlayerAdmin(SimpleHistoryAdmin):
    list_display = ["full_name", "gender", "birth_year", "club", "province", "rating", "title",
                    "national_id"]
    list_filter = ["gender", "title", "federation", "province"]
    # name_folded makes "Nguyen" find "Nguyễn".
    search_fields = ["full_name", "name_folded", "national_id", "fide_id", "club"]

    def get_search_results(self, request, queryset, search_term):
        from tournaments.text import fold

        return super().get_search_results(request, queryset, fold(search_term) or search_term)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "province"]
    search_fields = ["name", "name_folded", "club", "province"]


class EventRoleInline(admin.TabularInline):
    model = EventRole
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "start_date", "format", "participant_kind", "visibility"]
    list_filter = ["format", "participant_kind", "visibility"]
    search_fields = ["name", "venue", "organiser"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [EventRoleInline]
    date_hierarchy = "start_date"


class TeamMemberInline(admin.TabularInline):
    model = TeamMember
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "number", "rating", "status", "withdrawn_after_round"]
    list_filter = ["status", "event"]
    search_fields = ["player__full_name", "player__name_folded", "team__name"]
    autocomplete_fields = ["player", "team"]
    list_select_related = ["player", "team", "event"]
    inlines = [TeamMemberInline]


class BoardInline(admin.TabularInline):
    model = Board
    extra = 0
    fields = ["number", "white", "black", "bye", "result"]
    readonly_fields = fields
    can_delete = False
    show_change_link = True


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "status", "method", "paired_at"]
    list_filter = ["status", "method", "event"]
    inlines = [BoardInline]


class GameInline(admin.TabularInline):
    model = Game
    extra = 0


@admin.register(Board)
class BoardAdmin(SimpleHistoryAdmin):
    list_display = ["round", "number", "white", "black", "bye", "result"]
    list_filter = ["round__event"]
    list_select_related = ["round__event", "white__player", "white__team", "black__player",
                           "black__team"]
    inlines = [GameInline]


@admin.register(Game)
class GameAdmin(SimpleHistoryAdmin):
    list_display = ["board", "number", "level", "kind", "result"]


@admin.register(EventRole)
class EventRoleAdmin(admin.ModelAdmin):
    list_display = ["event", "user", "role"]
    list_filter = ["role"]
    autocomplete_fields = ["user", "event"]


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    """Exports, imports and restores: who asked, how far they got, why one failed."""

    list_display = ["__str__", "kind", "status", "event", "user", "created_at", "finished_at"]
    list_filter = ["kind", "status"]
    list_select_related = ["event", "user"]
    readonly_fields = ["kind", "user", "event", "params", "status", "done", "total", "file",
                       "filename", "preview", "result", "error", "task_id", "created_at",
                       "started_at", "finished_at"]


# Championships (Art. 17.3): read in the back office; built through the championship's pages.
@admin.register(Championship)
class ChampionshipAdmin(admin.ModelAdmin):
    list_display = ["name", "start_date", "visibility"]
    search_fields = ["name"]


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    list_display = ["name", "championship", "participant_kind", "team_classification"]


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ["__str__", "category", "format", "groups", "qualification", "qualified_at"]
    readonly_fields = ["qualified_at"]


@admin.register(ChampionshipRole)
class ChampionshipRoleAdmin(admin.ModelAdmin):
    list_display = ["championship", "user", "role"]
