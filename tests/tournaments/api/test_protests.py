"""Protests and appeals through the API (Art. 15.5, 15.6, 19.2, 20.3 e, m): recorded by the
staff, decided by the chief arbiter, appealed, decided by the appeals committee; the public
reads the decided ones about a result or the draw; bad input answers 400 with nothing changed."""

import pytest

from tests.tournaments.builders import UserFactory, api_for, rr_scenario
from tournaments.models import Protest
from tournaments.services.events import role_assign

pytestmark = pytest.mark.django_db


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="played")  # all 1-0


def _payload(ctx, **kw):
    board = ctx["board"]
    return {"round": 1, "board": board.number, "entry": board.black_id, "filer": "player",
            "subject": "result", "text": "Đối thủ đi hai nước liền", **kw}


def test_protest_decision_appeal_and_the_public_reading(ctx, organiser, chief_arbiter, arbiter):
    event = ctx["event"]
    committee = UserFactory(username="hoidong")
    role_assign(event=event, actor=organiser, user=committee, role="appeals")
    url = f"/api/events/{event.pk}/protests/"
    reply = api_for(arbiter).post(url, _payload(ctx), format="json")
    assert reply.status_code == 201, reply.json()
    protest = reply.json()
    assert (protest["round"], protest["board"], protest["recorded_by"], protest["decision"]) == (
        1, ctx["board"].number, "arbiter", "")
    ruling = api_for(arbiter).post(url, _payload(ctx, subject="ruling"), format="json").json()
    # Nothing public before a decision.
    assert api_for().get(url).json() == []
    pk = protest["id"]
    reply = api_for(chief_arbiter).post(f"/api/protests/{pk}/decide/", {
        "decision": "rejected", "reason": "Biên bản có chữ ký"}, format="json")
    assert (reply.status_code, reply.json()["decided_by"]) == (200, "chief")
    api_for(chief_arbiter).post(f"/api/protests/{ruling['id']}/decide/", {
        "decision": "upheld", "reason": "Trọng tài bắt nhầm"}, format="json")
    reply = api_for(arbiter).post(f"/api/protests/{pk}/appeal/", {"text": "Xin xét lại"},
                                  format="json")
    assert reply.status_code == 200 and reply.json()["appeal_recorded_by"] == "arbiter"
    reply = api_for(committee).post(f"/api/protests/{pk}/appeal-decision/", {
        "decision": "upheld", "reason": "Đồng hồ hỏng"}, format="json")
    assert reply.status_code == 200 and reply.json()["appeal_decided_by"] == "hoidong"
    # The public: the decided protest about a result, not the ruling, and not the papers.
    public = api_for().get(url).json()
    assert [(p["id"], p["decision"], p["appeal_decision"]) for p in public] == [
        (pk, "rejected", "upheld")]
    assert "text" not in public[0] and "recorded_by" not in public[0]
    # The staff and the committee read both, with the papers.
    for reader in (arbiter, committee):
        read = api_for(reader).get(url).json()
        assert [p["id"] for p in read] == [pk, ruling["id"]] and read[0]["text"]
    # The round page shows the decision (Art. 15.6, 19.4).
    html = api_for().get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert 'data-testid="round-protest"' in html and "Đồng hồ hỏng" in html
    assert "Trọng tài bắt nhầm" not in html


@pytest.mark.parametrize("change", [
    {"round": 9}, {"board": 99}, {"entry": 0}, {"filer": "coach"}, {"subject": "weather"},
    {"text": ""}, {"filer": "leader", "subject": "ruling", "filer_name": "Lê Văn Đội"},
])
def test_bad_input_answers_400_and_records_nothing(ctx, arbiter, change):
    reply = api_for(arbiter).post(f"/api/events/{ctx['event'].pk}/protests/",
                                  _payload(ctx, **change), format="json")
    assert reply.status_code == 400, reply.json()
    assert not Protest.objects.exists()
