"""Xiangqi PGN: tag pairs, then the moves in any notation and the result; several games in a
file, each read on its own (``read_games``). Move numbers may be written "1." (PGN), "1)" (as
in Art. 11.2a) or "12..." before a Black move; written, they continue from a set position's
move number. Comments ({...}, ; to the end of the line), NAGs ($1) and variations ((...)) are read
and dropped."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import chain

from .position import START_FEN, FenError
from .record import GameRecord, start_position

_TOKEN = re.compile(r"""
    (?P<tag>\[[ \t]*(?P<name>[A-Za-z0-9_]+)[ \t]*
        "(?P<value>[^"\\\r\n]*(?:\\.[^"\\\r\n]*)*)"[ \t]*\])
  | (?P<loose>\[[ \t]*[A-Za-z0-9_]+[ \t]+"[^\r\n]*"[ \t]*\][ \t]*(?=\r?\n|\Z))
  | (?P<bad>\[[^\r\n]*)
  | (?P<comment>\{[^}]*\})
  | (?P<unclosed>\{)
  | (?P<line>;[^\n]*)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<words>[^\s{}()\[\];][^{}()\[\];]*(?:(?<=\d)\)[^{}()\[\];]*)*)
""", re.VERBOSE)
# A run of words holds a ")" only after a digit: a move number ("1)", Art. 11.2a) or a variation
# closed after a move ("h2e2)"); the run is then read one word or ")" at a time.
_PART = re.compile(r"\d+\)|[^\s{}()\[\];]+|\)")
_TAG = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s*"(.*)"\s*\]\s*$', re.DOTALL)
_ESCAPED = re.compile(r'\\(["\\])')
_NUMBER_START = frozenset("0123456789.…$")  # a word that may hold a move number or a NAG
_MARKS = frozenset(".…!?")  # a word that may end in dots or an annotation
_NUMBER = re.compile(r"^\d+(?:\.\.\.|\.|\)|…)")
_RESULT = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2", "*": "*"}
_VI_PIECES = {"tướng", "soái", "sĩ", "sỹ", "tượng", "tương", "xe", "pháo", "mã", "tốt", "binh"}
_VI_DIRECTIONS = {"tiến", "thoái", "bình"}
TAG_ORDER = ("Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result")


class PgnError(ValueError):
    """A game (or a file) that is not Xiangqi PGN, with the line where reading stopped and
    ``kind``, why: ``tag`` (a malformed tag), ``comment`` (a "{" never closed), ``variation``
    (a "(" never closed or a ")" closing none), ``fen`` (a FEN tag that is no position),
    ``empty`` (no game in the file)."""

    def __init__(self, line: int, message: str, kind: str = "tag"):
        super().__init__(f"line {line}: {message}")
        self.line, self.reason, self.kind = line, message, kind


@dataclass(frozen=True)
class PgnGame:
    """One game of a file as read: its record, or the error that makes it unreadable (with the
    tags read before it); ``line`` is where it starts."""

    line: int
    record: GameRecord | None = None
    error: PgnError | None = None
    tags: tuple[tuple[str, str], ...] = ()

    def tag(self, name: str, default: str = "") -> str:
        return next((v for k, v in self.tags if k == name), default)


def read_pgn(text: str) -> list[GameRecord]:
    """Every game of ``text``; ``PgnError`` at the first game that cannot be read, or if the
    file holds no game (``read_games`` gives each game its own verdict)."""
    games = read_games(text)
    for game in games:
        if game.error:
            raise game.error
    if not games:
        raise PgnError(1, "no game found", "empty")
    return [game.record for game in games]


def read_games(text: str) -> list[PgnGame]:
    """The games of ``text`` one by one: a game that cannot be read (a malformed tag, a comment
    or variation never closed, a bad FEN) is reported with its line and reading goes on with
    the next game (the next tag after a result or after moves). Tag values are read as the PGN
    standard writes them, quoted with ``\\"`` and ``\\\\`` escaped and any other character inside
    (``[`` and ``]`` too); a line ``[Name "value"]`` whose value holds bare quotes is read whole."""
    if len(_TEXTS) > 100_000:
        _TEXTS.clear()  # kept within a file, whatever its size
    reader = _Reader(text)
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        if kind == "words":
            reader.words(match)
        elif kind in ("tag", "loose", "bad"):
            reader.tag(match, kind)
        else:
            reader.mark(kind, match.start())
    if reader.depth:
        reader.fail(len(text), "a variation ( is not closed", "variation")
    reader.finish()
    return reader.games


class _Reader:
    """What ``read_games`` has read so far: the games finished, and the tags, moves, result
    and first error of the game being read (``first``: where it starts)."""

    def __init__(self, text: str):
        self.text, self.games = text, []
        self.tags: list[tuple[str, str]] = []
        self.moves: list[str] = []
        self.result: str | None = None
        self.error: tuple[int, str, str] | None = None
        self.depth, self.first, self.counted, self.line = 0, 0, 0, 1

    def words(self, match: re.Match) -> None:
        """A run of words between the marks. In a game under way (a tag read) whose run ends
        with the result, if any, the words are taken at once; else one by one, each with its
        place (where a game without tags starts is the place of a word)."""
        run = match.group()
        if ")" in run:
            self.parts(run, match.start())
            return
        if self.depth:
            return  # inside a variation
        words = run.split()
        if self.tags or self.moves or self.error:
            last = words[-1]
            body = words[:-1] if last in _RESULT else words
            if _RESULT.keys().isdisjoint(body):
                for word in set(body).difference(_TEXTS):
                    _remember(word)
                self.moves.extend(chain.from_iterable(map(_TEXTS.__getitem__, body)))
                if body is not words:
                    self.result = _RESULT[last]
                    self.finish()
                return
        self.parts(run, match.start())

    def parts(self, run: str, start: int) -> None:
        """The words and the ")" of a run one by one, at their places."""
        for part in _PART.finditer(run):
            value, pos = part.group(), start + part.start()
            if value == ")":
                self.mark("close", pos)
            elif not self.depth:
                self.word(value, pos)

    def word(self, value: str, pos: int) -> None:
        if not (self.tags or self.moves or self.error):
            self.first = pos
        if value in _RESULT:
            self.result = _RESULT[value]
            self.finish()
        else:
            self.moves.extend(_TEXTS[value] if value in _TEXTS else _remember(value))

    def tag(self, match: re.Match, kind: str) -> None:
        """A tag pair; a tag after moves starts the next game."""
        if self.depth:
            self.fail(match.start(), "a variation ( is not closed", "variation")
            self.depth = 0
        if self.moves or self.result:
            self.finish()
        if not (self.tags or self.error):
            self.first = match.start()
        if kind == "tag":
            name, raw = match.group("name", "value")
            self.tags.append((name, _ESCAPED.sub(r"\1", raw) if "\\" in raw else raw))
            return
        tag = _TAG.match(match.group()) if kind == "loose" else None
        if tag is None:
            self.fail(match.start(), f"malformed tag {match.group().strip()!r}", "tag")
        else:
            self.tags.append(tag.groups())

    def mark(self, kind: str, pos: int) -> None:
        """A comment (dropped), a comment never closed, a variation's parenthesis."""
        if not (self.tags or self.moves or self.error):
            self.first = pos
        if kind == "unclosed":
            self.fail(pos, "a comment { is not closed", "comment")
        elif kind == "open":
            self.depth += 1
        elif kind == "close":
            if not self.depth:
                self.fail(pos, "a ) closes no variation", "variation")
            else:
                self.depth -= 1

    def fail(self, pos: int, message: str, kind: str) -> None:
        if self.error is None:
            self.error = (pos, message, kind)

    def finish(self) -> None:
        """The game read so far, if any, added to the games; the next one starts empty."""
        if self.tags or self.moves or self.error:
            start = self.line_at(self.first)
            error = self.error
            failed = PgnError(self.line_at(error[0]), error[1], error[2]) if error else None
            moves = self.moves
            if not _SPOKEN.isdisjoint(moves):
                moves = _join_words(moves)
            self.games.append(_game(start, self.tags, moves, self.result or "*", failed))
        self.tags, self.moves, self.result, self.error, self.depth = [], [], None, None, 0

    def line_at(self, pos: int) -> int:
        """The line of ``pos``: lines are counted only where a game starts or fails."""
        self.line += self.text.count("\n", self.counted, pos)
        self.counted = pos
        return self.line


def _remember(word: str) -> tuple[str, ...]:
    """The move a word of the moves holds (none for a move number or a NAG), remembered in
    ``_TEXTS`` (a database repeats its numbers and moves); a piece named in Vietnamese words,
    in ``_SPOKEN``."""
    if word[0] in _NUMBER_START or word[-1] in _MARKS:
        texts = tuple(_split_number(word))
    else:
        texts = (word,)
    _TEXTS[word] = texts
    _SPOKEN.update(text for text in texts if text.lower() in _VI_PIECES)
    return texts


_TEXTS: dict[str, tuple[str, ...]] = {}
_SPOKEN: set[str] = set()  # move words that name a piece in Vietnamese ("Pháo", "XE")


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


def _game(line: int, tags: list[tuple[str, str]], moves: list[str], result: str,
          error: PgnError | None) -> PgnGame:
    if error:
        return PgnGame(line, None, error, tuple(tags))
    named = dict(tags)
    start = named.get("FEN", START_FEN)
    try:
        start_position(start)
    except FenError as fen_error:
        return PgnGame(line, None, PgnError(line, str(fen_error), "fen"), tuple(tags))
    if result == "*":
        result = _RESULT.get(named.get("Result", "*"), "*")
    return PgnGame(line, GameRecord(tuple(moves), result, tuple(tags), start), None,
                   tuple(tags))


def tag_value(value: str) -> str:
    """A tag value as the PGN standard writes it inside its quotes: ``\\`` and ``"`` escaped
    with a backslash; a line break (a tag is one line) becomes a space."""
    value = value.replace("\\", "\\\\").replace('"', '\\"')
    return value.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")


def first_move_number(fen: str) -> int:
    """The number of the first move from a position: the FEN's sixth field (its full-move
    number, as a position set from a game at move 12 carries it), else 1."""
    fields = fen.split()
    if len(fields) >= 6 and fields[5].isdigit() and int(fields[5]) > 0:
        return int(fields[5])
    return 1


def write_pgn(records: list[GameRecord]) -> str:
    """The games as PGN: the main tags first, the moves numbered "1.", 80 columns."""
    return "\n".join(_write_one(r) for r in records)


def _write_one(record: GameRecord) -> str:
    tags = dict(record.tags)
    tags["Result"] = record.result
    if record.start != START_FEN:
        tags["FEN"] = record.start
    order = [k for k in TAG_ORDER if k in tags] + [k for k in tags if k not in TAG_ORDER]
    head = "".join(f'[{k} "{tag_value(tags[k])}"]\n' for k in order)
    black_first = start_position(record.start).turn == "b"
    tokens, ply = [], 1 if black_first else 0
    first = first_move_number(record.start)
    for text in record.moves:
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + first}.")
        elif not tokens:
            tokens.append(f"{first}...")
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
