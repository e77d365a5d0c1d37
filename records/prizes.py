"""Who wins the statute's prizes, from a ranking (the statute's *giải thưởng*; the law leaves
prizes to the statute, see docs/prizes.md).

The statute lists prize **categories** in its order (overall, women, under 16, unrated, a
province, a named group, a team classification...), each with a rule of who may win it (the
registration rule, ``records/eligibility.py``) and its places, each worth an amount of money (an
integer, in đồng) and/or an item (a cup, a medal). Three statute options decide the rest
(:class:`PrizeRules`):

* **One prize per player** (``one_per_player``): a player who qualifies for several prizes
  takes one. Prizes are handed out in order of precedence, each to the best-ranked eligible
  player who holds none yet: by **value** (the larger amount first; equal amounts in the
  statute's order) or in the **statute's** order (categories as listed, places in order). A
  category's places always go in place order (place 2 never goes before place 1, whatever the
  amounts). The players passed over because they hold another prize are reported
  (:class:`Passed`).
* **Ties** (players level on points, ``Standing.score``) at money places of a category:
  the tie-breaks decide (``TIEBREAK``: each player takes the amount of the place the
  tie-breaks give); the money of the places the tied players occupy is pooled and **shared**
  equally (``SHARED``); or the **Hort system** (``HORT``): each tied player keeps half the
  amount of the place the tie-breaks give, the other halves are pooled and shared equally
  among the tied players. Places beyond the last prize count as worth nothing, so a player
  tied with the last prize winner shares too (and then wins a share, with no place of their
  own). Items are never shared: the tie-breaks give them.

Money is counted in the statute's **unit** (``PrizeRules.unit``, 1 đồng by default; an
organiser who pays in thousands says 1000): a share is a whole number of units; the units that
do not divide equally go one each to the tied players in tie-break order (the higher ranked
first); what is left of a pool below one unit goes to the best-ranked tied player. So the money
paid is exactly the money of the places filled, never a đồng more or less. In the Hort system a
player's kept half is rounded down to the unit; the rest of the pool is shared as above.

A player shares in at most one category: a tied player with no prize who would share in two
categories shares in the first by precedence (and is treated as holding it for the others).

Pure Python, deterministic: the same ranking and list give the same winners.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from records.eligibility import Applicant, Eligibility, eligibility_failures


class Precedence(StrEnum):
    """Which prize a player who qualifies for several takes first."""

    VALUE = "value"  # the larger amount first; equal amounts in the statute's order
    STATUTE = "statute"  # the statute's order of categories, places in order


class TieRule(StrEnum):
    """What a tie on points at money places does to the money."""

    TIEBREAK = "tiebreak"  # the tie-breaks give each place and its amount
    SHARED = "shared"  # the places' money pooled and shared equally
    HORT = "hort"  # half kept by tie-break place, half pooled and shared equally


@dataclass(frozen=True)
class Standing:
    """One ranked player (or team): ``key`` names it, ``position`` is its place in the final
    order (1, 2, 3... every tie broken), ``score`` what ties are read on (the points; equal
    scores are a tie), ``who`` the details eligibility reads (``None``: a team, which only
    open categories take)."""

    key: int
    position: int
    score: Hashable
    who: Applicant | None = None


@dataclass(frozen=True)
class Place:
    """A prize: its amount (integer, đồng) and/or item."""

    amount: int = 0
    item: str = ""


@dataclass(frozen=True)
class Category:
    """A category of the statute's list: ``key`` names it, ``rule`` says who may win, ``places``
    its prizes, first place first; ``members``: when given, only these players may win it (a
    club's, a province's or a named group's prize, listed by the caller)."""

    key: str
    places: tuple[Place, ...]
    rule: Eligibility = field(default_factory=Eligibility)
    members: frozenset[int] | None = None


@dataclass(frozen=True)
class PrizeRules:
    one_per_player: bool = True
    precedence: Precedence = Precedence.VALUE
    ties: TieRule = TieRule.TIEBREAK
    unit: int = 1


@dataclass(frozen=True)
class Award:
    """What a player wins in a category: ``place`` the place the tie-breaks give (``None``: a
    player tied with the last prize place, sharing the pool without a place of their own),
    ``amount`` the money paid, ``item`` the item, ``pooled`` the first and last place whose
    money was pooled (``None`` when not shared) and ``tied`` how many shared it."""

    category: str
    place: int | None
    key: int
    amount: int
    item: str = ""
    pooled: tuple[int, int] | None = None
    tied: int = 1


@dataclass(frozen=True)
class Passed:
    """A player ranked above the winner of ``place`` of ``category``, eligible for it, who
    holds another prize (one prize per player): ``held`` the category and place they hold."""

    category: str
    place: int
    key: int
    held: tuple[str, int | None]


@dataclass(frozen=True)
class Outcome:
    awards: tuple[Award, ...]  # in statute order: category, then place (sharers last)
    passed: tuple[Passed, ...]

    def of(self, key: int) -> tuple[Award, ...]:
        return tuple(a for a in self.awards if a.key == key)


class PrizeListError(ValueError):
    """A list the engine cannot read (a negative amount, a unit below one, two categories with
    one key)."""


def eligible(rule: Eligibility, who: Applicant | None) -> bool:
    """Whether a player (or team: ``who`` None) may win a category of ``rule`` (its members
    aside)."""
    if who is None:
        return rule.open
    return not eligibility_failures(rule, who)


def _check(categories: Sequence[Category], rules: PrizeRules) -> None:
    if rules.unit < 1:
        raise PrizeListError("the unit of money is at least 1")
    keys = [c.key for c in categories]
    if len(set(keys)) != len(keys):
        raise PrizeListError("two categories have the same key")
    if any(p.amount < 0 for c in categories for p in c.places):
        raise PrizeListError("an amount is negative")


def _precedence(categories: Sequence[Category], rules: PrizeRules) -> list[tuple[int, int]]:
    """(category index, place index) in the order prizes are handed out."""
    keys: dict[tuple[int, int], tuple] = {}
    for ci, category in enumerate(categories):
        best: tuple | None = None
        for pi in reversed(range(len(category.places))):
            own = ((-category.places[pi].amount,) if rules.precedence == Precedence.VALUE
                   else ()) + (ci, pi)
            best = own if best is None or own < best else best
            keys[(ci, pi)] = best  # a place goes no later than the places after it
    return sorted(keys, key=lambda k: (keys[k], k))


def prize_winners(standings: Sequence[Standing], categories: Sequence[Category],
                  rules: PrizeRules = PrizeRules()) -> Outcome:
    """The statute's prizes given out on ``standings`` (see the module's docstring)."""
    _check(categories, rules)
    ranked = sorted(standings, key=lambda s: (s.position, s.key))
    fields = [[s for s in ranked if eligible(c.rule, s.who)
               and (c.members is None or s.key in c.members)] for c in categories]
    holder: dict[int, tuple[int, int | None]] = {}  # player -> (category index, place index)
    winners: dict[tuple[int, int], int] = {}
    precedence = _precedence(categories, rules)
    for ci, pi in precedence:
        here = {winners[(ci, q)] for q in range(pi) if (ci, q) in winners}
        for s in fields[ci]:
            if s.key in here or (rules.one_per_player and s.key in holder):
                continue
            winners[(ci, pi)] = s.key
            if rules.one_per_player:
                holder[s.key] = (ci, pi)
                if pi == len(categories[ci].places) - 1:
                    _hold_the_tied_beyond(categories[ci], ci, s, fields[ci], rules, holder)
            break
    first = {}
    for i, (ci, _) in enumerate(precedence):
        first.setdefault(ci, i)
    order = sorted(range(len(categories)), key=lambda ci: (first.get(ci, len(precedence)), ci))
    positions = {s.key: s.position for s in ranked}
    awards: dict[int, list[Award]] = {}
    passed: list[Passed] = []
    for ci in order:
        category = categories[ci]
        field_ = [s for s in fields[ci] if not rules.one_per_player or s.key not in holder
                  or holder[s.key][0] == ci]
        awards[ci] = _category_awards(category, field_, rules, holder, ci)
        placed = sorted(((a.place, positions[a.key]) for a in awards[ci] if a.place),
                        key=lambda p: p[1])
        for s in fields[ci]:
            if not rules.one_per_player or holder.get(s.key, (ci,))[0] == ci:
                continue
            below = next((place for place, at in placed if at > s.position), None)
            if below is not None:
                held_ci, held_pi = holder[s.key]
                passed.append(Passed(category.key, below, s.key,
                                     (categories[held_ci].key,
                                      None if held_pi is None else held_pi + 1)))
    return Outcome(tuple(a for ci in range(len(categories)) for a in awards[ci]),
                   tuple(passed))


def _hold_the_tied_beyond(category: Category, ci: int, last: Standing,
                          field_: list[Standing], rules: PrizeRules, holder: dict) -> None:
    """The players level on points with the winner of a category's last place and ranked
    after him share its money (shared or Hort ties): they hold this category's prize as soon
    as that place is given, so a later, smaller prize elsewhere does not take them out of the
    pool (and goes to the next player)."""
    if rules.ties == TieRule.TIEBREAK or not category.places[-1].amount:
        return
    after = field_[field_.index(last) + 1:]
    for s in after:
        if s.score != last.score:
            break
        holder.setdefault(s.key, (ci, None))


def _category_awards(category: Category, field_: list[Standing], rules: PrizeRules,
                     holder: dict, ci: int) -> list[Award]:
    """The awards of one category from its field (eligible players, less those holding another
    category's prize), the first ``len(places)`` of which hold its places."""
    places = category.places
    n = len(places)
    awards: list[Award] = []
    position = 0
    while position < min(n, len(field_)):
        score = field_[position].score
        end = position
        while end + 1 < len(field_) and field_[end + 1].score == score:
            end += 1
        group = field_[position:end + 1]
        if rules.ties == TieRule.TIEBREAK or len(group) == 1:
            for i, s in enumerate(group[:n - position]):
                place = places[position + i]
                awards.append(Award(category.key, position + i + 1, s.key, place.amount,
                                    place.item))
        else:
            amounts = [places[i].amount if i < n else 0 for i in range(position, end + 1)]
            shares = _shares(amounts, rules)
            pooled = (position + 1, end + 1) if sum(amounts) else None
            for i, s in enumerate(group):
                at = position + i
                if at >= n and not shares[i]:
                    continue  # tied beyond the prizes, with nothing left to share
                if at >= n and rules.one_per_player:
                    holder[s.key] = (ci, None)  # shares here, so nowhere else
                awards.append(Award(category.key, at + 1 if at < n else None, s.key, shares[i],
                                    places[at].item if at < n else "", pooled,
                                    len(group) if pooled else 1))
        position = end + 1
    return awards


def _split(total: int, count: int, unit: int) -> list[int]:
    """``total`` shared equally among ``count`` in whole units, the odd units one each to the
    first, what is below one unit to the first."""
    units, below = divmod(total, unit)
    each, odd = divmod(units, count)
    shares = [(each + (1 if i < odd else 0)) * unit for i in range(count)]
    shares[0] += below
    return shares


def _shares(amounts: list[int], rules: PrizeRules) -> list[int]:
    """What each tied player (in tie-break order) is paid from the places' ``amounts``."""
    pool = sum(amounts)
    if rules.ties == TieRule.SHARED:
        return _split(pool, len(amounts), rules.unit)
    kept = [a // 2 // rules.unit * rules.unit for a in amounts]
    return [k + s for k, s in zip(kept, _split(pool - sum(kept), len(amounts), rules.unit),
                                  strict=True)]
