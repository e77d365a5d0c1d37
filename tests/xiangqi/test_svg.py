"""The SVG board: a pure function of the position."""

import xml.etree.ElementTree as ET

from xiangqi import START_FEN, Move, Position, board_svg

NS = "{http://www.w3.org/2000/svg}"


def test_start_position_draws_32_pieces_on_a_9_by_10_grid():
    svg = board_svg(Position.from_fen(START_FEN))
    root = ET.fromstring(svg)
    pieces = root.findall(f"{NS}g")
    assert len(pieces) == 32
    squares = sorted(int(g.get("data-square")) for g in pieces)
    assert squares[:9] == list(range(9)) and squares[-9:] == list(range(81, 90))
    # the pieces are outlines (no font needed), each titled with its glyph
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert titles.count("兵") == 5 and titles.count("卒") == 5 and titles.count("帥") == 1
    assert len(root.findall(f"{NS}g/{NS}path")) == 32
    assert not [t for t in root.iter(f"{NS}text") if t.text in titles]


def test_the_laws_letters_as_a_display_choice():
    root = ET.fromstring(board_svg(Position.from_fen(START_FEN), pieces="letters"))
    letters = [t.text for g in root.findall(f"{NS}g") for t in g.iter(f"{NS}text")]
    assert len(letters) == 32
    assert {letter: letters.count(letter) for letter in set(letters)} == {
        "Tg": 2, "S": 4, "T": 4, "X": 4, "P": 4, "M": 4, "B": 10}


def test_flipped_board_puts_black_at_the_bottom_and_marks_the_last_move():
    position = Position.from_fen(START_FEN)
    plain, flipped = board_svg(position), board_svg(position, flipped=True)
    assert plain != flipped
    red_king = next(g for g in ET.fromstring(plain).findall(f"{NS}g")
                    if g.get("data-square") == "4")
    flipped_king = next(g for g in ET.fromstring(flipped).findall(f"{NS}g")
                        if g.get("data-square") == "4")
    y = float(red_king.find(f"{NS}circle").get("cy"))
    assert y > 300 and float(flipped_king.find(f"{NS}circle").get("cy")) < 100
    marked = board_svg(position.play(Move.from_iccs("h2e2")), last=Move.from_iccs("h2e2"))
    assert marked.count('stroke="#2a7ae2"') == 2
