"""The REST API's permission matrix (Art. 19, 20; tournaments/rules.py): every write
endpoint, and the reads meant for the staff, tried by anonymous, an arbiter of another event,
the event's arbiter, its chief arbiter and its organiser.

- A refused action answers 401, 403 or 404, and changes nothing: every row of every table the
  app keeps (events, entries, rounds, boards, games, their history, roles, players, teams,
  jobs) is compared before and after.
- An allowed action succeeds (2xx) and, for a write, changes something.

``CASES`` lists the actions; ``test_every_endpoint_is_tested`` checks that every operation in
the OpenAPI schema is in this matrix or in the read tests (test_endpoints.py), so a new endpoint
cannot go untested.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from tests.tournaments.api.test_tree_permissions import TREE_OPERATIONS
from tests.tournaments.builders import (
    PlayerFactory,
    UserFactory,
    backup_upload,
    championship_scenario,
    invited_scenario,
    knockout_deciding_scenario,
    knockout_scenario,
    players_workbook,
    rated_scenario,
    rating_list_upload,
    role_of,
    rr_scenario,
    swiss_scenario,
    teams_scenario,
)
from tournaments.models import (
    Adjournment,
    Board,
    BoardAssignment,
    Category,
    Championship,
    ChampionshipRole,
    CheckIn,
    Disqualification,
    Entry,
    EntryFee,
    Event,
    EventClosing,
    EventRole,
    FeeSchedule,
    Foul,
    Game,
    GameMoves,
    Invitation,
    Job,
    Notification,
    Payment,
    Player,
    PlayerRequest,
    PlayerTitle,
    Protest,
    PushSubscription,
    RatingApplication,
    RatingChange,
    RatingList,
    RatingListRow,
    Registration,
    RegistrationMember,
    Round,
    Stage,
    Team,
    TeamMember,
    TitleKind,
    Unsubscribe,
)
from tournaments.selectors.trf import trf_export
from tournaments.services.adjournments import adjournment_record
from tournaments.services.assignments import board_assignment_set
from tournaments.services.backup import event_backup
from tournaments.services.championships import championship_role_assign
from tournaments.services.closing import event_close
from tournaments.services.disqualifications import entry_disqualify
from tournaments.services.events import event_update, role_assign
from tournaments.services.fees import fee_schedule_set, payment_record
from tournaments.services.fouls import foul_record
from tournaments.services.game_records import game_moves_record
from tournaments.services.imports import import_start
from tournaments.services.jobs import export_start, pairing_start
from tournaments.services.player_requests import player_request_create
from tournaments.services.protests import protest_appeal, protest_decide, protest_file
from tournaments.services.registrations import Contact, registration_submit
from tournaments.services.relay import relay_board_set, relay_move
from tournaments.services.schedule import round_schedule_set
from tournaments.services.titles import player_title_award
from tournaments.tasks import export_build, import_preview

pytestmark = pytest.mark.django_db

# "deputy": the deputy chief arbiter, designated on the event; acts with the chief's rights
# (Art. 20.3), so every case the chief may do, the deputy may do.
# "secretary": the arbiters' secretary (Art. 20.1, 20.3 i), who keeps the records; "appeals": a
# member of the appeals committee (Art. 19.2), who decides appeals and writes nothing else.
# "treasurer": the entry fees' desk (models/fees.py), who reads and records the fees (not the
# statute's rates) and nothing else here.
ROLES = ["anonymous", "other_arbiter", "arbiter", "chief", "deputy", "organiser", "secretary",
         "appeals", "treasurer"]
ORGANISER = frozenset({"organiser"})
PAIRERS = frozenset({"chief", "organiser"})  # the draw, publishing, closing (Art. 20)
# Results, score sheets, records (Art. 20; the secretary's: Art. 20.3 i, 20.4 b.6).
STAFF = frozenset({"arbiter", "chief", "organiser", "secretary"})
APPEALS = frozenset({"appeals"})  # Art. 19.2
FEES = frozenset({"organiser", "treasurer"})  # the entry fees (no article: the statute's)
# The roles given on the scenario's event (or championship) for the test, beside the organiser,
# chief arbiter and arbiter every scenario has.
DESIGNATED = ("deputy", "secretary", "appeals", "treasurer")
ARBITERS = frozenset({"arbiter", "chief"})  # penalties during play (chapter 5, Art. 20)
# The register's keepers (superusers, ``change_player``): none of an event's roles.
KEEPERS: frozenset[str] = frozenset()


# The reads tested in test_endpoints.py; the writes (and the staff's reads) are in CASES below.
READ_OPERATIONS = {
    ("GET", "/api/events/"), ("GET", "/api/events/{id}/"),
    ("GET", "/api/events/{id}/standings/"), ("GET", "/api/events/{id}/crosstable/"),
    ("GET", "/api/events/{id}/version/"),
    # Prize winners: tests/tournaments/views/test_prizes.py (amounts for the staff only); the
    # list is written with the statute (PATCH /api/events/{id}/, in CASES).
    ("GET", "/api/events/{id}/prizes/"),
    ("GET", "/api/events/{event_pk}/entries/"), ("GET", "/api/entries/{id}/"),
    ("GET", "/api/events/{event_pk}/rounds/"), ("GET", "/api/events/{event_pk}/rounds/{number}/"),
    ("GET", "/api/events/{event_pk}/trf/"), ("GET", "/api/events/{event_pk}/bracket/"),
    ("GET", "/api/events/{event_pk}/boards/"), ("GET", "/api/events/{event_pk}/teams/{entry_pk}/"),
    ("GET", "/api/players/"), ("GET", "/api/players/{id}/"),
    # A register player's history, read as the register is (with IDs): test_players.py.
    ("GET", "/api/players/{id}/history/"),
    # Penalties: tests/tournaments/api/test_fouls.py (notes for the staff only).
    ("GET", "/api/boards/{id}/fouls/"), ("GET", "/api/events/{event_pk}/fouls/"),
    # Adjournments: tests/tournaments/api/test_adjournments.py (the sealed move hidden).
    ("GET", "/api/boards/{id}/adjournments/"),
    # Named tie-break orders: tests/tournaments/api/test_tiebreak_presets.py (open to all).
    ("GET", "/api/tiebreak-presets/"),
    ("GET", "/api/teams/"), ("GET", "/api/teams/{id}/"),
    # Ratings: tests/tournaments/api/test_ratings.py.
    ("GET", "/api/rating-lists/"), ("GET", "/api/rating-lists/{id}/"),
    ("GET", "/api/players/{id}/ratings/"), ("GET", "/api/events/{event_pk}/ratings/"),
    # A player across events, the titles held, the federation's list: test_career.py.
    ("GET", "/api/players/{id}/career/"), ("GET", "/api/players/{id}/head-to-head/{other_pk}/"),
    ("GET", "/api/players/{id}/titles/"), ("GET", "/api/title-kinds/"),
    # Print sheets: tests/tournaments/api/test_printing.py (the staff's in CASES).
    ("GET", "/api/events/{event_pk}/print/"),
    # Championships: tests/tournaments/api/test_championships.py.
    ("GET", "/api/championships/"), ("GET", "/api/championships/{id}/"),
    ("GET", "/api/categories/{id}/results/"),
    ("GET", "/api/championships/{id}/players/{player_pk}/"),
    ("GET", "/api/stages/{id}/qualification/"), ("GET", "/api/championships/{id}/workbook/"),
    # Game records (Art. 11): tests/tournaments/api/test_game_records.py.
    ("GET", "/api/boards/{id}/moves/"),
    # The live relay, the statute's delay for the public: tests/tournaments/api/test_relay.py.
    ("GET", "/api/boards/{id}/live/"), ("GET", "/api/events/{event_pk}/rounds/{number}/live/"),
    # Protests (Art. 15.6, 19.2): tests/tournaments/api/test_protests.py (decided ones public).
    ("GET", "/api/events/{event_pk}/protests/"),
    # The archive's search and seasons, open to all (public events and readable players only):
    # tests/tournaments/views/test_archive.py, tests/tournaments/selectors/test_archive_search.py.
    ("GET", "/api/search/"), ("GET", "/api/archive/"),
    # Signing in for a token: tests/tournaments/api/test_core.py (open to all, password checked).
    ("POST", "/api/token/"),
    # The organisations' tree and the public calendar, open to all: test_organisations_api.py.
    ("GET", "/api/organisations/"), ("GET", "/api/organisations/{id}/"), ("GET", "/api/calendar/"),
    # Online registration's submit, open to all while the statute's registration is open (Art.
    # 18 b): tests/tournaments/api/test_registrations.py.
    ("POST", "/api/events/{event_pk}/registrations/"),
}
# A player's own page by the private link, whoever holds it (no account): a right over its own
# entry only, a wrong token 404 (tests/tournaments/api/test_private_page.py).
TOKEN_OPERATIONS = {
    ("GET", "/api/private/{token}/"), ("POST", "/api/private/{token}/requests/"),
    ("POST", "/api/private/{token}/push/"), ("POST", "/api/private/{token}/check-in/"),
}


@dataclass(frozen=True)
class Case:
    """One action: the scenario it needs, the request it sends, who may do it."""

    scenario: str
    request: Callable[[dict], tuple]  # ctx -> (method, url, payload[, format])
    allowed: frozenset[str]
    operation: tuple[str, str]  # (METHOD, path in the schema), for the coverage check
    read: bool = False


def _job_ctx(kind):
    """Jobs of the organiser on a round robin: an export pending, one done with its file, an
    import waiting for confirmation."""
    def build(make_event, organiser, chief):
        ctx = rr_scenario(make_event, organiser, chief, rounds="published")
        event = ctx["event"]
        if kind == "pending":
            ctx["job"] = export_start(event=event, actor=organiser, table="players")
        elif kind == "done":
            ctx["job"] = export_start(event=event, actor=organiser, table="players")
            export_build.apply(args=[ctx["job"].pk])
        else:
            workbook = players_workbook()
            upload = SimpleUploadedFile("vdv.xlsx", workbook.getvalue())
            ctx["job"] = import_start(actor=organiser, upload=upload, event=event)
            import_preview.apply(args=[ctx["job"].pk])
        return ctx
    return build


def _pairing_ctx(make_event, organiser, chief):
    """A Swiss event whose next round the chief arbiter sent to a worker (not taken yet)."""
    ctx = swiss_scenario(make_event, organiser, chief)
    ctx["job"] = pairing_start(event=ctx["event"], actor=chief)
    return ctx


def _moves_ctx(make_event, organiser, chief):
    """Round 1 of a round robin published, the moves of its first board stored."""
    ctx = rr_scenario(make_event, organiser, chief, rounds="published")
    game_moves_record(event=ctx["event"], board=ctx["board"], text="P2-5 M8.7", actor=chief)
    return ctx


def _pgn_upload(ctx):
    board = ctx["board"]
    text = f'[Red "{board.white.name}"]\n[Black "{board.black.name}"]\n\n1. P2-5 M8.7 *\n'
    return SimpleUploadedFile("round.pgn", text.encode())


def _foul_ctx(make_event, organiser, chief):
    """Round 1 of a round robin published, a warning recorded on its first board."""
    ctx = rr_scenario(make_event, organiser, chief, rounds="published")
    board = ctx["board"]
    ctx["foul"] = foul_record(event=ctx["event"], board=board, entry_id=board.white_id,
                              kind="warning", article="23.1", actor=chief)
    return ctx


def _adjourned_ctx(make_event, organiser, chief):
    """Round 1 of a round robin published, its first board's game adjourned (Art. 10.3)."""
    ctx = rr_scenario(make_event, organiser, chief, rounds="published")
    board = ctx["board"]
    ctx["adjournment"] = adjournment_record(
        event=ctx["event"], board=board, sealer_id=board.black_id, sealed_move="X2.5",
        move_number=41, white_seconds=600, black_seconds=300, actor=chief)
    return ctx


def _struck_ctx(make_event, organiser, chief):
    """Round 1 closed; the chief arbiter has decided to strike an entry (Art. 16.2), which
    waits for the head of the organising committee's approval."""
    ctx = rr_scenario(make_event, organiser, chief, rounds="closed")
    entry_disqualify(entry=ctx["entries"][0], sanction="struck", reason="Bán độ", actor=chief)
    return ctx


def _protest_ctx(stage):
    """Round 1 of a round robin played; Black of board 1 protests its result in writing (Art.
    15.6), the protest then decided by the chief arbiter, then appealed (Art. 19.2)."""
    def build(make_event, organiser, chief):
        ctx = rr_scenario(make_event, organiser, chief, rounds="played")
        board = ctx["board"]
        ctx["protest"] = protest_file(round_=board.round, board=board, entry=board.black,
                                      filer="player", subject="result", text="Sai kết quả",
                                      actor=chief)
        if stage in ("decided", "appealed"):
            protest_decide(protest=ctx["protest"], actor=chief, decision="rejected",
                           reason="Biên bản đúng")
        if stage == "appealed":
            protest_appeal(protest=ctx["protest"], actor=chief, text="Xin xét lại")
        return ctx
    return build


def _protest_payload(ctx):
    board = ctx["board"]
    return {"round": 1, "board": board.number, "entry": board.black_id, "filer": "player",
            "subject": "result", "text": "Đối thủ đi hai nước liền"}


def _assigned_ctx(make_event, organiser, chief):
    """A published round robin round whose board 1 the chief arbiter is in charge of."""
    ctx = rr_scenario(make_event, organiser, chief, rounds="published")
    board_assignment_set(round_=ctx["board"].round, actor=organiser, arbiter=chief, first=1,
                         last=1)
    return ctx


def _relay_ctx(make_event, organiser, chief):
    """A published round robin round whose first board is relayed (any arbiter records it),
    its first move entered."""
    ctx = rr_scenario(make_event, organiser, chief, rounds="published")
    relay_board_set(round_=ctx["board"].round, actor=organiser, number=ctx["board"].number)
    relay_move(event=ctx["event"], board=ctx["board"], ply=1, move="h2e2", actor=chief)
    return ctx


def _registrations_ctx(make_event, organiser, chief):
    """A public Swiss event taking registrations online: two pending, an eligible one and a
    player born too early for its U16 rule."""
    ctx = swiss_scenario(make_event, organiser, chief)
    event = event_update(event=ctx["event"], actor=organiser, registration_online=True,
                         eligible_born_from=2011)
    ctx["registrations"] = registration_submit(
        event=event, contact=Contact(name="Trưởng đoàn"),
        players=[{"full_name": "Võ Nhỏ", "birth_year": 2012},
                 {"full_name": "Võ Lớn", "birth_year": 1990}])
    return ctx


def _asked_ctx(make_event, organiser, chief):
    """A Swiss event whose first player asked for a half-point bye in round 2 from their own
    page (waiting for the arbiters)."""
    ctx = swiss_scenario(make_event, organiser, chief)
    ctx["request"] = player_request_create(entry=ctx["entries"][0], kind="bye", round_number=2)
    return ctx


def _check_in_ctx(make_event, organiser, chief):
    """A Swiss event whose statute asks for a check-in before every round."""
    ctx = swiss_scenario(make_event, organiser, chief)
    Event.objects.filter(pk=ctx["event"].pk).update(check_in="every")
    return ctx


def _fees_ctx(make_event, organiser, chief):
    """A round robin whose statute asks an entry fee; one entry has paid."""
    ctx = rr_scenario(make_event, organiser, chief)
    fee_schedule_set(event=ctx["event"], actor=organiser, standard=100_000)
    ctx["payment"] = payment_record(entry=ctx["entries"][0], actor=organiser, kind="payment",
                                    amount=100_000, method="cash")
    return ctx


def _late_ctx(make_event, organiser, chief):
    """Round 1 of a round robin published, starting at 14:00 on 20 November 2026."""
    ctx = rr_scenario(make_event, organiser, chief, rounds="published")
    round_schedule_set(round_=ctx["board"].round, actor=organiser,
                       starts_at=datetime.datetime(2026, 11, 20, 14, 0, tzinfo=datetime.UTC))
    return ctx


def _chief_of(ctx) -> int:
    return EventRole.objects.get(event=ctx["event"], role="chief").user_id


def _register_ctx(make_event, organiser, chief):
    """A round robin, a duplicate the organiser added to the register (in no event), and a
    title awarded by the federation to the first player."""
    ctx = rr_scenario(make_event, organiser, chief)
    ctx["duplicate"] = PlayerFactory(created_by=organiser)
    federation = UserFactory(username="federation", is_superuser=True)
    ctx["title"] = player_title_award(
        player=ctx["entries"][0].player, kind=TitleKind.objects.get(code="cap1"),
        awarded_on=datetime.date(2025, 1, 2), actor=federation)
    return ctx


def _archived_ctx(make_event, organiser, chief):
    """A round robin before its draw, closed by its organiser (services/closing.py) once the
    roles of the test are given (a closed event refuses them)."""
    return {**rr_scenario(make_event, organiser, chief), "close_after_roles": organiser}


SCENARIOS: dict[str, Callable] = {
    "rr": lambda m, o, c: rr_scenario(m, o, c),
    "rr-struck": _struck_ctx,
    "rr-unnumbered": lambda m, o, c: rr_scenario(m, o, c, numbered=False),
    "rr-private": lambda m, o, c: rr_scenario(m, o, c, public=False),
    "rr-draft": lambda m, o, c: rr_scenario(m, o, c, rounds="draft"),
    "rr-published": lambda m, o, c: rr_scenario(m, o, c, rounds="published"),
    "rr-played": lambda m, o, c: rr_scenario(m, o, c, rounds="played"),
    "rr-assigned": _assigned_ctx,
    "rr-closed": lambda m, o, c: rr_scenario(m, o, c, rounds="closed"),
    "rr-archived": _archived_ctx,
    "rr-register": _register_ctx,
    "rr-matches": lambda m, o, c: rr_scenario(m, o, c, rounds="published",
                                                games_per_match=2),
    "rr-foul": _foul_ctx,
    "rr-adjourned": _adjourned_ctx,
    "rr-moves": _moves_ctx,
    "rr-relay": _relay_ctx,
    "rr-protest": _protest_ctx("filed"),
    "rr-protest-decided": _protest_ctx("decided"),
    "rr-protest-appealed": _protest_ctx("appealed"),
    "registrations": _registrations_ctx,
    "rr-invited": lambda m, o, c: invited_scenario(m, o, c),
    "rr-invited-accepted": lambda m, o, c: invited_scenario(m, o, c, state="accepted"),
    "rr-invited-deactivated": lambda m, o, c: invited_scenario(m, o, c, state="deactivated"),
    "swiss": lambda m, o, c: swiss_scenario(m, o, c),
    "swiss-draft": lambda m, o, c: swiss_scenario(m, o, c, draft_round=True),
    "swiss-pairing": _pairing_ctx,
    "swiss-asked": _asked_ctx,
    "swiss-check-in": _check_in_ctx,
    "rr-late": _late_ctx,
    "rr-fees": _fees_ctx,
    "knockout": knockout_scenario,
    "knockout-deciding": knockout_deciding_scenario,
    "teams": lambda m, o, c: teams_scenario(m, o, c),
    "teams-published": lambda m, o, c: teams_scenario(m, o, c, published=True),
    "job-pending": _job_ctx("pending"),
    "job-done": _job_ctx("done"),
    "job-preview": _job_ctx("preview"),
    "rated": lambda m, o, c: rated_scenario(m, o, c),
    "rated-applied": lambda m, o, c: rated_scenario(m, o, c, applied=True),
    "championship": lambda m, o, c: championship_scenario(m, o, c),
    "championship-played": lambda m, o, c: championship_scenario(m, o, c, played=True),
    "championship-ruled": lambda m, o, c: championship_scenario(
        m, o, c, played=True, rule={"qualification": "top", "qualifiers": 4}),
    "championship-playoff": lambda m, o, c: championship_scenario(
        m, o, c, played=True, rule={"qualification": "top", "qualifiers": 2,
                                    "line_ties": "playoff"}),
}


def _ch(ctx):
    return ctx["championship"].pk


def _e(ctx):
    return ctx["event"].pk


CASES: dict[str, Case] = {
    # Events and their statute (organisers, Art. 18, 19).
    "create event": Case("rr", lambda c: ("post", "/api/events/", {
        "name": "Giải mới API", "start_date": "2026-12-01", "format": "swiss", "rounds": 5}),
        ORGANISER, ("POST", "/api/events/")),
    "change the statute": Case("rr", lambda c: ("patch", f"/api/events/{_e(c)}/", {
        "name": "Giải đổi tên", "forfeit_minutes": 30}), ORGANISER,
        ("PATCH", "/api/events/{id}/")),
    "make a draft public": Case("rr-private", lambda c: (
        "patch", f"/api/events/{_e(c)}/", {"visibility": "public"}), ORGANISER,
        ("PATCH", "/api/events/{id}/")),
    "read the roles": Case("rr", lambda c: ("get", f"/api/events/{_e(c)}/roles/", None),
                           ORGANISER, ("GET", "/api/events/{id}/roles/"), read=True),
    # The messages' log names the players' addresses: the organisers' alone.
    "read the messages' log": Case("rr", lambda c: (
        "get", f"/api/events/{_e(c)}/notifications/", None), ORGANISER,
        ("GET", "/api/events/{id}/notifications/"), read=True),
    "find people to appoint": Case("rr", lambda c: (  # a part of a name
        "get", f"/api/events/{_e(c)}/people/?search=arb", None), ORGANISER,
        ("GET", "/api/events/{id}/people/"), read=True),
    "appoint an arbiter": Case("rr", lambda c: ("post", f"/api/events/{_e(c)}/roles/", {
        "username": "helper", "role": "arbiter"}), ORGANISER,
        ("POST", "/api/events/{id}/roles/")),
    "appoint a deputy chief arbiter": Case("rr", lambda c: (  # Art. 20.3
        "post", f"/api/events/{_e(c)}/roles/", {"username": "helper", "role": "deputy"}),
        ORGANISER, ("POST", "/api/events/{id}/roles/")),
    "appoint the arbiters' secretary": Case("rr", lambda c: (  # Art. 20.1
        "post", f"/api/events/{_e(c)}/roles/", {"username": "helper", "role": "secretary"}),
        ORGANISER, ("POST", "/api/events/{id}/roles/")),
    "appoint to the appeals committee": Case("rr", lambda c: (  # Art. 19.2
        "post", f"/api/events/{_e(c)}/roles/", {"username": "helper", "role": "appeals"}),
        ORGANISER, ("POST", "/api/events/{id}/roles/")),
    "remove a role": Case("rr", lambda c: (
        "delete", f"/api/events/{_e(c)}/roles/{role_of(c['event'], 'arbiter').pk}/",
        None), ORGANISER, ("DELETE", "/api/events/{id}/roles/{role_id}/")),
    # Invitations: whoever may appoint (the organisers, Art. 19) invites people without an
    # account; an arbiter may not. The account an invitation made is its inviter's to
    # deactivate and reactivate (a superuser's too).
    "invite to an event": Case("rr", lambda c: ("post", f"/api/events/{_e(c)}/invitations/", {
        "name": "Trọng tài Mới", "role": "arbiter"}), ORGANISER,
        ("POST", "/api/events/{id}/invitations/")),
    "read an event's invitations": Case("rr-invited", lambda c: (
        "get", f"/api/events/{_e(c)}/invitations/", None), ORGANISER,
        ("GET", "/api/events/{id}/invitations/"), read=True),
    "withdraw an invitation": Case("rr-invited", lambda c: (
        "post", f"/api/invitations/{c['invitation'].pk}/revoke/", {}), ORGANISER,
        ("POST", "/api/invitations/{id}/revoke/")),
    "deactivate an invited account": Case("rr-invited-accepted", lambda c: (
        "post", f"/api/accounts/{c['invitee'].pk}/deactivate/", {}), ORGANISER,
        ("POST", "/api/accounts/{id}/deactivate/")),
    "reactivate an invited account": Case("rr-invited-deactivated", lambda c: (
        "post", f"/api/accounts/{c['invitee'].pk}/reactivate/", {}), ORGANISER,
        ("POST", "/api/accounts/{id}/reactivate/")),
    # Entries (organisers register players, Art. 19).
    "register a player": Case("rr", lambda c: ("post", f"/api/events/{_e(c)}/entries/", {
        "player": c["newcomer"].pk}), ORGANISER, ("POST", "/api/events/{event_pk}/entries/")),
    "quick-add a new player": Case("rr", lambda c: (
        "post", f"/api/events/{_e(c)}/entries/", {"new_player": {
            "full_name": "Lê Văn Mới", "rating": 1600, "club": "CLB Mới"}}), ORGANISER,
        ("POST", "/api/events/{event_pk}/entries/")),
    "register a team": Case("teams", lambda c: ("post", f"/api/events/{_e(c)}/entries/", {
        "team": c["new_team"].pk, "players": [p.pk for p in c["new_players"][:4]],
        "reserves": [c["new_players"][4].pk]}), ORGANISER,
        ("POST", "/api/events/{event_pk}/entries/")),
    # The register's titles, the keepers' alone (the federation's staff: services/titles.py).
    "award a title": Case("rr-register", lambda c: (
        "post", f"/api/players/{c['entries'][0].player_id}/titles/",
        {"kind": "ktqg", "awarded_on": "2026-01-05"}), KEEPERS,
        ("POST", "/api/players/{id}/titles/")),
    "revoke a title": Case("rr-register", lambda c: (
        "post", f"/api/titles/{c['title'].pk}/revoke/", {"reason": "nhầm"}), KEEPERS,
        ("POST", "/api/titles/{id}/revoke/")),
    "download the register": Case("rr-register", lambda c: (
        "get", "/api/register/workbook/", None), KEEPERS,
        ("GET", "/api/register/workbook/"), read=True),
    # Merging a duplicate: the right to correct both players, the organisations' tree's (as
    # correcting one): no role in an event gives it (test_tree_permissions.py).
    "merge a duplicate player": Case("rr-register", lambda c: (
        "post", f"/api/players/{c['entries'][0].player_id}/merge/",
        {"duplicate": c["duplicate"].pk}), frozenset(), ("POST", "/api/players/{id}/merge/")),
    # A register player is corrected by the organisations' tree (his club's administrators
    # and those above): no role in an event he plays gives that right, not even the organiser
    # who entered him (test_tree_permissions.py tries the tree's administrators).
    "correct a player": Case("rr", lambda c: (
        "patch", f"/api/players/{c['entries'][0].player_id}/", {"rating": 1234, "reason": "x"}),
        frozenset(), ("PATCH", "/api/players/{id}/")),
    "remove an entry": Case("rr", lambda c: ("delete", f"/api/entries/{c['entries'][0].pk}/",
                                              None), ORGANISER, ("DELETE", "/api/entries/{id}/")),
    "withdraw an entry": Case("rr-closed", lambda c: (
        "post", f"/api/entries/{c['entries'][0].pk}/withdraw/",
        {"after_round": 1, "reason": "Bỏ thi đấu không lý do"}), PAIRERS,  # Art. 20.3
        ("POST", "/api/entries/{id}/withdraw/")),
    "disqualify an entry": Case("rr-closed", lambda c: (
        "post", f"/api/entries/{c['entries'][0].pk}/disqualify/",
        {"sanction": "voided", "reason": "Dùng điện thoại"}), frozenset({"chief"}),  # Art. 16.2
        ("POST", "/api/entries/{id}/disqualify/")),
    "approve striking an entry": Case("rr-struck", lambda c: (
        "post", f"/api/entries/{c['entries'][0].pk}/approve-striking/", None), ORGANISER,
        ("POST", "/api/entries/{id}/approve-striking/")),  # Art. 16.2: the second approval
    "table numbers": Case("rr-unnumbered", lambda c: ("post", f"/api/events/{_e(c)}/numbers/", {
        "method": "manual", "numbers": {str(e.pk): 4 - k for k, e in enumerate(c["entries"])}}),
        PAIRERS, ("POST", "/api/events/{id}/numbers/")),  # Art. 20.3: "thực hiện bắt thăm"
    "set a roster": Case("teams", lambda c: (
        "put", f"/api/entries/{c['team_entry'].pk}/roster/", c["roster"]), ORGANISER,
        ("PUT", "/api/entries/{id}/roster/")),
    "add a team to the register": Case("teams", lambda c: ("post", "/api/teams/", {
        "name": "Đội Hải Phòng API"}), ORGANISER, ("POST", "/api/teams/")),
    # The draw (chief arbiter, Art. 20).
    "draw the round robin": Case("rr", lambda c: ("post", f"/api/events/{_e(c)}/rounds/", {}),
                                 PAIRERS, ("POST", "/api/events/{event_pk}/rounds/")),
    "pair a Swiss round": Case("swiss", lambda c: ("post", f"/api/events/{_e(c)}/rounds/", {}),
                               PAIRERS, ("POST", "/api/events/{event_pk}/rounds/")),
    "start the bracket": Case("knockout", lambda c: (
        "post", f"/api/events/{_e(c)}/rounds/", {}), PAIRERS,
        ("POST", "/api/events/{event_pk}/rounds/")),
    # A pairing job is the event's: whoever may pair its rounds follows it (Art. 20).
    "read a pairing job": Case("swiss-pairing", lambda c: (
        "get", f"/api/jobs/{c['job'].pk}/", None), PAIRERS, ("GET", "/api/jobs/{id}/"),
        read=True),
    "check every round": Case("swiss-draft", lambda c: (
        "get", f"/api/events/{_e(c)}/check/", None), STAFF,
        ("GET", "/api/events/{event_pk}/check/"), read=True),
    "change a draft by hand": Case("swiss-draft", lambda c: (
        "patch", f"/api/events/{_e(c)}/rounds/1/", {"operations": [{"op": "swap", "board": 1}],
                                                     "reason": "đổi màu"}), PAIRERS,
        ("PATCH", "/api/events/{event_pk}/rounds/{number}/")),
    "publish a round": Case("rr-draft", lambda c: (
        "post", f"/api/rounds/{c['round1'].pk}/publish/", {}), PAIRERS,
        ("POST", "/api/rounds/{id}/publish/")),
    "delete a draft round": Case("rr-draft", lambda c: (
        "delete", f"/api/rounds/{c['last_round'].pk}/", None), PAIRERS,
        ("DELETE", "/api/rounds/{id}/")),
    "close a round": Case("rr-played", lambda c: (
        "post", f"/api/rounds/{c['round1'].pk}/complete/", {}), PAIRERS,
        ("POST", "/api/rounds/{id}/complete/")),
    "move a round's start": Case("rr-published", lambda c: (
        "put", f"/api/rounds/{c['round1'].pk}/schedule/",
        {"starts_at": "2026-11-21T09:00:00+07:00", "reason": "Đổi giờ"}), ORGANISER,
        ("PUT", "/api/rounds/{id}/schedule/")),
    # Closing (archiving) and reopening: the organisers or the chief arbiter (services/closing.py).
    "close the event": Case("rr", lambda c: ("post", f"/api/events/{_e(c)}/close/", {}),
                            PAIRERS, ("POST", "/api/events/{id}/close/")),
    "reopen the event": Case("rr-archived", lambda c: (
        "post", f"/api/events/{_e(c)}/reopen/", {"reason": "Art. 20 correction"}), PAIRERS,
        ("POST", "/api/events/{id}/reopen/")),
    "draw the lots": Case("rr-played", lambda c: ("post", f"/api/events/{_e(c)}/lots/", {}),
                          PAIRERS, ("POST", "/api/events/{id}/lots/")),
    # Art. 20.3: requested byes are part of the draw, within the statute's limits.
    "request a half-point bye": Case("swiss", lambda c: (
        "post", f"/api/entries/{c['entries'][0].pk}/bye/", {"round": 2}), PAIRERS,
        ("POST", "/api/entries/{id}/bye/")),
    # The players' own requests (a bye, a withdrawal) and their private links.
    "read the players' requests": Case("swiss-asked", lambda c: (
        "get", f"/api/events/{_e(c)}/requests/", None), STAFF,
        ("GET", "/api/events/{event_pk}/requests/"), read=True),
    "decide a player's request": Case("swiss-asked", lambda c: (
        "post", f"/api/requests/{c['request'].pk}/decide/", {"approve": True}), PAIRERS,
        ("POST", "/api/requests/{id}/decide/")),
    "read a private link": Case("swiss", lambda c: (
        "get", f"/api/entries/{c['entries'][0].pk}/private-link/", None), STAFF,
        ("GET", "/api/entries/{id}/private-link/"), read=True),
    "make a new private link": Case("swiss", lambda c: (
        "post", f"/api/entries/{c['entries'][0].pk}/private-link/", {}), PAIRERS,
        ("POST", "/api/entries/{id}/private-link/")),
    "keep players apart": Case("swiss", lambda c: (
        "put", f"/api/events/{_e(c)}/forbidden-groups/",
        {"groups": [[c["entries"][0].pk, c["entries"][1].pk]]}), ORGANISER,
        ("PUT", "/api/events/{event_pk}/forbidden-groups/")),
    "import a TRF file": Case("swiss-draft", lambda c: ("post", "/api/events/import-trf/", {
        "text": trf_export(c["event"], include_drafts=True), "name": "Giải nhập TRF"}),
        ORGANISER, ("POST", "/api/events/import-trf/")),
    # Results (arbiters, Art. 20); corrections of a closed round (chief arbiter).
    "enter a result": Case("rr-published", lambda c: (
        "put", f"/api/boards/{c['board'].pk}/result/", {"result": "1-0", "version": 0}),
        STAFF, ("PUT", "/api/boards/{id}/result/")),
    # Check-in before a round, late arrival at the board (Art. 10.2.1 a): whoever runs the
    # event (the organisers at the desk, the arbiters in the hall).
    # Entry fees: the treasurer's and the organisers' (the desk's page records them).
    "read the fees ledger": Case("rr-fees", lambda c: (
        "get", f"/api/events/{_e(c)}/fees/", None), FEES,
        ("GET", "/api/events/{event_pk}/fees/"), read=True),
    "read the fees summary": Case("rr-fees", lambda c: (
        "get", f"/api/events/{_e(c)}/fees/summary/", None), FEES,
        ("GET", "/api/events/{event_pk}/fees/summary/"), read=True),
    "read the fee schedule": Case("rr-fees", lambda c: (
        "get", f"/api/events/{_e(c)}/fees/schedule/", None), FEES,
        ("GET", "/api/events/{event_pk}/fees/schedule/"), read=True),
    # The statute's fees are the organisers' (the treasurer keeps the money, not the rates).
    "set the fee schedule": Case("rr-fees", lambda c: (
        "put", f"/api/events/{_e(c)}/fees/schedule/", {"standard": 120_000}), ORGANISER,
        ("PUT", "/api/events/{event_pk}/fees/schedule/")),
    "give an entry the member rate": Case("rr-fees", lambda c: (
        "put", f"/api/entries/{c['entries'][1].pk}/member/", {"member": True}), FEES,
        ("PUT", "/api/entries/{id}/member/")),
    "record a payment": Case("rr-fees", lambda c: (
        "post", f"/api/entries/{c['entries'][1].pk}/payments/",
        {"kind": "payment", "amount": 50_000, "method": "transfer", "note": "nửa lệ phí"}),
        FEES, ("POST", "/api/entries/{id}/payments/")),
    "void a payment": Case("rr-fees", lambda c: (
        "post", f"/api/payments/{c['payment'].pk}/void/", {"reason": "ghi nhầm"}), FEES,
        ("POST", "/api/payments/{id}/void/")),
    "read a category's fees": Case("championship", lambda c: (
        "get", f"/api/categories/{c['category'].pk}/fees/", None), FEES,
        ("GET", "/api/categories/{id}/fees/"), read=True),
    "set a category's fees": Case("championship", lambda c: (
        "put", f"/api/categories/{c['category'].pk}/fees/", {"standard": 200_000}), ORGANISER,
        ("PUT", "/api/categories/{id}/fees/")),
    "read the check-in list": Case("swiss-check-in", lambda c: (
        "get", f"/api/events/{_e(c)}/check-ins/", None), STAFF,
        ("GET", "/api/events/{event_pk}/check-ins/"), read=True),
    "check a player in": Case("swiss-check-in", lambda c: (
        "put", f"/api/events/{_e(c)}/check-ins/{c['entries'][0].pk}/",
        {"checked_in": True, "version": c["event"].version}), STAFF,
        ("PUT", "/api/events/{event_pk}/check-ins/{entry_pk}/")),
    "record a late arrival": Case("rr-late", lambda c: (
        "put", f"/api/boards/{c['board'].pk}/arrival/",
        {"side": "white", "arrived_at": "2026-11-20T14:20:00Z", "version": 0}), STAFF,
        ("PUT", "/api/boards/{id}/arrival/")),
    # The live relay (docs/live.md): the chief arbiter chooses the boards; the arbiters (and
    # the board's recorder) enter the moves during play.
    "relay a board": Case("rr-published", lambda c: (
        "put", f"/api/boards/{c['board'].pk}/relay/", {"recorder": None}), PAIRERS,
        ("PUT", "/api/boards/{id}/relay/")),
    "stop relaying a board": Case("rr-relay", lambda c: (
        "delete", f"/api/boards/{c['board'].pk}/relay/", None), PAIRERS,
        ("DELETE", "/api/boards/{id}/relay/")),
    "enter a relayed move": Case("rr-relay", lambda c: (
        "post", f"/api/boards/{c['board'].pk}/live/", {"ply": 2, "move": "h9g7"}), ARBITERS,
        ("POST", "/api/boards/{id}/live/")),
    "take back a relayed move": Case("rr-relay", lambda c: (
        "post", f"/api/boards/{c['board'].pk}/live/undo/", {"ply": 1, "move": "h2e2"}),
        ARBITERS, ("POST", "/api/boards/{id}/live/undo/")),
    # Art. 20.3 b: the chief arbiter assigns the arbiters (a round's boards to each).
    "read the board ranges": Case("rr-assigned", lambda c: (
        "get", f"/api/rounds/{c['board'].round_id}/assignments/", None), STAFF,
        ("GET", "/api/rounds/{id}/assignments/"), read=True),
    "assign boards": Case("rr-published", lambda c: (
        "put", f"/api/rounds/{c['board'].round_id}/assignments/",
        {"arbiter": _chief_of(c), "first": 1, "last": 2}), PAIRERS,
        ("PUT", "/api/rounds/{id}/assignments/")),
    "take boards back": Case("rr-assigned", lambda c: (
        "delete", f"/api/rounds/{c['board'].round_id}/assignments/",
        {"arbiter": _chief_of(c)}), PAIRERS, ("DELETE", "/api/rounds/{id}/assignments/")),
    "correct a closed round": Case("rr-closed", lambda c: (
        "put", f"/api/boards/{c['board'].pk}/result/",
        {"result": "0-1", "version": c["board"].version, "reason": "biên bản ghi nhầm"}),
        PAIRERS, ("PUT", "/api/boards/{id}/result/")),
    "enter a game of a match": Case("rr-matches", lambda c: (
        "put", f"/api/games/{c['game'].pk}/result/", {"result": "1/2-1/2", "version": 0}),
        STAFF, ("PUT", "/api/games/{id}/result/")),
    # Appendix §2, a statute's deciding game: the higher seed's choice of colours, recorded by
    # those who enter results.
    "record a deciding game's colours": Case("knockout-deciding", lambda c: (
        "put", f"/api/games/{c['game'].pk}/colour/",
        {"white": c["board"].white_id if not c["game"].white_first else c["board"].black_id,
         "version": 0}), STAFF, ("PUT", "/api/games/{id}/colour/")),
    "set a line-up": Case("teams-published", lambda c: (
        "put", f"/api/boards/{c['board'].pk}/lineup/", c["lineup"]), STAFF,
        ("PUT", "/api/boards/{id}/lineup/")),
    "read a board's history": Case("rr-closed", lambda c: (
        "get", f"/api/boards/{c['board'].pk}/history/", None), STAFF,
        ("GET", "/api/boards/{id}/history/"), read=True),
    # Penalties during play (chapter 5): the arbiters' rulings (Art. 20).
    "record a penalty": Case("rr-published", lambda c: (
        "post", f"/api/boards/{c['board'].pk}/fouls/",
        {"entry": c["board"].black_id, "kind": "time", "article": "23.3", "note": "đuổi bắt"}),
        ARBITERS, ("POST", "/api/boards/{id}/fouls/")),
    "remove a penalty": Case("rr-foul", lambda c: (
        "delete", f"/api/fouls/{c['foul'].pk}/", None), ARBITERS,
        ("DELETE", "/api/fouls/{id}/")),
    # Adjournments and sealed moves (Art. 10.3): the arbiters.
    "adjourn a game": Case("rr-published", lambda c: (
        "post", f"/api/boards/{c['board'].pk}/adjournments/",
        {"sealer": c["board"].black_id, "move_number": 41, "sealed_move": "X2.5",
         "white_seconds": 600, "black_seconds": 300}), ARBITERS,
        ("POST", "/api/boards/{id}/adjournments/")),
    "resume an adjourned game": Case("rr-adjourned", lambda c: (
        "post", f"/api/adjournments/{c['adjournment'].pk}/resume/", {"outcome": "illegal"}),
        ARBITERS, ("POST", "/api/adjournments/{id}/resume/")),
    # Game records (Art. 11): whoever enters the results.
    "write a game's moves": Case("rr-published", lambda c: (
        "put", f"/api/boards/{c['board'].pk}/moves/", {"text": "1) P2-5 M8.7 2) M2.3 X9-8"}),
        STAFF, ("PUT", "/api/boards/{id}/moves/")),
    "remove a game's moves": Case("rr-moves", lambda c: (
        "delete", f"/api/boards/{c['board'].pk}/moves/", None), STAFF,
        ("DELETE", "/api/boards/{id}/moves/")),
    "upload a round's PGN": Case("rr-published", lambda c: (
        "post", f"/api/events/{_e(c)}/rounds/1/pgn/", {"file": _pgn_upload(c)}, "multipart"),
        STAFF, ("POST", "/api/events/{event_pk}/rounds/{number}/pgn/")),
    # Written protests (Art. 15.5, 15.6): the staff record the paper; the chief arbiter or the
    # organisers decide (Art. 15.6, 20.3 e); the appeals committee decides an appeal (Art. 19.2).
    "record a written protest": Case("rr-played", lambda c: (
        "post", f"/api/events/{_e(c)}/protests/", _protest_payload(c)), STAFF,
        ("POST", "/api/events/{event_pk}/protests/")),
    "decide a protest": Case("rr-protest", lambda c: (
        "post", f"/api/protests/{c['protest'].pk}/decide/",
        {"decision": "upheld", "reason": "Đồng hồ hỏng"}), PAIRERS,
        ("POST", "/api/protests/{id}/decide/")),
    "record an appeal": Case("rr-protest-decided", lambda c: (
        "post", f"/api/protests/{c['protest'].pk}/appeal/", {"text": "Xin xét lại"}), STAFF,
        ("POST", "/api/protests/{id}/appeal/")),
    "decide an appeal": Case("rr-protest-appealed", lambda c: (
        "post", f"/api/protests/{c['protest'].pk}/appeal-decision/",
        {"decision": "upheld", "reason": "Đồng hồ hỏng"}), APPEALS,
        ("POST", "/api/protests/{id}/appeal-decision/")),
    # Excel, jobs, backups (docs/excel.md).
    "export a table": Case("rr-published", lambda c: (
        "post", f"/api/events/{_e(c)}/exports/", {"table": "players"}), STAFF,
        ("POST", "/api/events/{event_pk}/exports/")),
    "import players into the event": Case("rr", lambda c: (
        "post", f"/api/events/{_e(c)}/imports/", {"file": players_workbook()},
        "multipart"), ORGANISER, ("POST", "/api/events/{event_pk}/imports/")),
    "import players into the register": Case("rr", lambda c: (
        "post", "/api/imports/", {"file": players_workbook()}, "multipart"),
        ORGANISER, ("POST", "/api/imports/")),
    "download a backup": Case("rr-closed", lambda c: (
        "get", f"/api/events/{_e(c)}/backup/", None), ORGANISER,
        ("GET", "/api/events/{event_pk}/backup/"), read=True),
    "restore a backup": Case("rr-closed", lambda c: (
        "post", "/api/restores/", {"file": backup_upload(c["backup"])},
        "multipart"), ORGANISER, ("POST", "/api/restores/")),
    "read a job": Case("job-pending", lambda c: ("get", f"/api/jobs/{c['job'].pk}/", None),
                       ORGANISER, ("GET", "/api/jobs/{id}/"), read=True),
    "cancel a job": Case("job-pending", lambda c: (
        "post", f"/api/jobs/{c['job'].pk}/cancel/", {}), ORGANISER,
        ("POST", "/api/jobs/{id}/cancel/")),
    "confirm an import": Case("job-preview", lambda c: (
        "post", f"/api/jobs/{c['job'].pk}/confirm/", {}), ORGANISER,
        ("POST", "/api/jobs/{id}/confirm/")),
    # Ratings: the federation's list; an event's changes applied by its organisers.
    "import a rating list": Case("rr", lambda c: ("post", "/api/rating-lists/", {
        "file": rating_list_upload([("Lại Lý Huynh", "VXF1", 2450, 12)]), "name": "Elo",
        "list_date": "2026-02-01"}, "multipart"), ORGANISER, ("POST", "/api/rating-lists/")),
    "apply an event's rating changes": Case("rated", lambda c: (
        "post", f"/api/events/{_e(c)}/ratings/apply/", {}), ORGANISER,
        ("POST", "/api/events/{event_pk}/ratings/apply/")),
    "revert an event's rating changes": Case("rated-applied", lambda c: (
        "post", f"/api/events/{_e(c)}/ratings/revert/", {}), ORGANISER,
        ("POST", "/api/events/{event_pk}/ratings/revert/")),
    # Print sheets: score sheets are the staff's; a PDF as a job too.
    "print the score sheets": Case("rr-published", lambda c: (
        "get", f"/api/events/{_e(c)}/print/scoresheets/?round=1", None), STAFF,
        ("GET", "/api/events/{event_pk}/print/{sheet}/"), read=True),
    "build a print sheet's PDF as a job": Case("rr-published", lambda c: (
        "post", f"/api/events/{_e(c)}/print/crosstable/", {}), STAFF,
        ("POST", "/api/events/{event_pk}/print/{sheet}/")),
    "download an export": Case("job-done", lambda c: (
        "get", f"/api/jobs/{c['job'].pk}/file/", None), ORGANISER,
        ("GET", "/api/jobs/{id}/file/"), read=True),
    # Championships: the organisers run them (Art. 19); a play-off's winners are the
    # chief arbiter's ruling too (Art. 20.3).
    "create a championship": Case("championship", lambda c: ("post", "/api/championships/", {
        "name": "Giải Vô địch API", "start_date": "2026-12-01"}), ORGANISER,
        ("POST", "/api/championships/")),
    "change a championship": Case("championship", lambda c: (
        "patch", f"/api/championships/{_ch(c)}/", {"venue": "Hà Nội"}), ORGANISER,
        ("PATCH", "/api/championships/{id}/")),
    "add a category": Case("championship", lambda c: (
        "post", f"/api/championships/{_ch(c)}/categories/", {"name": "Nữ"}), ORGANISER,
        ("POST", "/api/championships/{id}/categories/")),
    "appoint for a championship": Case("championship", lambda c: (
        "post", f"/api/championships/{_ch(c)}/roles/", {"username": "helper",
                                                         "role": "arbiter"}), ORGANISER,
        ("POST", "/api/championships/{id}/roles/")),
    "invite to a championship": Case("championship", lambda c: (
        "post", f"/api/championships/{_ch(c)}/invitations/", {
            "email": "trongtai@example.vn", "role": "arbiter"}), ORGANISER,
        ("POST", "/api/championships/{id}/invitations/")),
    "read a championship's invitations": Case("championship", lambda c: (
        "get", f"/api/championships/{_ch(c)}/invitations/", None), ORGANISER,
        ("GET", "/api/championships/{id}/invitations/"), read=True),
    "remove a championship role": Case("championship", lambda c: (
        "delete", f"/api/championships/{_ch(c)}/roles/{c['arbiter_role'].pk}/", None),
        ORGANISER, ("DELETE", "/api/championships/{id}/roles/{role_pk}/")),
    "change a category": Case("championship", lambda c: (
        "patch", f"/api/categories/{c['category'].pk}/", {"team_classification": "ranks",
                                                           "team_by": "club", "team_best_n": 3}),
        ORGANISER, ("PATCH", "/api/categories/{id}/")),
    "add a stage": Case("championship", lambda c: (
        "post", f"/api/categories/{c['category'].pk}/stages/", {"format": "rr", "groups": 2}),
        ORGANISER, ("POST", "/api/categories/{id}/stages/")),
    "register a first stage's players": Case("championship", lambda c: (
        "post", f"/api/stages/{c['stage'].pk}/players/",
        {"ids": [p.pk for p in c["newcomers"]]}), ORGANISER,
        ("POST", "/api/stages/{id}/players/")),
    "set a qualification rule": Case("championship-played", lambda c: (
        "put", f"/api/stages/{c['ko'].pk}/qualification/",
        {"qualification": "top", "qualifiers": 4}), ORGANISER,
        ("PUT", "/api/stages/{id}/qualification/")),
    "qualify into a stage": Case("championship-ruled", lambda c: (
        "post", f"/api/stages/{c['ko'].pk}/qualify/", {"draw": True}), ORGANISER,
        ("POST", "/api/stages/{id}/qualify/")),
    "remove a championship's last stage": Case("championship", lambda c: (
        "delete", f"/api/stages/{c['ko'].pk}/", None), ORGANISER, ("DELETE", "/api/stages/{id}/")),
    "remove a category": Case("championship", lambda c: (
        "delete", f"/api/categories/{c['category'].pk}/", None), ORGANISER,
        ("DELETE", "/api/categories/{id}/")),
    "remove a championship": Case("championship", lambda c: (
        "delete", f"/api/championships/{_ch(c)}/", None), ORGANISER,
        ("DELETE", "/api/championships/{id}/")),
    # Online registration (Art. 18 b, 19): the organisers review and decide.
    "read the registrations": Case("registrations", lambda c: (
        "get", f"/api/events/{_e(c)}/registrations/", None), ORGANISER,
        ("GET", "/api/events/{event_pk}/registrations/"), read=True),
    "approve a registration": Case("registrations", lambda c: (
        "post", f"/api/registrations/{c['registrations'][0].pk}/decision/", {"approve": True}),
        ORGANISER, ("POST", "/api/registrations/{id}/decision/")),
    "withdraw a registration": Case("registrations", lambda c: (
        "post", f"/api/registrations/{c['registrations'][1].pk}/withdraw/", None),
        ORGANISER, ("POST", "/api/registrations/{id}/withdraw/")),
    "approve every eligible registration": Case("registrations", lambda c: (
        "post", f"/api/events/{_e(c)}/registrations/approve-eligible/", None), ORGANISER,
        ("POST", "/api/events/{event_pk}/registrations/approve-eligible/")),
    "record a play-off's winners": Case("championship-playoff", lambda c: (
        "post", f"/api/stages/{c['ko'].pk}/playoff/",
        {"ids": [c["swiss"].entries.get(number=3).pk]}), PAIRERS,
        ("POST", "/api/stages/{id}/playoff/")),
}


def snapshot() -> dict:
    """Every row the app keeps, and the history of boards and games."""
    tables = [Event, Entry, TeamMember, Round, Board, Game, EventRole, Player, Team, Job, Foul,
              Adjournment, GameMoves, BoardAssignment, Disqualification, Protest, CheckIn,
              RatingList, RatingListRow, RatingApplication, RatingChange, Championship,
              ChampionshipRole, Category, Stage, Registration, RegistrationMember,
              Notification, PushSubscription, Unsubscribe, Invitation, PlayerRequest,
              FeeSchedule, EntryFee, Payment, Payment.history.model, PlayerTitle, EventClosing,
              Board.history.model, Game.history.model, get_user_model()]
    return {model.__name__: list(model.objects.order_by("pk").values()) for model in tables}


@pytest.fixture
def users(organiser, chief_arbiter, arbiter, stranger, make_event):
    """The five kinds of caller. The stranger arbitrates another event."""
    organiser.groups.get(name="Organisers").permissions.add(*Permission.objects.filter(
        codename__in=["add_player", "add_ratinglist"]))  # as the demo's organisers (imports)
    other = make_event(format="swiss", rounds=5, name="Giải khác")
    role_assign(event=other, actor=organiser, user=stranger, role="arbiter")
    UserFactory(username="helper")
    return {"anonymous": None, "other_arbiter": stranger, "arbiter": arbiter,
            "chief": chief_arbiter, "deputy": UserFactory(username="deputy"),
            "organiser": organiser, "secretary": UserFactory(username="secretary"),
            "appeals": UserFactory(username="appeals"),
            "treasurer": UserFactory(username="treasurer")}


def _client(user) -> APIClient:
    client = APIClient()
    if user is not None:
        # A fresh copy: permissions and roles are cached on user objects.
        client.force_authenticate(get_user_model().objects.get(pk=user.pk))
    return client


@pytest.mark.parametrize("who", ROLES)
@pytest.mark.parametrize("name", list(CASES))
def test_permission_matrix(name, who, users, make_event, organiser, chief_arbiter,
                           media_root, django_capture_on_commit_callbacks):
    case = CASES[name]
    ctx = SCENARIOS[case.scenario](make_event, organiser, chief_arbiter)
    if name == "restore a backup":
        ctx["backup"] = event_backup(event=ctx["event"], actor=organiser)
    if who in DESIGNATED and "event" in ctx:  # deputy: designated on the event (Art. 20.3)
        role_assign(event=ctx["event"], actor=organiser, user=users[who], role=who)
    if who in DESIGNATED and "championship" in ctx:  # designated for the championship
        championship_role_assign(championship=ctx["championship"], actor=organiser,
                                 user=users[who], role=who)
    if "close_after_roles" in ctx:
        event_close(event=ctx["event"], actor=ctx.pop("close_after_roles"))
    allowed = case.allowed | ({"deputy"} if "chief" in case.allowed else set())
    method, url, payload, *fmt = case.request(ctx)
    before = snapshot()
    # Jobs run in-process once their transaction commits (no broker in the tests).
    with django_capture_on_commit_callbacks(execute=True):
        response = getattr(_client(users[who]), method)(url, payload,
                                                        format=fmt[0] if fmt else "json")
    after = snapshot()
    if who in allowed:
        assert response.status_code in (200, 201, 202, 204), (
            name, who, response.status_code, getattr(response, "data", None))
        if not case.read:
            assert after != before, (name, who, "an allowed action changed nothing")
    else:
        assert response.status_code in (401, 403, 404), (
            name, who, response.status_code, getattr(response, "data", None))
        assert after == before, (name, who, "a refused action changed something")


def test_an_arbiter_of_another_event_is_told_nothing_about_a_draft_event(users, make_event):
    draft = rr_scenario(make_event, users["organiser"], users["chief"], public=False,
                         rounds="published")
    event = draft["event"]
    for url in (f"/api/events/{event.pk}/", f"/api/events/{event.pk}/entries/",
                f"/api/events/{event.pk}/rounds/", f"/api/events/{event.pk}/standings/",
                f"/api/events/{event.pk}/version/",
                f"/api/entries/{draft['entries'][0].pk}/"):
        for who in ("anonymous", "other_arbiter"):
            assert _client(users[who]).get(url).status_code == 404, (url, who)
        assert _client(users["arbiter"]).get(url).status_code == 200, url
    refused = _client(users["other_arbiter"]).put(
        f"/api/boards/{draft['board'].pk}/result/", {"result": "1-0", "version": 0},
        format="json")
    assert refused.status_code == 404


def test_every_endpoint_is_tested(client):
    """Every operation of the OpenAPI schema is in the matrix above or in the read tests."""
    schema = client.get("/api/schema/?format=json").json()
    operations = {(method.upper(), path) for path, item in schema["paths"].items()
                  for method in item if method in ("get", "post", "put", "patch", "delete")}
    covered = {case.operation for case in CASES.values()} | READ_OPERATIONS | \
        TOKEN_OPERATIONS | TREE_OPERATIONS
    assert operations - covered == set(), "endpoints without a test"
    assert covered - operations == set(), "tests of endpoints that no longer exist"


def test_allowed_roles_follow_the_rules():
    """The matrix says what tournaments/rules.py says (Art. 19, 20): organisers set the statute
    and register; the chief arbiter (and organisers) draw, publish, close, correct, decide a
    protest; every arbiter and the secretary enter results and keep the records; penalties
    during play and adjournments (Art. 10.3: the sealed envelope is handed to the arbiter) are
    the arbiters' alone; the appeals committee decides appeals and nothing else; nobody else
    writes."""
    rulings = {"record a penalty", "remove a penalty", "adjourn a game",
               "resume an adjourned game",
               # the live relay's moves: the recorder's and the arbiters' during play
               "enter a relayed move", "take back a relayed move"}
    chief_alone = {"disqualify an entry"}  # Art. 16.2: the chief arbiter disqualifies
    committee = {"decide an appeal"}  # Art. 19.2
    tree = {"correct a player", "merge a duplicate player"}  # the tree's, no event role's
    fees = {"read the fees ledger", "read the fees summary", "read the fee schedule",
            "give an entry the member rate", "record a payment", "void a payment",
            "read a category's fees"}
    # The register's: the keepers (and the federation's administrators: the organisations'
    # tree), none of an event's roles.
    keepers = {"award a title", "revoke a title", "download the register"}
    for name, case in CASES.items():
        assert case.allowed <= STAFF or case.allowed in (APPEALS, FEES), name
        assert ("organiser" in case.allowed) is (
            name not in rulings | chief_alone | committee | tree | keepers), name
        assert ("appeals" in case.allowed) is (name in committee), name
    assert {n for n, c in CASES.items() if c.allowed == {"chief"}} == chief_alone
    assert {n for n, c in CASES.items() if c.allowed == ARBITERS} == rulings
    assert {n for n, c in CASES.items() if c.allowed == APPEALS} == committee
    # None of an event's roles: the register's (keepers) and the organisations' tree's.
    assert {n for n, c in CASES.items() if c.allowed == KEEPERS} == keepers | tree
    # The treasurer reads and records the fees, and nothing else (no result, draw or statute).
    assert {n for n, c in CASES.items() if "treasurer" in c.allowed} == fees
    assert {n for n, c in CASES.items() if c.allowed == STAFF} == {
        "enter a result", "enter a game of a match", "set a line-up", "read a board's history",
        "export a table", "check every round", "write a game's moves",
        "remove a game's moves", "upload a round's PGN", "record a deciding game's colours",
        "print the score sheets", "build a print sheet's PDF as a job",
        "read the board ranges", "record a written protest", "record an appeal",
        "read the players' requests", "read a private link",
        "read the check-in list", "check a player in", "record a late arrival"}
    # The secretary (Art. 20.3 i) keeps records: never the draw, a ruling or the statute.
    assert {n for n, c in CASES.items() if "secretary" in c.allowed} == {
        n for n, c in CASES.items() if c.allowed == STAFF}


def test_new_players_from_a_refused_quick_add_are_not_kept(users, make_event):
    ctx = rr_scenario(make_event, users["organiser"], users["chief"], rounds="draft")
    # The organiser may register, but not once the rounds are drawn in a round robin: the new
    # player is not left in the register either (all or nothing).
    players = Player.objects.count()
    response = _client(users["organiser"]).post(
        f"/api/events/{ctx['event'].pk}/entries/", {"new_player": {"full_name": "Lê Văn Trễ"}},
        format="json")
    assert response.status_code == 400, response.data
    assert Player.objects.count() == players
    PlayerFactory()  # the register still takes players otherwise
