"""Closing an event (archiving it) and reopening it (services/closing.py, docs/archive.md):
a closed event refuses every write with the reason and changes nothing."""

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import translation

from tests.tournaments.builders import PlayerFactory
from tournaments.errors import EventClosed, ServiceError
from tournaments.models import Board, ClosingAction, Entry, Event, EventClosing, RoundStatus
from tournaments.selectors.events import event_closings
from tournaments.services.closing import event_close, event_reopen
from tournaments.services.entries import entry_register
from tournaments.services.events import event_update
from tournaments.services.results import result_record
from tournaments.services.rounds import round_complete


def _complete(event, actor):
    for round_ in event.rounds_set.exclude(status=RoundStatus.COMPLETED).order_by("number"):
        round_complete(round_=round_, actor=actor)


def _rows(event):
    return (list(Board.objects.filter(round__event=event).order_by("pk")
                 .values_list("pk", "result", "version")),
            list(Entry.objects.filter(event=event).order_by("pk").values_list("pk", "player")),
            Event.objects.filter(pk=event.pk).values_list("name", "venue", "version").get())


@pytest.mark.django_db
def test_close_refused_while_a_round_is_open(swiss_event, organiser):
    with pytest.raises(ServiceError, match="rounds not completed: 1, 2, 3"):
        event_close(event=swiss_event, actor=organiser)
    swiss_event.refresh_from_db()
    assert swiss_event.closed_at is None and not EventClosing.objects.exists()


@pytest.mark.django_db
def test_only_organisers_and_the_chief_arbiter_close(rr_event, arbiter, chief_arbiter):
    _complete(rr_event, chief_arbiter)
    with pytest.raises(PermissionDenied):
        event_close(event=rr_event, actor=arbiter)
    event_close(event=rr_event, actor=chief_arbiter)
    assert Event.objects.get(pk=rr_event.pk).closed_by == chief_arbiter


@pytest.mark.django_db
def test_a_closed_event_refuses_every_write_and_reopens_with_a_reason(
        rr_event, organiser, chief_arbiter):
    _complete(rr_event, chief_arbiter)
    event_close(event=rr_event, actor=organiser)
    before = _rows(rr_event)
    board = Board.objects.filter(round__event=rr_event, round__number=5,
                                 black__isnull=False).order_by("number").first()
    newcomer = PlayerFactory(full_name="Lê Văn Mới")
    writes = [
        # Art. 20: the chief arbiter's correction of a closed round, with a reason
        lambda: result_record(board=board, result="0-1", actor=chief_arbiter,
                              expected_version=board.version, reason="score sheet"),
        lambda: entry_register(event=rr_event, actor=organiser, player=newcomer),
        lambda: event_update(event=rr_event, actor=organiser, venue="Elsewhere"),
    ]
    for write in writes:
        with pytest.raises(EventClosed, match=r"This event is closed: reopen it first "
                                              r"\(closed on .* by organiser\)"):
            write()
        assert _rows(rr_event) == before  # nothing changed, not even the version

    with pytest.raises(ServiceError, match="Say why"):
        event_reopen(event=rr_event, actor=organiser, reason="  ")
    event_reopen(event=rr_event, actor=chief_arbiter, reason="Art. 20 correction of round 5")
    board.refresh_from_db()
    result_record(board=board, result="0-1", actor=chief_arbiter,
                  expected_version=board.version, reason="score sheet")
    event_update(event=rr_event, actor=organiser, venue="Elsewhere")
    assert Board.objects.get(pk=board.pk).result == "0-1"
    assert Event.objects.get(pk=rr_event.pk).venue == "Elsewhere"
    history = [(c.action, c.by.username, c.reason) for c in event_closings(rr_event)]
    assert history == [(ClosingAction.CLOSE, "organiser", ""),
                       (ClosingAction.REOPEN, "chief", "Art. 20 correction of round 5")]


@pytest.mark.django_db
def test_close_refused_with_a_protest_waiting(rr_event, organiser, chief_arbiter):
    from django.utils import timezone

    from tournaments.models import Protest
    _complete(rr_event, chief_arbiter)
    round_ = rr_event.rounds_set.get(number=5)
    Protest.objects.create(round=round_, entry=rr_event.entries.first(), filer="player",
                           subject="result", text="x", filed_at=timezone.now())
    with pytest.raises(ServiceError, match="1 protest"):
        event_close(event=rr_event, actor=organiser)


@pytest.mark.django_db
def test_the_refusal_in_vietnamese(rr_event, organiser, chief_arbiter):
    _complete(rr_event, chief_arbiter)
    event_close(event=rr_event, actor=organiser)
    with translation.override("vi"), pytest.raises(EventClosed) as refused:
        event_update(event=rr_event, actor=organiser, venue="Elsewhere")
    assert str(refused.value).startswith("Giải đã đóng: hãy mở lại trước")


@pytest.mark.django_db
def test_a_backup_carries_the_closing_and_its_history(rr_event, organiser, chief_arbiter):
    from tournaments.services.backup import event_backup, event_restore

    _complete(rr_event, chief_arbiter)
    event_close(event=rr_event, actor=organiser)
    event_reopen(event=rr_event, actor=chief_arbiter, reason="protest late")
    event_close(event=rr_event, actor=chief_arbiter)
    closed = Event.objects.get(pk=rr_event.pk)
    restored = event_restore(document=event_backup(event=closed, actor=organiser),
                             actor=organiser)
    assert (restored.closed_at, restored.closed_by) == (closed.closed_at, chief_arbiter)
    assert [(c.action, c.by.username, c.reason) for c in event_closings(restored)] == [
        ("close", "organiser", ""), ("reopen", "chief", "protest late"), ("close", "chief", "")]
    with pytest.raises(EventClosed):  # the restored copy is closed as well
        event_update(event=restored, actor=organiser, venue="Elsewhere")


@pytest.mark.django_db
def test_the_pages_and_the_api(client, rr_event, organiser, chief_arbiter):
    """The dashboard's button closes (after the confirmation), the public page says "Final
    (closed)" and is kept as long as a finished event's, the API reopens."""
    from rest_framework.test import APIClient

    from tournaments.services.events import event_visibility_set

    _complete(rr_event, chief_arbiter)
    event_visibility_set(event=rr_event, actor=organiser, public=True)
    client.force_login(organiser)
    url = f"/manage/{rr_event.slug}/close/"
    asked = client.post(url)  # without JavaScript: the confirmation page, nothing closed
    assert asked.status_code == 200 and Event.objects.get(pk=rr_event.pk).closed_at is None
    assert client.post(url, {"confirmed": "1"}).status_code == 302
    assert Event.objects.get(pk=rr_event.pk).closed_at is not None
    dashboard = client.get(f"/manage/{rr_event.slug}/").content.decode()
    assert "Closed on" in dashboard and "by organiser" in dashboard and 'name="reason"' in dashboard
    refused = client.post(f"/manage/{rr_event.slug}/visibility/",
                          {"public": "0", "confirmed": "1"},
                          HTTP_REFERER=f"http://testserver/manage/{rr_event.slug}/")
    assert refused.status_code == 302 and refused["Location"].endswith(f"/{rr_event.slug}/")
    assert Event.objects.get(pk=rr_event.pk).is_public
    assert "This event is closed" in client.get(refused["Location"]).content.decode()
    client.logout()
    assert "Final (closed)" in client.get(f"/events/{rr_event.slug}/").content.decode()
    rr_event.refresh_from_db()
    assert rr_event.finished_on(rr_event.start_date)  # closed: the finished events' cache time

    api = APIClient()
    api.force_authenticate(chief_arbiter)
    answer = api.get(f"/api/events/{rr_event.pk}/").json()
    assert answer["closed_at"] is not None
    refused = api.post(f"/api/events/{rr_event.pk}/reopen/", {"reason": ""}, format="json")
    assert refused.status_code == 400
    reopened = api.post(f"/api/events/{rr_event.pk}/reopen/", {"reason": "late appeal"},
                        format="json")
    assert reopened.status_code == 200 and reopened.json()["closed_at"] is None


@pytest.mark.django_db
def test_a_closed_championship_stage(make_event, organiser, chief_arbiter, stranger):
    """A stage's closed event refuses its writes; the championship's publication covers it and
    its new roles pass over it (given on the open stages only)."""
    from tests.tournaments.builders import championship_scenario
    from tournaments.models import EventRole
    from tournaments.services.championships import championship_role_assign, championship_update

    ctx = championship_scenario(make_event, organiser, chief_arbiter, played=True)
    swiss = ctx["swiss"]
    _complete(swiss, chief_arbiter)
    event_close(event=swiss, actor=chief_arbiter)
    with pytest.raises(EventClosed):
        entry_register(event=swiss, actor=organiser, player=ctx["newcomers"][0])
    championship_update(championship=ctx["championship"], actor=organiser, visibility="public")
    assert Event.objects.get(pk=swiss.pk).is_public
    championship_role_assign(championship=ctx["championship"], actor=organiser, user=stranger,
                             role="arbiter")
    assert not EventRole.objects.filter(event=swiss, user=stranger).exists()
    assert EventRole.objects.filter(event__stage=ctx["ko"], user=stranger).exists()
