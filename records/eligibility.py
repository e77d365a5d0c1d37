"""Who may enter an event or a category: the statute's *đối tượng tham dự* (Art. 18 b).

A rule (:class:`Eligibility`) names the sex, the range of birth years, the rating band (and
what it does with unrated players), the federations and the provinces allowed, and, for an
event kept to its organisation's members, the register's players who are members; an empty
part allows everyone. :func:`eligibility_failures` gives the reasons a player's details fail a rule,
as codes (:class:`Failure`) the app puts in words in the reader's language; an empty list is a
player who may enter. Registrations check them (``tournaments/services/registrations.py``); prizes
may ask the same question of the same rule.

Ages are counted by birth year, as youth events are: "under 16 in 2026" is born in 2011 or later
(``Eligibility.under``), whatever the day of the birthday, since the register holds the year.

Pure Python, no Django: the app converts its rows in ``tournaments/adapters/registrations.py``.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import date
from enum import StrEnum


class Unrated(StrEnum):
    """What a rating band does with a player without a rating."""

    ALLOWED = "allowed"  # the band applies to rated players; the unrated may enter
    ONLY = "only"  # only unrated players (a beginners' event)
    REFUSED = "refused"  # a rating is needed, inside the band


class Failure(StrEnum):
    """Why a player's details fail a rule (the app words each one)."""

    SEX = "sex"  # the rule names the other sex
    SEX_MISSING = "sex_missing"  # the rule names a sex; the details do not say
    BORN_TOO_EARLY = "born_too_early"  # older than the rule allows
    BORN_TOO_LATE = "born_too_late"  # younger than the rule allows
    BIRTH_YEAR_MISSING = "birth_year_missing"  # the rule names birth years; none given
    RATING_BELOW = "rating_below"
    RATING_ABOVE = "rating_above"
    UNRATED = "unrated"  # a rating is needed
    RATED = "rated"  # only unrated players
    FEDERATION = "federation"
    PROVINCE = "province"
    NOT_A_MEMBER = "not_a_member"  # the event is its organisation's members' only


def folded(text: str) -> str:
    """``text`` compared as a reader compares place names: without case, marks or extra
    spaces ("Hà  Nội", "ha noi" and "HÀ NỘI" are one province; đ is d)."""
    decomposed = unicodedata.normalize("NFD", text.replace("đ", "d").replace("Đ", "D"))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


@dataclass(frozen=True)
class Eligibility:
    """A statute's rule of who may enter. ``sex`` "" for any, else "M" or "F" (the register's
    codes); ``born_from`` and ``born_to`` the earliest and latest birth years (either may be
    None); ``rating_min``, ``rating_max`` the band (inclusive); ``unrated`` what the band does
    with the unrated; ``federations`` (three-letter codes) and ``provinces``: empty for any;
    ``members``: None for anyone, else the register's players (ids) who may enter, the members
    the app found for the event (a player new to the register is nobody's member)."""

    sex: str = ""
    born_from: int | None = None
    born_to: int | None = None
    rating_min: int | None = None
    rating_max: int | None = None
    unrated: Unrated = Unrated.ALLOWED
    federations: tuple[str, ...] = ()
    provinces: tuple[str, ...] = ()
    members: frozenset[int] | None = None

    @classmethod
    def under(cls, age: int, on: date, **rest) -> Eligibility:
        """Players under ``age`` in the year of ``on`` (born in ``on.year - age + 1`` or later):
        U16 in 2026 is born in 2011 or later."""
        return cls(born_from=on.year - age + 1, **rest)

    @property
    def open(self) -> bool:
        """Whether the rule allows everyone."""
        return self == Eligibility()


@dataclass(frozen=True)
class Applicant:
    """The details a rule reads: as the register holds them, or as a registration gives them."""

    sex: str = ""
    birth_year: int | None = None
    rating: int | None = None
    federation: str = ""
    province: str = ""
    player: int | None = None  # the register's player, when the details name one


def eligibility_failures(rule: Eligibility, who: Applicant) -> list[Failure]:
    """Every reason ``who`` may not enter under ``rule``, in the rule's order (sex, birth year,
    rating, federation, province, membership); [] when ``who`` may enter."""
    failures: list[Failure] = []
    if rule.sex:
        if not who.sex:
            failures.append(Failure.SEX_MISSING)
        elif who.sex != rule.sex:
            failures.append(Failure.SEX)
    if rule.born_from is not None or rule.born_to is not None:
        if who.birth_year is None:
            failures.append(Failure.BIRTH_YEAR_MISSING)
        elif rule.born_from is not None and who.birth_year < rule.born_from:
            failures.append(Failure.BORN_TOO_EARLY)
        elif rule.born_to is not None and who.birth_year > rule.born_to:
            failures.append(Failure.BORN_TOO_LATE)
    failures += _rating_failures(rule, who.rating)
    if rule.federations and who.federation.upper() not in {f.upper() for f in rule.federations}:
        failures.append(Failure.FEDERATION)
    if rule.provinces and folded(who.province) not in {folded(p) for p in rule.provinces}:
        failures.append(Failure.PROVINCE)
    if rule.members is not None and who.player not in rule.members:
        failures.append(Failure.NOT_A_MEMBER)
    return failures


def _rating_failures(rule: Eligibility, rating: int | None) -> list[Failure]:
    if not rating:  # the register writes no rating as empty (or 0 from some lists)
        return [Failure.UNRATED] if rule.unrated == Unrated.REFUSED else []
    if rule.unrated == Unrated.ONLY:
        return [Failure.RATED]
    if rule.rating_min is not None and rating < rule.rating_min:
        return [Failure.RATING_BELOW]
    if rule.rating_max is not None and rating > rule.rating_max:
        return [Failure.RATING_ABOVE]
    return []
