"""The API of a player's own page by their private link (``api/player.py``): the page's data by
token, a request created by token, in both languages; a token gives rights over its own entry
only, a wrong one is 404; the staff decide (the matrix of test_permissions.py)."""

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from tests.tournaments.builders import api_for, play_round, swiss_scenario
from tournaments.models import Entry, PlayerRequest, RequestStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    """Six players of a public Swiss event of five rounds; one half-point bye each, up to
    round 4. Round 1 played: the first two entries drew on board 1."""
    ctx = swiss_scenario(make_event, organiser, chief_arbiter)
    event = ctx["event"]
    event.bye_limit, event.bye_last_round = 1, 4
    event.venue = "Nhà văn hóa Thanh niên"
    event.save(update_fields=["bye_limit", "bye_last_round", "venue"])
    e = ctx["entries"]
    for number, entry in enumerate(e, start=1):
        Entry.objects.filter(pk=entry.pk).update(number=number)
    play_round(event, 1, [(e[0], e[1]), (e[2], e[3]), (e[4], e[5])],
               ["1/2-1/2", "1-0", "0-1"], actor=chief_arbiter)
    return ctx


def _in(language: str) -> APIClient:
    """A client without an account reading in ``language``."""
    client = APIClient()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def _url(entry, tail=""):
    return f"/api/private/{entry.private_token}/{tail}"


def test_the_page_by_token(ctx):
    first = ctx["entries"][0]
    response = APIClient().get(_url(first))
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    data = response.json()
    assert data["entry"]["id"] == first.pk
    assert data["event"]["bye_limit"] == 1 and data["event"]["bye_last_round"] == 4
    # Round 1 closed-by-results but not closed: it is still the round in play.
    assert data["next"]["number"] == 1 and data["next"]["paired"] is True
    assert (data["next"]["board"], data["next"]["colour"], data["next"]["venue"]) == (
        1, "w", "Nhà văn hóa Thanh niên")
    assert data["next"]["opponent"]["id"] == ctx["entries"][1].pk
    assert [(g["round"], g["board"], g["colour"], g["result"]) for g in data["games"]] == [
        (1, 1, "w", "½")]
    assert data["card"]["points"] == "0.5"  # the API writes a decimal point in any language
    assert data["bye_rounds"] == [2, 3, 4] and data["can_withdraw"] is True


def test_a_wrong_or_renewed_token_is_not_found(ctx, chief_arbiter):
    first = ctx["entries"][0]
    old = first.private_token
    assert APIClient().get("/api/private/not-a-token/").status_code == 404
    assert APIClient().post("/api/private/not-a-token/requests/",
                            {"kind": "bye", "round": 2}, format="json").status_code == 404
    renewed = api_for(chief_arbiter).post(f"/api/entries/{first.pk}/private-link/")
    assert renewed.status_code == 200
    first.refresh_from_db()
    assert renewed.json()["url"].endswith(f"/p/{first.private_token}/")
    assert APIClient().get(f"/api/private/{old}/").status_code == 404
    assert APIClient().get(_url(first)).status_code == 200


def test_a_token_asks_for_its_own_entry_only(ctx):
    first, second = ctx["entries"][:2]
    response = APIClient().post(_url(first, "requests/"),
                                {"kind": "bye", "round": 2, "entry": second.pk}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["entry"] == first.pk and response.json()["status"] == "pending"
    assert list(PlayerRequest.objects.values_list("entry", "kind", "round")) == [
        (first.pk, "bye", 2)]


def test_refusals_in_both_languages_store_nothing(ctx):
    first = ctx["entries"][0]
    over = _in("en").post(_url(first, "requests/"), {"kind": "bye", "round": 5},
                          format="json")
    assert over.status_code == 400
    assert over.json()["detail"] == ("The statute allows half-point byes up to round 4 only; "
                                     "round 5 is later.")
    over_vi = _in("vi").post(_url(first, "requests/"), {"kind": "bye", "round": 5},
                             format="json")
    assert over_vi.json()["detail"] == ("Điều lệ chỉ cho xin nghỉ nửa điểm đến hết vòng 4; "
                                        "vòng 5 ở sau đó.")
    paired = _in("en").post(_url(first, "requests/"), {"kind": "bye", "round": 1},
                            format="json")
    assert paired.json()["detail"].startswith("Round 1 is already paired")
    no_reason = _in("en").post(_url(first, "requests/"), {"kind": "withdrawal"},
                               format="json")
    assert no_reason.json()["detail"] == "Say why you withdraw: the arbiters read it."
    bad = APIClient().post(_url(first, "requests/"), {"kind": "bye", "round": "two"},
                           format="json")
    assert bad.status_code == 400
    assert not PlayerRequest.objects.exists()


def test_the_staff_list_and_decide(ctx, chief_arbiter, arbiter):
    first = ctx["entries"][0]
    APIClient().post(_url(first, "requests/"), {"kind": "withdrawal", "reason": "Ốm"},
                     format="json")
    listed = api_for(arbiter).get(f"/api/events/{ctx['event'].pk}/requests/").json()
    assert [(r["entry_name"], r["kind"], r["round"], r["status"]) for r in listed] == [
        (first.name, "withdrawal", 2, "pending")]
    refused = api_for(arbiter).post(f"/api/requests/{listed[0]['id']}/decide/",
                                    {"approve": True}, format="json")
    assert refused.status_code == 403
    bad = api_for(chief_arbiter).post(f"/api/requests/{listed[0]['id']}/decide/",
                                      {"approve": "yes"}, format="json")
    assert bad.status_code == 400
    decided = api_for(chief_arbiter).post(f"/api/requests/{listed[0]['id']}/decide/",
                                          {"approve": True, "answer": "Chúc sớm khỏe"},
                                          format="json")
    assert decided.status_code == 200
    assert (decided.json()["status"], decided.json()["decided_by"]) == ("approved", "chief")
    first.refresh_from_db()
    assert (first.status, first.withdrawn_after_round) == ("withdrawn", 1)
    page = APIClient().get(_url(first)).json()
    assert page["requests"][0]["answer"] == "Chúc sớm khỏe"
    assert page["can_withdraw"] is False and page["bye_rounds"] == []
    assert PlayerRequest.objects.get().status == RequestStatus.APPROVED


def test_the_page_subscribes_a_browser_for_its_own_entry(ctx):
    from tournaments.models import PushSubscription, subscriber_key_of

    first = ctx["entries"][0]
    subscription = {"endpoint": "https://push.example/sub/1",
                    "keys": {"p256dh": "BPublicKey", "auth": "secret"}}
    response = APIClient().post(_url(first, "push/"), subscription, format="json")
    assert response.status_code == 201
    assert list(PushSubscription.objects.values_list("subscriber_key", "endpoint", "event")) == [
        (subscriber_key_of(first), "https://push.example/sub/1", ctx["event"].pk)]
    plain = APIClient().post(_url(first, "push/"), {**subscription,
                                                    "endpoint": "http://push.example/x"},
                             format="json")
    assert plain.status_code == 400
    assert APIClient().post("/api/private/nope/push/", subscription,
                            format="json").status_code == 404
    assert PushSubscription.objects.count() == 1


def test_i_am_here_by_token(ctx):
    """A check-in before every round, no start time: open until the round is paired."""
    from tournaments.models import CheckIn, Event

    Event.objects.filter(pk=ctx["event"].pk).update(check_in="every")
    first = ctx["entries"][0]
    assert APIClient().get(_url(first)).json()["check_in"] == {
        "round": 2, "checked_in": False, "open": True, "closes_at": None}
    done = APIClient().post(_url(first, "check-in/"))
    assert done.status_code == 200 and done.json()["round"] == 2
    assert CheckIn.objects.get(entry=first).by_self is True
    assert APIClient().get(_url(first)).json()["check_in"]["checked_in"] is True
    assert APIClient().post("/api/private/nope/check-in/").status_code == 404
