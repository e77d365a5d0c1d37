import pytest
from django.core.management import call_command

from tournaments.models import Entry, Event, Player

pytestmark = pytest.mark.django_db


def test_demo_builds_the_four_events_and_is_idempotent():
    call_command("demo", stdout=open("/dev/null", "w"))
    counts = (Event.objects.count(), Entry.objects.count(), Player.objects.count())
    call_command("demo", stdout=open("/dev/null", "w"))
    assert (Event.objects.count(), Entry.objects.count(), Player.objects.count()) == counts
    events = {e.slug: e for e in Event.objects.all()}
    assert events["demo-vong-tron-2026"].entries.count() == 12
    assert events["demo-thuy-si-2026"].entries.count() == 40
    assert events["demo-loai-kep-2026"].entries.count() == 8
    assert events["demo-dong-doi-2026"].entries.count() == 8
    assert any("ễ" in p.full_name or "ư" in p.full_name for p in Player.objects.all())
