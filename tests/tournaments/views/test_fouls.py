"""Recording a penalty from a board's page (chapter 5; views/fouls.py), seen on the board's
history and on the arbiter's round page."""

import pytest

from tests.tournaments.builders import client_for, rr_scenario
from tournaments.models import Foul

pytestmark = pytest.mark.django_db


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="published")


def _urls(ctx):
    slug, board = ctx["event"].slug, ctx["board"]
    return (f"/manage/{slug}/boards/{board.pk}/history/",
            f"/manage/{slug}/boards/{board.pk}/fouls/", f"/manage/{slug}/rounds/1/")


def test_arbiter_records_a_penalty_seen_on_the_board_and_the_round(ctx, arbiter):
    history, record, round_page = _urls(ctx)
    client = client_for(arbiter)
    page = client.get(history).content.decode()
    assert 'data-testid="foul-form"' in page and "Art. 23 point 1: perpetual check" in page
    response = client.post(record, {"entry": ctx["board"].black_id, "kind": "warning",
                                    "article": "23.6", "note": "bắt Xe có căn giả"}, follow=True)
    assert "Penalty recorded." in response.content.decode()
    foul = Foul.objects.get()
    assert (foul.recorded_by, foul.article) == (arbiter, "23.6")
    for url in (history, round_page):
        page = client.get(url).content.decode()
        assert "bắt Xe có căn giả" in page and "Art. 23 point 6: chasing a protected piece" in page
    assert 'data-testid="foul-remove"' in page and "data-confirm=" in page
    remove = f"/manage/{ctx['event'].slug}/fouls/{foul.pk}/remove/"
    asked = client.post(remove).content.decode()  # without JavaScript: a page asks first
    assert "Remove this penalty?" in asked and Foul.objects.exists()
    client.post(remove, {"confirmed": "1"})
    assert not Foul.objects.exists()


def test_organiser_sees_no_form_and_is_refused(ctx, organiser):
    history, record, _round = _urls(ctx)
    client = client_for(organiser)
    assert 'data-testid="foul-form"' not in client.get(history).content.decode()
    response = client.post(record, {"entry": ctx["board"].black_id, "kind": "warning",
                                    "article": "23.6"})
    assert response.status_code == 403
    assert "arbiters can record or remove a penalty" in response.content.decode()
    assert not Foul.objects.exists()


def test_bad_form_says_why_and_writes_nothing(ctx, arbiter):
    history, record, _round = _urls(ctx)
    response = client_for(arbiter).post(record, {"entry": ctx["board"].black_id,
                                                 "kind": "warning", "article": "7.1"},
                                        follow=True)
    assert "Article applied" in response.content.decode()
    assert not Foul.objects.exists()


def test_the_third_technical_fault_is_flagged_and_confirmed_in_one_tap(ctx, arbiter):
    history, record, _round = _urls(ctx)
    client = client_for(arbiter)
    black = ctx["board"].black_id
    for article in ("9", "11.3b"):
        client.post(record, {"entry": black, "kind": "warning", "article": article})
    assert 'data-testid="loss-due"' not in client.get(history).content.decode()
    client.post(record, {"entry": black, "kind": "warning", "article": "16.3"})
    page = client.get(history).content.decode()
    assert 'data-testid="loss-due"' in page and "Art. 7.1 n" in page
    assert "Technical fault" in page
    response = client.post(f"/manage/{ctx['event'].slug}/boards/{ctx['board'].pk}/fouls/loss/",
                           {"entry": black}, follow=True)
    assert "Loss by three faults recorded" in response.content.decode()
    ctx["board"].refresh_from_db()
    assert ctx["board"].result == "1-0"
    assert 'data-testid="loss-due"' not in client.get(history).content.decode()
