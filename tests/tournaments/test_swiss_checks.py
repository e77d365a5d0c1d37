"""The absolute-rule checker of a Swiss round (tournaments/swiss_checks.py), on plain records."""

from scoring.records import Bye, Colour, Game, Pairing, Participant, Result, Tournament
from tournaments.swiss_checks import check_round


def _game(rnd, board, white, black, result=None):
    return Pairing(rnd, board, white, black, (Game(True, Result(result) if result else None),))


def _bye(rnd, board, number, kind=Bye.PAIRING_ALLOCATED):
    return Pairing(rnd, board, number, None, bye=kind)


def _event(n, pairings, rounds=5, extra=None):
    people = tuple(Participant(i, **(extra or {}).get(i, {})) for i in range(1, n + 1))
    return Tournament(people, tuple(pairings), rounds)


def _codes(violations):
    return sorted(v.code for v in violations)


def test_a_clean_round_has_no_violation():
    t = _event(4, [_game(1, 1, 1, 3, "1-0"), _game(1, 2, 4, 2, "0-1"),
                   _game(2, 1, 2, 1), _game(2, 2, 3, 4)])
    assert check_round(t, 2) == []


def test_c1_rematch_of_a_played_game():
    t = _event(4, [_game(1, 1, 1, 3, "1-0"), _game(1, 2, 4, 2, "0-1"),
                   _game(2, 1, 3, 1), _game(2, 2, 2, 4)])
    found = check_round(t, 2)
    assert _codes(found) == ["rematch", "rematch"]
    assert found[0].numbers == (3, 1) and found[0].rounds == (1,) and found[0].board == 1


def test_c1_a_forfeit_is_not_a_game_played():
    t = _event(4, [_game(1, 1, 1, 3, "+/-"), _game(1, 2, 2, 4, "1-0"),
                   _game(2, 1, 3, 1), _game(2, 2, 4, 1)])
    assert "rematch" not in _codes(check_round(t, 2))


def test_c2_second_pairing_bye():
    t = _event(3, [_game(1, 1, 1, 2, "1-0"), _bye(1, 2, 3),
                   _game(2, 1, 1, 2), _bye(2, 2, 3)])
    found = check_round(t, 2)
    assert [(v.code, v.numbers, v.rounds) for v in found if v.code == "pab_again"] == [
        ("pab_again", (3,), (1,))]


def test_c2_a_forfeit_win_also_rules_out_the_pab():
    t = _event(3, [_game(1, 1, 3, 2, "+/-"), _bye(1, 2, 1),
                   _game(2, 1, 1, 2), _bye(2, 2, 3)])
    assert "pab_again" in _codes(check_round(t, 2))


def test_a_half_point_bye_does_not_rule_out_the_pab():
    t = _event(3, [_game(1, 1, 1, 2, "1-0"), _bye(1, 2, 3, Bye.HALF_POINT),
                   _game(2, 1, 1, 2), _bye(2, 2, 3)])
    assert "pab_again" not in _codes(check_round(t, 2))


def test_two_pairing_byes_in_one_round():
    t = _event(4, [_bye(1, 1, 1), _bye(1, 2, 2), _game(1, 3, 3, 4)])
    assert "two_pabs" in _codes(check_round(t, 1))


def test_c3_absolute_colour_after_two_whites():
    history = [_game(1, 1, 1, 2, "1-0"), _game(1, 2, 3, 4, "1-0"),
               _game(2, 1, 1, 4, "1-0"), _game(2, 2, 3, 2, "1-0")]
    # 1 and 3 had White twice (they must have Black), 2 and 4 Black twice (must have White):
    # whatever the colours, one player of each board is wronged.
    t = _event(4, history + [_game(3, 1, 1, 3), _game(3, 2, 4, 2)], rounds=5)
    found = [v for v in check_round(t, 3) if v.code == "colour"]
    assert [(v.numbers, v.colour, v.board) for v in found] == [
        ((1,), Colour.BLACK, 1), ((2,), Colour.WHITE, 2)]


def test_c3_topscorers_are_exempt_in_the_last_round():
    history = [_game(1, 1, 1, 2, "1-0"), _game(1, 2, 3, 4, "1-0"),
               _game(2, 1, 1, 4, "1-0"), _game(2, 2, 3, 2, "1-0")]
    # Last round: 1 and 3 (2 points of 2) are topscorers, their board is exempt; 2 and 4 are
    # not.
    t = _event(4, history + [_game(3, 1, 1, 3), _game(3, 2, 4, 2)], rounds=3)
    assert [v.board for v in check_round(t, 3) if v.code == "colour"] == [2]


def test_forbidden_pair():
    t = _event(4, [_game(1, 1, 1, 2), _game(1, 2, 3, 4)])
    found = check_round(t, 1, forbidden=[(1, 2, 9)])
    assert _codes(found) == ["forbidden"]


def test_withdrawn_late_and_requested_bye_players_must_not_play():
    t = _event(6, [_game(1, 1, 1, 2, "1-0"), _game(1, 2, 3, 4, "1-0"), _bye(1, 3, 5),
                   _game(2, 1, 1, 3), _game(2, 2, 2, 4), _game(2, 3, 5, 6)],
               extra={4: {"withdrawn_after": 1}, 6: {"joined_round": 3}})
    found = check_round(t, 2, unavailable={1})
    assert sorted((v.code, v.numbers) for v in found) == [
        ("unavailable", (1,)), ("unavailable", (4,)), ("unavailable", (6,))]


def test_an_available_player_without_a_board():
    t = _event(5, [_game(1, 1, 1, 2), _game(1, 2, 3, 4)])
    assert [(v.code, v.numbers) for v in check_round(t, 1)] == [("unpaired", (5,))]


def test_requested_bye_board_is_fine():
    t = _event(3, [_game(1, 1, 1, 2), _bye(1, 2, 3, Bye.HALF_POINT)])
    assert check_round(t, 1, unavailable={3}) == []
