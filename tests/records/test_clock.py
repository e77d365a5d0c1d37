"""The time control as a value (records/clock.py; Art. 10.1.1, 10.1.2), worked by hand from
the law's own examples."""

import pytest

from records.clock import (
    ASIAN,
    PRESETS,
    Check,
    Period,
    TimeControl,
    TimeControlError,
    parse_checks,
)


def test_art_10_1_2_asian_schedule_deadlines():
    # 25 moves by 60', 35 by 75', 45 by 90', 55 by 105', 65 by 120', then 10 every 5'.
    assert [ASIAN.deadline(n) for n in (1, 25, 26, 35, 36, 45, 55, 65)] == [
        60, 60, 75, 75, 90, 90, 105, 120]
    # After 120': moves 66-75 by 125', 76-85 by 130', 86 by 135'.
    assert [ASIAN.deadline(n) for n in (66, 75, 76, 85, 86)] == [125, 125, 130, 130, 135]
    assert ASIAN.kind == "checks" and len(ASIAN.checks) == 5


def test_art_10_1_2_asian_schedule_in_words():
    assert ASIAN.checks_text() == "25/60, 35/75, 45/90, 55/105, 65/120, then 10/5 (4 checks)"
    assert ASIAN.words("en") == (
        "120 minutes each; 25 moves in the first 60 minutes; 35 moves in 75 minutes; "
        "45 moves in 90 minutes; 55 moves in 105 minutes; 65 moves in 120 minutes; "
        "then 10 moves every 5 minutes to the end; at most 4 checks in each of those periods, "
        "the arbiter keeping the score sheet")
    assert ASIAN.words("vi").startswith(
        "mỗi bên 120 phút; 60 phút đầu phải đi đủ 25 nước; 75 phút phải đi đủ 35 nước")
    assert "sau đó cứ 5 phút phải đi đủ 10 nước cho đến khi kết thúc ván cờ" in ASIAN.words("vi")


def test_art_10_1_2_one_check_then_the_rest():
    # 90 minutes each, 25 moves in the first 60, then 30 minutes to finish.
    control = TimeControl(90, checks=(Check(25, 60),))
    assert (control.deadline(25), control.deadline(26)) == (60, None)
    assert control.words("en") == ("90 minutes each; 25 moves in the first 60 minutes; then 30 "
                                   "minutes to finish")
    assert control.words("vi") == ("mỗi bên 90 phút; 60 phút đầu phải đi đủ 25 nước; sau đó "
                                   "còn 30 phút để kết thúc ván cờ")


def test_art_10_1_1_d_international_and_increment_and_sudden_death():
    international = PRESETS["international"]
    assert [international.deadline(n) for n in (10, 11, 20, 21)] == [15, 30, 30, 45]
    assert international.words("en") == "10 moves every 15 minutes to the end"
    assert PRESETS["90+30"].kind == "increment"
    assert PRESETS["90+30"].words("vi") == "mỗi bên 90 phút; cộng 30 giây cho mỗi nước đi"
    assert PRESETS["60"].kind == "sudden-death" and PRESETS["60"].deadline(40) is None


def test_parse_and_write_back():
    text = "25/60, 35 / 75, then 10/5 (4 checks)"
    checks, then = parse_checks(text)
    assert checks == (Check(25, 60), Check(35, 75)) and then == Period(10, 5, 4)
    assert parse_checks("sau đó 10/15") == ((), Period(10, 15))
    assert parse_checks("") == ((), None)
    assert TimeControl(75, checks=checks, then=then).checks_text() == \
        "25/60, 35/75, then 10/5 (4 checks)"


@pytest.mark.parametrize(("text", "code"), [
    ("25 moves", "unreadable"), ("then 10/5, 25/60", "after-period")])
def test_unreadable_text_names_the_part(text, code):
    with pytest.raises(TimeControlError) as error:
        parse_checks(text)
    assert error.value.code == code


@pytest.mark.parametrize(("control", "code"), [
    (lambda: TimeControl(90, checks=(Check(25, 60), Check(20, 75))), "order"),
    (lambda: TimeControl(60, checks=(Check(25, 90),)), "after-base"),
    (lambda: TimeControl(0), "no-time"),
    (lambda: TimeControl(60, then=Period(0, 5)), "period"),
])
def test_impossible_schedules_are_refused(control, code):
    with pytest.raises(TimeControlError) as error:
        control()
    assert error.value.code == code
