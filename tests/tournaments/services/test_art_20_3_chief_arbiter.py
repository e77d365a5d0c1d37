"""Art. 20.3: the chief arbiter draws ("thực hiện bắt thăm") and disqualifies ("tước bỏ tư cách
thi đấu"); a deputy chief arbiter (phó tổng trọng tài) designated on the event acts with the
chief's rights. A disqualification is recorded with its reason and scored as a withdrawal
(Art. 21.5)."""

import pytest
from django.core.exceptions import PermissionDenied

from tests.tournaments.builders import UserFactory, client_for, rr_scenario
from tournaments.selectors.standings import event_standings
from tournaments.services.entries import entry_withdraw, numbers_draw
from tournaments.services.events import role_assign, role_remove

pytestmark = pytest.mark.django_db


@pytest.fixture
def deputy(make_event):
    return UserFactory(username="deputy")


def test_art_20_3_the_chief_arbiter_draws_the_table_numbers(make_event, organiser,
                                                             chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter, numbered=False)["event"]
    entries = numbers_draw(event=event, actor=chief_arbiter, method="lots", seed=7)
    assert sorted(e.number for e in entries) == [1, 2, 3, 4]


def test_art_20_3_a_designated_deputy_disqualifies_scored_as_art_21_5(
        make_event, organiser, chief_arbiter, arbiter, deputy):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")
    event, gone = ctx["event"], ctx["entries"][0]
    with pytest.raises(PermissionDenied):  # not designated yet
        entry_withdraw(entry=gone, actor=deputy, after_round=1, reason="Gian lận")
    with pytest.raises(PermissionDenied):  # an arbiter does not disqualify
        entry_withdraw(entry=gone, actor=arbiter, after_round=1, reason="Gian lận")
    gone.refresh_from_db()
    assert gone.status == "active" and gone.withdrawal_reason == ""
    role_assign(event=event, actor=organiser, user=deputy, role="deputy")
    deputy = type(deputy).objects.get(pk=deputy.pk)  # roles are cached on the user object
    entry_withdraw(entry=gone, actor=deputy, after_round=1, reason="  Gian lận  ")
    gone.refresh_from_db()
    assert (gone.status, gone.withdrawn_after_round, gone.withdrawal_reason) == (
        "withdrawn", 1, "Gian lận")
    # 4 players, 3 games each; 1 played of 3 is under half: every game cancelled, not ranked.
    table = event_standings(event)
    assert [e.pk for e in table.withdrawn] == [gone.pk]
    assert gone.pk not in [r.entry.pk for r in table.rows]
    page = client_for(organiser).get(f"/manage/{event.slug}/entries/")
    assert "Gian lận" in page.content.decode()
    role_remove(event=event, actor=organiser, user=deputy, role="deputy")
    deputy = type(deputy).objects.get(pk=deputy.pk)
    with pytest.raises(PermissionDenied):
        numbers_draw(event=event, actor=deputy, method="rating")


def test_the_roles_page_offers_the_deputy_chief_arbiter(make_event, organiser):
    event = make_event(format="rr")
    page = client_for(organiser, lang="vi").get(f"/manage/{event.slug}/roles/")
    assert "Phó tổng trọng tài" in page.content.decode()
