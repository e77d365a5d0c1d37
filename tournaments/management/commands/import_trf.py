"""``manage.py import_trf FILE --user NAME [--format swiss|rr|drr] [--name NAME] [--dry-run]``: a
TRF file becomes a new event (a draft) run by that user; the reader's warnings are printed first;
a malformed file is refused, nothing written."""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.core.management.base import BaseCommand, CommandError

from tournaments.errors import ServiceError
from tournaments.services.trf_import import trf_import, trf_preview


class Command(BaseCommand):
    help = "Import a FIDE TRF-16 file as a new event."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--user", required=True, help="the organiser who imports it")
        parser.add_argument("--format", default="swiss", choices=["swiss", "rr", "drr"])
        parser.add_argument("--name", default="", help="the event's name (default: the file's)")
        parser.add_argument("--dry-run", action="store_true",
                            help="print what the file holds and its warnings; store nothing")

    def handle(self, *args, file, user, format, name, dry_run, **options):
        actor = get_user_model().objects.filter(username=user).first()
        if actor is None:
            raise CommandError(f"no user {user!r}")
        try:
            raw = Path(file).read_bytes()
        except OSError as error:
            raise CommandError(str(error)) from error
        try:
            preview = trf_preview(data=raw, format=format, name=name)
            for warning in preview.warnings:
                self.stderr.write(f"warning: {warning}")
            if dry_run:
                self.stdout.write(f"{preview.name}: {len(preview.participants)} players, "
                                  f"{len(preview.rounds())} rounds; nothing stored (--dry-run)")
                return
            event = trf_import(data=raw, actor=actor, format=format, name=name)
        except (ServiceError, PermissionDenied) as error:
            raise CommandError(str(error)) from error
        self.stdout.write(self.style.SUCCESS(
            f"Imported {event.name}: /manage/{event.slug}/ ({event.entries.count()} entries, "
            f"{event.rounds_set.count()} rounds)"))
