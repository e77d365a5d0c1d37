from django.core.management.base import BaseCommand

from tournaments.demo.championships import build_demo_championship
from tournaments.demo.events import DEMO_PASSWORD, build_demo
from tournaments.demo.organisations import build_demo_organisations


class Command(BaseCommand):
    help = "Build (or rebuild) the demo players, accounts and events."

    def handle(self, *args, **options):
        events = build_demo(say=self._step)
        for event in events.values():
            self.stdout.write(f"  {event.name}: /events/{event.slug}/")
        self._step("a championship with stages and groups, played")
        championship = build_demo_championship()
        self.stdout.write(f"  {championship.name}: /championships/{championship.slug}/")
        self._step("a federation, its province, city and clubs, two seasons of events")
        tree = build_demo_organisations()
        self.stdout.write(f"  {tree['nodes']['demo-lien-doan'].name}: /org/demo-lien-doan/")
        self.stdout.write(self.style.SUCCESS(
            f"Demo ready. Accounts btc (organiser), tongtrongtai (chief arbiter), trongtai "
            f"(arbiter), admin (superuser), liendoan, hanoi, danang, clbthudo (organisations' "
            f"administrators); password {DEMO_PASSWORD}"))

    def _step(self, words: str) -> None:
        self.stdout.write(f"Demo: {words}...")
        self.stdout.flush()
