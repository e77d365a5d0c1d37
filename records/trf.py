"""FIDE Tournament Report File (TRF-16) reading and writing.

The TRF is the format other pairing programs read and write, so events move in and out and pairings
can be checked against other engines. A file is a list of lines; the first three characters say what
a line holds. This module understands:

- ``001`` player lines: start number, sex, title, name, rating, federation, ID, birth date, points,
  rank, then one 10-column block per round: opponent (``0000`` for none), colour (``w``/``b``/``-``)
  and result (``1 0 = + - W D L H F U Z`` or blank while unknown);
- ``012`` ... ``132`` tournament information, kept as text;
- the extension lines of pairing programs: ``XXR n`` (rounds announced), ``XXC white1|black1``
  (initial colour), ``BBW BBD BBL BBZ BBF BBU`` (points for a win, draw, loss, zero-point bye,
  forfeit loss, pairing-allocated bye).

Every other line is kept verbatim so that writing a document read from a file loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from records import Bye, Colour, Game, Pairing, Participant, Result, Tournament

ROUND_COLUMN = 91  # 0-based start of the first round block (column 92 in the standard)
ROUND_WIDTH = 10
INFO_CODES = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
              "132")
POINT_CODES = ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")


class TrfError(ValueError):
    """A file that is not a usable TRF; the message names the line."""


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's block for one round, as written in the file."""

    opponent: int
    colour: str  # "w", "b" or "-"
    code: str  # one character; " " while unknown


@dataclass(frozen=True)
class TrfDocument:
    """A TRF file: the tournament it records and the lines this module does not interpret."""

    tournament: Tournament
    info: tuple[tuple[str, str], ...] = ()
    initial_colour: Colour | None = None
    point_values: dict[str, Fraction] = field(default_factory=dict)
    # Points and rank columns as written, by start number (``write`` needs them: this module does
    # not score; the scoring engine fills them in).
    totals: dict[int, str] = field(default_factory=dict)
    ranks: dict[int, int] = field(default_factory=dict)
    other_lines: tuple[str, ...] = ()

    def with_totals(self, totals: dict[int, str], ranks: dict[int, int]) -> TrfDocument:
        return replace(self, totals=totals, ranks=ranks)


# --- reading ---------------------------------------------------------------------------------


def read(text: str) -> TrfDocument:
    """Parse the text of a TRF-16 file."""
    info: list[tuple[str, str]] = []
    players: list[tuple[Participant, list[RoundEntry], str, int | None]] = []
    rounds_announced = 0
    initial_colour: Colour | None = None
    point_values: dict[str, Fraction] = {}
    others: list[str] = []
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        code = line[:3]
        if code == "001":
            players.append(_read_player(line, line_no))
        elif code in INFO_CODES:
            info.append((code, line[4:]))
        elif code == "XXR":
            rounds_announced = _read_int(line[3:], line_no, "XXR")
        elif code == "XXC":
            initial_colour = _read_initial_colour(line, line_no)
        elif code in POINT_CODES:
            point_values[code] = _read_fraction(line[3:], line_no, code)
        else:
            others.append(line)
    if not players:
        raise TrfError("no player lines (001) in the file")
    numbers = [p[0].number for p in players]
    if len(set(numbers)) != len(numbers):
        raise TrfError("two player lines have the same start number")
    entries = {p[0].number: p[1] for p in players}
    pairings = _pairings_from_entries(entries)
    played_rounds = max((len(e) for e in entries.values()), default=0)
    tournament = Tournament(
        participants=tuple(sorted((p[0] for p in players), key=lambda p: p.number)),
        pairings=pairings,
        rounds=max(rounds_announced, played_rounds),
        name=dict(info).get("012", "").strip(),
    )
    return TrfDocument(
        tournament=tournament,
        info=tuple(info),
        initial_colour=initial_colour,
        point_values=point_values,
        totals={p[0].number: p[2] for p in players},
        ranks={p[0].number: p[3] for p in players if p[3] is not None},
        other_lines=tuple(others),
    )


def _read_player(line: str, line_no: int) -> tuple[Participant, list[RoundEntry], str, int | None]:
    padded = line.ljust(ROUND_COLUMN)
    number = _read_int(padded[4:8], line_no, "start number")
    rating_text = padded[48:52].strip()
    birth = padded[69:79].strip()
    rank_text = padded[85:89].strip()
    participant = Participant(
        number=number,
        sex=padded[9].strip().lower(),
        title=padded[10:13].strip(),
        name=padded[14:47].strip(),
        rating=_read_int(rating_text, line_no, "rating") if rating_text else None,
        federation=padded[53:56].strip(),
        external_id=padded[57:68].strip(),
        birth_year=int(birth[:4]) if birth[:4].isdigit() and int(birth[:4]) > 0 else None,
    )
    rank = _read_int(rank_text, line_no, "rank") if rank_text else None
    entries = []
    for start in range(ROUND_COLUMN, len(line), ROUND_WIDTH):
        block = line[start:start + 8].ljust(8)
        if not block.strip():
            entries.append(RoundEntry(0, "-", " "))
            continue
        opponent_text = block[0:4].strip()
        opponent = _read_int(opponent_text, line_no, "opponent") if opponent_text else 0
        colour, result_code = block[5], block[7]
        if colour not in "wb-" or result_code not in "10=+-WDLHFUZ ":
            raise TrfError(f"line {line_no}: round {len(entries) + 1} block {block!r} is not valid")
        entries.append(RoundEntry(opponent, colour, result_code))
    return participant, entries, padded[80:84].strip(), rank


def _read_int(text: str, line_no: int, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise TrfError(f"line {line_no}: {what} {text.strip()!r} is not a number") from None


def _read_fraction(text: str, line_no: int, what: str) -> Fraction:
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise TrfError(f"line {line_no}: {what} value {text.strip()!r} is not a number") from None


def _read_initial_colour(line: str, line_no: int) -> Colour:
    words = line[3:].split()
    if "white1" in words:
        return Colour.WHITE
    if "black1" in words:
        return Colour.BLACK
    raise TrfError(f"line {line_no}: XXC needs white1 or black1")


# Byes; older files write a bye as a forfeit-like code against 0000.
_BYE_CODES = {"U": Bye.PAIRING_ALLOCATED, "F": Bye.FULL_POINT, "H": Bye.HALF_POINT,
              "Z": Bye.ZERO_POINT, "-": Bye.ZERO_POINT, "0": Bye.ZERO_POINT, "L": Bye.ZERO_POINT,
              "+": Bye.FULL_POINT, "1": Bye.FULL_POINT, "W": Bye.FULL_POINT,
              "=": Bye.HALF_POINT, "D": Bye.HALF_POINT}

# Result -> (code of White, code of Black), and back. Codes W/D/L (games not rated) read as 1/=/0.
_RESULT_CODES = {
    Result.WHITE_WINS: ("1", "0"),
    Result.BLACK_WINS: ("0", "1"),
    Result.DRAW: ("=", "="),
    Result.BOTH_LOSE: ("0", "0"),
    Result.WHITE_WINS_FORFEIT: ("+", "-"),
    Result.BLACK_WINS_FORFEIT: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
}
_GAME_RESULTS: dict[tuple[str, str], Result | None] = {
    codes: result for result, codes in _RESULT_CODES.items()}
_GAME_RESULTS[" ", " "] = None
_UNRATED = str.maketrans("WDL", "1=0")


def _pairings_from_entries(entries: dict[int, list[RoundEntry]]) -> tuple[Pairing, ...]:
    pairings: list[Pairing] = []
    rounds = max(len(e) for e in entries.values())
    for rnd in range(1, rounds + 1):
        seen: set[int] = set()
        board = 0
        for number in sorted(entries):
            row = entries[number]
            if rnd > len(row) or number in seen:
                continue
            entry = row[rnd - 1]
            if entry.opponent == 0:
                if entry.code == " ":
                    continue  # nothing written: the player took no part in this round
                pairings.append(Pairing(rnd, 0, number, None, bye=_BYE_CODES[entry.code]))
                continue
            board += 1
            pairings.append(_game_pairing(entries, rnd, board, number, entry))
            seen.update((number, entry.opponent))
    return tuple(_number_boards(pairings))


def _game_pairing(
    entries: dict[int, list[RoundEntry]], rnd: int, board: int, number: int, entry: RoundEntry
) -> Pairing:
    opponent = entry.opponent
    if opponent not in entries or len(entries[opponent]) < rnd:
        raise TrfError(f"round {rnd}: player {number} meets {opponent}, who has no entry")
    other = entries[opponent][rnd - 1]
    if other.opponent != number:
        raise TrfError(f"round {rnd}: player {number} meets {opponent}, but {opponent} meets "
                       f"{other.opponent or 'nobody'}")
    white_first = entry.colour != "b"
    if entry.colour != "-" and other.colour == entry.colour:
        raise TrfError(f"round {rnd}: players {number} and {opponent} have the same colour")
    codes = (entry.code.translate(_UNRATED), other.code.translate(_UNRATED))
    pair = codes if white_first else codes[::-1]
    if pair not in _GAME_RESULTS:
        raise TrfError(f"round {rnd}: results {entry.code!r} and {other.code!r} of players "
                       f"{number} and {opponent} do not fit together")
    return Pairing(rnd, board, number, opponent, games=(Game(white_first, _GAME_RESULTS[pair]),))


def _number_boards(pairings: list[Pairing]) -> list[Pairing]:
    """Games keep the order they were found in; byes come after them, as on a pairing list."""
    out: list[Pairing] = []
    by_round: dict[int, list[Pairing]] = {}
    for p in pairings:
        by_round.setdefault(p.round, []).append(p)
    for rnd in sorted(by_round):
        games = [p for p in by_round[rnd] if not p.is_bye]
        byes = [p for p in by_round[rnd] if p.is_bye]
        out.extend(games)
        out.extend(replace(p, board=len(games) + i) for i, p in enumerate(byes, start=1))
    return out


# --- writing ---------------------------------------------------------------------------------


def write(doc: TrfDocument) -> str:
    """The text of ``doc`` as a TRF-16 file (lines end with a newline)."""
    lines = [f"{code} {text}".rstrip() for code, text in doc.info]
    blocks = _blocks_by_player(doc.tournament)
    for participant in doc.tournament.participants:
        lines.append(_player_line(doc, participant, blocks.get(participant.number, {})))
    if doc.tournament.rounds:
        lines.append(f"XXR {doc.tournament.rounds}")
    if doc.initial_colour is not None:
        lines.append("XXC white1" if doc.initial_colour is Colour.WHITE else "XXC black1")
    for code in POINT_CODES:
        if code in doc.point_values:
            lines.append(f"{code} {trf_points(doc.point_values[code]):>4}")
    lines.extend(doc.other_lines)
    return "\n".join(lines) + "\n"


def trf_points(value: Fraction) -> str:
    """Points as TRF files write them: ``1.0``, ``2.5``."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return f"{whole}.0"
    if rest == Fraction(1, 2):
        return f"{whole}.5"
    return f"{float(value):.2f}"


def _blocks_by_player(tournament: Tournament) -> dict[int, dict[int, RoundEntry]]:
    blocks: dict[int, dict[int, RoundEntry]] = {}
    for p in tournament.pairings:
        if p.second is None:
            bye = p.bye or Bye.ZERO_POINT
            blocks.setdefault(p.first, {})[p.round] = RoundEntry(0, "-", bye.value)
            continue
        white, black = p.white, p.black
        assert white is not None and black is not None
        result = p.result
        if result is Result.CANCELLED:
            raise TrfError(f"round {p.round}: a cancelled game (X) has no TRF code")
        w_code, b_code = _RESULT_CODES[result] if result else (" ", " ")
        blocks.setdefault(white, {})[p.round] = RoundEntry(black, "w", w_code)
        blocks.setdefault(black, {})[p.round] = RoundEntry(white, "b", b_code)
    return blocks


def _player_line(doc: TrfDocument, p: Participant, blocks: dict[int, RoundEntry]) -> str:
    birth = f"{p.birth_year:04d}/00/00" if p.birth_year else ""
    rating = str(p.rating) if p.rating else ""
    rank = doc.ranks.get(p.number)
    head = (
        f"001 {p.number:>4} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} {rating:>4} "
        f"{p.federation[:3]:<3} {p.external_id[:11]:>11} {birth:<10} "
        f"{doc.totals.get(p.number, ''):>4} {'' if rank is None else rank:>4}"
    )
    rounds = max(blocks, default=0)
    parts = []
    for rnd in range(1, rounds + 1):
        e = blocks.get(rnd)
        parts.append("          " if e is None else f"  {e.opponent:04d} {e.colour} {e.code}")
    return (head + "".join(parts)).rstrip()


# --- extension lines read by pairing programs -------------------------------------------------
#
# These lines stay in ``other_lines`` exactly as written (so reading and writing a file loses
# nothing); the functions below interpret them on demand.
#
# - ``XXP a b ...``: players who must not meet (bbpPairings); TRF-2026 ``260 rrr RRR aaaa ...``
#   does the same for rounds rrr..RRR;
# - ``XXA nnnn pppp pppp ...``: virtual points (acceleration) of player nnnn for rounds 1, 2, ...;
#   TRF-2026 ``250  ggg.g rrr RRR aaaa bbbb``: ggg.g points in rounds rrr..RRR for players
#   aaaa..bbbb;
# - ``152 W|B``: initial colour (TRF-2026), like ``XXC white1|black1``;
# - ``142 n``: rounds announced (TRF-2026), like ``XXR``;
# - ``162 W pp.p D pp.p ...``: point system (TRF-2026), like the ``BB?`` lines;
# - ``192 FIDE_DUTCH_2025[_BAKU]``: pairing system, with Baku acceleration or not.


@dataclass(frozen=True, slots=True)
class ForbiddenGroup:
    """Players who must not meet one another, in rounds ``first..last`` (None: every round)."""

    players: tuple[int, ...]
    first: int = 1
    last: int | None = None


def _lines(doc: TrfDocument, code: str) -> list[str]:
    return [line for line in doc.other_lines if line[:3] == code]


def forbidden_groups(doc: TrfDocument) -> list[ForbiddenGroup]:
    """``XXP`` and ``260`` lines."""
    out = []
    for line in _lines(doc, "XXP"):
        words = line[3:].split()
        out.append(ForbiddenGroup(tuple(_read_int(w, 0, "XXP player") for w in words)))
    for line in _lines(doc, "260"):
        first = _read_int(line[4:7], 0, "260 first round")
        last = _read_int(line[8:11], 0, "260 last round")
        players = tuple(_read_int(line[i:i + 4], 0, "260 player")
                        for i in range(12, len(line.rstrip()), 5))
        out.append(ForbiddenGroup(players, first, last))
    return out


def accelerations(doc: TrfDocument) -> dict[int, dict[int, Fraction]]:
    """Virtual points per player and round, from ``XXA`` and ``250`` lines."""
    out: dict[int, dict[int, Fraction]] = {}
    for line in _lines(doc, "XXA"):
        number = _read_int(line[4:8], 0, "XXA player")
        row = out.setdefault(number, {})
        for rnd, start in enumerate(range(9, len(line.rstrip()), 5), start=1):
            text = line[start:start + 4].strip()
            row[rnd] = _read_fraction(text, 0, "XXA") if text else Fraction(0)
    for line in _lines(doc, "250"):
        points = _read_fraction(line[9:13], 0, "250 points")
        first, last = _read_int(line[14:17], 0, "250 round"), _read_int(line[18:21], 0, "250")
        lo, hi = _read_int(line[22:26], 0, "250 player"), _read_int(line[27:31], 0, "250")
        for number in range(lo, hi + 1):
            row = out.setdefault(number, {})
            for rnd in range(first, last + 1):
                row[rnd] = points
    return out


def colour_of_first_board(doc: TrfDocument) -> Colour | None:
    """``XXC`` or ``152``: the colour drawn for the top player in round 1."""
    if doc.initial_colour is not None:
        return doc.initial_colour
    for line in _lines(doc, "152"):
        code = line[4:5]
        if code in ("W", "B"):
            return Colour.WHITE if code == "W" else Colour.BLACK
        raise TrfError(f"line {line!r}: 152 needs W or B")
    return None


def rounds_announced(doc: TrfDocument) -> int:
    """``XXR`` (already in ``tournament.rounds``) or ``142``."""
    for line in _lines(doc, "142"):
        return max(doc.tournament.rounds, _read_int(line[3:], 0, "142"))
    return doc.tournament.rounds


_POINT_SYSTEM_CODES = {"W": "BBW", "D": "BBD", "L": "BBL", "Z": "BBZ", "P": "BBU"}


def point_system(doc: TrfDocument) -> dict[str, Fraction]:
    """Points per outcome by ``BB?`` code, from ``BB?`` lines and the ``162`` line."""
    out = dict(doc.point_values)
    for line in _lines(doc, "162"):
        for start in range(5, len(line.rstrip()), 9):
            code = line[start]
            value = _read_fraction(line[start + 1:start + 5], 0, "162")
            if code not in _POINT_SYSTEM_CODES:
                raise TrfError(f"162 line: result code {code!r} is not supported")
            out[_POINT_SYSTEM_CODES[code]] = value
            if code == "Z":
                out["BBF"] = value
    return out


def pairing_system(doc: TrfDocument) -> str | None:
    """The ``192`` line's system name, e.g. ``FIDE_DUTCH_2025`` or ``FIDE_DUTCH_2025_BAKU``."""
    for line in _lines(doc, "192"):
        return line[4:].strip()
    return None
