"""What the arbiter reads about a Swiss round before publishing it: the absolute rules it breaks
(``tournaments/swiss_checks.py``), in words."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.records import Colour, Tournament
from tournaments.adapters import EventRecord, load_event, pairing_tournament, scoring_system
from tournaments.models import Round
from tournaments.services.swiss import swiss_setup
from tournaments.swiss_checks import Violation, check_round


@dataclass(frozen=True)
class RoundWarning:
    code: str
    text: str
    board: int | None
    entries: tuple[int, ...]  # entry ids


def _who(record: EventRecord, number: int) -> str:
    entry = record.entries.get(number)
    return f"{entry.name} ({number})" if entry else str(number)


def _rounds(rounds: tuple[int, ...]) -> str:
    return ", ".join(str(r) for r in rounds)


def describe(v: Violation, record: EventRecord, setup=None) -> str:
    """One violation as a sentence for the arbiter."""
    names = [_who(record, n) for n in v.numbers]
    a = names[0] if names else ""
    b = names[1] if len(names) > 1 else ""
    if v.code == "rematch":
        return _("Board %(board)s: %(a)s and %(b)s already played each other (round "
                 "%(rounds)s).") % {"board": v.board, "a": a, "b": b, "rounds": _rounds(v.rounds)}
    if v.code == "forbidden":
        return _("Board %(board)s: %(a)s and %(b)s must not meet (same club or family, as the "
                 "statute says).") % {"board": v.board, "a": a, "b": b}
    if v.code == "pab_again":
        return _("Board %(board)s: %(a)s already had the pairing bye or a win without playing "
                 "(round %(rounds)s) and may not get the pairing bye again.") % {
            "board": v.board, "a": a, "rounds": _rounds(v.rounds)}
    if v.code == "two_pabs":
        return _("More than one pairing bye in this round (%(names)s): one player at most is "
                 "left over.") % {"names": ", ".join(names)}
    if v.code == "colour":
        colour = _("White") if v.colour is Colour.WHITE else _("Black")
        return _("Board %(board)s: %(a)s must have %(colour)s (colour difference beyond one, or "
                 "the same colour in the last two games) but has the other colour.") % {
            "board": v.board, "a": a, "colour": colour}
    if v.code == "unavailable":
        number = v.numbers[0]
        if setup is not None and number in setup.withdrawn:
            why = _("withdrew")
        elif setup is not None and number in setup.not_joined:
            why = _("joins in a later round")
        else:
            why = _("asked for a bye in this round")
        return _("Board %(board)s: %(a)s is paired but %(why)s.") % {
            "board": v.board, "a": a, "why": why}
    if v.code == "unpaired":
        return _("%(a)s should play this round but is on no board (absent: no points).") % {
            "a": a}
    if v.code == "twice":
        return _("%(a)s is on two boards (%(first)s and %(second)s).") % {
            "a": a, "first": v.rounds[0] if v.rounds else "", "second": v.board}
    return f"{v.code}: {', '.join(names)}"


def round_violations(round_: Round, record: EventRecord | None = None):
    """The violations of a Swiss round (any status) and the setup they were checked against."""
    event = round_.event
    record = record or load_event(event)
    setup = swiss_setup(record, round_.number)
    history = setup.tournament
    proposal = tuple(p for p in record.tournament.pairings if p.round == round_.number)
    proposal_view = pairing_tournament(
        Tournament(record.tournament.participants, proposal, record.tournament.rounds),
        scoring_system(event))
    tournament = Tournament(record.tournament.participants,
                            history.pairings + proposal_view.pairings,
                            record.tournament.rounds, record.tournament.name)
    violations = check_round(tournament, round_.number, points=setup.points,
                             forbidden=setup.forbidden, unavailable=setup.requested_byes,
                             total_rounds=event.rounds)
    return violations, setup, record


def round_warnings(round_: Round) -> list[RoundWarning]:
    """The absolute rules the pairings of ``round_`` break, in words (Swiss events only)."""
    if not round_.event.is_swiss:
        return []
    violations, setup, record = round_violations(round_)
    return [RoundWarning(v.code, describe(v, record, setup), v.board,
                         tuple(record.entries[n].pk for n in v.numbers if n in record.entries))
            for v in violations]
