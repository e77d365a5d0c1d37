"""The API of titles and merging (api/career.py): the keepers award and revoke, a merge
refused with its reason, each refusal saying why."""

import pytest

from tests.tournaments.builders import PlayerFactory, UserFactory, api_for, rr_scenario
from tournaments.models import Player, PlayerTitle

pytestmark = pytest.mark.django_db


def test_award_revoke_and_a_refused_merge(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")
    keeper = api_for(UserFactory(username="federation", is_superuser=True))
    first, second = (e.player for e in ctx["entries"][:2])
    answer = keeper.post(f"/api/players/{first.pk}/titles/",
                         {"kind": "ktqg", "awarded_on": "2026-01-05", "note": "QĐ 3"},
                         format="json")
    assert answer.status_code == 201 and answer.data["label"] == "National Master"
    title = PlayerTitle.objects.get(pk=answer.data["id"])
    again = keeper.post(f"/api/players/{first.pk}/titles/",
                        {"kind": "ktqg", "awarded_on": "2026-01-05"}, format="json")
    assert again.status_code == 400 and "already holds" in again.data["detail"]
    assert keeper.post(f"/api/titles/{title.pk}/revoke/", {"reason": "nhầm"},
                       format="json").status_code == 204
    refused = keeper.post(f"/api/players/{first.pk}/merge/", {"duplicate": second.pk},
                          format="json")
    assert refused.status_code == 400 and "both played in Giải API" in refused.data["detail"]
    newcomer = PlayerFactory(national_id="N77")
    merged = keeper.post(f"/api/players/{first.pk}/merge/", {"duplicate": newcomer.pk},
                         format="json")
    assert merged.status_code == 200 and merged.data == {"player": first.pk, "moved": {}}
    assert Player.objects.get(pk=first.pk).national_id in ("N77", first.national_id)
    assert not Player.objects.filter(pk=newcomer.pk).exists()
