"""The arbiter's round page on a phone (Art. 20.3 b: the chief arbiter assigns the arbiters):
boards before the explanations, a "board n" jump that works without JavaScript, the chief
arbiter's board ranges per round (page and API) and the filter to one's own boards."""

import re

import pytest

from tests.tournaments.builders import api_for, client_for, swiss_event
from tournaments.errors import ServiceError
from tournaments.models import BoardAssignment
from tournaments.services.assignments import board_assignment_set
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def round1(make_event, organiser, chief_arbiter):
    event = swiss_event(make_event, organiser, 20, rounds=5)  # 10 boards
    return swiss_round_pair(event=event, actor=chief_arbiter, seed=3)


def test_the_boards_come_before_the_pairing_rules_and_the_why(round1, chief_arbiter):
    page = client_for(chief_arbiter).get(
        f"/manage/{round1.event.slug}/rounds/1/").content.decode()
    assert page.index('id="board-1"') < page.index('id="swiss-checks"')
    assert page.index('id="board-1"') < page.index('id="swiss-why"')
    assert page.index('id="board-1"') < page.index("Keyboard: click the first result box")
    assert page.index('data-testid="board-jump"') < page.index('id="board-1"')
    assert '<details class="round-notes" id="round-notes" data-testid="round-notes" open>' \
        in page  # a draft: the checks are open, below the boards


def test_the_board_jump_without_javascript_lands_on_the_board(round1, arbiter):
    url = f"/manage/{round1.event.slug}/rounds/1/"
    response = client_for(arbiter).get(f"{url}?board=7")
    assert response.status_code == 302 and response["Location"] == f"{url}#board-7"
    response = client_for(arbiter).get(f"{url}?board=7&boards=mine")
    assert response["Location"] == f"{url}?boards=mine#board-7"
    assert client_for(arbiter).get(f"{url}?board=x").status_code == 200  # nothing to jump to


def test_the_chief_arbiter_assigns_ranges_and_the_arbiter_sees_only_theirs(
        round1, chief_arbiter, arbiter, organiser):
    slug = round1.event.slug
    url = f"/manage/{slug}/rounds/1/"
    chief = client_for(chief_arbiter)
    chief.post(f"{url}assignments/", {"arbiter": arbiter.pk, "first": 5, "last": 8})
    assert list(BoardAssignment.objects.values_list("arbiter__username", "first", "last")) == [
        ("arbiter", 5, 8)]
    # Overlapping another arbiter's range, outside the round, or someone not an arbiter: refused.
    refused = chief.post(f"{url}assignments/", {"arbiter": chief_arbiter.pk, "first": 8,
                                                "last": 10}, follow=True).content.decode()
    assert "Boards 5–8 of round 1 are arbiter&#x27;s." in refused
    refused = chief.post(f"{url}assignments/", {"arbiter": chief_arbiter.pk, "first": 9,
                                                "last": 11}, follow=True).content.decode()
    assert "Give a range of boards between 1 and 10" in refused
    with pytest.raises(ServiceError, match="organiser is not an arbiter of this event"):
        board_assignment_set(round_=round1, actor=chief_arbiter, arbiter=organiser, first=1,
                             last=2)
    assert BoardAssignment.objects.count() == 1
    # An arbiter cannot assign.
    assert client_for(arbiter).post(f"{url}assignments/", {
        "arbiter": arbiter.pk, "first": 1, "last": 10}).status_code == 403

    round_publish(round_=round1, actor=chief_arbiter)
    mine = client_for(arbiter).get(url).content.decode()
    assert 'href="?boards=mine" data-testid="my-boards">My boards (5–8)<' in mine
    assert mine.count('<tr data-board="') == 10
    mine = client_for(arbiter).get(f"{url}?boards=mine").content.decode()
    shown = [int(n) for n in re.findall(r'id="board-(\d+)"', mine)]
    assert shown == [5, 6, 7, 8]
    # The chief arbiter has no range: "only mine" shows everything, no filter link.
    page = chief.get(f"{url}?boards=mine").content.decode()
    assert page.count('<tr data-board="') == 10 and 'data-testid="my-boards"' not in page

    chief.post(f"{url}assignments/", {"arbiter": arbiter.pk, "remove": "1"})
    assert not BoardAssignment.objects.exists()


def test_the_api_gives_and_sets_the_ranges(round1, chief_arbiter, arbiter, stranger):
    url = f"/api/rounds/{round1.pk}/assignments/"
    chief = api_for(chief_arbiter)
    answer = chief.put(url, {"arbiter": arbiter.pk, "first": 1, "last": 4}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json() == [{"arbiter": arbiter.pk, "username": "arbiter", "first": 1,
                              "last": 4}]
    assert api_for(arbiter).get(url).json() == answer.json()
    refused = chief.put(url, {"arbiter": chief_arbiter.pk, "first": 4, "last": 6},
                        format="json")
    assert refused.status_code == 400
    assert refused.json()["detail"] == "Boards 1–4 of round 1 are arbiter's."
    assert api_for(arbiter).put(url, {"arbiter": arbiter.pk, "first": 5, "last": 6},
                                format="json").status_code == 403
    assert api_for(stranger).get(url).status_code in (403, 404)
    answer = chief.delete(url, {"arbiter": arbiter.pk}, format="json")
    assert answer.status_code == 200 and answer.json() == []
