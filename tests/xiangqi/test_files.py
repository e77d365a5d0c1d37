"""Files made the way real Xiangqi databases make them (Big5 from Taiwan and Hong Kong, GBK
from the mainland, CRLF line ends, a [FEN] tag on every game, tags holding brackets and quotes,
full-width WXF, a broken game among good ones), each with its expected reading. The games are
Fairy-Stockfish's own (``data/fairy_games.txt``): every final position read here is the one
Fairy-Stockfish reached."""

import re
from pathlib import Path

import pyffish as sf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.xiangqi.data.make_fairy_games import uci
from xiangqi import (
    START_FEN,
    EncodingError,
    GameRecord,
    Move,
    Position,
    parse_move,
    read_file,
    read_games,
    read_pgn,
    write_move,
    write_moves,
    write_pgn,
)
from xiangqi.files import BIG5, GB18030, UTF8, UTF16

DATA = Path(__file__).parent / "data"
FULL_WIDTH = str.maketrans({chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)})
TRADITIONAL = str.maketrans({"马": "馬", "车": "車", "帅": "帥", "将": "將", "进": "進",
                             "后": "後"})
START_TAG = START_FEN + " - - 0 1"


def fairy_games(count, plies=60):
    """The first ``count`` games Fairy-Stockfish played, cut at ``plies``, with the position
    Fairy-Stockfish reached (board and side to move)."""
    out = []
    for line in (DATA / "fairy_games.txt").read_text().splitlines():
        moves = line.split("\t")[0].split()[:plies]
        if len(moves) < plies:
            continue
        fen = sf.get_fen("xiangqi", sf.start_fen("xiangqi"), [uci(Move.from_iccs(m))
                                                                for m in moves])
        out.append((moves, _board_and_side(fen)))
        if len(out) == count:
            return out
    raise AssertionError("not enough games")


def _board_and_side(fairy_fen):
    return " ".join(fairy_fen.split()[:2])


def chinese(moves, traditional):
    """The moves in Chinese as databases print them: Black's numbers in full-width digits."""
    texts = write_moves(Position.from_fen(START_FEN), [Move.from_iccs(m) for m in moves], "zh")
    out = []
    for ply, text in enumerate(texts):
        if traditional:  # Black's cannon is 砲 in traditional prints
            text = text.translate(TRADITIONAL).replace("炮", "砲" if ply % 2 else "炮")
        out.append(text.translate(FULL_WIDTH) if ply % 2 else text)
    return out


def database_file(games, tags, traditional):
    """A file of games as a database exports it: CRLF, a FEN tag on every game."""
    parts = []
    for number, (moves, _fen) in enumerate(games):
        head = "".join(f'[{k} "{v}"]\r\n' for k, v in tags(number))
        parts.append(f'{head}[FEN "{START_TAG}"]\r\n[Format "Chinese"]\r\n\r\n'
                     + " ".join(f"{i // 2 + 1}. {t}" if i % 2 == 0 else t
                                for i, t in enumerate(chinese(moves, traditional)))
                     + " *\r\n\r\n")
    return "".join(parts)


def assert_as_fairy_stockfish_says(found, games):
    assert [v.status for v in found.verdicts] == ["read"] * len(games)
    assert [v.replay.final.fen() for v in found.verdicts] == [fen for _m, fen in games]


def test_a_big5_file_from_taiwan_is_read_as_big5():
    games = fairy_games(6)
    text = database_file(games, lambda n: [("Event", "2006年第二屆世界象棋大師賽 [第一視點]"),
                                           ("Red", "許銀川"), ("Black", "呂欽"),
                                           ("Round", str(n + 1))], traditional=True)
    data = text.encode("cp950")
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    found = read_file(data)
    assert found.encoding == BIG5
    assert_as_fairy_stockfish_says(found, games)
    first = found.verdicts[0].record
    assert first.tag("Event") == "2006年第二屆世界象棋大師賽 [第一視點]"
    assert (first.tag("Red"), first.tag("Black")) == ("許銀川", "呂欽")
    assert first.moves[1].translate(FULL_WIDTH) == first.moves[1]  # Black's digits full-width


def test_a_gbk_file_from_the_mainland_is_read_as_gb18030_with_a_quote_in_a_tag():
    games = fairy_games(6)
    text = database_file(games, lambda n: [("Event", '首届\\"味极王杯\\"象棋精英赛'),
                                           ("Red", "胡荣华"), ("Black", "杨官璘")],
                         traditional=False)
    found = read_file(text.encode("gbk"))
    assert found.encoding == GB18030
    assert_as_fairy_stockfish_says(found, games)
    assert found.verdicts[0].record.tag("Event") == '首届"味极王杯"象棋精英赛'


def test_a_bare_quote_inside_a_tag_line_is_read_whole():
    (game,) = read_pgn('[Event "首屆"味極王杯"象棋精英賽"]\r\n[Red "A"]\r\n1. h2e2 *\r\n')
    assert game.tag("Event") == '首屆"味極王杯"象棋精英賽' and game.tag("Red") == "A"


def test_a_broken_game_among_good_ones_gets_its_own_verdict():
    games = fairy_games(4)
    text = database_file(games, lambda n: [("Event", "Broken" if n == 1 else f"Game {n}")],
                         traditional=False)
    text = text.replace('[Event "Broken"]', '[Event "Broken]')  # the quote never closed
    moves = chinese(games[2][0], traditional=False)
    text = text.replace(" " + moves[9] + " ", " 车九进九 ", 1)  # ply 10: no such move
    found = read_file(text.encode("gb18030"))
    assert found.encoding == GB18030
    assert [v.status for v in found.verdicts] == ["read", "unreadable", "illegal", "read"]
    broken = found.verdicts[1].error
    assert (broken.line, broken.kind) == (text[:text.index("Broken")].count("\n") + 1, "tag")
    illegal = found.verdicts[2].replay.error
    assert (illegal.ply, illegal.text) == (10, "车九进九")
    assert found.verdicts[3].replay.final.fen() == games[3][1]


def test_full_width_wxf_with_the_marker_first_is_read():
    games = fairy_games(5)
    parts = []
    for moves, _fen in games:
        texts = write_moves(Position.from_fen(START_FEN), [Move.from_iccs(m) for m in moves],
                            "wxf")
        marker_first = [re.sub(r"^([A-Z])([+-])(?=[+=-])", r"\2\1", t) for t in texts]
        parts.append(f'[FEN "{START_TAG}"]\r\n[Format "WXF"]\r\n\r\n'
                     + " ".join(t.translate(FULL_WIDTH) for t in marker_first) + " *\r\n")
    assert any(re.search(r"(^| )＋[ＲＣＨ]", p) for p in parts)  # "+C-2" written
    found = read_file("\r\n".join(parts).encode("gbk"))
    assert found.encoding == UTF8 or found.encoding == GB18030
    assert_as_fairy_stockfish_says(found, games)


def test_boms_and_strict_utf8_come_before_the_legacy_encodings():
    text = '[Red "Nguyễn"]\n1. h2e2 h9g7 *\n'
    assert read_file(text.encode("utf-8-sig")).encoding == UTF8
    assert read_file(text.encode("utf-16")).encoding == UTF16
    assert read_file(text.encode("utf-16-be").join([b"\xfe\xff", b""])).encoding == UTF16
    assert read_file(text.encode()).encoding == UTF8


def test_gbk_or_big5_undecided_by_the_moves_is_reported_not_guessed():
    text = '[Red "許銀川"]\n1. h2e2 h9g7 *\n'  # ICCS moves read alike in both
    with pytest.raises(EncodingError) as error:
        read_file(text.encode("cp950"))
    assert error.value.kind == "tie"
    assert read_file(text.encode("cp950"), "Big5").verdicts[0].record.tag("Red") == "許銀川"
    with pytest.raises(EncodingError) as error:
        read_file("1. 炮二平五 馬二進三 *".encode("cp950") + b"\x81")  # neither decodes all
    assert error.value.kind == "binary"
    with pytest.raises(EncodingError) as error:
        read_file("[Red \"許\"]\n1. 車九進九 *".encode("cp950"))
    assert error.value.kind == "none"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",),
                                      blacklist_characters="\r\n")))
def test_any_tag_value_written_and_read_back_is_identical(value):
    record = GameRecord(("h2e2",), "1-0", (("Event", value), ("Red", value), ("Black", "B")))
    (again,) = read_pgn(write_pgn([record]))
    assert (again.tag("Event"), again.tag("Red"), again.tag("Black")) == (value, value, "B")
    assert again.result == "1-0" and again.moves == ("h2e2",)


def test_a_tag_injection_is_written_escaped():
    record = GameRecord(("h2e2",), "1-0", (("Red", 'Quote"] [Result "0-1'),))
    text = write_pgn([record])
    assert '[Red "Quote\\"] [Result \\"0-1"]' in text
    (again,) = read_pgn(text)
    assert again.result == "1-0" and again.tag("Red") == 'Quote"] [Result "0-1'
    assert dict(again.tags).get("Result") == "1-0"


def test_numbers_continue_from_a_set_positions_move_number():
    moves, _fen = fairy_games(1, plies=40)[0]
    position = Position.from_fen(START_FEN)
    for text in moves[:22]:
        position = position.play(Move.from_iccs(text))
    fen = position.fen() + " - - 0 12"
    rest = write_moves(position, [Move.from_iccs(m) for m in moves[22:26]], "wxf")
    text = write_pgn([GameRecord(tuple(rest), "*", (), fen)])
    assert text.splitlines()[-1] == f"12. {rest[0]} {rest[1]} 13. {rest[2]} {rest[3]} *"
    black = position.play(Move.from_iccs(moves[22]))
    text = write_pgn([GameRecord(tuple(rest[1:2]), "*", (), black.fen() + " - - 0 12")])
    assert text.splitlines()[-1] == f"12... {rest[1]} *"
    (game,) = read_pgn(text)
    assert game.replay().final == black.play(Move.from_iccs(moves[23]))


def test_advisors_and_elephants_are_written_by_file_as_fairy_stockfish_writes_them():
    """Every advisor and elephant move of Fairy-Stockfish's games, written in WXF here and by
    Fairy-Stockfish: the same text, both sides, two on a file too (then the direction says
    which one moves); the front/rear form is still read."""
    seen, tandem = 0, 0
    for line in (DATA / "fairy_games.txt").read_text().splitlines()[:60]:
        position = Position.from_fen(START_FEN)
        for text in line.split("\t")[0].split():
            move = Move.from_iccs(text)
            piece = position.board[move.frm]
            if piece.upper() in "AB":  # the FENs are Fairy-Stockfish's (test_fairy_stockfish)
                ours = write_move(position, move, "wxf")
                assert ours == sf.get_san("xiangqi", position.fen() + " - - 0 1", uci(move),
                                          False, sf.NOTATION_XIANGQI_WXF)
                seen += 1
                same_file = [sq for sq in range(move.frm % 9, 90, 9)
                             if position.board[sq] == piece]
                if len(same_file) == 2:
                    tandem += 1
                    front = same_file.index(move.frm) == (1 if piece.isupper() else 0)
                    marked = ours[0] + ("+" if front else "-") + ours[2:]
                    assert parse_move(position, marked, "wxf") == move
            position = position.play(move)
    assert seen > 200 and tandem > 0


@pytest.mark.parametrize("fen, texts, notation, chinese_text", [
    # two red advisors on the 6th file: the rear one forward, the front one back
    ("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", ("A6+5", "S6.5"), "d0e1", "仕六进五"),
    ("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", ("A6-5", "S6/5"), "d2e1", "仕六退五"),
    # two red elephants on the 7th file
    ("3k5/9/9/9/2B6/9/9/9/9/2B1K4 w", ("E7+5", "T7.5"), "c0e2", "相七进五"),
])
def test_advisors_and_elephants_by_file_in_every_notation(fen, texts, notation, chinese_text):
    position = Position.from_fen(fen)
    move = Move.from_iccs(notation)
    wxf, vi = texts
    assert [write_move(position, move, n) for n in ("wxf", "vi", "zh")] == [
        wxf, vi, chinese_text]
    assert parse_move(position, wxf.translate(FULL_WIDTH)) == move


def test_the_asian_notation_reads_a_dot_as_backward_and_writes_it():
    fen = "3k5/9/9/9/9/9/9/7R1/9/4K4 w"
    position = Position.from_fen(fen)
    assert parse_move(position, "R2.1", "asian") == Move.from_iccs("h2h1")
    (game,) = read_pgn(f'[FEN "{fen}"]\n1. R2.1 *')
    assert game.replay().notation == "asian" and str(game.replay().moves[0]) == "h2h1"
    cannons = Position.from_fen("3k5/9/9/9/9/7C1/9/7C1/9/4K4 w")
    assert parse_move(cannons, "C+.1", "asian") == Move.from_iccs("h4h3")
    assert write_move(cannons, Move.from_iccs("h4h3"), "asian") == "C+.1"
    assert write_move(cannons, Move.from_iccs("h2e2"), "asian") == "C-=5"


def test_read_games_keeps_the_tags_of_an_unreadable_game():
    games = read_games('[Red "A"]\n[Black "B"]\n[FEN "bad"]\n1. h2e2 *\n[Red "C"]\n1. h2e2 *')
    assert [g.error.kind if g.error else None for g in games] == ["fen", None]
    assert games[0].tag("Red") == "A" and games[1].record.tag("Red") == "C"
