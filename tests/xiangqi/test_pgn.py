"""Xiangqi PGN in and out."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xiangqi import START_FEN, GameRecord, PgnError, convert, read_pgn, write_pgn

TWO_GAMES = """[Game "Chinese Chess"]
[Event "Giải vô địch"]
[Red "Nguyễn Văn A"]
[Black "Trần Thị B"]
[Result "1-0"]

1) P2-5 M2.3 2) M8.7 P8-5 {the law's example} 3. X9-8 $1 X1-2 1-0

[Event "Second"]
[FEN "3k5/9/9/9/9/9/9/9/4A4/4K4 b"]
1... d9d8 2. e1d2 d8d9 *
"""


def test_tags_moves_result_and_start_position():
    first, second = read_pgn(TWO_GAMES)
    assert first.tag("Red") == "Nguyễn Văn A" and first.result == "1-0"
    assert first.moves == ("P2-5", "M2.3", "M8.7", "P8-5", "X9-8", "X1-2")
    assert first.start == START_FEN
    assert second.start == "3k5/9/9/9/9/9/9/9/4A4/4K4 b"
    assert second.moves == ("d9d8", "e1d2", "d8d9")
    assert second.replay().final.fen() == "3k5/9/9/9/9/9/9/3A5/9/4K4 w"


def test_move_numbers_in_every_style_and_words():
    text = "1. Pháo 2 bình 5 Mã 2 tiến 3 2) M8.7 2... P8-5 3.X9-8 X1-2 *"
    (game,) = read_pgn(text)
    assert game.moves == ("Pháo 2 bình 5", "Mã 2 tiến 3", "M8.7", "P8-5", "X9-8", "X1-2")
    assert game.replay().error is None


def test_variations_comments_and_nags_are_dropped():
    text = "1. h2e2 (1. b2e2 h9g7) h9g7 ; a line comment\n2. h0g2 {note} $14 i9h9 1/2-1/2"
    (game,) = read_pgn(text)
    assert game.moves == ("h2e2", "h9g7", "h0g2", "i9h9") and game.result == "1/2-1/2"


@pytest.mark.parametrize("text, message", [
    ('[Event "x]\n1. h2e2 *', "line 1: malformed tag"),
    ("1. h2e2 {never closed", "comment"),
    ("1. h2e2 (h9g7", "variation"),
    ('[FEN "9/9 w"]\n1. h2e2 *', "FEN"),
    ("", "no game"),
    ("1. h2e2 ) *", "closes no variation"),
])
def test_malformed_files_say_where(text, message):
    with pytest.raises(PgnError, match=message):
        read_pgn(text)


def test_write_then_read_gives_the_same_games_in_every_notation():
    games = read_pgn(TWO_GAMES)
    for notation in ("iccs", "vi", "wxf", "zh"):
        converted = [convert(g, notation) for g in games]
        again = read_pgn(write_pgn(converted))
        assert [g.moves for g in again] == [g.moves for g in converted]
        assert [g.replay().final for g in again] == [g.replay().final for g in games]
        assert again[0].tag("Format") == {"iccs": "ICCS", "vi": "Vietnamese", "wxf": "WXF",
                                          "zh": "Chinese"}[notation]


def test_written_pgn_numbers_moves_and_starts_black_with_ellipsis():
    game = GameRecord(("d9d8", "e1d2"), "*", (("Event", "E"),), "3k5/9/9/9/9/9/9/9/4A4/4K4 b")
    text = write_pgn([game])
    assert text.splitlines()[0] == '[Event "E"]'
    assert text.splitlines()[-1] == "1... d9d8 2. e1d2 *"


def test_the_format_tag_names_the_notation():
    # "P5.4" reads as Vietnamese (the law's: a cannon forward, impossible here) unless the
    # Format tag says WXF (the pawn over the river steps sideways to the 4th file)
    fen = '[FEN "3k5/9/9/9/4P4/9/9/9/9/4K4 w"]\n'
    (plain,) = read_pgn(fen + "1. P5.4 *")
    assert plain.replay().error is not None
    (tagged,) = read_pgn(fen + '[Format "WXF"]\n1. P5.4 *')
    played = tagged.replay()
    assert played.notation == "wxf" and played.error is None and str(played.moves[0]) == "e5f5"


@pytest.mark.parametrize("value", ['首屆"味極王杯"象棋精英賽', 'C:\\giai\\', 'A"] [Result "1-0',
                                   'quote at the end"', "bảng [A]"])
def test_a_tags_quotes_and_backslashes_are_escaped_and_come_back(value):
    record = GameRecord(("C2.5",), "*", (("Event", value), ("Red", "Lê Văn A")), START_FEN)
    text = write_pgn([record])
    assert text.splitlines()[0] == '[Event "' + value.replace("\\", "\\\\").replace('"', '\\"') \
        + '"]'
    [back] = read_pgn(text)
    assert dict(back.tags)["Event"] == value and back.result == "*"
    assert dict(back.tags)["Red"] == "Lê Văn A"


def test_a_line_break_in_a_tag_is_written_as_a_space():
    record = GameRecord(("C2.5",), "*", (("Event", "Giải\nmùa xuân"),), START_FEN)
    assert dict(read_pgn(write_pgn([record]))[0].tags)["Event"] == "Giải mùa xuân"


_PIECES = ['[Event "A"]', '[Red "x\\"y"]', '[Bad "q"r"]', '[Loose "a"b"]  ', "[ ", '[N "v\\\\"]',
           '[FEN "9/9 w"]', '[FEN "3k5/9/9/9/9/9/9/9/4A4/4K4 b"]', "{c}", "{", "}", ";x", "(",
           ")", "1.", "1)", "12...", "...", "…", "h2e2", "e2)", "1)e2", "P2-5", "Pháo", "2",
           "bình", "5", "XE", "tiến", "!!", "$1", "1-0", "0-1", "*", "½-½", "1/2-1/2",
           "炮二平五", "１", "X9-8!", "1.h2e2", '"', "\u3000"]


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pieces=st.lists(st.tuples(st.sampled_from(_PIECES),
                                 st.sampled_from([" ", "\n", "\r\n", "", "\t", "  \n\n"])),
                       max_size=30))
def test_a_run_of_words_read_at_once_reads_as_word_by_word(pieces, monkeypatch):
    """The reader's speed: a game's moves are taken as one run of words; read one word (or
    ")") at a time with each word's place instead, every text gives the same games, lines,
    tags, moves, results and errors."""
    from xiangqi import pgn

    text = "".join(piece + gap for piece, gap in pieces)
    fast = pgn.read_games(text)
    with monkeypatch.context() as patch:
        patch.setattr(pgn._Reader, "words",
                      lambda self, match: self.parts(match.group(), match.start()))
        slow = pgn.read_games(text)
    assert [(g.line, g.record, g.tags, str(g.error), g.error and g.error.kind) for g in fast] \
        == [(g.line, g.record, g.tags, str(g.error), g.error and g.error.kind) for g in slow]
