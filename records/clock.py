"""The time control of a game (Art. 10.1), as a pure value: the minutes each player has, the
seconds added per move, the move checks (Art. 10.1.2) and the period that repeats after them.

The law's forms, all one ``TimeControl``:

- sudden death: ``TimeControl(90)``, 90 minutes each, the flag that falls loses (10.1.1 b);
- base plus increment (the boxed note of 10.1.2): ``TimeControl(90, increment_seconds=30)``;
- moves in a time, then the rest: ``TimeControl(90, checks=(Check(25, 60),))``, 25 moves in the
  first 60 minutes, then 30 minutes to finish (10.1.2);
- the Asian schedule (10.1.2): 25 moves by 60′, 35 by 75′, 45 by 90′, 55 by 105′, 65 by 120′,
  then 10 moves every 5 minutes to the end (``ASIAN``); in those five-minute periods a player
  gives check four times at most and the arbiter keeps the score sheet;
- the "international" control (10.1.1 d): 10 moves every 15 minutes to the end,
  ``TimeControl(0, then=Period(10, 15))``.

The checks are written as a statute writes them ("25/60, 35/75, then 10/5"): ``parse_checks``
reads that text, ``checks_text`` writes it back, ``words`` says the whole control in Vietnamese
or English.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# The checks a schedule may name (the Asian schedule has five).
MAX_CHECKS = 8


class TimeControlError(ValueError):
    """A schedule the law cannot read; ``code`` names what is wrong for the caller's message."""

    def __init__(self, code: str, text: str = ""):
        super().__init__(f"{code}: {text}" if text else code)
        self.code = code
        self.text = text


@dataclass(frozen=True)
class Check:
    """Move ``moves`` made by minute ``minutes`` of the player's own clock (Art. 10.1.2)."""

    moves: int
    minutes: int


@dataclass(frozen=True)
class Period:
    """After the base time: ``moves`` more moves in every ``minutes`` to the end of the game;
    ``check_limit``: the checks a player may give in such a period (the Asian schedule: 4)."""

    moves: int
    minutes: int
    check_limit: int | None = None


@dataclass(frozen=True)
class TimeControl:
    base_minutes: int
    increment_seconds: int = 0
    checks: tuple[Check, ...] = ()
    then: Period | None = None

    def __post_init__(self) -> None:
        if self.base_minutes < 0 or self.increment_seconds < 0:
            raise TimeControlError("negative")
        if self.base_minutes == 0 and self.then is None:
            raise TimeControlError("no-time")
        if len(self.checks) > MAX_CHECKS:
            raise TimeControlError("too-many", str(MAX_CHECKS))
        previous = Check(0, 0)
        for check in self.checks:
            if check.moves <= previous.moves or check.minutes <= previous.minutes:
                raise TimeControlError("order", f"{check.moves}/{check.minutes}")
            if check.minutes > self.base_minutes:
                raise TimeControlError("after-base", f"{check.moves}/{check.minutes}")
            previous = check
        if self.then is not None and (self.then.moves < 1 or self.then.minutes < 1 or (
                self.then.check_limit is not None and self.then.check_limit < 0)):
            raise TimeControlError("period", f"{self.then.moves}/{self.then.minutes}")

    @property
    def kind(self) -> str:
        """"checks" (moves to make by a time), "increment" (a time plus seconds a move) or
        "sudden-death" (the flag that falls loses)."""
        if self.checks or self.then:
            return "checks"
        return "increment" if self.increment_seconds else "sudden-death"

    def deadline(self, move: int) -> int | None:
        """The minute of the player's clock by which move ``move`` must be made; None when no
        check requires it (it is due only at the end of the time). Without an increment: with
        one, the clock gains time at each move and checks are counted on the clock as set."""
        for check in self.checks:
            if move <= check.moves:
                return check.minutes
        if self.then is None:
            return None
        done = self.checks[-1].moves if self.checks else 0
        if self.base_minutes > (self.checks[-1].minutes if self.checks else 0):
            return None  # the rest of the base time is for the rest of the game
        periods = -(-(move - done) // self.then.moves)  # ceiling
        return self.base_minutes + periods * self.then.minutes

    def checks_text(self) -> str:
        """The checks as the statute form writes them: "25/60, 35/75, then 10/5 (4 checks)"."""
        return checks_text(self.checks, self.then)

    def words(self, language: str = "en") -> str:
        """The whole control in words, in Vietnamese (``vi``) or English."""
        return (_words_vi if language.startswith("vi") else _words_en)(self)


def _words_en(control: TimeControl) -> str:
    parts = []
    if control.base_minutes:
        parts.append(f"{control.base_minutes} minutes each")
    if control.increment_seconds:
        parts.append(f"plus {control.increment_seconds} seconds a move")
    for i, check in enumerate(control.checks):
        first = "the first " if i == 0 else ""
        parts.append(f"{check.moves} moves in {first}{check.minutes} minutes")
    if control.checks and control.then is None:
        rest = control.base_minutes - control.checks[-1].minutes
        if rest:
            parts.append(f"then {rest} minutes to finish")
    if control.then is not None:
        lead = "then " if control.base_minutes else ""
        parts.append(f"{lead}{control.then.moves} moves every {control.then.minutes} minutes "
                     "to the end")
        if control.then.check_limit is not None:
            parts.append(f"at most {control.then.check_limit} checks in each of those periods, "
                         "the arbiter keeping the score sheet")
    return "; ".join(parts)


def _words_vi(control: TimeControl) -> str:
    parts = []
    if control.base_minutes:
        parts.append(f"mỗi bên {control.base_minutes} phút")
    if control.increment_seconds:
        parts.append(f"cộng {control.increment_seconds} giây cho mỗi nước đi")
    for i, check in enumerate(control.checks):
        first = " đầu" if i == 0 else ""
        parts.append(f"{check.minutes} phút{first} phải đi đủ {check.moves} nước")
    if control.checks and control.then is None:
        rest = control.base_minutes - control.checks[-1].minutes
        if rest:
            parts.append(f"sau đó còn {rest} phút để kết thúc ván cờ")
    if control.then is not None:
        lead = "sau đó " if control.base_minutes else ""
        parts.append(f"{lead}cứ {control.then.minutes} phút phải đi đủ {control.then.moves} "
                     "nước cho đến khi kết thúc ván cờ")
        if control.then.check_limit is not None:
            parts.append(f"trong mỗi khoảng đó chiếu Tướng không quá {control.then.check_limit} "
                         "lần, trọng tài ghi biên bản")
    return "; ".join(parts)


def checks_text(checks: tuple[Check, ...], then: Period | None) -> str:
    """Checks and a repeated period written as ``parse_checks`` reads them."""
    parts = [f"{c.moves}/{c.minutes}" for c in checks]
    if then is not None:
        limit = "" if then.check_limit is None else f" ({then.check_limit} checks)"
        parts.append(f"then {then.moves}/{then.minutes}{limit}")
    return ", ".join(parts)


_PAIR = re.compile(r"^(\d{1,3})\s*/\s*(\d{1,3})$")
_THEN = re.compile(r"^(?:then|sau đó)\s+(\d{1,3})\s*/\s*(\d{1,3})"
                   r"(?:\s*\((\d{1,2})\s*(?:checks?|lần chiếu)\))?$", re.IGNORECASE)


def parse_checks(text: str) -> tuple[tuple[Check, ...], Period | None]:
    """The checks of a statute's text: "moves/minutes" by a comma, the last one optionally
    "then moves/minutes" (a repeating period) with "(n checks)", in English or Vietnamese
    ("sau đó 10/5 (4 lần chiếu)"). ``TimeControlError("unreadable", part)`` names the part it
    cannot read."""
    checks: list[Check] = []
    then = None
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if then is not None:
            raise TimeControlError("after-period", part)
        pair, repeat = _PAIR.match(part), _THEN.match(part)
        if pair:
            checks.append(Check(int(pair.group(1)), int(pair.group(2))))
        elif repeat:
            limit = repeat.group(3)
            then = Period(int(repeat.group(1)), int(repeat.group(2)),
                          None if limit is None else int(limit))
        else:
            raise TimeControlError("unreadable", part)
    return tuple(checks), then


# Art. 10.1.2, the Asian schedule.
ASIAN = TimeControl(120, checks=(Check(25, 60), Check(35, 75), Check(45, 90), Check(55, 105),
                                 Check(65, 120)), then=Period(10, 5, check_limit=4))

# The law's controls (Art. 10.1.1, 10.1.2 and its boxed note), by name, for a statute to pick.
PRESETS: dict[str, TimeControl] = {
    "60": TimeControl(60),                                    # 10.1.1 a: a two-game match
    "90": TimeControl(90),                                    # 10.1.1 b
    "90-25/60": TimeControl(90, checks=(Check(25, 60),)),     # 10.1.2
    "120-25/60": TimeControl(120, checks=(Check(25, 60),)),   # 10.1.1 c, 10.1.2
    "international": TimeControl(0, then=Period(10, 15)),    # 10.1.1 d
    "asian": ASIAN,                                           # 10.1.2
    "90+30": TimeControl(90, increment_seconds=30),           # the boxed note of 10.1.2
    "60+30": TimeControl(60, increment_seconds=30),
    "60+20": TimeControl(60, increment_seconds=20),
    "rapid-15": TimeControl(15),                              # 10.1.1 e
    "rapid-25": TimeControl(25),
    "rapid-30": TimeControl(30),
}
