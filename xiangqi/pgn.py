"""Xiangqi PGN: tag pairs, then the moves in any notation and the result; several games in a
file. Move numbers may be written "1." (PGN), "1)" (as in Art. 11.2a) or "12..." before a Black
move. Comments ({...}, ; to the end of the line), NAGs ($1) and variations ((...)) are read
and dropped."""

from __future__ import annotations

import re

from .position import START_FEN, FenError, Position
from .record import GameRecord

_TOKEN = re.compile(r"""
    (?P<tag>\[[^\]\n]*\]?)
  | (?P<comment>\{[^}]*\}?)
  | (?P<line>;[^\n]*)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<word>\d+\)|[^\s{}()\[\];]+)
""", re.VERBOSE)
_TAG = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]$')
_NUMBER = re.compile(r"^\d+(?:\.\.\.|\.|\)|…)")
_RESULT = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2", "*": "*"}
_VI_PIECES = {"tướng", "soái", "sĩ", "sỹ", "tượng", "tương", "xe", "pháo", "mã", "tốt", "binh"}
_VI_DIRECTIONS = {"tiến", "thoái", "bình"}
TAG_ORDER = ("Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result")


class PgnError(ValueError):
    """A file that is not Xiangqi PGN, with the line where reading stopped."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line


def read_pgn(text: str) -> list[GameRecord]:
    """Every game of ``text`` (``PgnError`` if the file is malformed or holds no game)."""
    games: list[GameRecord] = []
    tags: list[tuple[str, str]] = []
    words: list[str] = []
    result, depth, line, counted = None, 0, 1, 0

    def finish(line: int) -> None:
        nonlocal tags, words, result
        if tags or words:
            games.append(_record(tags, _join_words(words), result or "*", line))
        tags, words, result = [], [], None

    for match in _TOKEN.finditer(text):
        kind, value = match.lastgroup, match.group()
        line += text.count("\n", counted, match.start())
        counted = match.start()
        if kind == "tag":
            if depth:
                raise PgnError(line, "a tag inside a variation")
            if words or result:
                finish(line)
            tag = _TAG.match(value)
            if not tag:
                raise PgnError(line, f"malformed tag {value!r}")
            tags.append((tag.group(1), tag.group(2).replace('\\"', '"')))
        elif kind == "comment" and not value.endswith("}"):
            raise PgnError(line, "a comment { is not closed")
        elif kind == "open":
            depth += 1
        elif kind == "close":
            if not depth:
                raise PgnError(line, "a ) closes no variation")
            depth -= 1
        elif kind == "word" and not depth:
            if value in _RESULT:
                result = _RESULT[value]
                finish(line)
            else:
                words.extend(_split_number(value))
    if depth:
        raise PgnError(text.count("\n") + 1, "a variation ( is not closed")
    finish(text.count("\n") + 1)
    if not games:
        raise PgnError(1, "no game found")
    return games


def _split_number(word: str) -> list[str]:
    """A move number ("1.", "1)", "12...") is dropped; a move written against it is kept."""
    number = _NUMBER.match(word)
    if number:
        word = word[number.end():]
    word = word.strip(".…")
    if not word or word.startswith("$"):
        return []
    return [word.rstrip("!?")]


def _join_words(words: list[str]) -> list[str]:
    """Vietnamese moves in words ("Pháo 2 bình 5") are one move over several tokens."""
    moves, i = [], 0
    while i < len(words):
        if words[i].lower() in _VI_PIECES:
            j = i + 1
            while j < len(words) and words[j].lower() not in _VI_DIRECTIONS:
                j += 1
            moves.append(" ".join(words[i:j + 2]))
            i = j + 2
        else:
            moves.append(words[i])
            i += 1
    return moves


def _record(tags: list[tuple[str, str]], moves: list[str], result: str, line: int) -> GameRecord:
    start = dict(tags).get("FEN", START_FEN)
    try:
        Position.from_fen(start)
    except FenError as error:
        raise PgnError(line, str(error)) from None
    if result == "*":
        result = _RESULT.get(dict(tags).get("Result", "*"), "*")
    return GameRecord(tuple(moves), result, tuple(tags), start)


def write_pgn(records: list[GameRecord]) -> str:
    """The games as PGN: the main tags first, the moves numbered "1.", 80 columns."""
    return "\n".join(_write_one(r) for r in records)


def _write_one(record: GameRecord) -> str:
    tags = dict(record.tags)
    tags["Result"] = record.result
    if record.start != START_FEN:
        tags["FEN"] = record.start
    order = [k for k in TAG_ORDER if k in tags] + [k for k in tags if k not in TAG_ORDER]
    head = "".join(f'[{k} "{tags[k]}"]\n' for k in order)
    black_first = Position.from_fen(record.start).turn == "b"
    tokens, ply = [], 1 if black_first else 0
    for text in record.moves:
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.")
        elif not tokens:
            tokens.append("1...")
        tokens.append(text.replace(" ", ""))
        ply += 1
    tokens.append(record.result)
    lines, current = [], ""
    for token in tokens:
        if current and len(current) + 1 + len(token) > 80:
            lines.append(current)
            current = token
        else:
            current = f"{current} {token}" if current else token
    lines.append(current)
    return head + "\n" + "\n".join(lines) + "\n"
