"""Correcting a closed round (Art. 20): the round page carries the reason dialog with its limit
(static/js/results.js opens it; no inline script), and each board a link to the same form as a
page for a browser without JavaScript, refused with the page's language's message when the
reason is missing or too long."""

import random

import pytest

from tests.tournaments.builders import client_for, play, swiss_event
from tournaments.models import REASON_MAX_LENGTH, Board
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed_round(make_event, organiser, chief_arbiter, arbiter):
    event = swiss_event(make_event, organiser, 6, rounds=3)
    round1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=3)
    play(round1, arbiter, chief_arbiter, random.Random(1))
    return round1


def test_the_closed_round_page_has_the_reason_dialog_with_its_limit(closed_round,
                                                                    chief_arbiter, arbiter):
    url = f"/manage/{closed_round.event.slug}/rounds/1/"
    page = client_for(chief_arbiter).get(url).content.decode()
    dialog = page[page.index('<dialog id="reason-dialog"'):page.index("</dialog>")]
    assert f'maxlength="{REASON_MAX_LENGTH}"' in dialog
    assert "0</span>/100 · At most 100 characters, kept in the board's history." in dialog
    assert ">Cancel<" in dialog and ">Save the correction<" in dialog
    assert "onclick" not in page and "prompt(" not in page
    board = closed_round.boards.filter(black__isnull=False).first()
    assert f'href="/manage/{closed_round.event.slug}/boards/{board.pk}/correct/"' in page
    # The page in Vietnamese says it in Vietnamese.
    vi = client_for(chief_arbiter, lang="vi").get(url).content.decode()
    assert "Tối đa 100 ký tự" in vi and ">Lưu sửa kết quả<" in vi
    # An arbiter who may not correct has no dialog and no link.
    page = client_for(arbiter).get(url).content.decode()
    assert 'id="reason-dialog"' not in page and "/correct/" not in page


def test_a_correction_without_javascript_is_a_form_page(closed_round, chief_arbiter):
    board = closed_round.boards.filter(black__isnull=False).order_by("number").first()
    before, version = board.result, board.version
    other = "0-1" if before != "0-1" else "1-0"
    url = f"/manage/{closed_round.event.slug}/boards/{board.pk}/correct/"
    client = client_for(chief_arbiter, lang="vi")
    page = client.get(url).content.decode()
    assert f'name="reason" cols="40" rows="3" maxlength="{REASON_MAX_LENGTH}"' in page

    refused = client.post(url, {"result": other, "reason": "", "version": version})
    assert refused.status_code == 400
    assert "Hãy ghi lý do sửa kết quả." in refused.content.decode()
    refused = client.post(url, {"result": other, "reason": "x" * 101, "version": version})
    assert refused.status_code == 400
    assert "101" in refused.content.decode()  # Django's own "at most 100 (it has 101)", in vi
    board.refresh_from_db()
    assert (board.result, board.version) == (before, version)

    done = client.post(url, {"result": other, "reason": "Biên bản ghi nhầm", "version": version})
    assert done.status_code == 302
    assert done["Location"] == f"/manage/{closed_round.event.slug}/rounds/1/"
    board = Board.objects.get(pk=board.pk)
    assert board.result == other
    assert board.history.first().history_change_reason == "Biên bản ghi nhầm"

    stale = client.post(url, {"result": before, "reason": "lần nữa", "version": version})
    assert stale.status_code == 400  # someone changed it meanwhile: nothing saved
    board.refresh_from_db()
    assert board.result == other
