"""The round review page reads the check stored with the round: the page of a 1,000-entry
draft Swiss round answers without running the pairing engine."""

import pytest
from django.test import override_settings

from tests.tournaments.builders import PlayerFactory, api_for, client_for
from tournaments.models import Entry, JobStatus, Round
from tournaments.services.formats import round_start

pytestmark = pytest.mark.django_db


def _no_engine(*args, **kwargs):
    raise AssertionError("the pairing engine ran while a page was read")


@override_settings(SWISS_ASYNC_MIN_ENTRIES=100)
def test_the_review_page_of_a_1000_entry_round_runs_no_engine(
        make_event, organiser, chief_arbiter, monkeypatch, django_capture_on_commit_callbacks):
    event = make_event(format="swiss", rounds=9)
    players = PlayerFactory.create_batch(1000)
    Entry.objects.bulk_create(Entry(event=event, player=p, rating=p.rating) for p in players)
    with django_capture_on_commit_callbacks(execute=True):  # the job, in-process at commit
        job = round_start(event=event, actor=chief_arbiter).job
    job.refresh_from_db()
    assert job.status == JobStatus.DONE, job.error
    round_1 = Round.objects.get(event=event, number=1)
    assert round_1.boards.count() == 500 and round_1.findings == []
    for target in ("tournaments.selectors.swiss.check_round", "pairings.checker.pair_round",
                   "pairings.dutch.pair_round", "tournaments.services.swiss.pair_round"):
        monkeypatch.setattr(target, _no_engine)
    page = client_for(chief_arbiter).get(f"/manage/{event.slug}/rounds/1/")
    assert page.status_code == 200
    assert 'data-testid="no-warnings"' in page.content.decode()
    detail = api_for(chief_arbiter).get(f"/api/events/{event.pk}/rounds/1/").json()
    assert detail["warnings"] == [] and len(detail["boards"]) == 500
