"""Backup and restore of a whole event as one JSON document.

The document (format ``cotuong-event-backup``, version :data:`VERSION`) holds the event with its
statute, the players and teams it uses, entries and rosters, rounds, boards and games with their
results and the seeds of every draw of lots, so the restored event ranks exactly as the original
(same table numbers, same results, same lots seed). Accounts and roles are not carried over: the
person who restores becomes the organiser.

Restoring into another installation: players are matched by their federation ID, then their
international ID, and created when neither is known; teams by name. A document of an unknown
format or version is refused with a message, and a restore stores everything or nothing.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from tournaments.errors import ServiceError
from tournaments.models import (
    Board,
    Entry,
    Event,
    EventRole,
    Foul,
    Game,
    GameMoves,
    JobKind,
    Player,
    Role,
    Round,
    RoundStatus,
    Team,
    TeamMember,
)
from tournaments.selectors.game_records import sheet_check
from tournaments.services._access import require
from tournaments.services.events import STATUTE_FIELDS, event_slug
from tournaments.services.jobs import job_dispatch, job_language, job_new
from tournaments.services.rounds import check_paired_once, open_boards

FORMAT = "cotuong-event-backup"
VERSION = 1

_EVENT_INFO = ("name", "slug", "start_date", "end_date", "venue", "organiser", "visibility")
_EVENT_FIELDS = sorted((STATUTE_FIELDS - set(_EVENT_INFO))
                       | {"numbers_method", "numbers_seed", "lots_seed", "lots_drawn_at"})
_PLAYER_FIELDS = ("full_name", "gender", "birth_year", "club", "province", "federation",
                  "national_id", "fide_id", "rating", "title")
_TEAM_FIELDS = ("name", "club", "province")
# ``moved_on_after_round``: a championship's Swiss stage no longer pairs a qualifier who moved
# on (issue 15); a restored copy keeps not pairing them.
_ENTRY_FIELDS = ("number", "rating", "status", "withdrawn_after_round", "joined_round",
                 "requested_byes", "moved_on_after_round")
_ROUND_FIELDS = ("number", "status", "method", "seed", "paired_at", "published_at",
                 "completed_at", "scheduled_at", "explanation")
_BOARD_FIELDS = ("number", "bye", "result", "version", "bracket", "match_code",
                 "first_substitution", "second_substitution")
# Statute fields older backups hold that the statute no longer has: the reserves' rule is the
# team's per match since issue 14.2 (appendix §4), so it is read from each match, not the event.
_RETIRED_EVENT_FIELDS = {"substitution"}
_GAME_FIELDS = ("number", "level", "kind", "white_first", "result", "version")
_FOUL_FIELDS = ("kind", "article", "note", "recorded_at")
_MOVES_FIELDS = ("moves", "notation", "start_fen", "source", "entered_at")


def _plain(value):
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value


def _fields(obj, names) -> dict:
    return {name: _plain(getattr(obj, name)) for name in names}


def backup_document(event: Event) -> dict:
    """The whole event as a JSON-ready dict (no rights checked: callers check them)."""
    entries = list(event.entries.select_related("player", "team").order_by("pk"))
    members = list(TeamMember.objects.filter(entry__event=event).select_related("player")
                   .order_by("entry_id", "board_order"))
    rounds = list(event.rounds_set.order_by("number"))
    boards = list(Board.objects.filter(round__event=event).order_by("round__number", "number"))
    games = list(Game.objects.filter(board__round__event=event).order_by("board_id", "number"))
    fouls: dict[int, list[Foul]] = {}
    for foul in (Foul.objects.filter(board__round__event=event)
                 .select_related("game", "recorded_by").order_by("board_id", "recorded_at", "pk")):
        fouls.setdefault(foul.board_id, []).append(foul)
    moves: dict[int, list[GameMoves]] = {}
    for record in (GameMoves.objects.filter(board__round__event=event)
                   .select_related("game", "entered_by").order_by("board_id", "pk")):
        moves.setdefault(record.board_id, []).append(record)
    players: dict[int, Player] = {}
    teams: dict[int, Team] = {}
    for entry in entries:
        if entry.player_id:
            players[entry.player_id] = entry.player
        else:
            teams[entry.team_id] = entry.team
    for m in members:
        players[m.player_id] = m.player
    game_players = {pid for g in games for pid in (g.first_player_id, g.second_player_id) if pid}
    for p in Player.objects.filter(pk__in=game_players - set(players)):
        players[p.pk] = p
    by_board: dict[int, list[Game]] = {}
    for g in games:
        by_board.setdefault(g.board_id, []).append(g)
    by_round: dict[int, list[Board]] = {}
    for b in boards:
        by_round.setdefault(b.round_id, []).append(b)
    roster: dict[int, list[TeamMember]] = {}
    for m in members:
        roster.setdefault(m.entry_id, []).append(m)
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "event": {**_fields(event, _EVENT_INFO), **_fields(event, _EVENT_FIELDS)},
        "players": [{"id": p.pk, **_fields(p, _PLAYER_FIELDS)} for p in players.values()],
        "teams": [{"id": t.pk, **_fields(t, _TEAM_FIELDS)} for t in teams.values()],
        "entries": [
            {"id": e.pk, "player": e.player_id, "team": e.team_id, **_fields(e, _ENTRY_FIELDS),
             "members": [{"player": m.player_id, "board_order": m.board_order,
                          "is_reserve": m.is_reserve} for m in roster.get(e.pk, [])]}
            for e in entries
        ],
        "rounds": [
            {**_fields(r, _ROUND_FIELDS), "boards": [
                {**_fields(b, _BOARD_FIELDS), "white": b.white_id, "black": b.black_id,
                 "games": [{**_fields(g, _GAME_FIELDS), "first_player": g.first_player_id,
                            "second_player": g.second_player_id}
                           for g in by_board.get(b.pk, [])],
                 "fouls": [_foul_row(f) for f in fouls.get(b.pk, [])],
                 "moves": [_moves_row(m) for m in moves.get(b.pk, [])]}
                for b in by_round.get(r.pk, [])]}
            for r in rounds
        ],
    }


def _foul_row(foul: Foul) -> dict:
    """A penalty (chapter 5): the entry, the game of the match by number, who by username."""
    return {**_fields(foul, _FOUL_FIELDS), "entry": foul.entry_id,
            "game": foul.game.number if foul.game else None,
            "recorded_by": foul.recorded_by.get_username() if foul.recorded_by else ""}


def _moves_row(record: GameMoves) -> dict:
    """A game's moves (Art. 11): the game of the match by number, who by username."""
    return {**_fields(record, _MOVES_FIELDS), "game": record.game.number if record.game else None,
            "entered_by": record.entered_by.get_username() if record.entered_by else ""}


def event_backup(*, event: Event, actor) -> dict:
    """The backup document of ``event``, for its organisers (it holds federation IDs)."""
    require(actor, "tournaments.change_event", event)
    return backup_document(event)


def document_check(document) -> None:
    """Refuse anything but a backup of a version this installation reads."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ServiceError(_("This file is not a backup of an event made by this program."))
    version = document.get("version")
    if version != VERSION:
        raise ServiceError(
            _("This backup is in format version %(version)s; this installation reads version "
              "%(supported)s only. Restore it with the program that made it, or update this "
              "installation."), version=version, supported=VERSION)


def event_restore(*, document: dict, actor, progress=None) -> Event:
    """Create the event of ``document`` with its players, entries, rounds and results; the
    actor becomes its organiser. All or nothing."""
    if actor is None or not actor.has_perm("tournaments.add_event"):
        raise PermissionDenied(_("Only organisers can create events."))
    document_check(document)
    try:
        with transaction.atomic():
            return _restore(document, actor, progress)
    except ServiceError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, ValidationError,
            IntegrityError) as exc:
        detail = exc.messages[0] if isinstance(exc, ValidationError) else str(exc)
        raise _damaged(f"{type(exc).__name__}: {detail}") from exc


def _damaged(detail: str) -> ServiceError:
    return ServiceError(_("The backup is damaged and was not restored: %(detail)s"),
                        detail=detail[:300])


def _date(value):
    return parse_date(value) if value else None


def _datetime(value):
    return parse_datetime(value) if value else None


def _restore(doc: dict, actor, progress) -> Event:
    source = doc["event"]
    unknown = set(source) - set(_EVENT_FIELDS) - set(_EVENT_INFO) - _RETIRED_EVENT_FIELDS
    if unknown:
        raise ServiceError(_("The backup has event fields this installation does not know: "
                             "%(fields)s."), fields=", ".join(sorted(unknown)))
    event = Event(created_by=actor, name=source["name"],
                  start_date=_date(source["start_date"]), end_date=_date(source.get("end_date")),
                  venue=source.get("venue", ""), organiser=source.get("organiser", ""),
                  visibility=source.get("visibility", "draft"))
    for name in _EVENT_FIELDS:
        if name in source:
            setattr(event, name, source[name])
    slug = source.get("slug") or ""
    event.slug = slug if slug and not Event.objects.filter(slug=slug).exists() \
        else event_slug(source["name"])
    _check_law_scoring(event)
    event.full_clean()
    event.save()
    EventRole.objects.create(event=event, user=actor, role=Role.ORGANISER)
    _older_substitution(doc)
    players = _restore_players(doc["players"])
    teams = _restore_teams(doc.get("teams", []))
    entries = _restore_entries(doc["entries"], event, players, teams)
    total = len(doc["rounds"])
    for i, r in enumerate(doc["rounds"], start=1):
        _restore_round(r, event, entries, players, actor)
        if progress:
            progress(i, total)
    return event


def _check_law_scoring(event: Event) -> None:
    """A backup made before Art. 19.5 was enforced may hold an official event with other
    points: say so, and how to restore it, rather than call the backup damaged."""
    if event.official and not event.scoring_follows_law:
        raise ServiceError(_("This backup's event is official, but its scoring is not the "
                             "law's: %(why)s To restore it as a friendly event, set "
                             "\"official\": false in the backup's \"event\"."),
                           why=" ".join(str(w) for w in event.scoring_departures().values()))


def _older_substitution(doc: dict) -> None:
    """A backup made when the statute held one reserve rule for the event (``substitution``):
    its matches take that rule as both teams' choice, as migration 0011 did for the events
    stored here (appendix §4, issue 14.2)."""
    rule = doc["event"].get("substitution")
    if rule is None:
        return
    for round_row in doc["rounds"]:
        for board in round_row["boards"]:
            board.setdefault("first_substitution", rule)
            board.setdefault("second_substitution", rule)


def _restore_players(rows: list[dict]) -> dict[int, int]:
    """Document player id -> player id here: by federation ID, international ID, or new."""
    national = {r["national_id"] for r in rows if r.get("national_id")}
    fide = {r["fide_id"] for r in rows if r.get("fide_id")}
    by_national = dict(Player.objects.filter(national_id__in=national)
                       .values_list("national_id", "pk"))
    by_fide = dict(Player.objects.filter(fide_id__in=fide).values_list("fide_id", "pk"))
    out: dict[int, int] = {}
    for row in rows:
        pk = by_national.get(row.get("national_id")) or by_fide.get(row.get("fide_id"))
        if pk is None:
            player = Player(**{k: row.get(k) for k in _PLAYER_FIELDS if k in row})
            for key in ("gender", "club", "province", "title"):
                setattr(player, key, getattr(player, key) or "")
            player.federation = player.federation or "VIE"
            player.full_clean(exclude=["name_folded", "sort_key"])
            player.save()
            pk = player.pk
        out[row["id"]] = pk
    return out


def _restore_teams(rows: list[dict]) -> dict[int, int]:
    out: dict[int, int] = {}
    for row in rows:
        team = Team.objects.filter(name__iexact=row["name"]).first()
        if team is None:
            team = Team.objects.create(**{k: row.get(k) or "" for k in _TEAM_FIELDS})
        out[row["id"]] = team.pk
    return out


def _restore_entries(rows: list[dict], event: Event, players: dict[int, int],
                     teams: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for row in rows:
        entry = Entry(event=event,
                      player_id=players[row["player"]] if row.get("player") else None,
                      team_id=teams[row["team"]] if row.get("team") else None,
                      **{k: row[k] for k in _ENTRY_FIELDS if k in row})
        entry.full_clean(exclude=["event", "player", "team"])
        entry.save()
        out[row["id"]] = entry.pk
        TeamMember.objects.bulk_create(
            TeamMember(entry=entry, player_id=players[m["player"]], board_order=m["board_order"],
                       is_reserve=m.get("is_reserve", False))
            for m in row.get("members", [])
        )
    return out


def _restore_round(row: dict, event: Event, entries: dict[int, int], players: dict[int, int],
                   actor) -> None:
    """One round, checked by the rules the services keep: known status, method, bye kinds,
    result codes and game kinds (the models' choices), each entry on one board at most
    (``rounds.check_paired_once``), no result in a draft, none missing in a closed round
    (``rounds.open_boards``, as ``round_complete`` checks)."""
    round_ = Round(
        event=event, number=row["number"], status=row["status"], method=row["method"],
        seed=row.get("seed"), paired_by=None, paired_at=_datetime(row.get("paired_at")),
        published_at=_datetime(row.get("published_at")),
        completed_at=_datetime(row.get("completed_at")),
        scheduled_at=_datetime(row.get("scheduled_at")),
        explanation=row.get("explanation"),  # by pairing number: the numbers come back too
    )
    round_.full_clean()
    round_.save()
    boards = [
        Board(round=round_, white_id=entries[b["white"]],
              black_id=entries[b["black"]] if b.get("black") else None,
              **{k: b[k] for k in _BOARD_FIELDS if k in b})
        for b in row["boards"]
    ]
    check_paired_once(set(entries.values()), [(b.white_id, b.black_id) for b in boards])
    for board in boards:
        board.full_clean(exclude=["round", "white", "black"])
    if round_.status == RoundStatus.DRAFT and any(b.result for b in boards):
        raise _damaged(f"round {round_.number} is a draft with results")
    reason = "restored from a backup"
    boards = bulk_create_with_history(boards, Board, default_user=actor,
                                      default_change_reason=reason)
    games = [
        Game(board=board, first_player_id=players[g["first_player"]] if g.get("first_player")
             else None,
             second_player_id=players[g["second_player"]] if g.get("second_player") else None,
             **{k: g[k] for k in _GAME_FIELDS if k in g})
        for board, b in zip(boards, row["boards"], strict=True) for g in b.get("games", [])
    ]
    for game in games:
        game.full_clean(exclude=["board", "first_player", "second_player"])
    if games:
        bulk_create_with_history(games, Game, default_user=actor, default_change_reason=reason)
    _restore_fouls(row, boards, entries)
    _restore_moves(row, boards)
    if round_.status == RoundStatus.COMPLETED and open_boards(round_):
        raise _damaged(f"round {round_.number} is closed with boards without a result")


def _restore_fouls(row: dict, boards: list[Board], entries: dict[int, int]) -> None:
    """The round's penalties; the arbiter who recorded one is kept if that account exists here."""
    rows = [(board, f) for board, b in zip(boards, row["boards"], strict=True)
            for f in b.get("fouls", [])]
    if not rows:
        return
    names = {f.get("recorded_by") for _board, f in rows} - {""}
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=names)}
    games = {(g.board_id, g.number): g for g in Game.objects.filter(board__in=boards)}
    for board, f in rows:
        foul = Foul(
            board=board, entry_id=entries[f["entry"]],
            game=games.get((board.pk, f["game"])) if f.get("game") else None,
            kind=f["kind"], article=f["article"], note=f.get("note", ""),
            recorded_at=_datetime(f["recorded_at"]), recorded_by=users.get(f.get("recorded_by")))
        foul.full_clean(exclude=["board", "entry", "game", "recorded_by"])  # known kinds only
        foul.save()


def _restore_moves(row: dict, boards: list[Board]) -> None:
    """The round's recorded games, replayed before they are kept: a move that cannot be played
    (a damaged or forged file) refuses the whole restore."""
    rows = [(board, m) for board, b in zip(boards, row["boards"], strict=True)
            for m in b.get("moves", [])]
    if not rows:
        return
    names = {m.get("entered_by") for _board, m in rows} - {""}
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=names)}
    games = {(g.board_id, g.number): g for g in Game.objects.filter(board__in=boards)}
    for board, m in rows:
        checked = sheet_check(str(m.get("moves", "")), "iccs", str(m.get("start_fen") or ""))
        if not checked.ok or not checked.moves:
            raise _damaged(f"round {row['number']}, board {board.number}: moves that cannot "
                           "be played")
        record = GameMoves(
            board=board, game=games.get((board.pk, m.get("game"))) if m.get("game") else None,
            moves=" ".join(x.iccs for x in checked.moves), notation=m.get("notation", "vi"),
            start_fen=m.get("start_fen") or "", source=m.get("source", "sheet"),
            entered_at=_datetime(m["entered_at"]), entered_by=users.get(m.get("entered_by")))
        record.full_clean(exclude=["board", "game", "entered_by"])  # known notations only
        record.save()


MAX_BACKUP_BYTES = 50 * 1024 * 1024


@transaction.atomic
def restore_start(*, actor, upload, lang: str | None = None):
    """Keep an uploaded backup on a job and queue its restore."""
    if actor is None or not actor.has_perm("tournaments.add_event"):
        raise PermissionDenied(_("Only organisers can create events."))
    if upload.size > MAX_BACKUP_BYTES:
        raise ServiceError(_("The file is larger than %(max)s MB."),
                           max=MAX_BACKUP_BYTES // (1024 * 1024))
    job = job_new(kind=JobKind.RESTORE, user=actor,
                   params={"lang": job_language(lang), "upload_name": upload.name[:200]})
    job.file.save(f"{job.pk}-backup.json", upload, save=True)
    job_dispatch(job, "tournaments.tasks.restore_run")
    return job
