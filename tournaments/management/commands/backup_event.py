import json
import sys

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Event
from tournaments.selectors.backup import event_backup_document


class Command(BaseCommand):
    help = "Write an event as one JSON backup document (restore it with restore_event)."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("--output", "-o", help="the .json file to write (default: stdout)")

    def handle(self, *args, event_id, output, **options):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"No event with id {event_id}.")
        text = json.dumps(event_backup_document(event=event), ensure_ascii=False, indent=1)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
            self.stderr.write(self.style.SUCCESS(f"{output}: {event.name}"))
        else:
            sys.stdout.write(text + "\n")
