"""Models, one module per subject; import them from here."""

from tournaments.models.addresses import AddressKind, OldAddress
from tournaments.models.adjournments import Adjournment, AdjournmentOutcome
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
from tournaments.models.checkins import CheckIn
from tournaments.models.closings import ClosingAction, EventClosing
from tournaments.models.entries import (
    PRIVATE_TOKEN_LENGTH,
    Disqualification,
    Entry,
    EntryStatus,
    Sanction,
    TeamMember,
    private_token_new,
    rating_order_key,
)
from tournaments.models.entry_rules import (
    REGISTRATION_BATCH_MAX,
    AskedField,
    EligibilityFields,
    RegistrationFields,
    UnratedRule,
)
from tournaments.models.events import (
    ARBITER_ROLES,
    CheckInRule,
    Event,
    EventRole,
    Role,
    Visibility,
)
from tournaments.models.fees import (
    FEE_MAX,
    EntryFee,
    FeeSchedule,
    Payment,
    PaymentKind,
    PaymentMethod,
)
from tournaments.models.formats import FORMAT_RULES, Format, FormatRules
from tournaments.models.fouls import (
    FAULTS_TO_LOSE,
    MINUTES_PER_FAULT,
    Foul,
    FoulArticle,
    FoulCategory,
    fault_category,
    fault_consequence,
    faults_to_lose,
    game_pace,
)
from tournaments.models.game_records import GameMoves, MoveNotation, RecordSource, RelayedBoard
from tournaments.models.invitations import Invitation
from tournaments.models.jobs import Job, JobKind, JobStage, JobStatus
from tournaments.models.notifications import (
    Channel,
    Notification,
    NotificationKind,
    NotificationStatus,
    PushSubscription,
    Unsubscribe,
    subscriber_key_of,
)
from tournaments.models.organisations import (
    CHILD_KINDS,
    ClubMembership,
    Organisation,
    OrganisationKind,
    OrganisationRole,
)
from tournaments.models.player_requests import (
    REQUEST_TEXT_MAX_LENGTH,
    PlayerRequest,
    RequestKind,
    RequestStatus,
)
from tournaments.models.players import Gender, Player, Team, Title
from tournaments.models.prizes import PrizeFields, PrizePrecedence, PrizeTies
from tournaments.models.protests import (
    PUBLIC_SUBJECTS,
    Protest,
    ProtestDecision,
    ProtestFiler,
    ProtestSubject,
)
from tournaments.models.ratings import (
    RatingApplication,
    RatingChange,
    RatingList,
    RatingListRow,
    RatingTable,
)
from tournaments.models.registrations import (
    LIVE_STATUSES,
    Registration,
    RegistrationMember,
    RegistrationStatus,
)
from tournaments.models.rounds import (
    REASON_MAX_LENGTH,
    Board,
    BoardAssignment,
    ByeKind,
    Game,
    GameKind,
    PairingMethod,
    ResultCode,
    Round,
    RoundStatus,
    RoundTimeChange,
    Substitution,
    awaiting_result,
)
from tournaments.models.statute import (
    Acceleration,
    DutchEdition,
    FoulKind,
    InitialColour,
    Pace,
    ParticipantKind,
    ScoringSystem,
    Seeding,
    SwissWithdrawal,
    TeamKnockoutDecider,
    TeamRanksBy,
    TeamScoring,
    VoidedGames,
    law_defaults,
)
from tournaments.models.titles import PlayerTitle, TitleGroup, TitleKind

__all__ = [
    "CHILD_KINDS", "ClubMembership", "Organisation", "OrganisationKind", "OrganisationRole",
    "PrizeFields", "PrizePrecedence", "PrizeTies",
    "FEE_MAX", "EntryFee", "FeeSchedule", "Payment", "PaymentKind", "PaymentMethod",
    "PUBLIC_SUBJECTS", "Protest", "ProtestDecision", "ProtestFiler", "ProtestSubject",
    "ARBITER_ROLES", "Acceleration", "AskedField", "EligibilityFields", "LIVE_STATUSES",
    "REGISTRATION_BATCH_MAX", "Registration", "RegistrationFields", "RegistrationMember",
    "RegistrationStatus", "UnratedRule", "AddressKind", "Adjournment", "AdjournmentOutcome",
    "OldAddress", "Board", "BoardAssignment",
    "ByeKind", "Category", "Channel", "CheckIn", "CheckInRule", "Championship",
    "ChampionshipRole", "ClosingAction", "Disqualification", "EventClosing",
    "DutchEdition", "Entry", "EntryStatus", "Event", "EventRole", "FAULTS_TO_LOSE",
    "MINUTES_PER_FAULT",
    "FORMAT_RULES", "Format", "FormatRules", "Foul", "FoulArticle", "FoulCategory", "FoulKind",
    "Game", "GameKind", "GameMoves", "Gender",
    "InitialColour", "Invitation", "Job", "JobKind", "JobStage", "JobStatus", "LineTies",
    "MoveNotation",
    "Notification", "NotificationKind", "NotificationStatus",
    "Pace", "PairingMethod", "ParticipantKind", "Player", "PlayerRequest", "PushSubscription",
    "Qualification", "REASON_MAX_LENGTH", "REQUEST_TEXT_MAX_LENGTH", "RequestKind",
    "RequestStatus",
    "RatingApplication", "RatingChange", "RatingList", "RatingListRow", "RatingTable",
    "RecordSource", "RelayedBoard", "ResultCode", "Role", "Round", "RoundStatus", "RoundTimeChange",
    "Sanction", "ScoringSystem", "Seeding",
    "SharedPlaces", "Stage", "StageSeeding", "Substitution", "SwissWithdrawal", "Team",
    "TeamClassification",
    "TeamKnockoutDecider", "TeamMember", "TeamRanksBy", "TeamScoring", "Title", "TitleGroup",
    "TitleKind", "PlayerTitle", "Unsubscribe",
    "Visibility",
    "VoidedGames",
    "PRIVATE_TOKEN_LENGTH", "awaiting_result", "fault_category", "fault_consequence",
    "faults_to_lose", "game_pace", "law_defaults", "private_token_new", "rating_order_key",
    "subscriber_key_of",
]
