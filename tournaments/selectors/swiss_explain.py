"""Why a Swiss round is paired as it is, in the reader's words (FIDE C.04.3 Art. 2-5).

The Dutch engine explains its pairing when it pairs the round (``pairings/dutch_explain.py``)
and the round keeps that explanation (``Round.explanation``: criterion codes, colour rules and
pairing numbers). This module words it in the reader's language without running the engine:
per bracket (who moved down or up and the criterion that forced it, the exchange, the
transposition, why the first candidate was not taken) and per board (the colour rule of
Art. 5.2, and each player's floats). A board changed by hand since is compared with the
engine's own board: the explanation is of the engine's pairing, and the page says which boards
differ. Rounds the engine did not pair (imported from TRF, paired before explanations were
kept) have none, and say so.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Board, ByeKind, Entry, PairingMethod, Round
from tournaments.text import points_text

# [C4] and [C6] as causes of a bracket's downfloaters.
FLOATS = {
    "C6": gettext_lazy("[C6] the group cannot pair them: an odd number of players, or no "
                       "opponent they may meet ([C1] no rematch, [C3] colours)"),
    "C4": gettext_lazy("[C4] pairing them inside the group would leave the rest of the round "
                       "impossible to pair"),
}
# Why a resident meets a player moved down from a higher group.
UPFLOATS = {
    "C6": gettext_lazy("[C6] pairing the moved-down player makes the most pairs"),
    "C7": gettext_lazy("[C7] otherwise the moved-down player, with more points, would have "
                       "to move down again"),
}
# Why the first candidate pairing of a bracket (Art. 3.2-3.3) lost: C.04.3's criteria.
CRITERIA = {
    "C1": gettext_lazy("[C1] %(a)s and %(b)s have already played each other or must not meet"),
    "C3": gettext_lazy("[C3] %(a)s and %(b)s both must have the same colour"),
    "C4": gettext_lazy("[C4] after it the rest of the round cannot be paired"),
    "C6": gettext_lazy("[C6] it makes fewer pairs"),
    "C7": gettext_lazy("[C7] it moves players with more points down"),
    "C8": gettext_lazy("[C8] after it the next group cannot be paired as well"),
    "C9": gettext_lazy("[C9] it gives the pairing bye to a player who has played fewer games"),
    "C10": gettext_lazy("[C10] a topscorer's colour difference would exceed 2"),
    "C11": gettext_lazy("[C11] a topscorer would get the same colour three times running"),
    "C12": gettext_lazy("[C12] it grants fewer colour preferences"),
    "C13": gettext_lazy("[C13] it grants fewer strong colour preferences"),
    "C14": gettext_lazy("[C14] more players who moved down last round move down again"),
    "C15": gettext_lazy("[C15] more moved-down players meet players who moved up last round"),
    "C16": gettext_lazy("[C16] more players who moved down two rounds ago move down again"),
    "C17": gettext_lazy("[C17] more moved-down players meet players who moved up two rounds "
                        "ago"),
    "C18": gettext_lazy("[C18] players moving down again (after last round) have more points"),
    "C19": gettext_lazy("[C19] players moving up again (after last round) meet opponents with "
                        "more points"),
    "C20": gettext_lazy("[C20] players moving down again (after two rounds ago) have more "
                        "points"),
    "C21": gettext_lazy("[C21] players moving up again (after two rounds ago) meet opponents "
                        "with more points"),
}
# The colour rules of Art. 5.2.
COLOURS = {
    "5.2.1": gettext_lazy("Colours (Art. 5.2.1): both players get the colour they prefer."),
    "5.2.2": gettext_lazy("Colours (Art. 5.2.2): %(player)s has the stronger colour preference "
                          "and gets it."),
    "5.2.3": gettext_lazy("Colours (Art. 5.2.3): both prefer the same colour; they alternate "
                          "from round %(round)s, the last round in which they had different "
                          "colours."),
    "5.2.4": gettext_lazy("Colours (Art. 5.2.4): %(player)s, the higher ranked, gets the colour "
                          "they prefer."),
    "5.2.5": gettext_lazy("Colours (Art. 5.2.5): neither has a preference; the initial colour "
                          "drawn by lot decides, by the pairing number of %(player)s."),
}


@dataclass(frozen=True)
class BracketWhy:
    """One bracket as stored (``data``: the engine's fields) and worded (``lines``)."""

    data: dict
    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class BoardWhy:
    """A board of the round: the engine's board it matches (``engine``: None when the board
    was made by hand), whether it was changed by hand since, and what to say."""

    board: int
    changed: bool
    engine: dict | None
    lines: tuple[str, ...]


@dataclass
class RoundWhy:
    """A Swiss round's explanation: ``stored`` False when the round has none (``note`` says
    why); else the brackets, the boards (by board number) and the boards changed by hand."""

    stored: bool
    note: str = ""
    bye: str = ""
    brackets: list[BracketWhy] = field(default_factory=list)
    boards: dict[int, BoardWhy] = field(default_factory=dict)

    @property
    def changed_boards(self) -> list[int]:
        return [n for n, why in sorted(self.boards.items()) if why.changed]

    @property
    def board_list(self) -> list[BoardWhy]:
        return [why for _n, why in sorted(self.boards.items())]


class _Names:
    """Players by pairing number, "Name (12)"; a number alone when no entry has it."""

    def __init__(self, entries: dict[int, Entry]):
        self.entries = entries

    def __call__(self, number) -> str:
        entry = self.entries.get(number)
        return f"{entry.name} ({number})" if entry else str(number)

    def many(self, numbers) -> str:
        return ", ".join(map(str, numbers)) or "–"


def _score(value: str | None) -> str:
    return points_text(Fraction(value), halves=True) if value is not None else ""


def _title(bracket: dict) -> str:
    if bracket["score"] is None:
        return _("Moved-down players paired below the last score group")
    return _("Score group %(score)s") % {"score": _score(bracket["score"])}


def _float_reasons(bracket: dict) -> list[str]:
    return [_("%(count)s of them: %(reason)s") % {"count": c["count"],
                                                   "reason": FLOATS[c["criterion"]]}
            for c in bracket["float_counts"]]


def _bracket_lines(bracket: dict, who: _Names) -> list[str]:
    lines = [_("Players of the group: %(players)s") % {"players": who.many(bracket["residents"])}]
    if bracket["mdps"]:
        lines.append(_("Moved down from a higher group: %(players)s")
                     % {"players": who.many(bracket["mdps"])})
    if bracket["downfloaters"]:
        lines.append(_("Move down to the next group: %(players)s")
                     % {"players": who.many(bracket["downfloaters"])})
        lines += _float_reasons(bracket)
    for up in bracket["upfloaters"]:
        lines.append(_("%(player)s meets %(opponent)s, moved down from a higher group: "
                       "%(reason)s") % {"player": who(up["player"]),
                                        "opponent": who(up["opponent"]),
                                        "reason": UPFLOATS[up["criterion"]]})
    lines += _choice_lines(bracket, who)
    return lines


def _choice_lines(bracket: dict, who: _Names, players: set[int] | None = None) -> list[str]:
    """How the group's pairing differs from its first candidate (Art. 3.2-4.3); for one board
    (``players``), only what concerns its players or the whole group."""
    lines = []
    exchange = bracket["exchange"]
    if players is not None:
        exchange = exchange if exchange and players & {*exchange["out_of_s1"],
                                                        *exchange["into_s1"]} else None
    if exchange:
        lines.append(_("Exchange between S1 and S2 (Art. 4.3): %(out)s to S2, %(into)s to S1")
                     % {"out": who.many(exchange["out_of_s1"]),
                        "into": who.many(exchange["into_s1"])})
    if bracket["transposed"] and players is None:
        lines.append(_("S2 transposed (Art. 4.2): S1 does not meet S2 in order."))
    failure = bracket["first_candidate"]
    if failure and players is not None and failure["players"] and \
            not players & set(failure["players"]):
        failure = None
    if failure:
        players = failure["players"]
        reason = CRITERIA[failure["criterion"]] % (
            {"a": who(players[0]), "b": who(players[1])} if players else {})
        lines.append(_("The first candidate (Art. 3.2-3.3) was not taken: %(reason)s")
                     % {"reason": reason})
    return lines


def _colour_line(board: dict, who: _Names) -> str:
    return str(COLOURS[board["rule"]]) % {"player": who(board["player"]),
                                          "round": board["round"]}


class _Stored:
    """A round's stored explanation, indexed by pairing number once (linear in the round)."""

    def __init__(self, stored: dict, who: _Names):
        self.who, self.bye = who, stored["bye"]
        self.brackets: list[dict] = stored["brackets"]
        self.engine_of = {n: b for b in stored["boards"] for n in (b["white"], b["black"])}
        self.last: dict[int, int] = {}  # the last bracket holding a player: where they met
        self.floats: dict[int, list[str]] = {}
        for i, bracket in enumerate(self.brackets):
            self.last.update((n, i) for n in (*bracket["mdps"], *bracket["residents"]))
            for number in bracket["downfloaters"]:
                self.floats.setdefault(number, []).append(self._down(number, bracket))
            for up in bracket["upfloaters"]:
                self.floats.setdefault(up["player"], []).append(
                    _("%(player)s moves up to meet %(opponent)s: %(reason)s")
                    % {"player": who(up["player"]), "opponent": who(up["opponent"]),
                       "reason": UPFLOATS[up["criterion"]]})

    def _down(self, number: int, bracket: dict) -> str:
        counts = bracket["float_counts"]
        reasons = (str(FLOATS[counts[0]["criterion"]]) if len(counts) == 1
                   else "; ".join(_float_reasons(bracket)))
        return _("%(player)s moves down from score group %(score)s: %(reasons)s") % {
            "player": self.who(number), "score": _score(bracket["score"]), "reasons": reasons}

    def pairing_bracket(self, white: int, black: int) -> dict | None:
        i = self.last.get(white)
        return self.brackets[i] if i is not None and i == self.last.get(black) else None

    def place(self, entry: Entry) -> str:
        """Where the engine had put ``entry``."""
        number = entry.number
        if number is not None and number == self.bye:
            return _("the engine gave %(player)s the pairing bye") % {"player": self.who(number)}
        board = self.engine_of.get(number)
        if board is None:
            return _("the engine did not pair %(player)s") % {
                "player": self.who(number) if number else entry.name}
        return _("the engine paired %(white)s – %(black)s") % {
            "white": self.who(board["white"]), "black": self.who(board["black"])}


def _game_why(board: Board, engine: dict, stored: _Stored) -> BoardWhy:
    white, black, who = board.white.number, board.black.number, stored.who
    if engine["white"] != white:
        return BoardWhy(board.number, True, engine, (
            _("Changed by hand: the engine gave %(white)s White and %(black)s Black.")
            % {"white": who(engine["white"]), "black": who(engine["black"])},))
    lines = [_colour_line(engine, who)]
    for number in (white, black):
        lines += stored.floats.get(number, [])
    bracket = stored.pairing_bracket(white, black)
    if bracket is not None:
        lines.insert(0, _("Paired in: %(group)s.") % {"group": _title(bracket)})
        lines += _choice_lines(bracket, who, {white, black})
    return BoardWhy(board.number, False, engine, tuple(lines))


def _board_why(board: Board, stored: _Stored) -> BoardWhy | None:
    """A board against the engine's pairing; None for a bye the engine did not decide (a
    requested bye, an absence)."""
    if board.black_id is not None:
        engine = stored.engine_of.get(board.white.number)
        if engine is not None and engine is stored.engine_of.get(board.black.number):
            return _game_why(board, engine, stored)
        places = [stored.place(board.white), stored.place(board.black)]
    else:
        number = board.white.number
        if board.bye == ByeKind.PAIRING_ALLOCATED and number == stored.bye:
            lines = [_("[C5] The pairing bye goes to a player of the lowest score that still "
                       "lets everyone else be paired."), *stored.floats.get(number, [])]
            return BoardWhy(board.number, False, None, tuple(lines))
        if number is None or (number != stored.bye and number not in stored.engine_of):
            return None
        places = [stored.place(board.white)]
    return BoardWhy(board.number, True, None, (
        _("Changed by hand: %(places)s.") % {"places": "; ".join(places)},))


def _missing_note(round_: Round) -> str:
    if round_.method == PairingMethod.IMPORTED:
        return _("This round was imported from a TRF file: no explanation of its pairing is "
                 "stored.")
    return _("No explanation is stored for this round: it was paired before explanations "
             "were kept.")


def round_explanation(round_: Round, boards: list[Board], *,
                      entries: Iterable[Entry] | None = None) -> RoundWhy | None:
    """Why a Swiss round is paired as it is, from what the round stores; None for rounds of
    other formats. ``boards``: the round's boards with their entries (``rounds.round_boards``).
    Each board gets ``why`` (a ``BoardWhy`` or None). One query (the entries' names), none
    when the page has read the event's ``entries`` already."""
    if not round_.event.format_rules.pairs_by_score:
        return None
    for board in boards:
        board.why = None
    stored = round_.explanation
    if stored is None:
        return RoundWhy(stored=False, note=_missing_note(round_))
    if entries is None:
        entries = Entry.objects.filter(event_id=round_.event_id, number__isnull=False) \
            .select_related("player", "team")
    entries = {e.number: e for e in entries if e.number}
    who = _Names(entries)
    why = RoundWhy(stored=True)
    why.brackets = [BracketWhy(b, _title(b), tuple(_bracket_lines(b, who)))
                    for b in stored["brackets"]]
    if stored["bye"] is not None:
        why.bye = _("Pairing bye: %(player)s. [C5] It goes to a player of the lowest score "
                    "that still lets everyone else be paired.") % {"player": who(stored["bye"])}
    indexed = _Stored(stored, who)
    for board in boards:
        board.why = _board_why(board, indexed)
        if board.why is not None:
            why.boards[board.number] = board.why
    if why.changed_boards:
        why.note = _("This explains the engine's pairing; boards changed by hand since: "
                     "%(boards)s.") % {"boards": ", ".join(map(str, why.changed_boards))}
    return why
