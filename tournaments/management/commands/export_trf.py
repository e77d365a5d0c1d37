"""``manage.py export_trf EVENT [-o FILE] [--drafts] [--edition 2026]``: an event as a TRF file
(TRF-16, or with the TRF-2026 records for rounds, initial colour and points)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.selectors.trf import trf_export


class Command(BaseCommand):
    help = "Write an event (by slug or id) as a FIDE TRF-16 file."

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's slug or id")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")
        parser.add_argument("--drafts", action="store_true",
                            help="include a draft round's pairings")
        parser.add_argument("--edition", type=int, choices=[2016, 2026], default=2016,
                            help="2026: rounds, initial colour, points as 142, 152, 162")

    def handle(self, *args, event, output=None, drafts=False, edition=2016, **options):
        found = Event.objects.filter(slug=event).first()
        if found is None and event.isdigit():
            found = Event.objects.filter(pk=int(event)).first()
        if found is None:
            raise CommandError(f"no event {event!r}")
        try:
            text = trf_export(found, include_drafts=drafts, edition=edition)
        except ServiceError as error:
            raise CommandError(str(error)) from error
        if output:
            Path(output).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")
