"""Models, one module per subject; import them from here."""

from tournaments.models.entries import Entry, EntryStatus, TeamMember, rating_order_key
from tournaments.models.events import Event, EventRole, Role, Visibility
from tournaments.models.fouls import Foul, FoulArticle
from tournaments.models.game_records import GameMoves, MoveNotation, RecordSource
from tournaments.models.jobs import Job, JobKind, JobStatus
from tournaments.models.players import Gender, Player, Team, Title
from tournaments.models.ratings import (
    RatingApplication,
    RatingChange,
    RatingList,
    RatingListRow,
    RatingTable,
)
from tournaments.models.rounds import (
    REASON_MAX_LENGTH,
    Board,
    ByeKind,
    Game,
    GameKind,
    PairingMethod,
    ResultCode,
    Round,
    RoundStatus,
    Substitution,
    awaiting_result,
)
from tournaments.models.statute import (
    Acceleration,
    DutchEdition,
    Format,
    FoulKind,
    InitialColour,
    ParticipantKind,
    ScoringSystem,
    Seeding,
    TeamKnockoutDecider,
    TeamRanksBy,
    TeamScoring,
)

__all__ = [
    "Acceleration", "Board", "ByeKind", "DutchEdition", "Entry", "EntryStatus", "Event",
    "EventRole", "Foul", "FoulArticle", "FoulKind", "Format", "Game", "GameKind", "GameMoves",
    "Gender", "InitialColour", "Job", "JobKind", "JobStatus", "MoveNotation", "PairingMethod",
    "ParticipantKind", "Player", "REASON_MAX_LENGTH", "RatingApplication", "RatingChange",
    "RatingList", "RatingListRow", "RatingTable", "RecordSource", "ResultCode", "Role", "Round",
    "RoundStatus", "ScoringSystem", "Seeding", "Substitution", "Team", "TeamKnockoutDecider",
    "TeamMember", "TeamRanksBy", "TeamScoring", "Title", "Visibility", "awaiting_result",
    "rating_order_key",
]
