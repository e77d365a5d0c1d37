"""FIDE Tournament Report Files: TRF-16 (FIDE handbook C.04 Annex 2) and TRF-2026, as the pairing
programs write them (Swiss-Manager, Vega, JaVaFo, bbpPairings, chess-results, lichess).

The TRF is the format other pairing programs read and write, so events move in and out and pairings
can be checked against other engines. A file is a list of lines; the first three characters say what
a line holds. This module understands:

- ``001`` player lines: start number, sex, title, name, rating (blank or ``0``: unrated),
  federation, ID, birth date, points, rank, then one 10-column block per round: opponent (``0000``
  or blank for none), colour (``w``/``b``/``-``, blank as ``-``) and result
  (``1 0 = + - W D L H F U Z``, letters in either case, blank while unknown);
- ``012`` ... ``132`` tournament information, kept as text;
- the extension lines of pairing programs: ``XXR n`` (rounds announced), ``XXC white1|black1``
  (initial colour), ``BBW BBD BBL BBZ BBF BBU`` (points for a win, draw, loss, zero-point bye,
  forfeit loss, pairing-allocated bye), and this program's ``XXW nnnn r`` (participant nnnn
  withdrew after round r, Art. 21.5; TRF has no field for it);
- ``###`` comment lines (TRF-2026), skipped.

Every other line is kept verbatim so that writing a document read from a file loses nothing; the
functions at the end interpret the extension lines of TRF-2026 and of pairing programs.

A file that cannot be read is refused with :class:`TrfError`, whose message names the line and the
reason. What is read one way while the file may mean another is a :class:`TrfWarning`: a points
column that disagrees with the results, a bye written as a draw.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from records import Bye, Colour, Game, Pairing, Participant, Result, Tournament
from records.trf_checks import bye_notes, points_notes
from records.trf_document import RoundEntry, TrfDocument
from records.trf_extensions import bye_records, check_extensions
from records.trf_fields import (
    MAX_ROUNDS,
    TrfError,
    decode,
    lines,
    points_text,
    read_fraction,
    read_int,
    read_round,
    text_field,
)

ROUND_COLUMN = 91  # 0-based start of the first round block (column 92 in the standard)
ROUND_WIDTH = 10
INFO_CODES = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
              "132")
POINT_CODES = ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")

# --- reading ---------------------------------------------------------------------------------


@dataclass
class _PlayerLine:
    participant: Participant
    entries: list[RoundEntry]
    points: str
    rank: int | None
    line: int


def read_bytes(data: bytes) -> TrfDocument:
    """Read a TRF file as its bytes, whatever encoding and line ends its program used."""
    text, encoding = decode(data)
    return replace(read(text), encoding=encoding)


def read(text: str) -> TrfDocument:
    """Parse the text of a TRF-16 or TRF-2026 file."""
    info: list[tuple[str, str]] = []
    players: list[_PlayerLine] = []
    rounds_announced = 0
    initial_colour: Colour | None = None
    point_values: dict[str, Fraction] = {}
    withdrawals: dict[int, int] = {}
    others: list[tuple[int, str]] = []
    for line_no, raw in enumerate(lines(text), start=1):
        line = raw.rstrip().rstrip("\x1a")  # trailing blanks; a DOS end-of-file mark
        if "\x00" in line:
            raise TrfError(f"line {line_no}: a NUL character: this is not a text file")
        code = line[:3]
        if not line.strip() or code == "###":
            continue
        if code == "001":
            players.append(_read_player(line, line_no))
        elif code in INFO_CODES:
            info.append((code, text_field(line[4:])))
        elif code == "XXR":
            rounds_announced = read_round(line[3:], line_no, "XXR")
        elif code == "XXC":
            initial_colour = _read_initial_colour(line, line_no)
        elif code in POINT_CODES:
            point_values[code] = read_fraction(line[3:], line_no, code)
        elif code == "XXW":
            number, after = _read_withdrawal(line, line_no)
            withdrawals[number] = after
        else:
            others.append((line_no, line))
    tournament = _tournament(players, rounds_announced, withdrawals, dict(info).get("012", ""))
    doc = TrfDocument(
        tournament=tournament,
        info=tuple(info),
        initial_colour=initial_colour,
        point_values=point_values,
        totals={p.participant.number: p.points for p in players},
        ranks={p.participant.number: p.rank for p in players if p.rank is not None},
        other_lines=tuple(line for _n, line in others),
        other_line_numbers=tuple(n for n, _line in others),
    )
    check_extensions(doc)
    doc = _with_bye_records(doc)
    notes = bye_notes({p.line: (p.participant.number, p.entries) for p in players}) + \
        points_notes(doc, {p.participant.number: p.line for p in players})
    return replace(doc, warnings=tuple(sorted(notes, key=lambda w: w.line)))


def _with_bye_records(doc: TrfDocument) -> TrfDocument:
    """TRF-2026 ``240`` records: byes given in their own lines rather than (or as well as) in
    the player lines. A player line that says otherwise for that round is refused."""
    t = doc.tournament
    known = {(p.round, p.first): p for p in t.pairings if p.is_bye}
    busy = {(p.round, n) for p in t.pairings if not p.is_bye for n in (p.first, p.second)}
    numbers = {p.number for p in t.participants}
    extra = []
    for line_no, rnd, number, bye in bye_records(doc):
        if number not in numbers:
            raise TrfError(f"line {line_no}: 240: start number {number} has no player line")
        written = known.get((rnd, number))
        if (rnd, number) in busy or (written is not None and written.bye is not bye):
            raise TrfError(f"line {line_no}: 240: player {number} has a {bye.value} bye in "
                           f"round {rnd}, but his player line says otherwise")
        if written is None:
            extra.append(Pairing(rnd, 0, number, None, bye=bye))
            known[rnd, number] = extra[-1]
    if not extra:
        return doc
    pairings = _number_boards(sorted((*t.pairings, *extra), key=lambda p: (p.round, p.is_bye)))
    rounds = max(t.rounds, max(p.round for p in extra))
    return replace(doc, tournament=replace(t, pairings=tuple(pairings), rounds=rounds))


def _tournament(players: list[_PlayerLine], rounds_announced: int, withdrawals: dict[int, int],
                name: str) -> Tournament:
    if not players:
        raise TrfError("no player lines (001) in the file")
    seen: dict[int, int] = {}
    for p in players:
        number = p.participant.number
        if number in seen:
            raise TrfError(f"line {p.line}: start number {number} is already used on line "
                           f"{seen[number]}")
        seen[number] = p.line
    for number in withdrawals:
        if number not in seen:
            raise TrfError(f"XXW: start number {number} has no player line")
    participants = sorted((replace(p.participant, withdrawn_after=withdrawals.get(
        p.participant.number)) for p in players), key=lambda p: p.number)
    pairings = _pairings_from_entries({p.participant.number: p for p in players})
    played_rounds = max(len(p.entries) for p in players)
    return Tournament(participants=tuple(participants), pairings=pairings,
                      rounds=max(rounds_announced, played_rounds), name=name.strip())


def _read_player(line: str, line_no: int) -> _PlayerLine:
    padded = line.ljust(ROUND_COLUMN)
    number = read_int(padded[4:8], line_no, "start number")
    if number == 0:
        raise TrfError(f"line {line_no}: start number 0 (numbers start at 1)")
    rating_text = padded[48:52].strip()
    rating = read_int(rating_text, line_no, "rating") if rating_text else None
    birth = padded[69:79].strip()
    rank_text = padded[85:89].strip()
    participant = Participant(
        number=number,
        sex=padded[9].strip().lower(),
        title=padded[10:13].strip(),
        name=text_field(padded[14:47]),
        rating=rating,
        federation=padded[53:56].strip(),
        external_id=padded[57:68].strip(),
        birth_year=int(birth[:4]) if re.fullmatch(r"[0-9]{4}", birth[:4]) and int(birth[:4])
        else None,
    )
    rank = read_int(rank_text, line_no, "rank") if rank_text else None
    if (len(line) - ROUND_COLUMN) > MAX_ROUNDS * ROUND_WIDTH:
        raise TrfError(f"line {line_no}: more than {MAX_ROUNDS} rounds")
    entries = [_read_block(line[start:start + 8].ljust(8), line_no, rnd)
               for rnd, start in enumerate(range(ROUND_COLUMN, len(line), ROUND_WIDTH), start=1)]
    return _PlayerLine(participant, entries, padded[80:84].strip(), rank, line_no)


def _read_block(block: str, line_no: int, rnd: int) -> RoundEntry:
    """Columns 92-99 of round 1, 102-109 of round 2...: ``oooo c r``. Four blanks mean
    ``0000`` and a blank colour ``-`` (TRF-2026), as lichess writes its byes (``       H``)."""
    opponent_text = block[0:4].strip()
    opponent = read_int(opponent_text, line_no, f"round {rnd}: opponent") if opponent_text \
        else 0
    colour, code = (block[5].lower() or "-").replace(" ", "-"), block[7].upper()
    if block[4] != " " or block[6] != " ":
        raise TrfError(f"line {line_no}: round {rnd}: {block!r} is not laid out as "
                       "'oooo c r' (opponent, colour, result) at its columns")
    if colour not in "wb-":
        raise TrfError(f"line {line_no}: round {rnd}: colour {block[5]!r} is not w, b or -")
    if code not in "10=+-WDLHFUZ ":
        raise TrfError(f"line {line_no}: round {rnd}: result {block[7]!r} is not a TRF code")
    return RoundEntry(opponent, colour, code)


def _read_initial_colour(line: str, line_no: int) -> Colour:
    words = line[3:].split()
    if "white1" in words:
        return Colour.WHITE
    if "black1" in words:
        return Colour.BLACK
    raise TrfError(f"line {line_no}: XXC needs white1 or black1")


def _read_withdrawal(line: str, line_no: int) -> tuple[int, int]:
    words = line[3:].split()
    if len(words) != 2:
        raise TrfError(f"line {line_no}: XXW needs a start number and a round")
    return read_int(words[0], line_no, "XXW start number"), \
        read_round(words[1], line_no, "XXW round")


# A round with no opponent: what each code means. ``-``, ``0``, ``L``: absent (no points);
# ``+``, ``1``, ``W``: a full point; ``=``, ``D``: half a point (a bye written as a draw).
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


def _pairings_from_entries(players: dict[int, _PlayerLine]) -> tuple[Pairing, ...]:
    pairings: list[Pairing] = []
    rounds = max(len(p.entries) for p in players.values())
    for rnd in range(1, rounds + 1):
        seen: set[int] = set()
        board = 0
        for number in sorted(players):
            row = players[number].entries
            if rnd > len(row) or number in seen:
                continue
            entry = row[rnd - 1]
            if entry.opponent == 0:
                if entry.code == " ":
                    continue  # nothing written: the player took no part in this round
                pairings.append(Pairing(rnd, 0, number, None, bye=_BYE_CODES[entry.code]))
                continue
            board += 1
            pairings.append(_game_pairing(players, rnd, board, number, entry))
            seen.update((number, entry.opponent))
    return tuple(_number_boards(pairings))


def _game_pairing(
    players: dict[int, _PlayerLine], rnd: int, board: int, number: int, entry: RoundEntry
) -> Pairing:
    opponent = entry.opponent
    where = f"line {players[number].line}: round {rnd}"
    if opponent == number:
        raise TrfError(f"{where}: player {number} is paired with himself")
    if opponent not in players or len(players[opponent].entries) < rnd:
        raise TrfError(f"{where}: player {number} meets {opponent}, who has no entry")
    other = players[opponent].entries[rnd - 1]
    if other.opponent != number:
        raise TrfError(f"{where}: player {number} meets {opponent}, but {opponent} meets "
                       f"{other.opponent or 'nobody'} (line {players[opponent].line})")
    white_first = entry.colour != "b"
    if entry.colour != "-" and other.colour == entry.colour:
        raise TrfError(f"{where}: players {number} and {opponent} have the same colour")
    codes = (entry.code.translate(_UNRATED), other.code.translate(_UNRATED))
    pair = codes if white_first else codes[::-1]
    if pair not in _GAME_RESULTS:
        raise TrfError(f"{where}: results {entry.code!r} and {other.code!r} of players "
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


def write(doc: TrfDocument, *, edition: int = 2016) -> str:
    """The text of ``doc`` as a TRF file (lines end with a newline). ``edition=2026`` writes the
    rounds, initial colour and points as TRF-2026 records (``142``, ``152``, ``162``) instead
    of the pairing programs' ``XXR``, ``XXC`` and ``BB?`` lines."""
    lines_out = [f"{code} {text}".rstrip() for code, text in doc.info]
    blocks = _blocks_by_player(doc.tournament)
    for participant in doc.tournament.participants:
        lines_out.append(_player_line(doc, participant, blocks.get(participant.number, {})))
    lines_out += _edition_2026_lines(doc) if edition == 2026 else _extension_lines(doc)
    lines_out.extend(f"XXW {p.number} {p.withdrawn_after}" for p in doc.tournament.participants
                     if p.withdrawn_after is not None)
    lines_out.extend(doc.other_lines)
    return "\n".join(lines_out) + "\n"


def _extension_lines(doc: TrfDocument) -> list[str]:
    out = [f"XXR {doc.tournament.rounds}"] if doc.tournament.rounds else []
    if doc.initial_colour is not None:
        out.append("XXC white1" if doc.initial_colour is Colour.WHITE else "XXC black1")
    out += [f"{code} {points_text(doc.point_values[code]):>4}" for code in POINT_CODES
            if code in doc.point_values]
    return out


# TRF-2026 ``162`` result codes for the ``BB?`` values (A, absence: the zero-point bye and the
# forfeit loss; P: the pairing-allocated bye).
_CODES_2026 = (("BBW", "W"), ("BBD", "D"), ("BBL", "L"), ("BBZ", "A"), ("BBU", "P"))


def _edition_2026_lines(doc: TrfDocument) -> list[str]:
    out = [f"142 {doc.tournament.rounds}"] if doc.tournament.rounds else []
    if doc.initial_colour is not None:
        out.append("152 W" if doc.initial_colour is Colour.WHITE else "152 B")
    points = "".join(f"{code}{points_text(doc.point_values[bb]):>4}    "
                     for bb, code in _CODES_2026 if bb in doc.point_values)
    if points:
        out.append(f"162  {points}".rstrip())
    return out


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
