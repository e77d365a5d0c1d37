"""Models, one module per subject; import them from here."""

from tournaments.models.championships import (
    Category,
    Championship,
    ChampionshipRole,
    LineTies,
    Qualification,
    SharedPlaces,
    Stage,
    StageSeeding,
    TeamClassification,
)
from tournaments.models.entries import Entry, EntryStatus, TeamMember, rating_order_key
from tournaments.models.events import Event, EventRole, Role, Visibility
from tournaments.models.formats import FORMAT_RULES, Format, FormatRules
from tournaments.models.fouls import Foul, FoulArticle
from tournaments.models.game_records import GameMoves, MoveNotation, RecordSource
from tournaments.models.jobs import Job, JobKind, JobStage, JobStatus
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
    "Acceleration", "Board", "ByeKind", "Category", "Championship", "ChampionshipRole",
    "DutchEdition", "Entry", "EntryStatus", "Event", "EventRole", "FORMAT_RULES", "Format",
    "FormatRules", "Foul", "FoulArticle", "FoulKind", "Game", "GameKind", "GameMoves", "Gender",
    "InitialColour", "Job", "JobKind", "JobStage", "JobStatus", "LineTies", "MoveNotation",
    "PairingMethod", "ParticipantKind", "Player", "Qualification", "REASON_MAX_LENGTH",
    "RatingApplication", "RatingChange", "RatingList", "RatingListRow", "RatingTable",
    "RecordSource", "ResultCode", "Role", "Round", "RoundStatus", "ScoringSystem", "Seeding",
    "SharedPlaces", "Stage", "StageSeeding", "Substitution", "Team", "TeamClassification",
    "TeamKnockoutDecider", "TeamMember", "TeamRanksBy", "TeamScoring", "Title", "Visibility",
    "awaiting_result", "rating_order_key",
]
