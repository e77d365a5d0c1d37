"""The backup document of an event (format ``cotuong-event-backup``, version :data:`VERSION`):
what it holds, read in one pass (``services/backup.py`` restores it). See that module's
docstring for what is carried over and what is not."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.utils import timezone

from tournaments.models import (
    AddressKind,
    Adjournment,
    Board,
    BoardAssignment,
    CheckIn,
    Disqualification,
    EntryFee,
    Event,
    EventClosing,
    FeeSchedule,
    Foul,
    Game,
    GameMoves,
    Notification,
    OldAddress,
    Payment,
    Player,
    PlayerRequest,
    PlayerTitle,
    Protest,
    PushSubscription,
    Registration,
    RegistrationMember,
    RoundTimeChange,
    Team,
    TeamMember,
    Unsubscribe,
    subscriber_key_of,
)
from tournaments.selectors.events import STATUTE_FIELDS

FORMAT = "cotuong-event-backup"
VERSION = 1

EVENT_INFO = ("name", "slug", "start_date", "end_date", "venue", "organiser", "visibility")
EVENT_FIELDS = sorted((STATUTE_FIELDS - set(EVENT_INFO))
                       | {"numbers_method", "numbers_seed", "lots_seed", "lots_drawn_at",
                          "initial_colour_drawn", "initial_colour_seed", "forbidden_groups"})
TITLE_FIELDS = ("awarded_on", "awarded_by", "note")
PLAYER_FIELDS = ("full_name", "gender", "birth_year", "club", "province", "federation",
                  "national_id", "fide_id", "rating", "title", "email")
TEAM_FIELDS = ("name", "club", "province")
# ``moved_on_after_round``: a championship's Swiss stage no longer pairs a qualifier who moved
# on (Art. 17.3); a restored copy keeps not pairing them.
ENTRY_FIELDS = ("number", "rating", "status", "withdrawn_after_round", "joined_round",
                 "requested_byes", "moved_on_after_round", "withdrawal_reason")
ROUND_FIELDS = ("number", "status", "method", "seed", "paired_at", "published_at",
                 "completed_at", "scheduled_at", "explanation", "left_out")
BOARD_FIELDS = ("number", "bye", "result", "version", "bracket", "match_code",
                 "first_substitution", "second_substitution", "white_arrived_at",
                 "white_minutes_late", "black_arrived_at", "black_minutes_late")
GAME_FIELDS = ("number", "level", "kind", "white_first", "result", "version")
FOUL_FIELDS = ("kind", "article", "note", "opponent_minutes", "recorded_at")
ADJOURNMENT_FIELDS = ("adjourned_at", "move_number", "sealed_move", "white_seconds",
                      "black_seconds", "resumes_at", "outcome", "resumed_at")
MOVES_FIELDS = ("moves", "notation", "start_fen", "source", "entered_at")
DISQUALIFICATION_FIELDS = ("sanction", "reason", "after_round", "decided_at", "approved_at")
TIME_CHANGE_FIELDS = ("changed_at", "before", "after", "reason")
ASSIGNMENT_FIELDS = ("first", "last")
CHECK_IN_FIELDS = ("round_number", "checked_in_at", "by_self")
OLD_ADDRESS_FIELDS = ("slug", "changed_at")
CLOSING_FIELDS = ("action", "at", "reason")
PROTEST_FIELDS = ("filer", "filer_name", "subject", "text", "filed_at", "decision",
                  "decision_reason", "decided_at", "appeal_text", "appealed_at",
                  "appeal_decision", "appeal_reason", "appeal_decided_at")
PROTEST_USERS = ("recorded_by", "decided_by", "appeal_recorded_by", "appeal_decided_by")
REQUEST_FIELDS = ("kind", "round", "reason", "status", "answer", "decided_at", "created_at")
# The event's messages (services/notifications.py): the log, the browsers subscribed to its
# notices, the addresses that asked for no more of them.
NOTIFICATION_FIELDS = ("kind", "channel", "recipient", "subject", "body", "url", "status",
                       "attempts", "last_error", "created_at", "sent_at")
PUSH_SUBSCRIPTION_FIELDS = ("subscriber_key", "endpoint", "p256dh", "auth", "created_at")
UNSUBSCRIBE_FIELDS = ("address", "token", "created_at")
# Online registrations (Art. 18 b, 19) as sent and decided: the sender's details (as the
# message log carries addresses), the decision with its reason, the waiting list's order; the
# player named from the register and the entry an approval made follow the restored ones.
APPLICANT_FIELDS = ("full_name", "gender", "birth_year", "club", "province", "federation",
                    "rating", "national_id", "fide_id")
REGISTRATION_FIELDS = (*APPLICANT_FIELDS, "team_name", "submitted_by_name",
                       "submitted_by_email", "submitted_by_phone", "batch", "status", "reason",
                       "decided_at", "position", "promoted_at", "created_at")
REGISTRATION_MEMBER_FIELDS = (*APPLICANT_FIELDS, "board_order", "is_reserve")
# Entry fees (models/fees.py): the schedule, the entries at the members' rate, the whole ledger
# with its voids and receipt numbers (a backup is the organisers', who read the fees).
FEE_SCHEDULE_FIELDS = ("standard", "member", "late_fee", "late_after", "bank_bin",
                       "bank_account", "account_name")
PAYMENT_FIELDS = ("number", "kind", "amount", "method", "note", "recorded_at", "voided_at",
                  "void_reason")
PAYMENT_USERS = ("recorded_by", "voided_by")

# Every field of every model, carried by the document (accounts as usernames, links to the
# event, entry, round or board by the document's nesting) or left out for the reason given:
# tests/tournaments/services/test_backup.py fails on a field or model named in neither.
CARRIED = {
    "Event": {*EVENT_INFO, *EVENT_FIELDS, "closed_at", "closed_by"},
    "EventClosing": {*CLOSING_FIELDS, "event", "by"},
    "Player": {*PLAYER_FIELDS, "created_by"},
    # The titles and classifications the players hold, the title named by its code in the
    # federation's list; a restore adds them to the players it creates.
    "PlayerTitle": {*TITLE_FIELDS, "player", "kind"},
    "Team": set(TEAM_FIELDS),
    "Entry": {*ENTRY_FIELDS, "event", "player", "team"},
    "TeamMember": {"entry", "player", "board_order", "is_reserve"},
    "Disqualification": {*DISQUALIFICATION_FIELDS, "entry", "decided_by", "approved_by"},
    "CheckIn": {*CHECK_IN_FIELDS, "entry", "checked_in_by"},
    "Round": {*ROUND_FIELDS, "event"},
    "RoundTimeChange": {*TIME_CHANGE_FIELDS, "round", "changed_by"},
    "BoardAssignment": {*ASSIGNMENT_FIELDS, "round", "arbiter", "assigned_by"},
    "Board": {*BOARD_FIELDS, "round", "white", "black"},
    "Game": {*GAME_FIELDS, "board", "first_player", "second_player"},
    "Foul": {*FOUL_FIELDS, "board", "entry", "game", "recorded_by"},
    "Adjournment": {*ADJOURNMENT_FIELDS, "board", "game", "sealer", "recorded_by",
                    "resumed_by"},
    "GameMoves": {*MOVES_FIELDS, "board", "game", "entered_by"},
    "OldAddress": {*OLD_ADDRESS_FIELDS, "kind", "event", "changed_by"},
    "Protest": {*PROTEST_FIELDS, *PROTEST_USERS, "round", "board", "entry"},
    "PlayerRequest": {*REQUEST_FIELDS, "entry", "decided_by"},
    "Notification": {*NOTIFICATION_FIELDS, "event"},
    "PushSubscription": {*PUSH_SUBSCRIPTION_FIELDS, "event"},
    "Unsubscribe": {*UNSUBSCRIBE_FIELDS, "event"},
    "Registration": {*REGISTRATION_FIELDS, "event", "player", "entry", "decided_by"},
    "RegistrationMember": {*REGISTRATION_MEMBER_FIELDS, "registration", "player"},
    "FeeSchedule": {*FEE_SCHEDULE_FIELDS, "event"},
    "EntryFee": {"entry", "member"},
    "Payment": {*PAYMENT_FIELDS, *PAYMENT_USERS, "entry"},
}
_KEYS = "a row's own key: the restore makes new ones"
LEFT_OUT = {
    "Event": {"id": _KEYS, "created_by": "the person who restores creates the event",
              "created_at": "set when restored", "updated_at": "set when restored",
              "version": "a fresh event starts its versions anew",
              "lots_drawn_by": "accounts are not carried: the seed and time are",
              "stage": "a championship's stage is restored with the championship, not one event",
              "organisation": "the tree is not an event's: an organisation's backup "
                              "(selectors/organisations.py: organisation_backup) holds its "
                              "events; a restored event is the restorer's, under none",
              "group_label": "a championship's group, as the stage",
              "name_folded": "derived from the name",
              "search_text": "derived from the name, venue, organiser and year"},
    "EventRole": "accounts and roles are not carried: the person who restores is the organiser",
    "Player": {"id": _KEYS, "name_folded": "derived from the name",
               "sort_key": "derived from the name", "search_text": "derived from the name",
               "created_at": "set when restored",
               "updated_at": "set when restored"},
    "Team": {"id": _KEYS, "name_folded": "derived from the name",
             "created_at": "set when restored"},
    "Entry": {"id": _KEYS, "created_at": "set when restored",
              "private_token": "a private link is a secret: a restored copy gives new links, "
                               "and a backup handed around opens no player's page"},
    "PlayerRequest": {"id": _KEYS},
    "TeamMember": {"id": _KEYS}, "Disqualification": {"id": _KEYS}, "Protest": {"id": _KEYS},
    "CheckIn": {"id": _KEYS, "version": "a fresh event starts its versions anew"},
    "Round": {"id": _KEYS, "paired_by": "accounts are not carried: the time is",
              "findings": "the checks run again on the restored round",
              "checked_at": "the checks run again on the restored round"},
    "RoundTimeChange": {"id": _KEYS},
    "BoardAssignment": {"id": _KEYS, "assigned_at": "set when restored"}, "Board": {"id": _KEYS},
    "Game": {"id": _KEYS}, "Foul": {"id": _KEYS},
    "GameMoves": {"id": _KEYS, "ply_times": "when each relayed ply was entered: the public's "
                  "delay of a game in play, not the game's record (docs/live.md)"},
    "RelayedBoard": "the live relay of a round in play, with its recorders' accounts: "
                    "chosen again on the restored copy if needed",
    "Adjournment": {"id": _KEYS},
    "OldAddress": {"id": _KEYS, "championship": "a championship's, not an event's"},
    "EventClosing": {"id": _KEYS},
    "Notification": {"id": _KEYS}, "PushSubscription": {"id": _KEYS},
    "Unsubscribe": {"id": _KEYS},
    "Championship": "a championship holds events; one event's backup does not restore it",
    "ChampionshipRole": "a championship's, as the championship",
    "Category": "a championship's, as the championship",
    "Stage": "a championship's, as the championship",
    "PlayerTitle": {"id": _KEYS, "created_by": "the person who restores adds the titles",
                    "created_at": "set when restored"},
    "TitleKind": "the installation's list of titles and classifications (seeded, kept in the "
                 "admin): the document names each title by its code",
    "RatingList": "an installation's rating lists, not an event's",
    "RatingListRow": "an installation's rating lists, not an event's",
    "RatingApplication": "applied to the installation's players from its rating lists",
    "RatingChange": "applied to the installation's players from its rating lists",
    "Job": "work in progress on this installation",
    "Registration": {"id": _KEYS, "name_folded": "derived from the name"},
    "RegistrationMember": {"id": _KEYS, "name_folded": "derived from the name"},
    "Organisation": "the tree is backed up by organisation (selectors/organisations.py: "
                    "organisation_backup), with its events' backups",
    "OrganisationRole": "an organisation's administrators, in the organisation's backup",
    "ClubMembership": "a club's members, in the organisation's backup",
    "FeeSchedule": {"id": _KEYS, "category": "a championship category's, as the championship"},
    "EntryFee": {"id": _KEYS}, "Payment": {"id": _KEYS},
    "Invitation": "accounts, e-mail addresses and tokens are not carried: the person who "
                  "restores is the organiser, and invites the staff again",
}


def _plain(value):
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return value


def _fields(obj, names) -> dict:
    return {name: _plain(getattr(obj, name)) for name in names}


def _username(user) -> str:
    return user.get_username() if user else ""


def event_backup_document(event: Event) -> dict:
    """The whole event as a JSON-ready dict (no rights checked: callers check them)."""
    entries = list(event.entries.select_related("player__created_by", "team").order_by("pk"))
    members = list(TeamMember.objects.filter(entry__event=event)
                   .select_related("player__created_by").order_by("entry_id", "board_order"))
    rounds = list(event.rounds_set.order_by("number"))
    boards = list(Board.objects.filter(round__event=event).order_by("round__number", "number"))
    games = list(Game.objects.filter(board__round__event=event).order_by("board_id", "number"))
    fouls: dict[int, list[Foul]] = {}
    for foul in (Foul.objects.filter(board__round__event=event)
                 .select_related("game", "recorded_by").order_by("board_id", "recorded_at", "pk")):
        fouls.setdefault(foul.board_id, []).append(foul)
    adjournments: dict[int, list[Adjournment]] = {}
    for adjournment in (Adjournment.objects.filter(board__round__event=event)
                        .select_related("game", "recorded_by", "resumed_by")
                        .order_by("board_id", "adjourned_at", "pk")):
        adjournments.setdefault(adjournment.board_id, []).append(adjournment)
    moves: dict[int, list[GameMoves]] = {}
    for record in (GameMoves.objects.filter(board__round__event=event)
                   .select_related("game", "entered_by").order_by("board_id", "pk")):
        moves.setdefault(record.board_id, []).append(record)
    disqualified = {d.entry_id: d for d in Disqualification.objects.filter(entry__event=event)
                    .select_related("decided_by", "approved_by")}
    requests: dict[int, list[PlayerRequest]] = {}
    for asked in (PlayerRequest.objects.filter(entry__event=event).select_related("decided_by")
                  .order_by("created_at", "pk")):
        requests.setdefault(asked.entry_id, []).append(asked)
    check_ins: dict[int, list[CheckIn]] = {}
    for check_in in (CheckIn.objects.filter(entry__event=event).select_related("checked_in_by")
                     .order_by("entry_id", "round_number")):
        check_ins.setdefault(check_in.entry_id, []).append(check_in)
    time_changes: dict[int, list[RoundTimeChange]] = {}
    for change in (RoundTimeChange.objects.filter(round__event=event)
                   .select_related("changed_by").order_by("changed_at", "pk")):
        time_changes.setdefault(change.round_id, []).append(change)
    assignments: dict[int, list[BoardAssignment]] = {}
    for assignment in (BoardAssignment.objects.filter(round__event=event)
                       .select_related("arbiter", "assigned_by").order_by("first", "pk")):
        assignments.setdefault(assignment.round_id, []).append(assignment)
    protests: dict[int, list[Protest]] = {}
    for protest in (Protest.objects.filter(round__event=event)
                    .select_related("board", *PROTEST_USERS).order_by("filed_at", "pk")):
        protests.setdefault(protest.round_id, []).append(protest)
    old_addresses = (OldAddress.objects.filter(kind=AddressKind.EVENT, event=event)
                     .select_related("changed_by").order_by("changed_at", "pk"))
    registrations = list(Registration.objects.filter(event=event)
                         .select_related("player__created_by", "decided_by").order_by("pk"))
    registered: dict[int, list[RegistrationMember]] = {}
    for member in (RegistrationMember.objects.filter(registration__event=event)
                   .select_related("player__created_by").order_by("registration_id",
                                                                  "board_order")):
        registered.setdefault(member.registration_id, []).append(member)
    entry_of_key = {subscriber_key_of(e): e.pk for e in entries}
    players: dict[int, Player] = {}
    teams: dict[int, Team] = {}
    for entry in entries:
        if entry.player_id:
            players[entry.player_id] = entry.player
        else:
            teams[entry.team_id] = entry.team
    for m in members:
        players[m.player_id] = m.player
    # A registration may name a player of the register who never entered (a rejected one).
    for named in [*registrations, *(m for ms in registered.values() for m in ms)]:
        if named.player_id:
            players.setdefault(named.player_id, named.player)
    game_players = {pid for g in games for pid in (g.first_player_id, g.second_player_id) if pid}
    for p in Player.objects.filter(pk__in=game_players - set(players)).select_related("created_by"):
        players[p.pk] = p
    held: dict[int, list[PlayerTitle]] = {}
    for title in (PlayerTitle.objects.filter(player_id__in=list(players))
                  .select_related("kind").order_by("player_id", "kind__order", "awarded_on")):
        held.setdefault(title.player_id, []).append(title)
    by_board: dict[int, list[Game]] = {}
    for g in games:
        by_board.setdefault(g.board_id, []).append(g)
    by_round: dict[int, list[Board]] = {}
    for b in boards:
        by_round.setdefault(b.round_id, []).append(b)
    roster: dict[int, list[TeamMember]] = {}
    for m in members:
        roster.setdefault(m.entry_id, []).append(m)
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "event": {**_fields(event, EVENT_INFO), **_fields(event, EVENT_FIELDS)},
        "players": [{"id": p.pk, **_fields(p, PLAYER_FIELDS),
                     "created_by": _username(p.created_by),
                     "titles": [_fields(t, TITLE_FIELDS) | {"kind": t.kind.code}
                                for t in held.get(p.pk, ())]} for p in players.values()],
        "teams": [{"id": t.pk, **_fields(t, TEAM_FIELDS)} for t in teams.values()],
        "entries": [
            {"id": e.pk, "player": e.player_id, "team": e.team_id, **_fields(e, ENTRY_FIELDS),
             "members": [{"player": m.player_id, "board_order": m.board_order,
                          "is_reserve": m.is_reserve} for m in roster.get(e.pk, [])],
             "disqualification": _disqualification_row(disqualified.get(e.pk)),
             "requests": [{**_fields(r, REQUEST_FIELDS), "decided_by": _username(r.decided_by)}
                          for r in requests.get(e.pk, [])],
             "check_ins": [{**_fields(c, CHECK_IN_FIELDS),
                            "checked_in_by": _username(c.checked_in_by)}
                           for c in check_ins.get(e.pk, [])]}
            for e in entries
        ],
        "rounds": [
            {**_fields(r, ROUND_FIELDS),
             "time_changes": [{**_fields(c, TIME_CHANGE_FIELDS),
                               "changed_by": _username(c.changed_by)}
                              for c in time_changes.get(r.pk, [])],
             "assignments": [{**_fields(a, ASSIGNMENT_FIELDS), "arbiter": _username(a.arbiter),
                              "assigned_by": _username(a.assigned_by)}
                             for a in assignments.get(r.pk, [])],
             "protests": [_protest_row(p) for p in protests.get(r.pk, [])],
             "boards": [
                {**_fields(b, BOARD_FIELDS), "white": b.white_id, "black": b.black_id,
                 "games": [{**_fields(g, GAME_FIELDS), "first_player": g.first_player_id,
                            "second_player": g.second_player_id}
                           for g in by_board.get(b.pk, [])],
                 "fouls": [_foul_row(f) for f in fouls.get(b.pk, [])],
                 "adjournments": [_adjournment_row(a) for a in adjournments.get(b.pk, [])],
                 "moves": [_moves_row(m) for m in moves.get(b.pk, [])]}
                for b in by_round.get(r.pk, [])]}
            for r in rounds
        ],
        # Closed (archived): when and by whom, and every closing and reopening with its reason.
        "closing": {"closed_at": _plain(event.closed_at),
                    "closed_by": _username(event.closed_by),
                    "history": [{**_fields(c, CLOSING_FIELDS), "by": _username(c.by)}
                                for c in EventClosing.objects.filter(event=event)
                                .select_related("by").order_by("at", "pk")]},
        "old_addresses": [{**_fields(a, OLD_ADDRESS_FIELDS), "changed_by": _username(a.changed_by)}
                          for a in old_addresses],
        "notifications": [_fields(n, NOTIFICATION_FIELDS) for n in
                          Notification.objects.filter(event=event).order_by("created_at", "pk")],
        # A subscription made on an entry's private page names the entry: the restored one's.
        "push_subscriptions": [
            {**_fields(s, PUSH_SUBSCRIPTION_FIELDS), "entry": entry_of_key.get(s.subscriber_key)}
            for s in PushSubscription.objects.filter(event=event).order_by("pk")],
        "unsubscribes": [_fields(u, UNSUBSCRIBE_FIELDS)
                         for u in Unsubscribe.objects.filter(event=event).order_by("pk")],
        "registrations": [
            {**_fields(r, REGISTRATION_FIELDS), "player": r.player_id, "entry": r.entry_id,
             "decided_by": _username(r.decided_by),
             "members": [{**_fields(m, REGISTRATION_MEMBER_FIELDS), "player": m.player_id}
                         for m in registered.get(r.pk, [])]}
            for r in registrations],
        "fees": _fees(event),
    }


def _fees(event: Event) -> dict:
    """The entry fees: the schedule, the members (entry ids), the ledger with who recorded and
    voided each row by username."""
    schedule = FeeSchedule.objects.filter(event=event).first()
    return {
        "schedule": None if schedule is None else _fields(schedule, FEE_SCHEDULE_FIELDS),
        "members": sorted(EntryFee.objects.filter(entry__event=event, member=True)
                          .values_list("entry_id", flat=True)),
        "payments": [{**_fields(p, PAYMENT_FIELDS), "entry": p.entry_id,
                      **{u: _username(getattr(p, u)) for u in PAYMENT_USERS}}
                     for p in Payment.objects.filter(entry__event=event)
                     .select_related(*PAYMENT_USERS).order_by("number")],
    }


def _disqualification_row(disqualification: Disqualification | None) -> dict | None:
    """A disqualification (Art. 15.6, 16.1): who decided and approved it by username."""
    if disqualification is None:
        return None
    return {**_fields(disqualification, DISQUALIFICATION_FIELDS),
            "decided_by": _username(disqualification.decided_by),
            "approved_by": _username(disqualification.approved_by)}


def _protest_row(protest: Protest) -> dict:
    """A written protest and its appeal (Art. 15.6, 19.2): the board by number, the entry by
    the document's id, who recorded and decided by username."""
    return {**_fields(protest, PROTEST_FIELDS),
            "board": protest.board.number if protest.board else None, "entry": protest.entry_id,
            **{name: _username(getattr(protest, name)) for name in PROTEST_USERS}}


def _foul_row(foul: Foul) -> dict:
    """A penalty (chapter 5): the entry, the game of the match by number, who by username."""
    return {**_fields(foul, FOUL_FIELDS), "entry": foul.entry_id,
            "game": foul.game.number if foul.game else None,
            "recorded_by": _username(foul.recorded_by)}


def _adjournment_row(adjournment: Adjournment) -> dict:
    """An adjournment (Art. 10.3): the sealer's entry, the game by number, who by username."""
    return {**_fields(adjournment, ADJOURNMENT_FIELDS), "sealer": adjournment.sealer_id,
            "game": adjournment.game.number if adjournment.game else None,
            "recorded_by": _username(adjournment.recorded_by),
            "resumed_by": _username(adjournment.resumed_by)}


def _moves_row(record: GameMoves) -> dict:
    """A game's moves (Art. 11): the game of the match by number, who by username."""
    return {**_fields(record, MOVES_FIELDS), "game": record.game.number if record.game else None,
            "entered_by": _username(record.entered_by)}
