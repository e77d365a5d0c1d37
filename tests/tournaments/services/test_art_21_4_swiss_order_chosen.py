"""Art. 21.4: an official Swiss ranks by points, then "the coefficient", and the law names none
for the Swiss system; the statute's choice comes before any round is public. The statute form
offers the only coefficient the law defines (Art. 21.3, SB) first."""

import pytest

from scoring.presets import PRESETS
from tests.tournaments.builders import api_for, client_for, swiss_event
from tournaments.errors import ServiceError
from tournaments.models import Round, RoundStatus
from tournaments.services.events import event_visibility_set
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db


def _drafted(make_event, organiser, chief, **statute):
    """Six players, round 1 paired as a draft, the statute's order emptied."""
    event = swiss_event(make_event, organiser, 6, rounds=5, **statute)
    event.tiebreaks = []
    event.save(update_fields=["tiebreaks"])
    return event, swiss_round_pair(event=event, actor=chief)


def test_an_official_swiss_without_an_order_publishes_no_round(make_event, organiser,
                                                              chief_arbiter):
    event, round_1 = _drafted(make_event, organiser, chief_arbiter)
    with pytest.raises(ServiceError, match=r"Art\. 21\.4.*Choose the tie-break order in the "
                                           r"statute before publishing round 1"):
        round_publish(round_=round_1, actor=chief_arbiter)
    assert Round.objects.get(pk=round_1.pk).status == RoundStatus.DRAFT


def test_the_page_and_the_api_say_why(make_event, organiser, chief_arbiter):
    event, round_1 = _drafted(make_event, organiser, chief_arbiter)
    page = client_for(chief_arbiter).post(f"/manage/{event.slug}/rounds/1/publish/",
                                          follow=True)
    assert "Art. 21.4" in page.content.decode()
    answer = api_for(chief_arbiter).post(f"/api/rounds/{round_1.pk}/publish/", {},
                                         format="json")
    assert answer.status_code == 400
    assert "Art. 21.4" in answer.json()["detail"]
    assert Round.objects.get(pk=round_1.pk).status == RoundStatus.DRAFT


def test_once_the_statute_names_an_order_the_round_is_published(make_event, organiser,
                                                                chief_arbiter):
    event, round_1 = _drafted(make_event, organiser, chief_arbiter)
    event.tiebreaks = ["SB", "BH/C1", "BH"]
    event.save(update_fields=["tiebreaks"])
    assert round_publish(round_=round_1, actor=chief_arbiter).status == RoundStatus.PUBLISHED


def test_a_friendly_swiss_keeps_the_products_default(make_event, organiser, chief_arbiter):
    event, round_1 = _drafted(make_event, organiser, chief_arbiter, official=False)
    assert round_publish(round_=round_1, actor=chief_arbiter).status == RoundStatus.PUBLISHED


def test_the_form_offers_the_laws_coefficient_first(make_event, organiser):
    """SB, the coefficient of Art. 21.3, heads the named orders and the Swiss ones."""
    first = PRESETS[0]
    assert first.name == "law-coefficient" and first.order[:2] == ("PTS", "SB")
    event = make_event(format="swiss", rounds=5)
    page = client_for(organiser).get(f"/manage/{event.slug}/statute/")
    presets = page.context["form"].presets()
    assert presets[0][0] == "law-coefficient" and presets[0][3].startswith("SB, ")
    assert "Art. 21.3" in presets[0][2]


def test_the_statute_shows_each_reading_with_its_article(make_event, organiser):
    """Art. 21.3 (three tied) and 21.5.2 (a withdrawal) as statute choices: the form names the
    article beside each, and the public statute shows the choice with it. Art. 21.5.2's other
    reading (kept in the draw) is offered beside it."""
    event = make_event(format="swiss", rounds=5)
    form = client_for(organiser).get(f"/manage/{event.slug}/statute/").context["form"]
    assert [v for v, _label in form.fields["swiss_withdrawal"].choices] == ["dropped", "stays"]
    assert "Art. 21.5.2" in str(form.fields["swiss_withdrawal"].help_text)
    assert [v for v, _label in form.fields["h2h_among"].choices] == ["all", "two"]
    assert "Art. 21.3" in str(form.fields["h2h_among"].help_text)
    event_visibility_set(event=event, actor=organiser, public=True)
    shown = client_for().get(f"/events/{event.slug}/").content.decode()
    assert "Dropped from the draw" in shown and "(Art. 21.5.2)" in shown
    assert "The games among all the tied players" in shown and "(Art. 21.3)" in shown
    vi = client_for(lang="vi").get(f"/events/{event.slug}/").content.decode()
    assert "(Điều 21.5.2)" in vi and "Không còn được bốc thăm" in vi
