"""The check of a Swiss round is stored with the round (``services/round_checks.py``): when the
round is paired, when a board changes (by a worker for large events), when what it reads
changes; the pages word the stored findings."""

import pytest
from django.core.exceptions import PermissionDenied
from django.test import override_settings
from django.utils import translation

from tests.tournaments.builders import client_for, seven_with_a_second_pab
from tournaments.models import Round
from tournaments.selectors.swiss import round_stored_warnings, round_warnings
from tournaments.services.board_edit import board_swap
from tournaments.services.entries import entry_withdraw
from tournaments.services.round_checks import round_check_refresh
from tournaments.versions import version_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event, organiser, chief_arbiter, arbiter):
    """Round 2 a draft with player 7 on the pairing bye again (C.04.3 [C2]: a rule break)."""
    return seven_with_a_second_pab(make_event, organiser, chief_arbiter, arbiter)


def _round_2(event) -> Round:
    return Round.objects.select_related("event").get(event=event, number=2)


def test_the_round_is_stored_with_its_findings(event):
    round_2 = _round_2(event)
    assert round_2.checked_at is not None
    assert round_stored_warnings(round_2) == round_warnings(round_2)
    assert "second_bye" in [f["code"] for f in round_2.findings]


def test_the_stored_findings_are_worded_in_the_readers_language(event):
    with translation.override("vi"):
        texts = [w.text for w in round_stored_warnings(_round_2(event))]
    with translation.override("en"):
        english = [w.text for w in round_stored_warnings(_round_2(event))]
    assert texts != english and any("already had the pairing bye" in t for t in english)


def test_a_change_by_hand_stores_the_new_findings(event, chief_arbiter):
    round_2 = _round_2(event)
    before = round_2.checked_at
    board_swap(round_=round_2, actor=chief_arbiter, board_number=1)
    round_2 = _round_2(event)
    assert round_2.checked_at > before
    assert round_stored_warnings(round_2) == round_warnings(round_2)


@override_settings(SWISS_ASYNC_MIN_ENTRIES=5)
def test_a_large_event_is_checked_by_the_worker_after_the_change(
        event, chief_arbiter, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as queued:
        board_swap(round_=_round_2(event), actor=chief_arbiter, board_number=1)
    assert _round_2(event).findings is None  # being checked
    page = client_for(chief_arbiter).get(f"/manage/{event.slug}/rounds/2/").content.decode()
    assert 'data-testid="checking"' in page and 'data-code="second_bye"' not in page
    # Besides the event's new version (published on commit to the cache and the live feed):
    # the check, queued.
    publishing = {"tournaments.versions", "tournaments.live"}
    checks = [c for c in queued
              if getattr(getattr(c, "func", None), "__module__", None) not in publishing]
    assert len(checks) == 1 and any(getattr(c, "func", None) is version_publish for c in queued)
    checks[0]()  # the worker (in-process without a broker)
    assert [w.code for w in round_stored_warnings(_round_2(event))][:1] == ["second_bye"]


def test_a_withdrawal_checks_the_draft_again(event, organiser):
    """Art. 21.5.2: a player withdrawn after round 1 must not be paired in round 2."""
    round_2 = _round_2(event)
    assert "not_available" not in [w.code for w in round_stored_warnings(round_2)]
    withdrawn = round_2.boards.get(number=1).white
    entry_withdraw(entry=withdrawn, actor=organiser, after_round=1)
    assert "not_available" in [w.code for w in round_stored_warnings(_round_2(event))]


def test_the_arbiter_has_the_round_checked_again(event, chief_arbiter, arbiter):
    Round.objects.filter(pk=_round_2(event).pk).update(findings=None, checked_at=None)
    with pytest.raises(PermissionDenied):
        round_check_refresh(round_=_round_2(event), actor=arbiter)
    response = client_for(chief_arbiter).post(f"/manage/{event.slug}/swiss/rounds/2/check/")
    assert response.status_code == 302
    assert "second_bye" in [w.code for w in round_stored_warnings(_round_2(event))]
