from django.core.management.base import BaseCommand

from tournaments.demo.championships import build_demo_championship
from tournaments.demo.events import DEMO_PASSWORD, build_demo


class Command(BaseCommand):
    help = "Build (or rebuild) the demo players, accounts and events."

    def handle(self, *args, **options):
        events = build_demo()
        for event in events.values():
            self.stdout.write(f"  {event.name}: /events/{event.slug}/")
        championship = build_demo_championship()
        self.stdout.write(f"  {championship.name}: /championships/{championship.slug}/")
        self.stdout.write(self.style.SUCCESS(
            f"Demo ready. Accounts btc (organiser), tongtrongtai (chief arbiter), trongtai "
            f"(arbiter), admin (superuser); password {DEMO_PASSWORD}"))
