"""TRF-16 export: the scoring engine's reader reads back the same players, games and points."""

from fractions import Fraction

import pytest
from django.urls import reverse

from records.trf import read
from tournaments.selectors.standings import event_standings
from tournaments.selectors.trf import trf_export

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


def test_trf_reads_back_with_the_standings_points(rr_event):
    doc = read(trf_export(rr_event))
    names = {p.name for p in doc.tournament.participants}
    assert "Nguyễn Thị Ánh Tuyết" in names and len(names) == 6
    assert len([p for p in doc.tournament.pairings if p.second is not None]) == 15
    table = event_standings(rr_event)
    # A player withdrawn with half or fewer games played: 0 points, no rank (Art. 21.5.1).
    apart = {e.number: Fraction(0) for e in table.withdrawn}
    assert {n: Fraction(t) for n, t in doc.totals.items()} == {
        r.number: Fraction(r.points) for r in table.rows} | apart
    assert not set(apart) & set(doc.ranks)
    assert dict(doc.info)["012"] == rr_event.name


def test_trf_download_is_for_staff(client, rr_event, chief_arbiter, stranger):
    url = reverse("tournaments:trf_download", args=[rr_event.slug])
    client.force_login(stranger)
    assert client.get(url).status_code == 404
    client.force_login(chief_arbiter)
    response = client.get(url)
    assert response.status_code == 200 and response.content.startswith(b"012 ")
