"""The record of an event as the engines see it: participants, rounds, pairings, results.

The one vocabulary both engines speak (``pairings`` and ``scoring`` import it; it imports
neither): how a game ended (:class:`Result`), what that means for each side (:class:`Outcome`,
:class:`Kind`), byes and colours, and the event itself. Each table from a result to what it
means is written here once.

Plain frozen dataclasses, no Django. The Django app converts its rows into these
(``tournaments/adapters.py``); the TRF reader (``records/trf.py``) builds them from a file.

A *participant* is whoever is paired: a player in an individual event, a team in a team event.
Participants are identified by their pairing number (start number, table number *mã số*).

A *pairing* puts two participants on a board in a round (or gives one of them a bye). It holds one
game for single-game events and several for matches (two-game matches, Art. 21.2; knockout
mini-matches with tie-break games; team matches, one game per board).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum


class Result(StrEnum):
    """How one game ended, as the arbiter records it (White's result first)."""

    WHITE_WINS = "1-0"
    DRAW = "1/2-1/2"
    BLACK_WINS = "0-1"
    # Art. 7.1 i, 15.7 b: the arbiter can declare both players losers of one game.
    BOTH_LOSE = "0-0"
    # Art. 10.2.1 a: a player later than the forfeit time loses without play.
    WHITE_WINS_FORFEIT = "+/-"
    BLACK_WINS_FORFEIT = "-/+"
    DOUBLE_FORFEIT = "-/-"
    # Art. 21.5.1: a game cancelled because a player withdrew having played half or fewer of
    # their games. The crosstable shows X; neither side scores.
    CANCELLED = "X"

    @property
    def played(self) -> bool:
        """Whether the game was played over the board (FIDE C.07 §16: forfeits are not)."""
        return self in _PLAYED

    def outcome_for(self, white: bool) -> Outcome:
        """The outcome for White (``white=True``) or for Black."""
        white_outcome, black_outcome = _OUTCOMES[self]
        return white_outcome if white else black_outcome

    @property
    def flipped(self) -> Result:
        """The same game written from the other side (colours exchanged): ``1-0`` becomes
        ``0-1``; a draw, a double loss or forfeit and a cancelled game stay as they are."""
        return _BY_OUTCOMES[self.outcome_for(False), self.outcome_for(True)]


class Outcome(StrEnum):
    """One side's outcome of a game or a bye; the scoring system turns it into points."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    CANCELLED = "cancelled"
    PAIRING_BYE = "pairing_bye"
    FULL_BYE = "full_bye"
    HALF_BYE = "half_bye"
    ZERO_BYE = "zero_bye"

    @property
    def kind(self) -> Kind:
        """Win, draw or loss, whatever the points (a forfeit win and the full-point byes count
        as wins, the half-point bye as a draw; a cancelled game, Art. 21.5.1, as nothing won)."""
        return _KINDS.get(self, Kind.LOSS)


class Kind(Enum):
    """An outcome reduced to win, draw or loss: what the pairing rules count (C.04.3 Art. 1.4,
    floats; the pairing-allocated bye's eligibility). Values order them."""

    LOSS = 0
    DRAW = 1
    WIN = 2


_KINDS = {
    Outcome.WIN: Kind.WIN, Outcome.FORFEIT_WIN: Kind.WIN, Outcome.PAIRING_BYE: Kind.WIN,
    Outcome.FULL_BYE: Kind.WIN, Outcome.DRAW: Kind.DRAW, Outcome.HALF_BYE: Kind.DRAW,
}


_PLAYED = frozenset({Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.BOTH_LOSE})

_OUTCOMES: dict[Result, tuple[Outcome, Outcome]] = {
    Result.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
    Result.DRAW: (Outcome.DRAW, Outcome.DRAW),
    Result.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
    Result.BOTH_LOSE: (Outcome.LOSS, Outcome.LOSS),
    Result.WHITE_WINS_FORFEIT: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Result.BLACK_WINS_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
    Result.CANCELLED: (Outcome.CANCELLED, Outcome.CANCELLED),
}
_BY_OUTCOMES = {outcomes: result for result, outcomes in _OUTCOMES.items()}

FORFEITS = frozenset({Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT,
                      Result.DOUBLE_FORFEIT})
"""The forfeits (Art. 10.2.1 a: a side absent past the forfeit time loses without play). Ruled
on a whole match, a forfeit decides it whatever its games say: in a knockout (appendix §2, §3)
it is the walkover that sends the present side on."""

MATCH_RULINGS = FORFEITS | {Result.CANCELLED}
"""What the arbiter may record for a whole match instead of its games: a forfeit (Art. 21.2: the
present side scores the match), or the match cancelled with a withdrawal (Art. 21.5.1). A
knockout match takes only the forfeits: a knockout game cannot be cancelled, a withdrawn side
loses its match by walkover."""


class Bye(StrEnum):
    """A round a participant does not play, and what it is worth (TRF-16 letters)."""

    # FIDE C.04.1 Art. 3: the pairing leaves one player over; worth a win unless the statute says
    # otherwise. Also the rest of a round robin with an odd number of players (appendix §5).
    PAIRING_ALLOCATED = "U"
    FULL_POINT = "F"
    HALF_POINT = "H"
    # Absent, not paired, or withdrawn: no points.
    ZERO_POINT = "Z"

    @property
    def outcome(self) -> Outcome:
        return _BYE_OUTCOMES[self]


_BYE_OUTCOMES = {
    Bye.PAIRING_ALLOCATED: Outcome.PAIRING_BYE,
    Bye.FULL_POINT: Outcome.FULL_BYE,
    Bye.HALF_POINT: Outcome.HALF_BYE,
    Bye.ZERO_POINT: Outcome.ZERO_BYE,
}


class Colour(StrEnum):
    WHITE = "w"
    BLACK = "b"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a pairing. ``white_first`` says whether the pairing's first-named participant
    had White in this game (two-game matches alternate colours, Art. 4.2.2; a team's boards
    alternate, appendix §4). ``result`` is ``None`` until the game is decided."""

    white_first: bool
    result: Result | None = None
    # Knockout tie-break level of this game (0 = the match itself); see pairings/minimatch.py.
    level: int = 0


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two participants on a board in a round, or one participant's bye (``second`` is None)."""

    round: int
    board: int
    first: int
    second: int | None
    games: tuple[Game, ...] = ()
    bye: Bye | None = None

    @property
    def is_bye(self) -> bool:
        return self.second is None

    @property
    def result(self) -> Result | None:
        """The result of a single-game pairing (the first game's)."""
        return self.games[0].result if self.games else None

    @property
    def white(self) -> int | None:
        """Who had White in the first game."""
        if self.second is None or not self.games:
            return None
        return self.first if self.games[0].white_first else self.second

    @property
    def black(self) -> int | None:
        if self.second is None or not self.games:
            return None
        return self.second if self.games[0].white_first else self.first


class Sanction(StrEnum):
    """A disqualification (Art. 16.1 d–e, 16.2): the points gained voided (Art. 15.6, the chief
    arbiter's act; the player stays on the list with nothing), or the player struck from the
    list and the results (the chief arbiter with the head of the organising committee)."""

    POINTS_VOIDED = "voided"
    STRUCK = "struck"


class VoidedGames(StrEnum):
    """How the opponents score a disqualified player's games (the statute's choice: Art. 15.6
    says only that the player's points are voided): each opponent wins by forfeit, or every
    game is cancelled (X) for both sides, as Art. 21.5.1 does for an early withdrawal."""

    OPPONENTS_WIN = "wins"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class Participant:
    """A player or a team in the event, by pairing number."""

    number: int
    name: str = ""
    rating: int | None = None
    title: str = ""
    federation: str = ""
    club: str = ""
    sex: str = ""
    birth_year: int | None = None
    external_id: str = ""
    # Art. 21.5: withdrew after this round (played rounds 1..k at most).
    withdrawn_after: int | None = None
    # Late entry: first round the participant can be paired in.
    joined_round: int = 1
    # Art. 16.1 d–e: disqualified, and how the statute scores the games (``VoidedGames``).
    disqualified: Sanction | None = None
    voided_games: VoidedGames = VoidedGames.OPPONENTS_WIN

    def __post_init__(self) -> None:
        # A rating of 0 is how many programs write "unrated" (TRF files, registers): it is no
        # rating, for ARO (C.07 §10.1) and for the initial order (C.04.2) alike.
        if self.rating is not None and self.rating <= 0:
            object.__setattr__(self, "rating", None)


@dataclass(frozen=True, slots=True)
class Tournament:
    """What the engines need to know of an event: participants and the pairings of its rounds.

    ``rounds`` is the number of rounds the statute announces (Swiss), or that the format implies.
    Absence from a round is a zero-point bye pairing; a participant without any pairing in a round
    that has been paired simply did not take part in it.
    """

    participants: tuple[Participant, ...]
    pairings: tuple[Pairing, ...] = ()
    rounds: int = 0
    name: str = ""

    @property
    def rounds_paired(self) -> int:
        return max((p.round for p in self.pairings), default=0)

    def pairings_of_round(self, number: int) -> tuple[Pairing, ...]:
        return tuple(p for p in self.pairings if p.round == number)
