"""A position drawn as an SVG string (no external service, no script): the board of Art. 2.1
(9 files, 10 ranks, the river, the two palaces with their diagonals), Red at the bottom as
the law prints it (Art. 2.1, 3) unless ``flipped``, files numbered for both sides. The pieces
are drawn as outlines (``glyphs.OUTLINES``), so no font is needed on the reader's device, or as
the law's letters (Art. 11: Tg S T X P M B) when ``pieces="letters"``."""

from __future__ import annotations

from html import escape

from .glyphs import OUTLINES
from .position import RED, Move, Position, side_of

PIECE_STYLES = ("glyphs", "letters")
LETTERS = {"K": "Tg", "A": "S", "B": "T", "R": "X", "C": "P", "N": "M", "P": "B"}
GLYPHS = {"K": "帥", "A": "仕", "B": "相", "N": "傌", "R": "俥", "C": "炮", "P": "兵",
          "k": "將", "a": "士", "b": "象", "n": "馬", "r": "車", "c": "砲", "p": "卒"}
_CELL, _MARGIN = 40, 40


def board_svg(position: Position, *, flipped: bool = False, last: Move | None = None,
              title: str = "", pieces: str = "glyphs") -> str:
    """The SVG of ``position``; ``last`` highlights a move's two squares; ``pieces`` is one of
    ``PIECE_STYLES``."""
    width, height = 8 * _CELL + 2 * _MARGIN, 9 * _CELL + 2 * _MARGIN
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'class="xiangqi-board" role="img" aria-label="{escape(title or position.fen())}">',
             f'<rect width="{width}" height="{height}" fill="#f2d9a6"/>']
    parts += _grid(flipped)
    if last:
        for sq in (last.frm, last.to):
            x, y = _xy(sq, flipped)
            parts.append(f'<rect class="last" x="{x - 19}" y="{y - 19}" width="38" height="38" '
                         'fill="none" '
                         'stroke="#2a7ae2" stroke-width="2"/>')
    for sq, piece in enumerate(position.board):
        if piece:
            parts.append(_piece(sq, piece, flipped, pieces == "letters"))
    parts.append("</svg>")
    return "".join(parts)


def _xy(sq: int, flipped: bool) -> tuple[int, int]:
    file, rank = sq % 9, sq // 9
    if flipped:
        file, rank = 8 - file, 9 - rank
    return _MARGIN + file * _CELL, _MARGIN + (9 - rank) * _CELL


def _line(x1: int, y1: int, x2: int, y2: int) -> str:
    return f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#5a3a1a" stroke-width="1"/>'


def _grid(flipped: bool) -> list[str]:
    left, right, top = _MARGIN, _MARGIN + 8 * _CELL, _MARGIN
    river_top, river_bottom, bottom = top + 4 * _CELL, top + 5 * _CELL, top + 9 * _CELL
    out = [_line(left, top + r * _CELL, right, top + r * _CELL) for r in range(10)]
    for f in range(9):
        x = left + f * _CELL
        if f in (0, 8):
            out.append(_line(x, top, x, bottom))
        else:  # the river (sông) interrupts the inner files
            out += [_line(x, top, x, river_top), _line(x, river_bottom, x, bottom)]
    for y0 in (top, top + 7 * _CELL):  # the palaces' diagonals
        out += [_line(left + 3 * _CELL, y0, left + 5 * _CELL, y0 + 2 * _CELL),
                _line(left + 5 * _CELL, y0, left + 3 * _CELL, y0 + 2 * _CELL)]
    for f in range(9):  # Art. 2.1: each side numbers the files from its own right
        x = left + f * _CELL
        near, far = (f + 1, 9 - f) if flipped else (9 - f, f + 1)
        out.append(f'<text x="{x}" y="{bottom + 30}" font-size="14" text-anchor="middle">'
                   f'{near}</text>')
        out.append(f'<text x="{x}" y="{top - 20}" font-size="14" text-anchor="middle">'
                   f'{far}</text>')
    return out


def _piece(sq: int, piece: str, flipped: bool, letters: bool) -> str:
    x, y = _xy(sq, flipped)
    colour = "#c0141c" if side_of(piece) == RED else "#1a1a1a"
    circle = (f'<g class="piece" data-square="{sq}" data-piece="{piece}"><circle cx="{x}" '
              f'cy="{y}" r="17" fill="#fbeccb" stroke="{colour}" stroke-width="2"/>')
    if letters:  # Latin letters: every device has a font for them
        letter = LETTERS[piece.upper()]
        return (circle + f'<text x="{x}" y="{y + 6}" font-size="{16 if len(letter) == 1 else 14}"'
                f' font-family="sans-serif" font-weight="bold" text-anchor="middle" '
                f'fill="{colour}">{letter}</text></g>')
    return (circle + f'<path transform="translate({x} {y + 7})" fill="{colour}" '
            f'd="{OUTLINES[piece]}"><title>{GLYPHS[piece]}</title></path></g>')
