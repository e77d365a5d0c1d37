"""A player's own requests from their private page (``services/player_requests.py``): a
half-point bye within the statute's limits (``bye_limit``, ``bye_last_round``: the law has
none, docs/law.md), a withdrawal from the next round (Art. 21.5); the chief arbiter approves
them through the staff's own services (``bye_request``, ``entry_withdraw``).

Hand-worked: six players, five rounds; the statute allows one half-point bye per player, up to
round 3."""

import random

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone, translation

from tests.tournaments.builders import play, round_table, swiss_event
from tournaments.errors import ServiceError
from tournaments.models import Entry, EntryStatus, PlayerRequest, RequestStatus
from tournaments.selectors.player_page import entry_by_token, player_page
from tournaments.services.formats import round_start
from tournaments.services.player_requests import (
    entry_token_renew,
    player_request_create,
    player_request_decide,
)
from tournaments.services.swiss import bye_request, swiss_round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event, organiser):
    return swiss_event(make_event, organiser, 6, rounds=5, bye_limit=1, bye_last_round=3)


def _entries(event):
    return list(Entry.objects.filter(event=event).order_by("pk"))


def test_a_bye_within_the_limit_is_approved_and_the_next_pairing_gives_it(
        event, chief_arbiter):
    a = _entries(event)[0]
    asked = player_request_create(entry=a, kind="bye", round_number=1)
    assert (asked.round, asked.status) == (1, RequestStatus.PENDING)
    assert Entry.objects.get(pk=a.pk).requested_byes == []  # waits for the arbiters
    decided = player_request_decide(player_request=asked, actor=chief_arbiter, approve=True,
                                    answer="Đồng ý")
    assert (decided.status, decided.decided_by, decided.answer) == (
        RequestStatus.APPROVED, chief_arbiter, "Đồng ý")
    assert Entry.objects.get(pk=a.pk).requested_byes == [1]
    round_1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    a.refresh_from_db()
    # Five others paired (two games and the pairing bye), A on the half-point bye board last.
    assert round_table(round_1)[-1] == (a.number, None, "H")
    assert [t[2] for t in round_table(round_1)] == ["", "", "U", "H"]


def test_a_second_bye_over_the_limit_is_refused_counting_the_pending_one(event):
    a = _entries(event)[0]
    player_request_create(entry=a, kind="bye", round_number=2)
    with translation.override("en"), pytest.raises(ServiceError) as refused:
        player_request_create(entry=a, kind="bye", round_number=3)
    assert str(refused.value) == ("The statute allows 1 half-point bye per player, and it is "
                                  "taken.")
    with translation.override("vi"), pytest.raises(ServiceError) as refused:
        player_request_create(entry=a, kind="bye", round_number=3)
    assert "1" in str(refused.value) and "Điều lệ" in str(refused.value)
    assert PlayerRequest.objects.filter(entry=a).count() == 1


def test_a_bye_after_the_limit_round_is_refused_with_the_round(event, organiser):
    b = _entries(event)[1]
    with translation.override("en"), pytest.raises(ServiceError) as refused:
        player_request_create(entry=b, kind="bye", round_number=4)
    assert str(refused.value) == ("The statute allows half-point byes up to round 3 only; "
                                  "round 4 is later.")
    assert not PlayerRequest.objects.filter(entry=b).exists()
    # The staff are held by the same statute (one rule, in bye_request).
    with pytest.raises(ServiceError):
        bye_request(entry=b, actor=organiser, round_number=4)
    assert Entry.objects.get(pk=b.pk).requested_byes == []


def test_a_statute_without_byes_refuses_them_and_the_page_says_why(make_event, organiser):
    event = swiss_event(make_event, organiser, 4, rounds=3, bye_limit=0)
    entry = _entries(event)[0]
    with translation.override("en"):
        with pytest.raises(ServiceError, match="The statute allows no half-point byes."):
            player_request_create(entry=entry, kind="bye", round_number=1)
        page = player_page(entry, now=timezone.now())
    assert page.bye_rounds == ()
    assert page.bye_refusal == "The statute allows no half-point byes."


def test_the_page_offers_the_rounds_the_statute_allows(event, chief_arbiter):
    a, b = _entries(event)[:2]
    assert player_page(a, now=timezone.now()).bye_rounds == (1, 2, 3)  # up to round 3 only
    player_request_create(entry=a, kind="bye", round_number=2)
    # One bye per player: the pending one counts.
    assert player_page(a, now=timezone.now()).bye_rounds == ()
    assert player_page(b, now=timezone.now()).bye_rounds == (1, 2, 3)


def test_a_bye_for_a_round_paired_meanwhile_is_refused_and_stays_pending(
        event, chief_arbiter):
    a = _entries(event)[0]
    asked = player_request_create(entry=a, kind="bye", round_number=1)
    swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    with translation.override("en"), pytest.raises(ServiceError,
                                                   match="Round 1 is already paired"):
        player_request_decide(player_request=asked, actor=chief_arbiter, approve=True)
    asked.refresh_from_db()
    assert asked.status == RequestStatus.PENDING
    # Rejected instead, with the answer the player reads.
    player_request_decide(player_request=asked, actor=chief_arbiter, approve=False,
                          answer="Ván 1 đã bốc thăm")
    asked.refresh_from_db()
    assert (asked.status, asked.answer) == (RequestStatus.REJECTED, "Ván 1 đã bốc thăm")
    with pytest.raises(ServiceError):  # decided once only
        player_request_decide(player_request=asked, actor=chief_arbiter, approve=True)


def test_art_21_5_a_withdrawal_is_applied_from_the_next_round(event, chief_arbiter, arbiter):
    c = _entries(event)[2]
    round_1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    play(round_1, arbiter, chief_arbiter, random.Random(1))
    with translation.override("en"), pytest.raises(ServiceError, match="Say why"):
        player_request_create(entry=c, kind="withdrawal", reason="  ")
    asked = player_request_create(entry=c, kind="withdrawal", reason="Ốm")
    assert asked.round == 2  # the first round the player will not play
    with pytest.raises(ServiceError):  # one withdrawal waits at a time
        player_request_create(entry=c, kind="withdrawal", reason="Ốm nặng")
    player_request_decide(player_request=asked, actor=chief_arbiter, approve=True)
    c.refresh_from_db()
    # Withdrawn, not disqualified: the reason stays on the request (Art. 20.3's is the chief
    # arbiter's).
    assert (c.status, c.withdrawn_after_round, c.withdrawal_reason) == (
        EntryStatus.WITHDRAWN, 1, "")
    round_2 = round_start(event=event, actor=chief_arbiter).rounds[0]
    paired = {n for w, b, _ in round_table(round_2) for n in (w, b) if n}
    assert c.number not in paired and len(paired) == 5  # two games and the pairing bye
    with pytest.raises(ServiceError):  # a withdrawn player asks nothing more
        player_request_create(entry=c, kind="bye", round_number=3)


def test_only_the_chief_arbiter_and_the_organisers_decide(event, arbiter, organiser):
    a = _entries(event)[0]
    asked = player_request_create(entry=a, kind="bye", round_number=2)
    with pytest.raises(PermissionDenied):
        player_request_decide(player_request=asked, actor=arbiter, approve=True)
    asked.refresh_from_db()
    assert asked.status == RequestStatus.PENDING
    assert Entry.objects.get(pk=a.pk).requested_byes == []
    player_request_decide(player_request=asked, actor=organiser, approve=True)
    assert Entry.objects.get(pk=a.pk).requested_byes == [2]


def test_a_renewed_link_ends_the_old_one(event, chief_arbiter, arbiter):
    a = _entries(event)[0]
    old = a.private_token
    assert len(old) == 32 and entry_by_token(old) == a
    assert len({e.private_token for e in _entries(event)}) == 6  # one each
    with pytest.raises(PermissionDenied):
        entry_token_renew(entry=a, actor=arbiter)
    entry_token_renew(entry=a, actor=chief_arbiter)
    a.refresh_from_db()
    assert a.private_token != old and entry_by_token(old) is None
    assert entry_by_token(a.private_token) == a
    assert entry_by_token("") is None and entry_by_token("x" * 200) is None


def test_the_decision_is_sent_to_the_player_without_the_private_link(event, chief_arbiter):
    """request_decided: by e-mail to the register's address and to the browsers subscribed
    from the private page, in Vietnamese then English; the link is the public entry page."""
    from tournaments.models import Notification, Player, PushSubscription, subscriber_key_of

    a, b = _entries(event)[:2]
    Player.objects.filter(pk=a.player_id).update(email="an@example.vn")
    PushSubscription.objects.create(event=event, subscriber_key=subscriber_key_of(a),
                                    endpoint="https://push.example/a", p256dh="k", auth="s")
    asked = player_request_create(entry=a, kind="bye", round_number=2)
    player_request_decide(player_request=asked, actor=chief_arbiter, approve=False,
                          answer="Vòng 2 đủ người")
    rows = list(Notification.objects.filter(event=event).order_by("channel"))
    assert [(r.kind, r.channel, r.recipient) for r in rows] == [
        ("request_decided", "email", "an@example.vn"),
        ("request_decided", "push", "https://push.example/a")]
    body = rows[0].body
    assert body == ("Trọng tài đã từ chối đề nghị của bạn: nghỉ nửa điểm ở vòng 2.\n"
                    "Trả lời: Vòng 2 đủ người\n\n"
                    "The arbiters rejected your request: half-point bye in round 2.\n"
                    "Their answer: Vòng 2 đủ người")
    assert rows[0].url.endswith(f"/events/{event.slug}/entries/{a.pk}/")
    assert a.private_token not in rows[0].url + body
    # Nobody to tell (no address, no browser): nothing stored.
    asked = player_request_create(entry=b, kind="bye", round_number=2)
    player_request_decide(player_request=asked, actor=chief_arbiter, approve=True)
    assert Notification.objects.filter(event=event).count() == 2


def test_a_withdrawal_the_staff_made_meanwhile_is_not_made_twice(event, organiser,
                                                                 chief_arbiter):
    from tournaments.services.entries import entry_withdraw

    c = _entries(event)[2]
    asked = player_request_create(entry=c, kind="withdrawal", reason="Về quê")
    entry_withdraw(entry=c, actor=organiser, after_round=0)
    with translation.override("en"), pytest.raises(ServiceError, match="already withdrawn"):
        player_request_decide(player_request=asked, actor=chief_arbiter, approve=True)
    asked.refresh_from_db()
    assert asked.status == RequestStatus.PENDING
    assert Entry.objects.get(pk=c.pk).withdrawn_after_round == 0
