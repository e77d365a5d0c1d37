"""Art. 21.5.1 through the standings endpoint and page: a round-robin player who withdrew
having played half or fewer of their games is listed after the ranking, not ranked."""

import pytest

from tests.tournaments.builders import api_for, client_for, played_event
from tournaments.models import Board, Entry
from tournaments.services.entries import entry_withdraw

pytestmark = pytest.mark.django_db


def test_art_21_5_1_withdrawn_by_half_is_apart_from_the_standings(
        make_event, organiser, chief_arbiter, arbiter):
    # Five players, Berger: 4 games each; rounds 1 and 2 played, every game won by White.
    event = played_event(make_event, organiser, chief_arbiter, arbiter, 5)
    gone = Entry.objects.get(event=event, number=1)  # played 2 of 4 or fewer: half or fewer
    played = Board.objects.filter(round__event=event, round__number__lte=2, black__isnull=False)
    others = played.exclude(white=gone).exclude(black=gone).count()
    entry_withdraw(entry=gone, actor=organiser, after_round=2)
    table = api_for().get(f"/api/events/{event.pk}/standings/").json()
    assert table["withdrawn"] == [{"number": 1, "entry": gone.pk, "name": gone.name,
                                   "article": "Art. 21.5.1"}]
    assert 1 not in [r["number"] for r in table["rows"]]
    assert [r["rank"] for r in table["rows"]] == sorted(r["rank"] for r in table["rows"])
    # Every game was won by White; player 1's are cancelled: one point per game left.
    assert sum(float(r["points"]) for r in table["rows"]) == others > 0
    page = client_for().get(f"/events/{event.slug}/standings/")
    assert page.status_code == 200
    assert "Art. 21.5.1" in page.content.decode()
