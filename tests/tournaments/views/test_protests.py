"""The protests page (Art. 15.5, 15.6, 19.2, 20.3 e; views/protests.py): the secretary records a
written protest, the chief arbiter decides, an arbiter records the appeal, the appeals committee
decides it; bad input shows a message and records nothing."""

import pytest

from tests.tournaments.builders import UserFactory, client_for, rr_scenario
from tournaments.models import Protest
from tournaments.services.events import role_assign

pytestmark = pytest.mark.django_db


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="played")


def test_recorded_decided_appealed_and_decided_again(ctx, organiser, chief_arbiter, arbiter):
    event, board = ctx["event"], ctx["board"]
    secretary, committee = UserFactory(username="thuky"), UserFactory(username="hoidong")
    role_assign(event=event, actor=organiser, user=secretary, role="secretary")
    role_assign(event=event, actor=organiser, user=committee, role="appeals")
    base = f"/manage/{event.slug}/protests/"
    page = client_for(secretary).get(base).content.decode()
    assert 'data-testid="protest-add"' in page
    response = client_for(secretary).post(base + "add/", {
        "round": 1, "board": board.number, "entry": board.black_id, "filer": "player",
        "subject": "result", "text": "Đồng hồ hỏng"}, follow=True)
    assert "Protest recorded." in response.content.decode()
    protest = Protest.objects.get()
    assert (protest.board, protest.recorded_by) == (board, secretary)
    # The secretary does not decide (Art. 20.3 e: the chief arbiter's).
    assert 'data-testid="decide"' not in client_for(secretary).get(base).content.decode()
    assert client_for(secretary).post(f"{base}{protest.pk}/decide/", {
        "decision": "upheld", "reason": "x"}).status_code == 403
    client_for(chief_arbiter).post(f"{base}{protest.pk}/decide/", {
        "decision": "rejected", "reason": "Đồng hồ chạy đúng"})
    client_for(arbiter).post(f"{base}{protest.pk}/appeal/", {"text": "Xin xét lại"})
    page = client_for(committee).get(base).content.decode()
    assert 'data-testid="decide-appeal"' in page and 'data-testid="protest-add"' not in page
    client_for(committee).post(f"{base}{protest.pk}/appeal/decide/", {
        "decision": "upheld", "reason": "Đồng hồ hỏng thật"})
    protest.refresh_from_db()
    assert (protest.decision, protest.decided_by, protest.appeal_text, protest.appeal_decision,
            protest.appeal_decided_by) == ("rejected", chief_arbiter, "Xin xét lại", "upheld",
                                           committee)
    # A stranger to the event does not read its protests.
    assert client_for(UserFactory(username="ai")).get(base).status_code == 403


def test_bad_input_shows_a_message_and_records_nothing(ctx, arbiter):
    event, board = ctx["event"], ctx["board"]
    response = client_for(arbiter).post(f"/manage/{event.slug}/protests/add/", {
        "round": 1, "board": 42, "entry": board.black_id, "filer": "player",
        "subject": "result", "text": "x"})
    assert response.status_code == 400
    assert "Round 1 has no board 42." in response.content.decode()
    response = client_for(arbiter).post(f"/manage/{event.slug}/protests/add/", {
        "round": 1, "entry": board.black_id, "filer": "leader", "subject": "draw",
        "text": "Bốc thăm sai"})
    assert response.status_code == 400
    assert "Give the name of the team leader or coach." in response.content.decode()
    assert not Protest.objects.exists()


def test_the_roles_page_appoints_the_secretary_and_the_committee(ctx, organiser):
    """Art. 20.1, 19.2: the two roles are appointed on the roles page."""
    from tournaments.models import EventRole

    event = ctx["event"]
    UserFactory(username="thuky")
    page = client_for(organiser).get(f"/manage/{event.slug}/roles/").content.decode()
    assert 'value="secretary"' in page and 'value="appeals"' in page
    client_for(organiser).post(f"/manage/{event.slug}/roles/", {"username": "thuky",
                                                                 "role": "secretary"})
    assert EventRole.objects.filter(event=event, user__username="thuky",
                                    role="secretary").exists()
