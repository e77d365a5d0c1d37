"""A player's own page by their private link (``views/player.py``) and the staff's side
(``views/player_requests.py``): the next board with its time and place, the results, the
requests in both languages; never cached publicly nor indexed; the slips of every link."""

import datetime

import pytest
from django.conf import settings

from tests.tournaments.builders import client_for, play_round, swiss_scenario
from tournaments.models import Entry, PlayerRequest, RequestStatus
from tournaments.services.player_requests import player_request_create
from tournaments.services.results import result_record
from tournaments.services.rounds import round_complete, round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    """Six players numbered 1-6, five rounds from 28/11/2026 at 08:00 and 14:00, at the
    Nhà văn hóa Thanh niên; one half-point bye each up to round 4. Round 1 published, no
    result yet: 1-2, 3-4, 5-6."""
    ctx = swiss_scenario(make_event, organiser, chief_arbiter)
    event = ctx["event"]
    event.bye_limit, event.bye_last_round = 1, 4
    event.venue = "Nhà văn hóa Thanh niên"
    event.first_round_date, event.round_times = datetime.date(2026, 11, 28), "08:00, 14:00"
    event.save(update_fields=["bye_limit", "bye_last_round", "venue", "first_round_date",
                              "round_times"])
    e = ctx["entries"]
    for number, entry in enumerate(e, start=1):
        Entry.objects.filter(pk=entry.pk).update(number=number)
        entry.refresh_from_db()
    round_1 = play_round(event, 1, [(e[0], e[1]), (e[2], e[3]), (e[4], e[5])], [],
                         actor=chief_arbiter, publish=False)
    round_publish(round_=round_1, actor=chief_arbiter)
    ctx["round1"] = round_1
    return ctx


def _page(entry):
    return f"/p/{entry.private_token}/"


def test_the_page_shows_the_next_board_time_and_place_and_is_private(ctx):
    second = ctx["entries"][1]
    response = client_for(lang="en").get(_page(second))
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    assert response["Referrer-Policy"] == "same-origin"  # a form still says its origin
    page = response.content.decode()
    assert '<meta name="robots" content="noindex, nofollow">' in page
    assert 'data-testid="next-board">1<' in page
    assert 'data-testid="next-colour">Black<' in page  # number 2 has Black on board 1
    assert ctx["entries"][0].name in page
    # "Notify me": the installation's VAPID key and this entry's subscription address.
    assert f'data-vapid-key="{settings.VAPID_PUBLIC_KEY}"' in page
    assert f'data-subscribe-url="/api/private/{second.private_token}/push/"' in page
    assert 'data-testid="next-time">Saturday 28 Nov 2026 08:00<' in page
    assert 'data-testid="next-place">Nhà văn hóa Thanh niên<' in page
    vietnamese = client_for(lang="vi").get(_page(second)).content.decode()
    assert 'data-testid="next-colour">Đen<' in vietnamese
    assert "28/11/2026 08:00</span>" in vietnamese
    assert "Vòng đấu tới của bạn" in vietnamese


def test_a_wrong_token_is_not_found(ctx):
    assert client_for().get("/p/abc/").status_code == 404
    assert client_for().post("/p/abc/requests/", {"kind": "bye", "round": 2}).status_code == 404
    assert not PlayerRequest.objects.exists()


def test_a_bye_asked_and_refused_past_the_limit(ctx):
    first = ctx["entries"][0]
    client = client_for(lang="en")
    asked = client.post(f"{_page(first)}requests/", {"kind": "bye", "round": "3"})
    assert asked.status_code == 302 and asked["Location"] == _page(first)
    page = client.get(_page(first)).content.decode()
    assert "Your request for a half-point bye in round 3 is sent to the arbiters." in page
    assert 'data-testid="request-status">Waiting for the arbiters<' in page
    assert 'data-testid="bye-refusal"' in page  # the one bye is asked: no form any more
    again = client.post(f"{_page(first)}requests/", {"kind": "bye", "round": "2"})
    assert again.status_code == 400
    assert "The statute allows 1 half-point bye per player, and it is taken." in \
        again.content.decode()
    assert PlayerRequest.objects.count() == 1


def test_a_withdrawal_needs_a_reason(ctx):
    third = ctx["entries"][2]
    client = client_for(lang="vi")
    refused = client.post(f"{_page(third)}requests/", {"kind": "withdrawal", "reason": ""})
    assert refused.status_code == 400
    assert "Hãy ghi lý do bỏ cuộc" in refused.content.decode()
    client.post(f"{_page(third)}requests/", {"kind": "withdrawal", "reason": "Ốm"})
    assert list(PlayerRequest.objects.values_list("kind", "round", "reason")) == [
        ("withdrawal", 2, "Ốm")]


def test_the_chief_arbiter_approves_on_the_staff_page(ctx, chief_arbiter, arbiter):
    first = ctx["entries"][0]
    asked = player_request_create(entry=first, kind="bye", round_number=2)
    event = ctx["event"]
    listed = client_for(arbiter).get(f"/manage/{event.slug}/requests/").content.decode()
    assert first.name in listed and 'data-testid="approve-request"' not in listed
    assert client_for(arbiter).post(f"/manage/{event.slug}/requests/{asked.pk}/decide/",
                                    {"decision": "approve"}).status_code == 403
    page = client_for(chief_arbiter).get(f"/manage/{event.slug}/requests/").content.decode()
    assert 'data-testid="approve-request"' in page
    client_for(chief_arbiter).post(f"/manage/{event.slug}/requests/{asked.pk}/decide/",
                                   {"decision": "approve", "answer": "Đồng ý"})
    asked.refresh_from_db()
    assert asked.status == RequestStatus.APPROVED
    assert Entry.objects.get(pk=first.pk).requested_byes == [2]
    mine = client_for(lang="en").get(_page(first)).content.decode()
    assert "answer: Đồng ý" in mine and 'data-testid="request-status">Approved<' in mine


def test_the_link_its_qr_code_and_a_new_link(ctx, chief_arbiter, arbiter):
    first = ctx["entries"][0]
    event = ctx["event"]
    old = first.private_token
    page = client_for(arbiter).get(f"/manage/{event.slug}/entries/{first.pk}/link/")
    assert page.status_code == 200
    text = page.content.decode()
    assert f"http://testserver/p/{old}/" in text and "<svg" in text
    assert 'data-testid="renew-link"' not in text  # the arbiter shows it, does not renew it
    assert client_for(arbiter).post(
        f"/manage/{event.slug}/entries/{first.pk}/link/").status_code == 403
    client_for(chief_arbiter).post(f"/manage/{event.slug}/entries/{first.pk}/link/")
    first.refresh_from_db()
    assert first.private_token != old
    assert client_for().get(f"/p/{old}/").status_code == 404


def test_the_slips_of_every_link_are_the_staffs(ctx, arbiter):
    event = ctx["event"]
    sheet = client_for(arbiter).get(f"/events/{event.slug}/print/slips/").content.decode()
    assert sheet.count('data-testid="slip"') == 6
    for entry in Entry.objects.filter(event=event):
        assert f"/p/{entry.private_token}/" in sheet
    assert client_for().get(f"/events/{event.slug}/print/slips/").status_code == 404
    pdf = client_for(arbiter).get(f"/events/{event.slug}/print/slips/pdf/")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_a_draft_round_is_the_staffs_the_page_says_not_paired_yet(ctx, chief_arbiter):
    first = ctx["entries"][0]
    e = ctx["entries"]
    for board in ctx["round1"].boards.order_by("number"):
        result_record(board=board, result="1-0", actor=chief_arbiter, expected_version=0)
    round_complete(round_=ctx["round1"], actor=chief_arbiter)
    play_round(ctx["event"], 2, [(e[1], e[0]), (e[3], e[2]), (e[5], e[4])], [],
               actor=chief_arbiter, publish=False)
    text = client_for(lang="en").get(_page(first)).content.decode()
    assert 'data-testid="not-paired"' in text and 'data-testid="next-board"' not in text
    assert 'data-testid="next-time">Saturday 28 Nov 2026 14:00<' in text  # round 2's time
    assert 'data-testid="card-points">1<' in text


def test_the_public_statute_says_the_bye_limits(ctx):
    event = ctx["event"]
    page = client_for(lang="en").get(f"/events/{event.slug}/").content.decode()
    assert 'data-testid="statute-byes">1 per player · up to round 4<' in page
    vietnamese = client_for(lang="vi").get(f"/events/{event.slug}/").content.decode()
    assert 'data-testid="statute-byes">1 vòng mỗi đấu thủ · đến hết vòng 4<' in vietnamese


def test_i_am_here_while_the_check_in_is_open(ctx):
    """The statute asks a check-in before every round, closing 15 minutes before it: round 2
    starts at 14:00 on 28/11/2026, so the check-in is open until 13:45 that day."""
    from tournaments.models import CheckIn, Event

    event = ctx["event"]
    Event.objects.filter(pk=event.pk).update(check_in="every", first_round_date=datetime.date(
        2099, 11, 28))
    for board in ctx["round1"].boards.all():
        result_record(board=board, result="1/2-1/2", actor=event.created_by,
                      expected_version=board.version)
    round_complete(round_=ctx["round1"], actor=event.created_by)
    first = ctx["entries"][0]
    client = client_for(lang="en")
    page = client.get(_page(first)).content.decode()
    assert 'data-testid="i-am-here"' in page and "before 13:45" in page
    assert client.post(f"{_page(first)}check-in/").status_code == 302
    row = CheckIn.objects.get(entry=first)
    assert (row.round_number, row.by_self, row.is_in) == (2, True, True)
    page = client.get(_page(first)).content.decode()
    assert 'data-testid="checked-in">You are checked in for round 2.<' in page
    # Closed: the day has passed.
    Event.objects.filter(pk=event.pk).update(first_round_date=datetime.date(2020, 1, 1))
    second = ctx["entries"][1]
    page = client.get(_page(second)).content.decode()
    assert 'data-testid="check-in-closed"' in page and 'data-testid="i-am-here"' not in page
    refused = client.post(f"{_page(second)}check-in/")
    assert refused.status_code == 400
    assert "The check-in for round 2 has closed: speak to an arbiter." in refused.content.decode()
    assert not CheckIn.objects.filter(entry=second).exists()
