"""The notations a score sheet can be written in: ICCS coordinates ("h2e2"), the Vietnamese
notation of Art. 11 ("P2-5", "Pháo 2 bình 5", "Pt/1", "Bg.1"), WXF ("C2=5", "H8+7", "R+=3"),
the Asian notation Art. 11 names beside it (forward "+", backward ".", sideways "=": "R2.1")
and Chinese ("炮二平五", "前车进一"). Advisors and elephants are written with their file in
every notation ("A4+5", "仕四进五"): their direction already tells two on one file apart, as
the world's records and engines write them; the front/rear form is read too. Full-width
digits and letters ("Ｃ２＝５") are read as their ASCII forms.

``parse_move(position, text)`` reads any of them (or the one named); ``write_move(position,
move, notation)`` writes one. Readers match the text against the position's moves, so a move
is accepted exactly when it names one legal move.
"""

from __future__ import annotations

import re
import unicodedata

from .describe import (
    BACKWARD,
    FORWARD,
    FRONT,
    REAR,
    SIDEWAYS,
    Described,
    Simple,
    describe,
    order_marker,
    read,
)
from .position import KINDS, IllegalMove, Move, Position, piece_targets, side_of

NOTATIONS = ("iccs", "vi", "wxf", "asian", "zh")
# Full-width forms (U+FF01..U+FF5E) and the ideographic space read as ASCII.
_FULL_WIDTH = {0xFF01 + i: 0x21 + i for i in range(0x5E)} | {0x3000: 0x20}
# A simple form's file number, or the order of two like pieces on one file (front, rear):
# ``describe.simple_squares``.
_FILE_OR_ORDER = {str(n): n for n in range(1, 10)} | dict.fromkeys("+tf", FRONT) | dict.fromkeys(
    "-sr", REAR)
# Kinds whose two like pieces on a file are told apart by their direction alone.
_BY_FILE = "AB"


def _plain_file(d: Described) -> bool:
    """Whether the move is written with its file rather than an order marker."""
    return d.count == 1 or d.kind in _BY_FILE


class Vietnamese:
    """Art. 11.2a: pieces Tg S T X P M B; tiến ".", thoái "/", bình "-"; "t"/"s" (and "g" for a
    middle pawn) for like pieces on one file. Four or five pawns on a file (the law is silent)
    add "tt" and "ss" for the outermost ones; a pawn whose order is not enough because another
    file also holds several pawns is written with its file after the order ("Bt7.1")."""

    LETTERS = {"K": "Tg", "A": "S", "B": "T", "R": "X", "C": "P", "N": "M", "P": "B"}
    WORDS = {"K": "Tướng", "A": "Sĩ", "B": "Tượng", "R": "Xe", "C": "Pháo", "N": "Mã", "P": "Tốt"}
    DIRECTIONS = {FORWARD: ".", BACKWARD: "/", SIDEWAYS: "-"}
    DIRECTION_WORDS = {FORWARD: "tiến", BACKWARD: "thoái", SIDEWAYS: "bình"}
    MARKER_WORDS = {"t": "trước", "g": "giữa", "s": "sau", "tt": "đầu", "ss": "cuối"}
    _WORD_TOKENS = {
        "soái": "Tg", "tướng": "Tg", "sĩ": "S", "sỹ": "S", "tượng": "T", "tương": "T", "xe": "X",
        "pháo": "P", "mã": "M", "tốt": "B", "binh": "B",
        **dict(zip(MARKER_WORDS.values(), MARKER_WORDS, strict=True)),
        **dict(zip(DIRECTION_WORDS.values(), DIRECTIONS.values(), strict=True)),
    }
    _PIECE = re.compile(r"(?i:(tg|[stxpmb]))")
    _LETTER_KIND = {v.lower(): k for k, v in LETTERS.items()}

    def _origin(self, d: Described) -> str:
        if _plain_file(d):
            return str(d.file)
        marker = order_marker(d, ("t", "s"), ("t", "g", "s"), ("tt", "ss"))
        return marker + (str(d.file) if d.crowded else "")

    def write(self, d: Described) -> str:
        return (self.LETTERS[d.kind] + self._origin(d) + self.DIRECTIONS[d.direction]
                + str(d.number))

    def write_words(self, d: Described) -> str:
        """The same move in words, "Pháo 2 bình 5", "Pháo trước thoái 1"."""
        origin = self._origin(d)
        marker = origin.rstrip("123456789")
        words = [self.WORDS[d.kind]]
        if marker:
            words.append(self.MARKER_WORDS[marker])
        if origin != marker:
            words.append(origin[len(marker):])
        return " ".join(words + [self.DIRECTION_WORDS[d.direction], str(d.number)])

    def keys(self, d: Described) -> tuple[set[str], set[str]]:
        if d.count == 1:
            return {self.write(d)}, set()
        piece, tail = self.LETTERS[d.kind], self.DIRECTIONS[d.direction] + str(d.number)
        marker = order_marker(d, ("t", "s"), ("t", "g", "s"), ("tt", "ss"))
        own = {piece + marker + tail, piece + marker + str(d.file) + tail}
        plain = {piece + str(d.file) + tail}
        return (own | plain, set()) if d.kind in _BY_FILE else (own, plain)

    def normalise(self, text: str) -> str:
        words = unicodedata.normalize("NFC", text.translate(_FULL_WIDTH)).split()
        key = "".join(self._WORD_TOKENS.get(word.lower(), word) for word in words)
        match = self._PIECE.match(key)
        if not match:
            return key
        piece = self.LETTERS[self._LETTER_KIND[match.group(1).lower()]]
        return piece + key[match.end():].lower()

    def kinds(self, key: str) -> str:
        if key.startswith("Tg"):
            return "K"
        return self._LETTER_KIND.get(key[:1].lower(), "")

    _SIMPLE = re.compile(r"^(Tg|[STXPMB])([1-9ts])([./-])([1-9])$")
    _SIGNS = {".": FORWARD, "/": BACKWARD, "-": SIDEWAYS}

    def simple(self, key: str) -> Simple | None:
        match = self._SIMPLE.match(key)
        if not match:
            return None
        piece, file, sign, number = match.groups()
        return (self._LETTER_KIND[piece.lower()], _FILE_OR_ORDER[file], self._SIGNS[sign],
                int(number))


class Wxf:
    """WXF: pieces K A E H R C P, "+" forward, "-" backward, "=" sideways (also read: "." for
    sideways as WXF prints it, or backward as the Asian notation has it; a text that could be
    either is refused as ambiguous). Like pieces on a file: "+" front, "-" rear, after the letter
    ("C+-2") or before it ("+C-2", as some databases export it); three pawns: the middle one
    keeps its file digit; four or five: "++" and "--" without the letter; pawns on two crowded
    files: the file digit, then the order."""

    LETTERS = {"K": "K", "A": "A", "B": "E", "N": "H", "R": "R", "C": "C", "P": "P"}
    DIRECTIONS = {FORWARD: FORWARD, BACKWARD: BACKWARD, SIDEWAYS: SIDEWAYS}
    _KINDS = {letter: kind for kind, letter in LETTERS.items()}
    _ALIASES = str.maketrans({"N": "H"} | _FULL_WIDTH)
    _MARKER_FIRST = re.compile(r"^([+-])([KAEHRCP])(?=[+=.-])")

    def _origin(self, d: Described) -> str:
        letter = self.LETTERS[d.kind]
        if _plain_file(d):
            return letter + str(d.file)
        marker = order_marker(d, ("+", "-"), ("+", str(d.file), "-"), ("++", "--"))
        if d.crowded:
            return str(d.file) + (marker if marker in "+-" else str(d.file))
        return marker if marker in ("++", "--") else letter + marker

    def write(self, d: Described) -> str:
        return self._origin(d) + self.DIRECTIONS[d.direction] + str(d.number)

    def _signs(self, direction: str) -> set[str]:
        return {direction, "."} if direction != FORWARD else {FORWARD}

    def keys(self, d: Described) -> tuple[set[str], set[str]]:
        signs = self._signs(d.direction)
        own, plain = self._origin(d), self.LETTERS[d.kind] + str(d.file)
        if d.kind in _BY_FILE and d.count > 1:
            letter = self.LETTERS[d.kind]
            marked = letter + ("+", "-")[d.index]
            return {f + s + str(d.number) for s in signs for f in (own, marked)}, set()
        return ({own + s + str(d.number) for s in signs},
                {plain + s + str(d.number) for s in signs} if plain != own else set())

    def normalise(self, text: str) -> str:
        key = "".join(text.split()).upper().translate(self._ALIASES)
        if key[:1] in "+-" and key[1:2] in self._KINDS:
            key = self._MARKER_FIRST.sub(r"\2\1", key)
        return key

    def kinds(self, key: str) -> str:
        return self._KINDS.get(key[:1], "P")

    _SIMPLE = re.compile(r"^([KAEHRCP])([1-9+-])([-+=])([1-9])$")
    _SIGNS = {FORWARD: FORWARD, BACKWARD: BACKWARD, SIDEWAYS: SIDEWAYS}

    def simple(self, key: str) -> Simple | None:
        match = self._SIMPLE.match(key)
        if not match:
            return None  # "." is both sideways and backward: the general reader decides
        piece, file, sign, number = match.groups()
        return self._KINDS[piece], _FILE_OR_ORDER[file], self._SIGNS[sign], int(number)


class Asian(Wxf):
    """The Asian notation Art. 11 names beside the Vietnamese one: WXF's pieces and markers,
    forward "+", backward ".", sideways "=" ("R2.1" is the chariot back one point, never
    sideways)."""

    DIRECTIONS = {FORWARD: "+", BACKWARD: ".", SIDEWAYS: "="}
    _SIMPLE = re.compile(r"^([KAEHRCP])([1-9+-])([+.=])([1-9])$")
    _SIGNS = {"+": FORWARD, ".": BACKWARD, "=": SIDEWAYS}

    def _signs(self, direction: str) -> set[str]:
        return {self.DIRECTIONS[direction]}


class Chinese:
    """Chinese: 帅仕相马车炮兵 / 将士象马车炮卒, Red's numbers in Chinese numerals and Black's in
    digits, 进 退 平; 前/后 (and 中) for like pieces on one file, 一二三四五 from the front for
    four or five pawns, and the order with the file instead of the piece name when two files
    hold several pawns ("前七进一")."""

    RED = {"K": "帅", "A": "仕", "B": "相", "N": "马", "R": "车", "C": "炮", "P": "兵"}
    BLACK = {"K": "将", "A": "士", "B": "象", "N": "马", "R": "车", "C": "炮", "P": "卒"}
    NUMERALS = "一二三四五六七八九"
    DIRECTIONS = {FORWARD: "进", BACKWARD: "退", SIDEWAYS: "平"}
    _KEY = str.maketrans({
        **dict.fromkeys("帅帥将將", "K"), **dict.fromkeys("仕士", "A"),
        **dict.fromkeys("相象", "B"),
        **dict.fromkeys("马馬傌", "N"), **dict.fromkeys("车車俥", "R"),
        **dict.fromkeys("炮砲包", "C"), **dict.fromkeys("兵卒", "P"),
        "进": "+", "進": "+", "退": "-", "平": "=", "前": "f", "中": "m", "后": "r", "後": "r",
        **{c: str(i + 1) for i, c in enumerate("一二三四五六七八九")},
        **{chr(0xFF11 + i): str(i + 1) for i in range(9)},
    })

    def _number(self, n: int, red: bool) -> str:
        return self.NUMERALS[n - 1] if red else str(n)

    def write(self, d: Described) -> str:
        name = (self.RED if d.red else self.BLACK)[d.kind]
        if _plain_file(d):
            origin = name + self._number(d.file, d.red)
        elif d.count >= 4:
            origin = self.NUMERALS[d.index] + name
        else:
            marker = order_marker(d, ("前", "后"), ("前", "中", "后"), ("", ""))
            origin = marker + (self._number(d.file, d.red) if d.crowded else name)
        return origin + self.DIRECTIONS[d.direction] + self._number(d.number, d.red)

    def keys(self, d: Described) -> tuple[set[str], set[str]]:
        tail = d.direction + str(d.number)
        own, plain = {self.normalise(self.write(d))}, {d.kind + str(d.file) + tail}
        if d.count in (2, 3):
            marker = order_marker(d, ("f", "r"), ("f", "m", "r"), ("", ""))
            own |= {marker + d.kind + tail, marker + str(d.file) + tail}
            if d.kind in _BY_FILE:
                own |= plain
        return own, plain - own

    def normalise(self, text: str) -> str:
        return "".join(text.split()).translate(self._KEY)

    def kinds(self, key: str) -> str:
        found = [c for c in key[:2] if c in KINDS]
        return found[0] if found else "P"

    _SIMPLE = re.compile(r"^([KABNRCP])([1-9])([-+=])([1-9])$")
    _ORDERED = re.compile(r"^([fr])([KABNRCP])([-+=])([1-9])$")

    def simple(self, key: str) -> Simple | None:
        match = self._SIMPLE.match(key)
        if match:
            piece, file, sign, number = match.groups()
            return piece, int(file), sign, int(number)
        match = self._ORDERED.match(key)
        if not match:
            return None
        order, piece, sign, number = match.groups()
        return piece, _FILE_OR_ORDER[order], sign, int(number)


DIALECTS = {"vi": Vietnamese(), "wxf": Wxf(), "asian": Asian(), "zh": Chinese()}
_ICCS = re.compile(r"^[a-i][0-9]-?[a-i][0-9]$", re.IGNORECASE)
_CHINESE = re.compile(r"[\u4e00-\u9fff]")
_VI = re.compile(r"^(Tg|[STXPMB])(tt|ss|[tgs])?[1-9]?[./-][1-9]$")
_WXF = re.compile(r"^([KAEHRCP][1-9+-]|[1-9][1-9+-]|\+\+|--)[+=.-][1-9]$")
_ASIAN = re.compile(r"^([KAEHRCP][1-9+-]|[1-9][1-9+-]|\+\+|--)[+=.][1-9]$")
_PATTERNS = (("vi", _VI), ("wxf", _WXF), ("asian", _ASIAN))


def candidates(text: str) -> tuple[str, ...]:
    """The notations ``text`` could be written in ("P2-5" is Vietnamese or WXF)."""
    t = "".join(text.split())
    if _ICCS.match(t):
        return ("iccs",)
    if _CHINESE.search(t):
        return ("zh",)
    return tuple(n for n, pattern in _PATTERNS if pattern.match(DIALECTS[n].normalise(text)))


def detect(texts: list[str]) -> str:
    """The one notation all ``texts`` can be read in, Vietnamese first (the law's); WXF before
    the Asian notation unless a move goes backward with "." (then the Asian one, which reads
    "." as backward only); the first notation any of them is written in when they mix."""
    found = [candidates(t) for t in texts]
    common = [n for n in ("vi", "wxf", "asian", "iccs", "zh") if all(n in c for c in found)]
    if common[:2] == ["wxf", "asian"] and any(_dot_move(t) for t in texts):
        return "asian"
    if common:
        return common[0]
    for text in texts:
        if candidates(text):
            return candidates(text)[0]
    return "vi"


def _dot_move(text: str) -> bool:
    return "." in text[1:]


def parse_move(position: Position, text: str, notation: str | None = None) -> Move:
    """The legal move ``text`` names in ``position`` (``IllegalMove`` otherwise, saying so when
    the game is already over: Art. 7.1a, b)."""
    notation = notation or detect([text])
    try:
        if notation != "iccs":
            return read(position, text, DIALECTS[notation])
        try:
            move = Move.from_iccs(text)
        except ValueError as error:
            raise IllegalMove(str(error), "syntax") from None
        if not position.is_legal(move):
            piece = position.board[move.frm]
            check = (bool(piece) and side_of(piece) == position.turn
                     and move.to in piece_targets(position.board, move.frm))
            raise IllegalMove(f"{text!r} is not a legal move", "check" if check else "none")
        return move
    except IllegalMove:
        if position.is_over():
            raise IllegalMove(f"{text!r}: the game is over, the side to move cannot move "
                              "(Art. 7.1a, b)", "over") from None
        raise


def write_move(position: Position, move: Move, notation: str) -> str:
    """``move`` (legal in ``position``) written in ``notation``."""
    if notation == "iccs":
        return str(move)
    return DIALECTS[notation].write(describe(position, move))
