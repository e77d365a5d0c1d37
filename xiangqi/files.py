"""A file of game records as databases publish them: its bytes decoded, then each game read
and replayed on its own, with a verdict per game.

Decoding: a byte-order mark first (UTF-8, UTF-16); then strict UTF-8; then the two legacy
Chinese encodings, GBK/GB18030 (mainland databases) and Big5 (Taiwan, Hong Kong), decided by
the moves: the decoding in which more games read and replay to their end wins. Both decode
many of the same bytes, to different characters, so only the moves can tell them apart; when
they read the same (or neither decodes), the file is refused with the reason
(``EncodingError``), never read in a guessed encoding.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from .pgn import PgnError, PgnGame, read_games
from .record import Replay

UTF8, UTF16, GB18030, BIG5 = "UTF-8", "UTF-16", "GB18030", "Big5"
# The codecs of each legacy encoding, the commonest first: cp950 is Big5 as Windows writes it
# (Taiwan), big5hkscs adds Hong Kong's characters.
_LEGACY = ((GB18030, ("gb18030",)), (BIG5, ("cp950", "big5hkscs")))
ENCODINGS = {UTF8: "utf-8", UTF16: "utf-16", GB18030: "gb18030", BIG5: "cp950"}

READ, ILLEGAL, UNREADABLE = "read", "illegal", "unreadable"
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")  # no text file holds these


class EncodingError(ValueError):
    """A file whose text cannot be told: ``kind`` is ``binary`` (no text encoding reads it),
    ``tie`` (GBK and Big5 read its moves alike) or ``none`` (neither reads a game)."""

    def __init__(self, message: str, kind: str):
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class Verdict:
    """What became of one game: ``read`` (every move played), ``illegal`` (``replay.error``
    names the ply and why) or ``unreadable`` (``error``: the line and why)."""

    number: int
    game: PgnGame
    replay: Replay | None = None

    @property
    def status(self) -> str:
        if self.game.error is not None:
            return UNREADABLE
        return ILLEGAL if self.replay.error else READ

    @property
    def record(self):
        return self.game.record

    @property
    def error(self) -> PgnError | None:
        return self.game.error


@dataclass(frozen=True)
class GameFile:
    """A decoded file: the encoding found (``UTF-8``, ``UTF-16``, ``GB18030``, ``Big5``), its
    text and a verdict for each of its games."""

    encoding: str
    text: str
    verdicts: tuple[Verdict, ...]

    @property
    def read(self) -> int:
        return sum(v.status == READ for v in self.verdicts)


def judge(text: str) -> tuple[Verdict, ...]:
    """Each game of ``text`` read and replayed on its own."""
    return tuple(Verdict(number, game, game.record.replay() if game.record else None)
                 for number, game in enumerate(read_games(text), start=1))


def read_file(data: bytes, encoding: str | None = None) -> GameFile:
    """The games of a file's bytes, each with its verdict, in ``encoding`` when named (one of
    ``ENCODINGS``), else the encoding found as the module says."""
    if encoding is not None:
        text = _text(data, ENCODINGS[encoding])
        if text is None:
            raise EncodingError(f"the file is not {encoding} text", "binary")
        return GameFile(encoding, text, judge(text))
    for bom, codec, name in ((codecs.BOM_UTF8, "utf-8-sig", UTF8),
                             (codecs.BOM_UTF16_LE, "utf-16", UTF16),
                             (codecs.BOM_UTF16_BE, "utf-16", UTF16)):
        if data.startswith(bom):
            text = _text(data, codec)
            if text is None:
                raise EncodingError(f"the file starts as {name} but is not {name} text",
                                    "binary")
            return GameFile(name, text, judge(text))
    text = _text(data, "utf-8")
    if text is not None:
        return GameFile(UTF8, text, judge(text))
    return _legacy(data)


def _legacy(data: bytes) -> GameFile:
    found = []
    for name, codecs_ in _LEGACY:
        text = next((t for t in map(lambda c: _text(data, c), codecs_) if t is not None), None)
        if text is not None:
            verdicts = judge(text)
            found.append((_score(verdicts), GameFile(name, text, verdicts)))
    if not found:
        raise EncodingError("the file is not text in UTF-8, UTF-16, GBK/GB18030 or Big5",
                            "binary")
    found.sort(key=lambda pair: pair[0], reverse=True)
    best_score, best = found[0]
    if best_score[0] == 0:
        raise EncodingError("no game reads in GBK/GB18030 nor in Big5: save the file as UTF-8",
                            "none")
    if len(found) > 1 and found[1][0] == best_score:
        raise EncodingError("the games read alike in GBK/GB18030 and in Big5: save the file "
                            "as UTF-8", "tie")
    return best


def _score(verdicts: tuple[Verdict, ...]) -> tuple[int, int]:
    """Games read to their end, then moves played: the decoding that reads more moves is the
    one the file was written in (a misread name spoils no move; a misread move stops the
    game)."""
    return (sum(v.status == READ for v in verdicts),
            sum(len(v.replay.moves) for v in verdicts if v.replay))


def _text(data: bytes, codec: str) -> str | None:
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    return None if _CONTROL.search(text) else text
