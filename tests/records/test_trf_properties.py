"""The TRF reader on any input (hypothesis): a tournament, or the reader's own error naming what
is wrong, never another exception; what it reads, it writes back and reads again the same."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from records import Bye, Game, Pairing, Participant, Result, Tournament, trf

_RESULTS = [*(r for r in Result if r is not Result.CANCELLED), None]  # X has no TRF code
_BYES = list(Bye)


@st.composite
def _files(draw) -> str:
    """A well-formed file (players 1..n, rounds of random pairings, results and byes), then a
    few characters changed anywhere in it."""
    n = draw(st.integers(1, 6))
    pairings = []
    for rnd in range(1, draw(st.integers(0, 3)) + 1):
        order = draw(st.permutations(range(1, n + 1)))
        for board, i in enumerate(range(0, n - 1, 2), start=1):
            game = Game(draw(st.booleans()), draw(st.sampled_from(_RESULTS)))
            pairings.append(Pairing(rnd, board, order[i], order[i + 1], (game,)))
        if n % 2:
            pairings.append(Pairing(rnd, n, order[-1], None, bye=draw(st.sampled_from(_BYES))))
    participants = tuple(Participant(k, f"Người chơi {k}", draw(st.sampled_from([None, 0, 1850])))
                         for k in range(1, n + 1))
    text = trf.write(trf.TrfDocument(Tournament(participants, tuple(pairings), 3),
                                     totals={k: "1.0" for k in range(1, n + 1)}))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text) - 1))
        text = text[:at] + draw(st.sampled_from(" 0123456789wb-=+XQ\n")) + text[at + 1:]
    return text


_EXTENSIONS = ["XXR", "XXC", "BBW", "BBU", "XXW", "XXP", "XXA", "142", "152", "162", "250",
               "260", "192", "202", "012", "042", "###"]
_extension_lines = st.builds(
    "{} {}".format, st.sampled_from(_EXTENSIONS),
    st.text(alphabet=" 0123456789.-wbWBQADLPXwhite1", max_size=30))


def _read_or_refuse(data: bytes) -> None:
    try:
        doc = trf.read_bytes(data)
    except trf.TrfError as error:
        assert str(error)
        return
    assert isinstance(doc.tournament, Tournament)
    again = trf.read(trf.write(doc))
    assert again.tournament == doc.tournament


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_any_bytes_give_a_tournament_or_the_readers_error(data):
    _read_or_refuse(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_files(), st.lists(_extension_lines, max_size=3),
       st.sampled_from(["utf-8", "cp1252", "utf-16"]), st.sampled_from(["\n", "\r\n", "\r"]))
def test_files_near_a_real_one_give_a_tournament_or_the_readers_error(text, extra, encoding,
                                                                       end):
    lines = text.splitlines() + extra
    _read_or_refuse(end.join(lines).encode(encoding, "replace"))
