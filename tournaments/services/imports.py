"""Importing players (and teams) from Excel: upload, preview, confirm.

1. ``import_start`` keeps the uploaded file on a job and queues the preview task, which reads
   and checks it (``excel/imports.py``) and stores each row as it would be stored, with its
   errors. Nothing else is written.
2. The organiser reads the preview and chooses (``import_confirm``): players already in the
   register or already registered in the event are updated from the file, or left as they are
   (``existing="update"`` or ``"skip"``); a file with rows in error is refused, unless the
   organiser asks to store its valid rows only (``valid_only``), the others listed with their
   reasons. ``import_apply`` (run by the task) reads the file again against the database as it
   is now and stores in one transaction: new players added, every row's player registered in
   the event unless already registered (a team already registered keeps its roster), the
   chosen updates made through ``services/players.py: player_apply`` (history kept).

Rights: importing into the player register needs the model permission
``tournaments.add_player``; registering the players of a file in an event needs
``tournaments.change_event`` on that event (its organisers). Updating a player already in the
register needs ``tournaments.edit_player`` on that player (the register's keepers, or the
organiser who added the player and runs every event of the player): registering a player in an
event gives no right over his register details; a row without it is left as it is and counted.
The federation's titles and classifications a file gives (``excel/imports.py``, the ``awards``
column) are added with ``tournaments.award_title`` (the register's keepers), else counted.
The register's own workbook (``excel/register.py``) is read back by this import as it is.
"""

from __future__ import annotations

import datetime

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.models import (
    Entry,
    Event,
    Job,
    JobKind,
    JobStatus,
    Player,
    PlayerTitle,
    Team,
    TitleKind,
)
from tournaments.rules import job_visible
from tournaments.services._access import event_lock, right_require
from tournaments.services._checks import entries_open_check
from tournaments.services.entries import entry_team_register
from tournaments.services.jobs import job_create, job_dispatch
from tournaments.services.players import player_apply


def _require_import(actor, event: Event | None) -> None:
    if event is not None:
        right_require(actor=actor, perm="tournaments.change_event", event=event)
    elif actor is None or not actor.has_perm("tournaments.add_player"):
        raise PermissionDenied(_("You do not have the right to add players to the register."))


@transaction.atomic
def import_start(*, actor, upload, event: Event | None = None, lang: str | None = None) -> Job:
    """Keep the uploaded file and queue its preview. ``upload``: a Django ``UploadedFile``."""
    _require_import(actor, event)
    if upload.size > reader.MAX_BYTES:
        raise ServiceError(reader.FILE_ERRORS["too_big"],
                           max=reader.MAX_BYTES // (1024 * 1024))
    try:
        reader.check(upload)  # a hostile file refused at once, before it is kept
    except reader.FileRejected as error:
        raise ServiceError(str(error)) from None
    job = job_create(kind=JobKind.IMPORT, user=actor, event=event,
                     params={"target": "event" if event else "register",
                             "upload_name": upload.name[:200]}, lang=lang)
    job.file.save(f"{job.pk}-import.xlsx", upload, save=True)
    job_dispatch(job=job, task_name="tournaments.tasks.import_preview")
    return job


EXISTING_CHOICES = ("update", "skip")


@transaction.atomic
def import_confirm(*, job: Job, actor, existing: str = "update", valid_only: bool = False,
                   keep: dict[str, int] | None = None) -> Job:
    """The organiser confirms a preview: queue the writing. ``existing``: update players
    already in the register from the file, or skip them; ``valid_only``: store the rows without
    errors when some have errors; ``keep``: of rows naming one player with different data
    (``excel/imports.py: Preview.choose``), the row to store, by conflict key."""
    if not job_visible(actor, job):
        raise PermissionDenied(_("This job is not yours."))
    job = Job.objects.select_for_update().get(pk=job.pk)
    _require_import(actor, job.event)
    if job.kind != JobKind.IMPORT or job.status != JobStatus.PREVIEW:
        raise ServiceError(_("This import is not waiting for confirmation."))
    if existing not in EXISTING_CHOICES:
        raise ServiceError(_("Choose whether players already registered are updated or "
                             "skipped."))
    keep = {str(k): v for k, v in (keep or {}).items()}
    preview = reader.Preview.from_json(job.preview or {})
    try:
        preview.choose(keep)
    except ValueError:
        raise ServiceError(_("Pick one of the rows shown for each player listed twice; "
                             "nothing was stored.")) from None
    errors, valid = preview.error_count, len(preview.valid_rows)
    if errors and not valid_only:
        raise ServiceError(_("Some rows have errors: store the valid rows only, or correct the "
                             "file and upload it again; nothing was stored."))
    if not valid:
        raise ServiceError(_("No row can be stored: correct the file and upload it again; "
                             "nothing was stored."))
    job.status = JobStatus.QUEUED
    job.params = {**job.params, "confirmed": True, "existing": existing,
                  "valid_only": bool(valid_only), "keep": keep}
    job.save(update_fields=["status", "params"])
    job_dispatch(job=job, task_name="tournaments.tasks.import_apply")
    return job


def _new_player(values: dict, actor) -> Player:
    """A register row added by ``actor``; the normalisation ``Player.save`` does, since bulk
    creation skips it."""
    player = Player(**{k: values.get(k) for k in reader.PLAYER_FIELDS if k in values},
                    created_by=actor)
    player.derived_fill()
    for key in ("gender", "club", "province", "title"):
        setattr(player, key, getattr(player, key) or "")
    player.federation = player.federation or "VIE"
    player.national_id = (player.national_id or "").strip() or None
    player.fide_id = (player.fide_id or "").strip() or None
    return player


def import_apply(*, job: Job, actor, progress=None) -> dict:
    """Store the rows of a confirmed import, all or none; returns the counts."""
    if job.kind != JobKind.IMPORT or not job.params.get("confirmed"):
        raise ServiceError(_("This import is not waiting for confirmation."))
    event = job.event
    _require_import(actor, event)
    with transaction.atomic():
        if event is not None:
            event = event_lock(event=event)
        with job.file.open("rb") as source:
            preview = reader.read(source, event=event)
        valid_only = job.params.get("valid_only", False)
        try:
            preview.choose(job.params.get("keep") or {})
        except ValueError:
            preview.rows = []  # the file no longer has the rows the organiser picked
        if preview.error_count and not valid_only or not preview.valid_rows:
            raise ServiceError(_("The file no longer passes the checks (the register or the "
                                 "event changed since the preview); upload it again. Nothing "
                                 "was stored."))
        counts = _store(preview, event, actor, progress,
                        update=job.params.get("existing", "update") == "update")
        counts["rows_skipped"] = [
            {"row": r.row, "errors": r.errors} for r in preview.stored_rows if r.errors]
        return counts


def _store(preview: reader.Preview, event: Event | None, actor, progress, *,
           update: bool) -> dict:
    rows = preview.valid_rows
    joined = entries_open_check(event=event) if event is not None else 1
    # A team already registered keeps its roster: its rows add nobody to the register.
    new_rows = [r for r in rows if r.action == "new" and not r.entered]
    created = bulk_create_with_history([_new_player(r.values, actor) for r in new_rows], Player,
                                       default_user=actor, default_change_reason="import")
    player_of = {r.row: p.pk for r, p in zip(new_rows, created, strict=True)}
    player_of.update({r.row: r.player_id for r in rows if r.action == "existing"})
    counts = {"players_created": len(created),
              "players_existing": sum(1 for r in rows if r.action == "existing"),
              "entries": 0, "teams": 0, "already_entered": sum(1 for r in rows if r.entered),
              "players_updated": 0, "players_not_updated": 0}
    if progress:
        progress(1, 3)
    if event is not None and event.is_team:
        counts["teams"], counts["entries"] = _store_teams(rows, event, actor, player_of)
    elif event is not None:
        ratings = dict(Player.objects.filter(pk__in=player_of.values())
                       .values_list("pk", "rating"))
        entries = [Entry(event=event, player_id=player_of[r.row], joined_round=joined,
                         rating=r.values.get("rating") or ratings.get(player_of[r.row]))
                   for r in rows if not r.entered]
        Entry.objects.bulk_create(entries)
        counts["entries"] = len(entries)
    if progress:
        progress(2, 3)
    if update:
        counts["players_updated"], counts["players_not_updated"] = _update_players(rows, actor)
    if any(r.values.get("awards") for r in rows):  # a file with the titles column
        counts["titles_awarded"], counts["titles_not_awarded"] = _store_awards(
            rows, player_of, actor)
    if progress:
        progress(3, 3)
    return counts


def _store_awards(rows: list[reader.Row], player_of: dict[int, int], actor) -> tuple[int, int]:
    """The federation's titles and classifications the file gives (``awards`` column), added
    to each row's player unless held already (same title, same date), with their history
    (reason "import"). Only with ``tournaments.award_title`` (the register's keepers); rows
    with titles are otherwise left as they are and counted."""
    wanted = [(player_of[r.row], code, on) for r in rows if r.row in player_of
              for code, on in r.values.get("awards") or ()]
    if not actor.has_perm("tournaments.award_title"):
        return 0, len(wanted)
    kinds = dict(TitleKind.objects.values_list("code", "pk"))
    held = set(PlayerTitle.objects.filter(player_id__in={p for p, _c, _o in wanted})
               .values_list("player_id", "kind_id", "awarded_on"))
    new = []
    for player_id, code, on in wanted:
        key = (player_id, kinds[code], datetime.date.fromisoformat(on))
        if key not in held:
            held.add(key)
            new.append(PlayerTitle(player_id=player_id, kind_id=key[1], awarded_on=key[2],
                                   created_by=actor))
    bulk_create_with_history(new, PlayerTitle, default_user=actor,
                             default_change_reason="import")
    return len(new), 0


def _update_players(rows: list[reader.Row], actor) -> tuple[int, int]:
    """The file's details written into the register's players it names (history kept, reason
    "import"); players the actor may not correct (``tournaments.edit_player``: an event's
    import gives no right over the register's players it enters) are left and counted."""
    changed = [r for r in rows if r.action == "existing" and r.changes]
    players = Player.objects.select_for_update().in_bulk([r.player_id for r in changed])
    updated = refused = 0
    for row in changed:
        player = players[row.player_id]
        if not actor.has_perm("tournaments.edit_player", player):
            refused += 1
            continue
        values = {key: row.values[key] for key in row.changes}
        if player_apply(player=player, values=values, actor=actor, reason="import"):
            updated += 1
    return updated, refused


def _store_teams(rows: list[reader.Row], event: Event, actor,
                 player_of: dict[int, int]) -> tuple[int, int]:
    players = Player.objects.in_bulk(player_of.values())
    made = 0
    groups = {key: group for key, group in reader.team_groups(rows).items()
              if not group[0].entered}
    for group in groups.values():
        ordered = reader.team_order(group)
        name = group[0].values["team"]
        team = Team.objects.filter(name__iexact=name).first()
        if team is None:
            team = Team.objects.create(name=name, club=group[0].values.get("club", ""),
                                       province=group[0].values.get("province", ""))
            made += 1
        entry_team_register(
            event=event, actor=actor, team=team,
            players=[players[player_of[r.row]] for r in ordered if not r.values.get("reserve")],
            reserves=[players[player_of[r.row]] for r in ordered if r.values.get("reserve")],
        )
    return made, len(groups)
