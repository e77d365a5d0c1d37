from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch, Q, QuerySet

from tournaments.models import Entry, Player, PlayerTitle, Team, TeamMember, Visibility
from tournaments.selectors.rounds import Change
from tournaments.text import search_words


def player_search(query: str, limit: int = 20) -> QuerySet[Player]:
    """Players whose name, club or ID matches, ignoring diacritics ("Nguyen" finds "Nguyễn");
    every word must match (the first few words only: ``search_words``)."""
    players = Player.objects.all()
    for word in search_words(query):
        players = players.filter(
            Q(name_folded__contains=word) | Q(national_id__iexact=word) | Q(fide_id__iexact=word)
            | Q(club__icontains=word)
        )
    return players.order_by("sort_key", "id")[:limit]


def players_listed(*, register: bool, search: str = "") -> QuerySet[Player]:
    """The register as the API lists it, by id: every player for those who read the register
    (``register``), else the players of public events, alone or on a team's roster, as the
    public pages show them; ``search`` as ``player_search`` (the first 200 found)."""
    players = Player.objects.all()
    if not register:
        players = players.filter(
            Q(pk__in=Entry.objects.filter(event__visibility=Visibility.PUBLIC).values("player"))
            | Q(pk__in=TeamMember.objects.filter(entry__event__visibility=Visibility.PUBLIC)
                .values("player")))
    if search:
        players = players.filter(pk__in=player_search(search, limit=200).values("pk"))
    return players.order_by("pk")


def players_register() -> QuerySet[Player]:
    """The whole register by name, with the titles held (two queries): its workbook."""
    return Player.objects.order_by("sort_key", "pk").prefetch_related(
        Prefetch("titles", queryset=PlayerTitle.objects.select_related("kind")
                 .order_by("kind__order", "-awarded_on", "pk")))


def team_search(query: str) -> QuerySet[Team]:
    """The register's teams whose name has every word of ``query``, diacritics ignored, by
    name."""
    teams = Team.objects.all()
    for word in search_words(query):
        teams = teams.filter(name_folded__contains=word)
    return teams.order_by("name_folded", "id")


def player_by_id(pk: int | None) -> Player | None:
    """The register's player of this id, or None."""
    return Player.objects.filter(pk=pk).first() if pk else None


def players_by_ids(ids) -> list[Player]:
    """The register's players of these ids (those that exist)."""
    return list(Player.objects.filter(pk__in=ids))


@dataclass(frozen=True)
class PlayerChange:
    """One recorded change of a register player: who, when, which fields from what to what
    (values as stored), and why."""

    at: datetime
    user: str
    created: bool
    changes: tuple[Change, ...]
    reason: str


PLAYER_HISTORY_FIELDS = ("full_name", "gender", "birth_year", "club", "province", "federation",
                         "national_id", "fide_id", "rating", "title")


def _shown(player_field, value) -> str:
    if value in (None, ""):
        return "–"
    choices = dict(player_field.choices or ())
    return str(choices.get(value, value))


def player_history(player: Player) -> list[PlayerChange]:
    """The player's history, newest first (one query): each save's changed fields."""
    records = list(Player.history.filter(id=player.pk).select_related("history_user")
                   .order_by("history_date", "history_id"))
    fields = {f: Player._meta.get_field(f) for f in PLAYER_HISTORY_FIELDS}
    lines, before = [], None
    for record in records:
        changes = tuple(
            Change(name, str(field.verbose_name),
                   _shown(field, getattr(before, name, None)) if before else "–",
                   _shown(field, getattr(record, name)),
                   _raw(getattr(before, name, None)) if before else None,
                   _raw(getattr(record, name)))
            for name, field in fields.items()
            if before is None or getattr(before, name) != getattr(record, name))
        if before is None or changes:
            user = record.history_user
            lines.append(PlayerChange(
                record.history_date,
                (user.get_full_name() or user.get_username()) if user else "",
                before is None, changes if before is not None else (),
                record.history_change_reason or ""))
        before = record
    return lines[::-1]


def _raw(value) -> str | None:
    return None if value in (None, "") else str(value)
