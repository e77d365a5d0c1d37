"""The REST API's permission matrix (issue 8; Art. 19, 20; tournaments/rules.py): every write
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

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from tests.tournaments.builders import (
    PlayerFactory,
    UserFactory,
    backup_upload,
    championship_scenario,
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
    Board,
    Category,
    Championship,
    ChampionshipRole,
    Entry,
    Event,
    EventRole,
    Foul,
    Game,
    GameMoves,
    Job,
    Player,
    RatingApplication,
    RatingChange,
    RatingList,
    RatingListRow,
    Round,
    Stage,
    Team,
    TeamMember,
)
from tournaments.selectors.trf import trf_export
from tournaments.services.backup import event_backup
from tournaments.services.championships import championship_role_assign
from tournaments.services.events import role_assign
from tournaments.services.fouls import foul_record
from tournaments.services.game_records import game_moves_record
from tournaments.services.imports import import_start
from tournaments.services.jobs import export_start, pairing_start
from tournaments.tasks import export_build, import_preview

pytestmark = pytest.mark.django_db

# "deputy": the deputy chief arbiter, designated on the event; acts with the chief's rights
# (Art. 20.3), so every case the chief may do, the deputy may do.
ROLES = ["anonymous", "other_arbiter", "arbiter", "chief", "deputy", "organiser"]
ORGANISER = frozenset({"organiser"})
PAIRERS = frozenset({"chief", "organiser"})  # the draw, publishing, closing (Art. 20)
STAFF = frozenset({"arbiter", "chief", "organiser"})  # results (Art. 20)
ARBITERS = frozenset({"arbiter", "chief"})  # penalties during play (chapter 5, Art. 20)


# The reads tested in test_endpoints.py; the writes (and the staff's reads) are in CASES below.
READ_OPERATIONS = {
    ("GET", "/api/events/"), ("GET", "/api/events/{id}/"),
    ("GET", "/api/events/{id}/standings/"), ("GET", "/api/events/{id}/crosstable/"),
    ("GET", "/api/events/{id}/version/"),
    ("GET", "/api/events/{event_pk}/entries/"), ("GET", "/api/entries/{id}/"),
    ("GET", "/api/events/{event_pk}/rounds/"), ("GET", "/api/events/{event_pk}/rounds/{number}/"),
    ("GET", "/api/events/{event_pk}/trf/"), ("GET", "/api/events/{event_pk}/bracket/"),
    ("GET", "/api/events/{event_pk}/boards/"), ("GET", "/api/events/{event_pk}/teams/{entry_pk}/"),
    ("GET", "/api/players/"), ("GET", "/api/players/{id}/"),
    # A register player's history, read as the register is (with IDs): test_players.py.
    ("GET", "/api/players/{id}/history/"),
    # Penalties: tests/tournaments/api/test_fouls.py (notes for the staff only).
    ("GET", "/api/boards/{id}/fouls/"), ("GET", "/api/events/{event_pk}/fouls/"),
    # Named tie-break orders: tests/tournaments/api/test_tiebreak_presets.py (open to all).
    ("GET", "/api/tiebreak-presets/"),
    ("GET", "/api/teams/"), ("GET", "/api/teams/{id}/"),
    # Ratings (issue 17): tests/tournaments/api/test_ratings.py.
    ("GET", "/api/rating-lists/"), ("GET", "/api/rating-lists/{id}/"),
    ("GET", "/api/players/{id}/ratings/"), ("GET", "/api/events/{event_pk}/ratings/"),
    # Print sheets (issue 20): tests/tournaments/api/test_printing.py (the staff's in CASES).
    ("GET", "/api/events/{event_pk}/print/"),
    # Championships (issue 15): tests/tournaments/api/test_championships.py.
    ("GET", "/api/championships/"), ("GET", "/api/championships/{id}/"),
    ("GET", "/api/categories/{id}/results/"),
    ("GET", "/api/championships/{id}/players/{player_pk}/"),
    ("GET", "/api/stages/{id}/qualification/"), ("GET", "/api/championships/{id}/workbook/"),
    # Game records (Art. 11): tests/tournaments/api/test_game_records.py.
    ("GET", "/api/boards/{id}/moves/"),
    # Signing in for a token: tests/tournaments/api/test_core.py (open to all, password checked).
    ("POST", "/api/token/"),
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


SCENARIOS: dict[str, Callable] = {
    "rr": lambda m, o, c: rr_scenario(m, o, c),
    "rr-unnumbered": lambda m, o, c: rr_scenario(m, o, c, numbered=False),
    "rr-private": lambda m, o, c: rr_scenario(m, o, c, public=False),
    "rr-draft": lambda m, o, c: rr_scenario(m, o, c, rounds="draft"),
    "rr-published": lambda m, o, c: rr_scenario(m, o, c, rounds="published"),
    "rr-played": lambda m, o, c: rr_scenario(m, o, c, rounds="played"),
    "rr-closed": lambda m, o, c: rr_scenario(m, o, c, rounds="closed"),
    "rr-matches": lambda m, o, c: rr_scenario(m, o, c, rounds="published",
                                                games_per_match=2),
    "rr-foul": _foul_ctx,
    "rr-moves": _moves_ctx,
    "swiss": lambda m, o, c: swiss_scenario(m, o, c),
    "swiss-draft": lambda m, o, c: swiss_scenario(m, o, c, draft_round=True),
    "swiss-pairing": _pairing_ctx,
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
    "find people to appoint": Case("rr", lambda c: (  # issue 19: a part of a name
        "get", f"/api/events/{_e(c)}/people/?search=arb", None), ORGANISER,
        ("GET", "/api/events/{id}/people/"), read=True),
    "appoint an arbiter": Case("rr", lambda c: ("post", f"/api/events/{_e(c)}/roles/", {
        "username": "helper", "role": "arbiter"}), ORGANISER,
        ("POST", "/api/events/{id}/roles/")),
    "appoint a deputy chief arbiter": Case("rr", lambda c: (  # Art. 20.3
        "post", f"/api/events/{_e(c)}/roles/", {"username": "helper", "role": "deputy"}),
        ORGANISER, ("POST", "/api/events/{id}/roles/")),
    "remove a role": Case("rr", lambda c: (
        "delete", f"/api/events/{_e(c)}/roles/{role_of(c['event'], 'arbiter').pk}/",
        None), ORGANISER, ("DELETE", "/api/events/{id}/roles/{role_id}/")),
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
    # Issue 19, Art. 19: a register player corrected by the organisers of an event they are in.
    "correct a player": Case("rr", lambda c: (
        "patch", f"/api/players/{c['entries'][0].player_id}/", {"rating": 1234, "reason": "x"}),
        ORGANISER, ("PATCH", "/api/players/{id}/")),
    "remove an entry": Case("rr", lambda c: ("delete", f"/api/entries/{c['entries'][0].pk}/",
                                              None), ORGANISER, ("DELETE", "/api/entries/{id}/")),
    "withdraw an entry": Case("rr-closed", lambda c: (
        "post", f"/api/entries/{c['entries'][0].pk}/withdraw/",
        {"after_round": 1, "reason": "Bỏ thi đấu không lý do"}), PAIRERS,  # Art. 20.3
        ("POST", "/api/entries/{id}/withdraw/")),
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
    "draw the lots": Case("rr-played", lambda c: ("post", f"/api/events/{_e(c)}/lots/", {}),
                          PAIRERS, ("POST", "/api/events/{id}/lots/")),
    "request a half-point bye": Case("swiss", lambda c: (
        "post", f"/api/entries/{c['entries'][0].pk}/bye/", {"round": 2}), ORGANISER,
        ("POST", "/api/entries/{id}/bye/")),
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
    # Ratings (issue 17): the federation's list; an event's changes applied by its organisers.
    "import a rating list": Case("rr", lambda c: ("post", "/api/rating-lists/", {
        "file": rating_list_upload([("Lại Lý Huynh", "VXF1", 2450, 12)]), "name": "Elo",
        "list_date": "2026-02-01"}, "multipart"), ORGANISER, ("POST", "/api/rating-lists/")),
    "apply an event's rating changes": Case("rated", lambda c: (
        "post", f"/api/events/{_e(c)}/ratings/apply/", {}), ORGANISER,
        ("POST", "/api/events/{event_pk}/ratings/apply/")),
    "revert an event's rating changes": Case("rated-applied", lambda c: (
        "post", f"/api/events/{_e(c)}/ratings/revert/", {}), ORGANISER,
        ("POST", "/api/events/{event_pk}/ratings/revert/")),
    # Print sheets (issue 20): score sheets are the staff's; a PDF as a job too.
    "print the score sheets": Case("rr-published", lambda c: (
        "get", f"/api/events/{_e(c)}/print/scoresheets/?round=1", None), STAFF,
        ("GET", "/api/events/{event_pk}/print/{sheet}/"), read=True),
    "build a print sheet's PDF as a job": Case("rr-published", lambda c: (
        "post", f"/api/events/{_e(c)}/print/crosstable/", {}), STAFF,
        ("POST", "/api/events/{event_pk}/print/{sheet}/")),
    "download an export": Case("job-done", lambda c: (
        "get", f"/api/jobs/{c['job'].pk}/file/", None), ORGANISER,
        ("GET", "/api/jobs/{id}/file/"), read=True),
    # Championships (issue 15): the organisers run them (Art. 19); a play-off's winners are the
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
    "record a play-off's winners": Case("championship-playoff", lambda c: (
        "post", f"/api/stages/{c['ko'].pk}/playoff/",
        {"ids": [c["swiss"].entries.get(number=3).pk]}), PAIRERS,
        ("POST", "/api/stages/{id}/playoff/")),
}


def snapshot() -> dict:
    """Every row the app keeps, and the history of boards and games."""
    tables = [Event, Entry, TeamMember, Round, Board, Game, EventRole, Player, Team, Job, Foul,
              GameMoves,
              RatingList, RatingListRow, RatingApplication, RatingChange, Championship,
              ChampionshipRole, Category, Stage,
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
            "organiser": organiser}


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
    if who == "deputy" and "event" in ctx:  # designated on the event (Art. 20.3)
        role_assign(event=ctx["event"], actor=organiser, user=users["deputy"], role="deputy")
    if who == "deputy" and "championship" in ctx:  # designated for the championship
        championship_role_assign(championship=ctx["championship"], actor=organiser,
                                 user=users["deputy"], role="deputy")
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
    covered = {case.operation for case in CASES.values()} | READ_OPERATIONS
    assert operations - covered == set(), "endpoints without a test"
    assert covered - operations == set(), "tests of endpoints that no longer exist"


def test_allowed_roles_follow_the_rules():
    """The matrix says what tournaments/rules.py says (Art. 19, 20): organisers set the statute
    and register; the chief arbiter (and organisers) draw, publish, close, correct; every
    arbiter enters results; penalties during play are the arbiters' alone; nobody else
    writes."""
    rulings = {"record a penalty", "remove a penalty"}
    for name, case in CASES.items():
        assert case.allowed <= STAFF, name
        assert ("organiser" in case.allowed) is (name not in rulings), name
    assert {n for n, c in CASES.items() if c.allowed == ARBITERS} == rulings
    assert {n for n, c in CASES.items() if c.allowed == STAFF} == {
        "enter a result", "enter a game of a match", "set a line-up", "read a board's history",
        "export a table", "check every round", "write a game's moves",
        "remove a game's moves", "upload a round's PGN", "record a deciding game's colours",
        "print the score sheets", "build a print sheet's PDF as a job"}


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
