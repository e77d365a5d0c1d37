"""What the arbiter reads about a Swiss round before publishing it, in words: the rules the
pairings break and where they differ from what the Dutch system gives.

The engine's checker (``pairings/checker.py``) does the work: absolute rules (C.04.1, [C1]-[C3])
on the round as it stands, then the round paired again from the earlier rounds and every board
that differs. This module gives it the round as the engine sees it (matches reduced to their
results, the statute's options, ``adapters/swiss.py``) and words its findings.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from pairings.checker import Finding, check_round
from pairings.dutch import RoundPairing
from records import Tournament
from tournaments.adapters.events import EventRecord, load_event, pairing_tournament, scoring_system
from tournaments.adapters.swiss import SwissSetup, dutch_options, swiss_setup
from tournaments.models import Board, Entry, Event, Round

# Findings about the rules; "differs" only compares with the engine's own pairing.
DIFFERENCE = "differs"


@dataclass(frozen=True)
class RoundWarning:
    code: str
    text: str
    board: int | None
    entries: tuple[int, ...]  # entry ids

    @property
    def is_difference(self) -> bool:
        return self.code == DIFFERENCE


class _Words:
    """Names and boards of one round, by pairing number, for the sentences."""

    def __init__(self, entries: dict[int, Entry], boards: dict[int, int]):
        self.entries, self.boards = entries, boards

    def who(self, number) -> str:
        entry = self.entries.get(number)
        return f"{entry.name} ({number})" if entry else str(number)

    def pair(self, white, black) -> str:
        if not white:
            return _("nothing")
        if not black:
            return _("%(a)s: pairing bye") % {"a": self.who(white)}
        return f"{self.who(white)} – {self.who(black)}"


def _why_unavailable(why: str) -> str:
    if why == "withdrawn":
        return _("withdrew")
    if why == "not_joined":
        return _("joins in a later round")
    if why == "moved_on":
        return _("moved on to the next stage")
    if why == "left_out":
        return _("left out: not checked in")
    return _("asked for a bye in this round")


def _colour(code: str) -> str:
    return _("White") if code == "w" else _("Black")


def _describe(finding: Finding, words: _Words) -> tuple[str, int | None, tuple[int, ...]]:
    """A finding as (sentence, board, players' pairing numbers)."""
    p = finding.params
    code = finding.code
    if code in ("rematch", "forbidden_pair", "same_absolute_colour"):
        white, black = p["white"], p["black"]
        board = words.boards.get(white)
        values = {"board": board, "a": words.who(white), "b": words.who(black)}
        if code == "rematch":
            text = _("Board %(board)s: %(a)s and %(b)s already played each other.")
        elif code == "forbidden_pair":
            text = _("Board %(board)s: %(a)s and %(b)s must not meet (same club or family, as "
                     "the statute says).")
        else:
            values["colour"] = _colour(p["colour"])
            text = _("Board %(board)s: %(a)s and %(b)s both must have %(colour)s (colour "
                     "difference beyond one, or the same colour in their last two games).")
        return text % values, board, (white, black)
    if code in ("second_bye", "bye_after_unplayed_win", "colour_limit", "paired_twice",
                "not_paired", "not_available"):
        number = p["player"]
        board = words.boards.get(number)
        values = {"board": board, "a": words.who(number)}
        if code == "second_bye":
            text = _("Board %(board)s: %(a)s already had the pairing bye and may not get it "
                     "again.")
        elif code == "bye_after_unplayed_win":
            text = _("Board %(board)s: %(a)s already scored a win without playing and may not "
                     "get the pairing bye.")
        elif code == "colour_limit":
            values["colour"] = _colour(p["colour"])
            text = _("Board %(board)s: %(colour)s for %(a)s makes a colour difference beyond two "
                     "or the same colour three times running.")
        elif code == "paired_twice":
            text = _("%(a)s is on more than one board.")
        elif code == "not_paired":
            text = _("%(a)s should play this round but has no game and no pairing bye "
                     "(absent: no points).")
        else:
            values["why"] = _why_unavailable(p.get("why", ""))
            text = _("Board %(board)s: %(a)s is paired but %(why)s.")
        return text % values, board, (number,)
    if code == "two_byes":
        players = tuple(p["players"])
        return (_("More than one pairing bye in this round (%(names)s): one player at most is "
                  "left over.") % {"names": ", ".join(words.who(n) for n in players)},
                None, players)
    if code == DIFFERENCE:
        expected = (p["expected_white"], p["expected_black"])
        actual = (p["actual_white"], p["actual_black"])
        return (_("The Dutch system gives %(expected)s; the round has %(actual)s.") % {
            "expected": words.pair(*expected), "actual": words.pair(*actual)},
            words.boards.get(actual[0]), tuple(n for n in expected if n))
    if code == "no_valid_pairing":
        return (_("No pairing of this round satisfies every absolute rule (no rematch, no second "
                  "pairing bye, colour limits): the chief arbiter decides (C.04.3 Art. 1.10)."),
                None, ())
    return (_("The earlier rounds cannot be read: %(message)s") % {
        "message": p.get("message", finding.text)}, None, ())


def _unavailable_why(setup: SwissSetup, number: int) -> str:
    if number in setup.withdrawn:
        return "withdrawn"
    if number in setup.moved_on:
        return "moved_on"
    if number in setup.left_out:
        return "left_out"
    return "not_joined" if number in setup.not_joined else "bye"


def round_findings(round_: Round, record: EventRecord | None = None,
                   expected: RoundPairing | None = None):
    """The engine checker's findings on ``round_`` (any status), with what words them. Runs
    the Dutch engine, unless ``expected`` is its pairing of the round already (with the
    statute's options, ``dutch_options``): the pages read the findings stored with the round
    (``round_stored_warnings``). ``record``: the event as already read, ``round_`` included (the
    Swiss pairing's, ``adapters/events.py: record_with_round``; the whole-event check's)."""
    event = round_.event
    record = record or load_event(event)
    setup = swiss_setup(record, round_.number, round_.left_out)
    proposal = tuple(p for p in record.tournament.pairings if p.round == round_.number)
    participants = setup.tournament.participants  # withdrawn players kept in the draw: playing
    proposal_view = pairing_tournament(Tournament(participants, proposal),
                                       scoring_system(event))
    tournament = Tournament(participants, setup.tournament.pairings + proposal_view.pairings,
                            record.tournament.rounds, record.tournament.name)
    report = check_round(tournament, round_.number, dutch_options(event, setup),
                         expected=expected)
    findings = tuple(
        replace(f, params={**f.params, "why": _unavailable_why(setup, f.params["player"])})
        if f.code == "not_available" else f for f in report.messages)
    boards = {n: p.board for p in proposal for n in (p.first, p.second) if n}
    return findings, _Words(record.entries, boards)


def _worded(findings, words: _Words) -> list[RoundWarning]:
    """The rules broken first, then the boards where the Dutch system pairs otherwise."""
    out = []
    for finding in findings:
        text, board, numbers = _describe(finding, words)
        entries = tuple(words.entries[n].pk for n in numbers if n in words.entries)
        out.append(RoundWarning(finding.code, text, board, entries))
    return sorted(out, key=lambda w: w.is_difference)


def round_warnings(round_: Round, record: EventRecord | None = None) -> list[RoundWarning]:
    """What the checker says about a Swiss round, in words (Swiss events only), computed now:
    the rules broken first, then the boards where the Dutch system pairs otherwise."""
    if not round_.event.format_rules.rounds_checked:
        return []
    return _worded(*round_findings(round_, record))


def round_check_data(round_: Round, expected: RoundPairing | None = None, *,
                     record: EventRecord | None = None) -> list[dict]:
    """The checker's findings on ``round_`` as the round stores them (``Round.findings``);
    ``record`` and ``expected`` as ``round_findings`` takes them."""
    findings, _words = round_findings(round_, record, expected)
    return [{"code": f.code, "params": f.params, "text": f.text} for f in findings]


def round_stored_warnings(round_: Round, *, entries: Iterable[Entry] | None = None,
                    boards: Iterable[Board] | None = None) -> list[RoundWarning] | None:
    """The findings stored with a Swiss round, in words, without running the engine; None
    while the round has not been checked (a worker is checking it). Two queries, none when
    the page has read them already: the event's ``entries`` and the round's ``boards`` (with
    both sides, ``rounds.round_boards``)."""
    if round_.findings is None:
        return None
    if entries is None:
        entries = round_.event.entries.select_related("player", "team")
    entries = {e.number: e for e in entries if e.number}
    if boards is None:
        sides = round_.boards.values_list("number", "white__number", "black__number")
    else:
        sides = [(b.number, b.white.number, b.black.number if b.black_id else None)
                 for b in boards]
    boards = {}
    for number, white, black in sides:
        boards.update({n: number for n in (white, black) if n})
    findings = [Finding(f["code"], f["params"], f.get("text", "")) for f in round_.findings]
    return _worded(findings, _Words(entries, boards))


def event_check(event: Event) -> list[tuple[Round, list[RoundWarning]]]:
    """Every round of a Swiss event checked as ``round_warnings`` checks a draft (the
    draft's checker over a whole event, e.g. one imported from another program's TRF): each round
    paired again from the rounds before it, the event read once."""
    record = load_event(event)
    return [(round_, round_warnings(round_, record))
            for round_ in event.rounds_set.order_by("number")]
