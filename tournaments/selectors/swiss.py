"""What the arbiter reads about a Swiss round before publishing it, in words: the rules the
pairings break and where they differ from what the Dutch system gives.

The engine's checker (``pairings/checker.py``) does the work: absolute rules (C.04.1, [C1]-[C3])
on the round as it stands, then the round paired again from the earlier rounds and every board
that differs. This module gives it the round as the engine sees it (matches reduced to their
results, the statute's options, ``services/swiss.py``) and words its findings.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from pairings.checker import Finding, check_round
from records import Tournament
from tournaments.adapters import EventRecord, load_event, pairing_tournament, scoring_system
from tournaments.models import Event, Round
from tournaments.services.swiss import SwissSetup, dutch_options, swiss_setup

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
    """Names, boards and reasons of one round, for the sentences."""

    def __init__(self, record: EventRecord, setup: SwissSetup, boards: dict[int, int]):
        self.record, self.setup, self.boards = record, setup, boards

    def who(self, number) -> str:
        entry = self.record.entries.get(number)
        return f"{entry.name} ({number})" if entry else str(number)

    def pair(self, white, black) -> str:
        if not white:
            return _("nothing")
        if not black:
            return _("%(a)s: pairing bye") % {"a": self.who(white)}
        return f"{self.who(white)} – {self.who(black)}"

    def why_unavailable(self, number) -> str:
        if number in self.setup.withdrawn:
            return _("withdrew")
        if number in self.setup.not_joined:
            return _("joins in a later round")
        return _("asked for a bye in this round")


def _colour(code: str) -> str:
    return _("White") if code == "w" else _("Black")


def describe(finding: Finding, words: _Words) -> tuple[str, int | None, tuple[int, ...]]:
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
            values["why"] = words.why_unavailable(number)
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


def round_findings(round_: Round, record: EventRecord | None = None):
    """The engine checker's findings on ``round_`` (any status), with what words them."""
    event = round_.event
    record = record or load_event(event)
    setup = swiss_setup(record, round_.number)
    proposal = tuple(p for p in record.tournament.pairings if p.round == round_.number)
    participants = record.tournament.participants
    proposal_view = pairing_tournament(Tournament(participants, proposal),
                                       scoring_system(event))
    tournament = Tournament(participants, setup.tournament.pairings + proposal_view.pairings,
                            record.tournament.rounds, record.tournament.name)
    report = check_round(tournament, round_.number, dutch_options(event, setup))
    boards = {n: p.board for p in proposal for n in (p.first, p.second) if n}
    return report.messages, _Words(record, setup, boards)


def round_warnings(round_: Round, record: EventRecord | None = None) -> list[RoundWarning]:
    """What the checker says about a Swiss round, in words (Swiss events only): the rules broken
    first, then the boards where the Dutch system pairs otherwise."""
    if not round_.event.is_swiss:
        return []
    findings, words = round_findings(round_, record)
    out = []
    for finding in findings:
        text, board, numbers = describe(finding, words)
        entries = tuple(words.record.entries[n].pk for n in numbers if n in words.record.entries)
        out.append(RoundWarning(finding.code, text, board, entries))
    return sorted(out, key=lambda w: w.is_difference)


def event_check(event: Event) -> list[tuple[Round, list[RoundWarning]]]:
    """Every round of a Swiss event checked as ``round_warnings`` checks a draft (issue 5's
    checker over a whole event, e.g. one imported from another program's TRF): each round
    paired again from the rounds before it, the event read once."""
    record = load_event(event)
    return [(round_, round_warnings(round_, record))
            for round_ in event.rounds_set.order_by("number")]
