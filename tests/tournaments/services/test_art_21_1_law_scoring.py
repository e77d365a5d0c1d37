"""Art. 21.1, 21.2 and 19.5: an official event scores as the law says; only a friendly
(unofficial) event may set other points, and then its standings use them. The rule lives where
the statute is validated (``StatuteFields.clean``), so every writer of a statute obeys it."""

import datetime
from decimal import Decimal
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tournaments.adapters.events import scoring_system
from tournaments.models import Event
from tournaments.services.events import event_create, event_update

pytestmark = pytest.mark.django_db

THREE_ONE_ZERO = {"scoring": "custom", "points_win": Decimal(3), "points_draw": Decimal(1),
                  "points_loss": Decimal(0)}


def _create(organiser, **statute):
    return event_create(actor=organiser, name="Giải kiểm tra điều lệ",
                        start_date=datetime.date(2027, 3, 1), **statute)


def _refusal(error: pytest.ExceptionInfo) -> str:
    return " ".join(error.value.message_dict["scoring"])


def test_art_21_1_official_event_refuses_three_one_zero(organiser):
    with pytest.raises(ValidationError) as error:
        _create(organiser, format="swiss", rounds=7, **THREE_ONE_ZERO)
    message = _refusal(error)
    assert "Art. 21.1" in message and "3/1/0" in message and "Art. 19.5" in message
    assert not Event.objects.exists()


def test_art_21_1_refusal_in_vietnamese(organiser):
    with translation.override("vi"), pytest.raises(ValidationError) as error:
        _create(organiser, format="rr", **THREE_ONE_ZERO)
    message = _refusal(error)
    assert "Điều 21.1" in message and "3/1/0" in message and "hữu nghị" in message


def test_art_21_1_the_laws_points_written_as_custom_are_the_law(organiser):
    event = _create(organiser, format="swiss", rounds=5, scoring="custom",
                    points_win=Decimal(1), points_draw=Decimal("0.5"), points_loss=Decimal(0))
    assert event.official and event.scoring_follows_law


def test_art_21_1_official_event_cannot_change_to_other_points(make_event, organiser):
    event = make_event(format="swiss", rounds=7)
    with pytest.raises(ValidationError, match="Art. 21.1"):
        event_update(event=event, actor=organiser, **THREE_ONE_ZERO)
    event.refresh_from_db()
    assert (event.scoring, event.points_win) == ("standard", Decimal(1))


def test_art_21_2_official_two_game_matches_refuse_plain_game_scoring(organiser):
    for fmt in ("rr", "drr", "swiss"):
        with pytest.raises(ValidationError) as error:
            _create(organiser, format=fmt, rounds=5, games_per_match=2, scoring="standard")
        assert "Art. 21.2" in _refusal(error)
    # Left to the law's default, two-game matches get match and game points.
    assert _create(organiser, format="rr", games_per_match=2).scoring == "match"


def test_art_21_2_match_points_are_for_two_game_matches(organiser):
    with pytest.raises(ValidationError) as error:
        _create(organiser, format="rr", games_per_match=1, scoring="match")
    assert "Art. 21.2" in _refusal(error) and "1 per match" in _refusal(error)


def test_art_21_2_a_knockout_ranks_by_its_bracket(organiser):
    """A knockout's two-game matches decide who goes through, not a score table: plain game
    points are not a departure there (appendix §2)."""
    event = _create(organiser, format="ko", games_per_match=2, scoring="standard")
    assert event.official and event.scoring_follows_law


def test_art_19_5_friendly_event_may_score_three_one_zero(organiser):
    event = _create(organiser, format="swiss", rounds=7, official=False, **THREE_ONE_ZERO)
    assert not event.scoring_follows_law
    assert "Art. 21.1" in " ".join(event.scoring_departures().values())
    system = scoring_system(event)  # the standings use the friendly event's own points
    assert (system.win, system.draw, system.loss) == (Fraction(3), Fraction(1), Fraction(0))
    plain = _create(organiser, format="rr", games_per_match=2, scoring="standard",
                    official=False)
    assert not plain.scoring_follows_law


def test_art_19_5_a_friendly_event_with_other_points_cannot_become_official(organiser):
    event = _create(organiser, format="swiss", rounds=7, official=False, **THREE_ONE_ZERO)
    with pytest.raises(ValidationError, match="Art. 21.1"):
        event_update(event=event, actor=organiser, official=True)
    event.refresh_from_db()
    assert not event.official
    # With the law's points again, it can.
    event = event_update(event=event, actor=organiser, official=True, scoring="standard")
    assert event.official and event.scoring_follows_law

