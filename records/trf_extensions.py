"""The extension lines of TRF files that pairing programs read, and their TRF-2026 records.

These lines stay in ``TrfDocument.other_lines`` exactly as written (so reading and writing a
file loses nothing); the functions below interpret them on demand, and ``trf.read`` calls each
once (:func:`check_extensions`) so that a malformed line is refused when the file is read.

- ``XXP a b ...``: players who must not meet (bbpPairings); TRF-2026 ``260 rrr RRR aaaa ...``
  does the same for rounds rrr..RRR;
- ``XXA nnnn pppp pppp ...``: virtual points (acceleration) of player nnnn for rounds 1, 2, ...;
  TRF-2026 ``250  ggg.g rrr RRR aaaa bbbb``: ggg.g points in rounds rrr..RRR for players
  aaaa..bbbb;
- ``152 W|B``: initial colour (TRF-2026), like ``XXC white1|black1``;
- ``142 n``: rounds announced (TRF-2026), like ``XXR``;
- ``162 W pp.p D pp.p ...``: point system (TRF-2026), like the ``BB?`` lines;
- ``192 FIDE_DUTCH_2025[_BAKU]``: pairing system, with Baku acceleration or not;
- ``240 T rrr aaaa bbbb ...``: byes of type T (F, H, Z) in round rrr (TRF-2026), which ``read``
  merges into the tournament.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from records import Bye, Colour
from records.trf_document import TrfDocument
from records.trf_fields import MAX_ROUNDS, TrfError, read_fraction, read_int, read_round


@dataclass(frozen=True, slots=True)
class ForbiddenGroup:
    """Players who must not meet one another, in rounds ``first..last`` (None: every round)."""

    players: tuple[int, ...]
    first: int = 1
    last: int | None = None


def _lines(doc: TrfDocument, code: str) -> Iterator[tuple[int, str]]:
    numbers = doc.other_line_numbers or (0,) * len(doc.other_lines)
    for line_no, line in zip(numbers, doc.other_lines, strict=True):
        if line[:3] == code:
            yield line_no, line


def check_extensions(doc: TrfDocument) -> None:
    """Interpret every extension line once: a malformed one raises :class:`TrfError`."""
    for interpret in (forbidden_groups, accelerations, colour_of_first_board, rounds_announced,
                      point_system, bye_records):
        interpret(doc)


def forbidden_groups(doc: TrfDocument) -> list[ForbiddenGroup]:
    """``XXP`` and ``260`` lines."""
    out = []
    for n, line in _lines(doc, "XXP"):
        out.append(ForbiddenGroup(tuple(read_int(w, n, "XXP player") for w in line[3:].split())))
    for n, line in _lines(doc, "260"):
        first = read_round(line[4:7], n, "260 first round")
        last = read_round(line[8:11], n, "260 last round")
        players = tuple(read_int(line[i:i + 4], n, "260 player")
                        for i in range(12, len(line.rstrip()), 5))
        out.append(ForbiddenGroup(players, first, last))
    return out


def accelerations(doc: TrfDocument) -> dict[int, dict[int, Fraction]]:
    """Virtual points per player and round, from ``XXA`` and ``250`` lines."""
    out: dict[int, dict[int, Fraction]] = {}
    for n, line in _lines(doc, "XXA"):
        row = out.setdefault(read_int(line[4:8], n, "XXA player"), {})
        starts = range(9, len(line.rstrip()), 5)
        if len(starts) > MAX_ROUNDS:
            raise TrfError(f"line {n}: XXA: more than {MAX_ROUNDS} rounds")
        for rnd, start in enumerate(starts, start=1):
            text = line[start:start + 4].strip()
            row[rnd] = read_fraction(text, n, "XXA") if text else Fraction(0)
    numbers = sorted(p.number for p in doc.tournament.participants)
    for n, line in _lines(doc, "250"):
        points = read_fraction(line[9:13], n, "250 points")
        first, last = read_round(line[14:17], n, "250 round"), read_round(line[18:21], n, "250")
        lo, hi = read_int(line[22:26], n, "250 player"), read_int(line[27:31], n, "250 player")
        for number in (x for x in numbers if lo <= x <= hi):
            row = out.setdefault(number, {})
            for rnd in range(first, last + 1):
                row[rnd] = points
    return out


def colour_of_first_board(doc: TrfDocument) -> Colour | None:
    """``XXC`` or ``152``: the colour drawn for the top player in round 1."""
    if doc.initial_colour is not None:
        return doc.initial_colour
    for n, line in _lines(doc, "152"):
        code = line[4:5].upper()
        if code in ("W", "B"):
            return Colour.WHITE if code == "W" else Colour.BLACK
        raise TrfError(f"line {n}: 152 needs W or B")
    return None


def rounds_announced(doc: TrfDocument) -> int:
    """``XXR`` (already in ``tournament.rounds``) or ``142``."""
    for n, line in _lines(doc, "142"):
        return max(doc.tournament.rounds, read_round(line[3:], n, "142"))
    return doc.tournament.rounds


_POINT_SYSTEM_CODES = {"W": "BBW", "D": "BBD", "L": "BBL", "A": "BBZ", "Z": "BBZ", "P": "BBU"}


def point_system(doc: TrfDocument) -> dict[str, Fraction]:
    """Points per outcome by ``BB?`` code, from ``BB?`` lines and the ``162`` line (TRF-2026:
    ``A`` absence is the zero-point bye and the forfeit loss; ``X``, an unknown result, is not
    one this program records)."""
    out = dict(doc.point_values)
    for n, line in _lines(doc, "162"):
        for start in range(5, len(line.rstrip()), 9):
            code = line[start].upper()
            value = read_fraction(line[start + 1:start + 5], n, "162")
            if code == "X":
                continue
            if code not in _POINT_SYSTEM_CODES:
                raise TrfError(f"line {n}: 162: result code {code!r} is not one of W D L A P X")
            out[_POINT_SYSTEM_CODES[code]] = value
            if code in "AZ":
                out["BBF"] = value
    return out


def pairing_system(doc: TrfDocument) -> str | None:
    """The ``192`` line's system name, e.g. ``FIDE_DUTCH_2025`` or ``FIDE_DUTCH_2025_BAKU``."""
    for _n, line in _lines(doc, "192"):
        return line[4:].strip()
    return None


_BYE_TYPES = {"F": Bye.FULL_POINT, "H": Bye.HALF_POINT, "Z": Bye.ZERO_POINT}


def bye_records(doc: TrfDocument) -> list[tuple[int, int, int, Bye]]:
    """TRF-2026 ``240`` records as (line, round, player, bye)."""
    out = []
    for n, line in _lines(doc, "240"):
        kind = line[4:5].upper()
        if kind not in _BYE_TYPES:
            raise TrfError(f"line {n}: 240: bye type {line[4:5]!r} is not F, H or Z")
        rnd = read_round(line[6:9], n, "240 round")
        if rnd == 0:
            raise TrfError(f"line {n}: 240: rounds are numbered from 1")
        out += [(n, rnd, read_int(line[i:i + 4], n, "240 player"), _BYE_TYPES[kind])
                for i in range(10, len(line.rstrip()), 5)]
    return out
