"""Domain model: statute defaults from the law, result codes, players' names and IDs."""

import datetime
from decimal import Decimal

import pytest
from django.db import IntegrityError

from records import Bye, Result
from tournaments.models import ByeKind, Entry, Event, Player, ResultCode, ScoringSystem
from tournaments.selectors.players import player_search
from tournaments.text import fold, name_sort_key

pytestmark = pytest.mark.django_db


def test_statute_defaults_follow_the_law(make_event):
    event = make_event(format="swiss", rounds=9)
    assert event.scoring == ScoringSystem.STANDARD  # Art. 21.1: 1 / ½ / 0
    assert (event.points_win, event.points_draw, event.points_loss) == (1, Decimal("0.5"), 0)
    assert event.games_per_match == 1
    assert event.time_base_minutes == 90  # Art. 10.1.1 b: one game, 90 minutes each
    assert event.forfeit_minutes in (15, 30, 60)  # Art. 10.2.1 a
    assert event.initial_colour == "lots"  # Art. 4.2.2: lots decide the first colours


def test_two_game_matches_default_to_match_points_and_60_minutes(make_event):
    # Art. 21.2 (match and game points) and Art. 10.1.1 a (60 minutes per game).
    event = make_event(format="rr", games_per_match=2)
    assert event.scoring == ScoringSystem.TWO_GAME_MATCH
    assert event.time_base_minutes == 60


def test_appendix_2_knockout_defaults_to_the_laws_options_without_a_deciding_game(make_event):
    # Appendix §2: usually two games, one with each colour; if tied, two more games or other
    # forms such as rapid or blitz. No armageddon unless the statute names it.
    event = make_event(format="ko")
    assert event.games_per_match == 2
    assert event.tiebreak_games == [["regular", 2], ["rapid", 2], ["blitz", 2]]
    assert event.team_knockout_decider == "boards"  # appendix §4: board 1 first


def test_result_codes_cover_the_law_and_match_the_engine():
    assert set(ResultCode.values) == {r.value for r in Result}
    assert set(ByeKind.values) == {b.value for b in Bye}
    # 0-0 both lose (Art. 7.1 i), forfeits, double forfeit and the X of Art. 21.5.1.
    for code in ["1-0", "1/2-1/2", "0-1", "0-0", "+/-", "-/+", "-/-", "X"]:
        assert code in ResultCode.values


def test_result_codes_who_played():
    assert Result.BOTH_LOSE.played and Result.DRAW.played
    assert not Result.WHITE_WINS_FORFEIT.played and not Result.CANCELLED.played


def test_points_are_stored_exactly(make_event):
    event = make_event(format="swiss", rounds=7, scoring="custom", points_win=Decimal("3"),
                       points_draw=Decimal("1"), points_loss=Decimal("0"), official=False)
    event.refresh_from_db()
    assert isinstance(event.points_draw, Decimal) and event.points_win == Decimal(3)
    assert event.points_win + event.points_draw * 2 == Decimal(5)


def test_names_fold_diacritics_and_sort_by_given_name():
    assert fold("Nguyễn Đức Thắng") == "nguyen duc thang"
    assert fold("  TRẦN   thị  Hương ") == "tran thi huong"
    assert name_sort_key("Nguyễn Văn An") < name_sort_key("Lê Văn Bình")  # An before Bình


@pytest.mark.parametrize("name", ["한" * 100, "İ" * 120, "Nguyễn Đức Thắng " * 7],
                         ids=["hangul", "dotted-capital-i", "vietnamese"])
def test_a_name_that_fits_its_field_folds_into_its_field(name):
    """The folded forms are stored in fields as long as the name's (120): a name that fits
    never makes a longer folded form, whatever its decomposition (a Hangul syllable is three
    jamo once decomposed)."""
    name = name.strip()[:120]
    player = Player.objects.create(full_name=name)
    for field in ("name_folded", "sort_key"):
        assert len(getattr(player, field)) <= Player._meta.get_field(field).max_length
    player.full_clean()
    assert list(player_search(name[:20])) == [player]


def test_search_ignores_diacritics():
    Player.objects.create(full_name="Nguyễn Thành Bảo")
    Player.objects.create(full_name="Lại Lý Huynh")
    Player.objects.create(full_name="Đặng Hùng Việt")
    assert [p.full_name for p in player_search("Nguyen bao")] == ["Nguyễn Thành Bảo"]
    assert [p.full_name for p in player_search("dang")] == ["Đặng Hùng Việt"]
    assert [p.full_name for p in player_search("HUYNH")] == ["Lại Lý Huynh"]


def test_ids_are_optional_but_unique_when_given():
    Player.objects.create(full_name="A", national_id="")
    Player.objects.create(full_name="B", national_id="   ")
    Player.objects.create(full_name="C", national_id="VN001")
    with pytest.raises(IntegrityError):
        Player.objects.create(full_name="D", national_id="VN001")


def test_an_entry_is_a_player_or_a_team(organiser):
    event = Event.objects.create(name="E", slug="e", start_date=datetime.date(2026, 1, 1))
    with pytest.raises(IntegrityError):
        Entry.objects.create(event=event)
