"""Art. 17.3: statutes that cannot be applied are refused with the reason's code."""

import pytest

from scoring.qualification import Playoff, QualificationError, Rule, check_rule, qualify
from scoring.seeding import blocks, colour_chooser, interleaved, snake
from tests.scoring.builders import ranked

TEN = ranked(*((f"P{i}", 10 - i) for i in range(1, 11)))


@pytest.mark.parametrize(("rule", "sizes", "code"), [
    (Rule(count=11), [10], "too_many"),
    (Rule(count=0), [10], "count"),
    (Rule(count=3, per_group=True), [4, 2], "too_many"),
    (Rule(count=2, per_group=True, best_next=2), [4, 2], "best_next"),
    (Rule(count=2, best_next=1), [10], "best_next"),
    (Rule(count=1, knockout=True), [10], "knockout_of_one"),
    (Rule(count=4, knockout=True, blocks=(3, 1)), [10], "knockout_of_one"),
    (Rule(count=4, blocks=(2, 3)), [10], "blocks"),
    (Rule(count=2, per_group=True, seeding="interleave"), [6], "groups"),
    (Rule(count=4, seeding="snake", groups=5), [10], "groups"),
])
def test_bad_statutes_are_refused_with_their_reason(rule, sizes, code):
    with pytest.raises(QualificationError) as error:
        check_rule(rule, sizes)
    assert error.value.code == code


def test_too_many_quotes_the_numbers():
    with pytest.raises(QualificationError) as error:
        qualify(Rule(count=12), [TEN])
    assert error.value.params == {"count": 12, "players": 10}
    assert "12" in str(error.value) and "10" in str(error.value)


def test_everyone_may_qualify_and_a_knockout_of_two_is_a_final():
    check_rule(Rule(count=10), [10])
    check_rule(Rule(count=2, knockout=True), [10])
    assert qualify(Rule(count=10), [TEN]).qualified == tuple(f"P{i}" for i in range(1, 11))


def test_play_off_winners_must_fit_the_play_off():
    tied = ranked(("a", 3), ("b", 2), ("c", 2), ("d", 2), ("e", 1))
    rule = Rule(count=3, ties="playoff")
    pending = qualify(rule, [tied])
    assert pending.qualified == ("a",) and pending.playoffs[0].players == ("b", "c", "d")
    assert pending.playoffs[0].places == 2
    with pytest.raises(QualificationError) as one:
        qualify(rule, [tied], playoff_winners={"b"})
    assert one.value.code == "playoff"
    with pytest.raises(QualificationError) as stray:
        qualify(rule, [tied], playoff_winners={"b", "c", "e"})
    assert stray.value.code == "playoff"
    assert qualify(rule, [tied], playoff_winners={"d", "b"}).qualified == ("a", "b", "d")


def test_still_tied_after_every_tie_break_goes_to_a_play_off():
    # Equal rank at the line (the standings could not separate them): a play-off is listed
    # even where the statute asks for tie-breaks.
    tied = ranked(("a", 3, 9), ("b", 2, 7), ("c", 2, 7), ("d", 1, 5))
    assert qualify(Rule(count=2), [tied]).playoffs[0].players == ("b", "c")
    # Tie-breaks that separate them decide without a play-off.
    apart = ranked(("a", 3, 9), ("b", 2, 8), ("c", 2, 7), ("d", 1, 5))
    assert qualify(Rule(count=2), [apart]).qualified == ("a", "b")


def test_seeding_helpers_refuse_impossible_shapes():
    for call in (lambda: snake(["a", "b"], 3), lambda: interleaved([["a", "b"]]),
                 lambda: interleaved([["a", "b"], ["c"]]), lambda: blocks(["a", "b"], [1, 2]),
                 lambda: colour_chooser(["a", "z"], ["a", "b"])):
        with pytest.raises(QualificationError):
            call()


def test_a_group_play_off_s_loser_may_win_the_best_placed_play_off_recorded_after_it():
    # Both groups tie for 2nd on points; the play-offs: A: a2 beats a3, B: b2 beats b3; then
    # a3 and b3 (2 points each, 3rd in their groups) play for the one best-placed place: a3.
    # (The tie-breaks would separate them; the statute asks for play-offs.)
    groups = [ranked(("a1", 3, 9), ("a2", 2, 8), ("a3", 2, 7), ("a4", 0, 1)),
              ranked(("b1", 3, 9), ("b2", 2, 8), ("b3", 2, 6), ("b4", 0, 1))]
    rule = Rule(count=2, per_group=True, best_next=1, ties="playoff")
    first = qualify(rule, groups)
    assert [p.players for p in first.playoffs] == [("a2", "a3"), ("b2", "b3")]
    second = qualify(rule, groups, ["a2", "b2"])
    assert second.playoffs == (Playoff(("a3", "b3"), 1),)
    assert qualify(rule, groups, ["a2", "b2", "a3"]).qualified == ("a1", "b1", "a2", "b2", "a3")
