from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.excel.workbook import ExportError, Table, build, filename
from tournaments.models import Event


class Command(BaseCommand):
    help = ("Write an event's workbook (.xlsx): a sheet per table (players, standings, "
            "crosstable or bracket, pairings and results of every published round), or one "
            "table with --table.")

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)
        parser.add_argument("--output", "-o", help="the .xlsx file to write (default: a name "
                            "made from the event's short name, in the current folder)")
        parser.add_argument("--table", default="event",
                            help="event (default), players, pairings, results, standings, "
                                 "crosstable, bracket, team_boards")
        parser.add_argument("--round", type=int, help="the round of pairings / results")
        parser.add_argument("--language", default="vi", choices=["vi", "en"],
                            help="language of the headers (default vi)")

    def handle(self, *args, event_id, output, table, round, language, **options):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"No event with id {event_id}.")
        item = Table(table, round)
        try:
            wb = build(event, item, lang=language)
        except ExportError as exc:
            raise CommandError(str(exc)) from exc
        path = Path(output or filename(event, item, language))
        wb.save(path)
        self.stdout.write(self.style.SUCCESS(
            f"{path} ({len(wb.sheetnames)} sheets, {path.stat().st_size:,} bytes)"))
