"""Rating lists and events' rating changes: the only writers of ``models/ratings.py``.

- ``rating_list_import`` stores a federation's list, all rows or none, and sets the register's
  rating of each player found on it by national ID (0: unrated).
- ``event_ratings_apply`` applies an event's changes (its report after the last published
  round) to the latest list, recording who and when; ``event_ratings_revert`` undoes it while
  that list is still the latest.

Rights: importing a list is the federation's (the model permission
``tournaments.add_ratinglist``); applying and reverting an event's changes are its organisers'
(``tournaments.change_event``), and write the register's ratings only of players the actor may
correct (``tournaments.edit_player``: all of them, or nothing is applied).
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.utils import bulk_update_with_history

from scoring.ratings import round_half_up
from tournaments.errors import ServiceError
from tournaments.excel import rating_lists as reader
from tournaments.models import (
    Event,
    Job,
    JobKind,
    Player,
    RatingApplication,
    RatingChange,
    RatingList,
    RatingListRow,
)
from tournaments.selectors.ratings import (
    event_report,
    rating_application_active,
    rating_list_latest,
)
from tournaments.services._access import event_writer
from tournaments.services.jobs import job_create, job_dispatch
from tournaments.services.players import player_edit_require


class BadRows(ServiceError):
    """Rows of a list with errors: nothing was stored. ``rows``: each bad row's line and
    reasons."""

    default_message = gettext_lazy("%(n)s rows have errors; nothing was stored.")

    def __init__(self, rows: list[reader.ListRow]):
        self.rows = rows
        super().__init__(n=len(rows))


def rating_list_preview(*, upload) -> reader.ListPreview:
    """Read and check a list without storing it; raises ServiceError for a file that is not
    one."""
    try:
        return reader.read(upload)
    except reader.ListRejected as error:
        raise ServiceError(str(error)) from None


def rating_list_job_check(*, upload) -> bool:
    """Whether importing ``upload`` is long work, for a background job
    (``IMPORT_JOB_MIN_BYTES``)."""
    return upload.size > settings.IMPORT_JOB_MIN_BYTES


@transaction.atomic
def rating_list_import_start(*, actor, upload, name: str, list_date: datetime.date,
                             lang: str | None = None) -> Job:
    """Keep a large list on a job and queue its import (``tasks.py: rating_list_import_run``);
    the upload guards refuse a hostile file at once."""
    if actor is None or not actor.has_perm("tournaments.add_ratinglist"):
        raise PermissionDenied(_("You do not have the right to import rating lists."))
    if not name.strip():
        raise ServiceError(_("Give the list a name."))
    try:
        reader.check(upload)
    except reader.ListRejected as error:
        raise ServiceError(str(error)) from None
    job = job_create(kind=JobKind.RATINGS, user=actor, lang=lang,
                     params={"name": name.strip()[:120],
                             "list_date": list_date.isoformat(),
                             "upload_name": upload.name[:200]})
    job.file.save(f"{job.pk}-ratings", upload, save=True)
    job_dispatch(job=job, task_name="tournaments.tasks.rating_list_import_run")
    return job


@transaction.atomic
def rating_list_import(*, actor, upload, name: str,
                       list_date: datetime.date) -> RatingList:
    """Store the list of ``upload`` with its name and date, all rows or none (``BadRows``)."""
    if actor is None or not actor.has_perm("tournaments.add_ratinglist"):
        raise PermissionDenied(_("You do not have the right to import rating lists."))
    if not name.strip():
        raise ServiceError(_("Give the list a name."))
    preview = rating_list_preview(upload=upload)
    if preview.bad_rows:
        raise BadRows(preview.bad_rows)
    rating_list = RatingList.objects.create(name=name.strip()[:120], list_date=list_date,
                                            imported_by=actor)
    RatingListRow.objects.bulk_create(
        RatingListRow(rating_list=rating_list, line=r.line, name=r.name,
                      federation_id=r.federation_id, rating=r.rating, games=r.games,
                      player_id=r.player_id) for r in preview.rows)
    if rating_list == rating_list_latest():
        _register_set({r.player_id: r.rating for r in preview.rows if r.player_id}, actor,
                      checked=True)  # the federation's right, checked above
    return rating_list


def _register_set(ratings: dict[int, int], actor, *, checked: bool = False) -> None:
    """The register's ratings from a list (0: unrated), with the players' history. Unless
    ``checked`` (a federation's list), the actor must be allowed to correct every one of these
    players (``services/players.py: player_edit_require``): an event's rating changes give its
    organisers no right over other organisers' players."""
    players = list(Player.objects.filter(pk__in=ratings))
    if not checked:
        for player in players:
            player_edit_require(actor=actor, player=player)
    for player in players:
        player.rating = ratings[player.pk] or None
    bulk_update_with_history(players, Player, ["rating"], default_user=actor,
                             default_change_reason="rating list")


# Applied or reverted on a closed event too: they write the register's list and ratings (the
# work after the last day, docs/archive.md), not the event's record.
@event_writer(perm="tournaments.change_event", closed_ok=True)
def event_ratings_apply(*, event: Event, actor) -> RatingApplication:
    """Apply the event's rating changes to the latest list: each rated player's row gets the
    change (rounded half up) and the rated games; an unrated player's first rating, once the
    regulation gives one, makes a new row."""
    if not event.rated or event.is_team:
        raise ServiceError(_("This event is not rated."))
    if rating_application_active(event) is not None:
        raise ServiceError(_("This event's rating changes are already applied."))
    target = rating_list_latest()
    if target is None:
        raise ServiceError(_("There is no rating list yet: import one first."))
    report = event_report(event)
    if not report.after_round:
        raise ServiceError(_("No round has been played yet."))
    application = RatingApplication.objects.create(
        event=event, rating_list=target, after_round=report.after_round,
        applied_at=timezone.now(), applied_by=actor)
    rows = list(target.rows.all())
    # A row is the player's by the register's link, or by the national ID it carries.
    by_player = {r.player_id: r for r in rows if r.player_id}
    by_id = {r.federation_id: r for r in rows if r.federation_id}
    changes = [_change(application, by_player, by_id, line) for line in report.rows
               if line.entry.player_id and line.row.new_rating is not None and line.row.games]
    RatingListRow.objects.bulk_create([c.row for c in changes if c.created])
    RatingListRow.objects.bulk_update([c.row for c in changes if not c.created],
                                      ["rating", "games", "player"], batch_size=500)
    RatingChange.objects.bulk_create(changes)
    _register_set({c.player_id: c.new_rating for c in changes}, actor)
    return application


def _change(application: RatingApplication, by_player: dict, by_id: dict,
            line) -> RatingChange:
    player = line.entry.player
    row = by_player.get(player.pk) or by_id.get(player.national_id or "")
    created = row is None
    if created:
        row = RatingListRow(rating_list=application.rating_list, line=0, name=player.full_name,
                            federation_id=player.national_id or "", rating=0, games=0,
                            player=player)
    old_rating, old_games = row.rating, row.games
    if old_rating and line.row.rating is not None:
        row.rating = max(0, old_rating + round_half_up(line.row.change))
    elif not old_rating:
        row.rating = line.row.new_rating
    row.games += line.row.games
    row.player = player
    return RatingChange(application=application, row=row, player=player, created=created,
                        old_rating=old_rating, new_rating=row.rating, old_games=old_games,
                        new_games=row.games)


@event_writer(perm="tournaments.change_event", closed_ok=True)
def event_ratings_revert(*, event: Event, actor) -> RatingApplication:
    """Undo the applied changes while their list is still the latest one."""
    application = rating_application_active(event)
    if application is None:
        raise ServiceError(_("This event's rating changes are not applied."))
    if application.rating_list != rating_list_latest():
        raise ServiceError(_("A newer rating list has been imported since: the changes can no "
                             "longer be reverted."))
    changes = list(application.changes.select_related("row"))
    kept = [c for c in changes if not c.created and c.row is not None]
    for change in kept:
        change.row.rating, change.row.games = change.old_rating, change.old_games
    RatingListRow.objects.bulk_update([c.row for c in kept], ["rating", "games"],
                                      batch_size=500)
    RatingListRow.objects.filter(pk__in=[c.row_id for c in changes if c.created]).delete()
    _register_set({c.player_id: c.old_rating for c in changes}, actor)
    application.reverted_at, application.reverted_by = timezone.now(), actor
    application.save(update_fields=["reverted_at", "reverted_by"])
    return application
