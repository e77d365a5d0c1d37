"""Importing players (and teams) from Excel: upload, preview, confirm.

1. ``import_start`` keeps the uploaded file on a job and queues the preview task, which reads
   and checks it (``excel/imports.py``) and stores each row as it would be stored, with its
   errors. Nothing else is written.
2. The organiser reads the preview. ``import_confirm`` queues the writing; ``import_apply``
   (run by the task) reads the file again against the database as it is now, refuses if any row
   has an error, and stores every row in one transaction: all rows or none.

Rights: importing into the player register needs the model permission
``tournaments.add_player``; registering the players of a file in an event needs
``tournaments.change_event`` on that event (its organisers).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.models import Entry, Event, Job, JobKind, JobStatus, Player, Team
from tournaments.services._access import event_lock, require
from tournaments.services.entries import entries_check_open, entry_register_team
from tournaments.services.jobs import can_see_job, job_dispatch, job_language, job_new
from tournaments.text import fold, name_sort_key


def _require_import(actor, event: Event | None) -> None:
    if event is not None:
        require(actor, "tournaments.change_event", event)
    elif actor is None or not actor.has_perm("tournaments.add_player"):
        raise PermissionDenied(_("You do not have the right to add players to the register."))


@transaction.atomic
def import_start(*, actor, upload, event: Event | None = None, lang: str | None = None) -> Job:
    """Keep the uploaded file and queue its preview. ``upload``: a Django ``UploadedFile``."""
    _require_import(actor, event)
    if upload.size > reader.MAX_BYTES:
        raise ServiceError(reader.FILE_ERRORS["too_big"],
                           max=reader.MAX_BYTES // (1024 * 1024))
    job = job_new(kind=JobKind.IMPORT, user=actor, event=event,
                   params={"lang": job_language(lang), "target": "event" if event else "register",
                           "upload_name": upload.name[:200]})
    job.file.save(f"{job.pk}-import.xlsx", upload, save=True)
    job_dispatch(job, "tournaments.tasks.import_preview")
    return job


@transaction.atomic
def import_confirm(*, job: Job, actor) -> Job:
    """The organiser confirms a clean preview: queue the writing."""
    if not can_see_job(actor, job):
        raise PermissionDenied(_("This job is not yours."))
    job = Job.objects.select_for_update().get(pk=job.pk)
    _require_import(actor, job.event)
    if job.kind != JobKind.IMPORT or job.status != JobStatus.PREVIEW:
        raise ServiceError(_("This import is not waiting for confirmation."))
    counts = (job.preview or {}).get("counts", {})
    if counts.get("errors") or not counts.get("rows"):
        raise ServiceError(_("Correct the rows with errors in the file and upload it again; "
                             "nothing was stored."))
    job.status = JobStatus.QUEUED
    job.params = {**job.params, "confirmed": True}
    job.save(update_fields=["status", "params"])
    job_dispatch(job, "tournaments.tasks.import_apply")
    return job


def _new_player(values: dict) -> Player:
    """A register row; the normalisation ``Player.save`` does, since bulk creation skips it."""
    player = Player(**{k: values.get(k) for k in reader.PLAYER_FIELDS if k in values})
    player.full_name = " ".join(player.full_name.split())
    player.name_folded = fold(player.full_name)
    player.sort_key = name_sort_key(player.full_name)
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
            event = event_lock(event)
        with job.file.open("rb") as source:
            preview = reader.read(source, event=event)
        if not preview.ok:
            raise ServiceError(_("The file no longer passes the checks (the register or the "
                                 "event changed since the preview); upload it again. Nothing "
                                 "was stored."))
        return _store(preview, event, actor, progress)


def _store(preview: reader.Preview, event: Event | None, actor, progress) -> dict:
    rows = preview.rows
    joined = entries_check_open(event) if event is not None else 1
    new_rows = [r for r in rows if r.action == "new"]
    created = bulk_create_with_history([_new_player(r.values) for r in new_rows], Player,
                                       default_user=actor, default_change_reason="import")
    player_of = {r.row: p.pk for r, p in zip(new_rows, created, strict=True)}
    player_of.update({r.row: r.player_id for r in rows if r.action == "existing"})
    counts = {"players_created": len(created), "players_existing": len(rows) - len(created),
              "entries": 0, "teams": 0}
    if progress:
        progress(1, 2)
    if event is not None and event.is_team:
        counts["teams"], counts["entries"] = _store_teams(preview, event, actor, player_of)
    elif event is not None:
        ratings = dict(Player.objects.filter(pk__in=player_of.values())
                       .values_list("pk", "rating"))
        entries = [Entry(event=event, player_id=player_of[r.row], joined_round=joined,
                         rating=r.values.get("rating") or ratings.get(player_of[r.row]))
                   for r in rows]
        Entry.objects.bulk_create(entries)
        counts["entries"] = len(entries)
    if progress:
        progress(2, 2)
    return counts


def _store_teams(preview: reader.Preview, event: Event, actor,
                 player_of: dict[int, int]) -> tuple[int, int]:
    players = Player.objects.in_bulk(player_of.values())
    made = 0
    groups = reader.team_groups(preview.rows)
    for group in groups.values():
        ordered = reader.team_order(group)
        name = group[0].values["team"]
        team = Team.objects.filter(name__iexact=name).first()
        if team is None:
            team = Team.objects.create(name=name, club=group[0].values.get("club", ""),
                                       province=group[0].values.get("province", ""))
            made += 1
        entry_register_team(
            event=event, actor=actor, team=team,
            players=[players[player_of[r.row]] for r in ordered if not r.values.get("reserve")],
            reserves=[players[player_of[r.row]] for r in ordered if r.values.get("reserve")],
        )
    return made, len(groups)
