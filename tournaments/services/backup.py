"""Backup and restore of a whole event as one JSON document.

The document (format ``cotuong-event-backup``, version :data:`VERSION`) holds the event with its
statute, the players and teams it uses, entries and rosters, rounds, boards and games with their
results and the seeds of every draw of lots, so the restored event ranks exactly as the original
(same table numbers, same results, same lots seed), with the disqualifications, the rounds' start
time changes, the arbiters' boards, the adjournments with their sealed moves, the players'
requests (not their private links: a restored copy gives new ones), the event's former addresses,
its messages (the log of what was sent, the browsers subscribed, the addresses that
unsubscribed; a restore sends nothing, and addresses that unsubscribed from every event are the
installation's) and its online registrations (Art. 18 b, 19: who sent them, their rosters, the
decisions with their reasons, the waiting list's order), and its entry fees (the schedule, the
members' rate, the whole ledger with its voids). Accounts
and roles are not carried over: the person who restores becomes the organiser, and the people
named in the document (who recorded, decided, assigned) are kept where an account of that
username exists here. What is carried and what is not is listed in ``selectors/backup.py``
(``CARRIED``, ``LEFT_OUT``).

Restoring into another installation: players are matched by their federation ID, then their
international ID, and created when neither is known; teams by name. A document of an unknown
format or version is refused with a message, and a restore stores everything or nothing.
"""

from __future__ import annotations

import datetime
import json
from typing import IO

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from tournaments.errors import ServiceError
from tournaments.excel.package import FileRefused, text_check
from tournaments.models import (
    REASON_MAX_LENGTH,
    AddressKind,
    Adjournment,
    Board,
    BoardAssignment,
    CheckIn,
    ClosingAction,
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
    JobKind,
    Notification,
    OldAddress,
    Pace,
    Payment,
    Player,
    PlayerRequest,
    PlayerTitle,
    Protest,
    PushSubscription,
    Registration,
    RegistrationMember,
    Role,
    Round,
    RoundStatus,
    RoundTimeChange,
    Team,
    TeamMember,
    TitleKind,
    Unsubscribe,
    subscriber_key_of,
)
from tournaments.selectors.addresses import address_taken
from tournaments.selectors.backup import (
    ASSIGNMENT_FIELDS,
    BOARD_FIELDS,
    DISQUALIFICATION_FIELDS,
    ENTRY_FIELDS,
    EVENT_FIELDS,
    EVENT_INFO,
    FEE_SCHEDULE_FIELDS,
    FORMAT,
    GAME_FIELDS,
    NOTIFICATION_FIELDS,
    PAYMENT_FIELDS,
    PAYMENT_USERS,
    PLAYER_FIELDS,
    PROTEST_FIELDS,
    PROTEST_USERS,
    PUSH_SUBSCRIPTION_FIELDS,
    REGISTRATION_FIELDS,
    REGISTRATION_MEMBER_FIELDS,
    REQUEST_FIELDS,
    TEAM_FIELDS,
    UNSUBSCRIBE_FIELDS,
    VERSION,
    event_backup_document,
)
from tournaments.selectors.events import event_slug_free
from tournaments.selectors.game_records import sheet_check
from tournaments.selectors.rounds import round_open_boards
from tournaments.services._access import right_require
from tournaments.services._checks import pairs_check
from tournaments.services._history import history_note
from tournaments.services.jobs import job_create, job_dispatch

# Statute fields older backups hold that the statute no longer has: the reserves' rule is the
# team's for each match (appendix §4), so it is read from each match, not the event; the one
# move check became the schedule ``time_checks`` (Art. 10.1.2: ``_older_time_check``).
_RETIRED_EVENT_FIELDS = {"substitution", "time_check_moves", "time_check_minutes"}
# Older backups have no ``pace``: rapid and blitz were read from the minutes each (the
# provisional rules for rapid and blitz; Art. 10.1.1 e), as the migration that added it did.
_RAPID_MINUTES, _BLITZ_MINUTES = 30, 10

def event_backup(*, event: Event, actor) -> dict:
    """The backup document of ``event``, for its organisers (it holds federation IDs)."""
    right_require(actor=actor, perm="tournaments.change_event", event=event)
    return event_backup_document(event=event)


def _document_check(document) -> None:
    """Refuse anything but a backup of a version this installation reads."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ServiceError(_("This file is not a backup of an event made by this program."))
    version = document.get("version")
    if version != VERSION:
        raise ServiceError(
            _("This backup is in format version %(version)s; this installation reads version "
              "%(supported)s only. Restore it with the program that made it, or update this "
              "installation."), version=version, supported=VERSION)


def backup_read(*, source: IO[bytes]) -> dict:
    """The document of an uploaded backup, checked before anything is stored: a file that is
    not JSON is not a backup; one holding a NUL (a byte, or a ``\\u0000`` in a text: no
    database stores it) or nested deeper than the parser goes is a damaged backup."""
    data = source.read()
    try:
        text_check(data)
        document = json.loads(data)
    except FileRefused:
        raise _damaged(_("it contains NUL characters")) from None
    except RecursionError:
        raise _damaged(_("it is nested too deeply")) from None
    except (ValueError, UnicodeDecodeError):
        raise ServiceError(_("This file is not a backup of an event made by this "
                             "program.")) from None
    if _holds_nul(document):
        raise _damaged(_("it contains NUL characters"))
    _document_check(document)
    return document


def _holds_nul(document) -> bool:
    """Whether a text of the document, a key or a value, holds a NUL (walked without
    recursion: the document may be deep)."""
    stack = [document]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def event_restore(*, document: dict, actor, progress=None) -> Event:
    """Create the event of ``document`` with its players, entries, rounds and results; the
    actor becomes its organiser. All or nothing."""
    if actor is None or not actor.has_perm("tournaments.add_event"):
        raise PermissionDenied(_("Only organisers can create events."))
    _document_check(document)
    try:
        with transaction.atomic():
            return _restore(document, actor, progress)
    except ServiceError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, ValidationError,
            IntegrityError) as exc:
        detail = exc.messages[0] if isinstance(exc, ValidationError) else str(exc)
        raise _damaged(f"{type(exc).__name__}: {detail}") from exc


def _damaged(detail: str) -> ServiceError:
    return ServiceError(_("The backup is damaged and was not restored: %(detail)s"),
                        detail=detail[:300])


def _users(names) -> dict:
    """The accounts of these usernames that exist here."""
    names = set(names) - {"", None}
    return {u.get_username(): u for u in get_user_model().objects.filter(username__in=names)}


def _date(value):
    return parse_date(value) if value else None


def _datetime(value):
    return parse_datetime(value) if value else None


def _restore(doc: dict, actor, progress) -> Event:
    source = doc["event"]
    unknown = set(source) - set(EVENT_FIELDS) - set(EVENT_INFO) - _RETIRED_EVENT_FIELDS
    if unknown:
        raise ServiceError(_("The backup has event fields this installation does not know: "
                             "%(fields)s."), fields=", ".join(sorted(unknown)))
    event = Event(created_by=actor, name=source["name"],
                  start_date=_date(source["start_date"]), end_date=_date(source.get("end_date")),
                  venue=source.get("venue", ""), organiser=source.get("organiser", ""),
                  visibility=source.get("visibility", "draft"))
    for name in EVENT_FIELDS:
        if name in source:
            setattr(event, name, source[name])
    _older_time_check(source, event)
    slug = source.get("slug") or ""
    # A link shared for another event (its address now or before) is never taken over.
    event.slug = slug if slug and not address_taken(AddressKind.EVENT, slug) \
        else event_slug_free(source["name"])
    _check_law_scoring(event)
    event.full_clean()
    event.save()
    EventRole.objects.create(event=event, user=actor, role=Role.ORGANISER)
    _older_substitution(doc)
    players = _restore_players(doc["players"], actor)
    teams = _restore_teams(doc.get("teams", []))
    entries = _restore_entries(doc["entries"], event, players, teams)
    _restore_disqualifications(doc["entries"], entries)
    _restore_requests(doc["entries"], entries)
    _restore_check_ins(doc["entries"], entries)
    total = len(doc["rounds"])
    for i, r in enumerate(doc["rounds"], start=1):
        _restore_round(r, event, entries, players, actor)
        if progress:
            progress(i, total)
    _restore_old_addresses(doc.get("old_addresses", []), event)
    _restore_messages(doc, event, entries)
    _restore_registrations(doc.get("registrations", []), event, entries, players)
    _restore_fees(doc.get("fees") or {}, event, entries)
    _restore_closing(doc.get("closing") or {}, event)  # last: closed once all is written
    return event


def _restore_fees(fees: dict, event: Event, entries: dict[int, int]) -> None:
    """The entry fees (``models/fees.py``): the schedule, the members' rate, the ledger as it
    was (voided rows and receipt numbers kept), who recorded it where the account exists."""
    if fees.get("schedule"):
        schedule = FeeSchedule(event=event)
        for name in FEE_SCHEDULE_FIELDS:
            if name in fees["schedule"]:
                setattr(schedule, name, fees["schedule"][name])
        schedule.late_after = _datetime(fees["schedule"].get("late_after"))
        schedule.full_clean(exclude=["event", "category"])
        schedule.save()
    for entry_id in fees.get("members", []):
        if entry_id not in entries:
            raise _damaged("a member's rate names no entry of the backup")
        EntryFee.objects.create(entry_id=entries[entry_id], member=True)
    rows = fees.get("payments", [])
    users = _users(r.get(u) for r in rows for u in PAYMENT_USERS)
    for source in rows:
        if source.get("entry") not in entries:
            raise _damaged("a payment names no entry of the backup")
        payment = Payment(entry_id=entries[source["entry"]],
                          **{u: users.get(source.get(u)) for u in PAYMENT_USERS})
        for name in PAYMENT_FIELDS:
            if name in source:
                setattr(payment, name, source[name])
        payment.recorded_at = _datetime(source.get("recorded_at"))
        payment.voided_at = _datetime(source.get("voided_at"))
        payment.full_clean(exclude=["entry", *PAYMENT_USERS])
        payment.save()


def _restore_registrations(rows: list[dict], event: Event, entries: dict[int, int],
                           players: dict[int, int]) -> None:
    """The online registrations (Art. 18 b, 19) as they were decided, with their rosters: the
    player named from the register and the entry an approval made are the restored ones, the
    organiser who decided is kept where that account exists here (older backups have none)."""
    users = _users(r.get("decided_by") for r in rows)
    moments = ("decided_at", "promoted_at", "created_at")
    for row in rows:
        registration = Registration(
            event=event, player_id=players[row["player"]] if row.get("player") else None,
            entry_id=entries[row["entry"]] if row.get("entry") else None,
            decided_by=users.get(row.get("decided_by")),
            **{k: row[k] for k in REGISTRATION_FIELDS if k in row and k not in moments})
        registration.decided_at = _datetime(row.get("decided_at"))
        registration.promoted_at = _datetime(row.get("promoted_at"))
        registration.full_clean(exclude=["event", "player", "entry", "decided_by", "batch"])
        registration.save()
        if row.get("created_at"):
            Registration.objects.filter(pk=registration.pk).update(
                created_at=_datetime(row["created_at"]))
        for source in row.get("members", []):
            member = RegistrationMember(
                registration=registration,
                player_id=players[source["player"]] if source.get("player") else None,
                **{k: source[k] for k in REGISTRATION_MEMBER_FIELDS if k in source})
            member.full_clean(exclude=["registration", "player"])
            member.save()


def _restore_disqualifications(rows: list[dict], entries: dict[int, int]) -> None:
    """The disqualifications (Art. 15.6, 16.1), with who decided and approved them."""
    rows = [r for r in rows if r.get("disqualification")]
    users = _users(n for r in rows for n in (r["disqualification"].get("decided_by"),
                                             r["disqualification"].get("approved_by")))
    for row in rows:
        source = row["disqualification"]
        disqualification = Disqualification(
            entry_id=entries[row["id"]], **{k: source[k] for k in DISQUALIFICATION_FIELDS
                                            if k in source},
            decided_by=users.get(source.get("decided_by")),
            approved_by=users.get(source.get("approved_by")))
        disqualification.decided_at = _datetime(source["decided_at"])
        disqualification.approved_at = _datetime(source.get("approved_at"))
        disqualification.full_clean(exclude=["entry", "decided_by", "approved_by"])
        disqualification.save()


def _restore_requests(rows: list[dict], entries: dict[int, int]) -> None:
    """The players' requests to the arbiters, with who decided them (older backups have
    none)."""
    asked = [(row["id"], r) for row in rows for r in row.get("requests", [])]
    users = _users(r.get("decided_by") for _id, r in asked)
    for entry_id, source in asked:
        request = PlayerRequest(entry_id=entries[entry_id],
                                **{k: source[k] for k in REQUEST_FIELDS
                                   if k in source and k not in ("decided_at", "created_at")},
                                decided_by=users.get(source.get("decided_by")))
        request.decided_at = _datetime(source.get("decided_at"))
        request.created_at = _datetime(source["created_at"])
        request.full_clean(exclude=["entry", "decided_by"])
        request.save()


def _restore_check_ins(rows: list[dict], entries: dict[int, int]) -> None:
    """The players' check-ins, with who checked them in where the account exists here."""
    users = _users(c.get("checked_in_by") for r in rows for c in r.get("check_ins", []))
    for row in rows:
        for source in row.get("check_ins", []):
            check_in = CheckIn(entry_id=entries[row["id"]],
                               round_number=source.get("round_number", 0),
                               checked_in_at=_datetime(source.get("checked_in_at")),
                               by_self=bool(source.get("by_self")),
                               checked_in_by=users.get(source.get("checked_in_by")))
            check_in.full_clean(exclude=["entry", "checked_in_by"])
            check_in.save()


def _restore_closing(closing: dict, event: Event) -> None:
    """A closed event comes back closed (its organiser, the restorer, may reopen it), with
    the history of its closings and reopenings; an account that is not here is "—"."""
    history = closing.get("history", [])
    users = _users([closing.get("closed_by"), *(r.get("by") for r in history)])
    for row in history:
        if row.get("action") not in ClosingAction.values or not row.get("at"):
            raise ServiceError(_("The backup's closing history is damaged."))
        EventClosing.objects.create(event=event, action=row["action"], at=_datetime(row["at"]),
                                    by=users.get(row.get("by")),
                                    reason=str(row.get("reason", ""))[:REASON_MAX_LENGTH])
    if closing.get("closed_at"):
        Event.objects.filter(pk=event.pk).update(closed_at=_datetime(closing["closed_at"]),
                                                 closed_by=users.get(closing.get("closed_by")))
        event.refresh_from_db(fields=["closed_at", "closed_by"])


def _restore_old_addresses(rows: list[dict], event: Event) -> None:
    """The event's former addresses, so old links still lead to it; one another event took
    or had here is left to that event."""
    users = _users(r.get("changed_by") for r in rows)
    taken = set(OldAddress.objects.filter(kind=AddressKind.EVENT,
                                          slug__in=[r["slug"] for r in rows])
                .values_list("slug", flat=True))
    taken |= set(Event.objects.filter(slug__in=[r["slug"] for r in rows])
                 .values_list("slug", flat=True))
    for row in rows:
        if row["slug"] in taken:
            continue
        taken.add(row["slug"])
        address = OldAddress(kind=AddressKind.EVENT, event=event, slug=row["slug"],
                             changed_by=users.get(row.get("changed_by")))
        address.full_clean(exclude=["event", "championship", "changed_by"])
        address.save()
        if row.get("changed_at"):
            OldAddress.objects.filter(pk=address.pk).update(
                changed_at=_datetime(row["changed_at"]))


def _restore_messages(doc: dict, event: Event, entries: dict[int, int]) -> None:
    """The event's messages as they were (a queued one is not sent again), the browsers
    subscribed (an entry's subscription follows the restored entry) and the addresses that
    unsubscribed from the event."""
    for row in doc.get("notifications", []):
        notification = Notification(event=event, **{k: row[k] for k in NOTIFICATION_FIELDS
                                                    if k in row})
        notification.created_at = _datetime(row.get("created_at")) or notification.created_at
        notification.sent_at = _datetime(row.get("sent_at"))
        notification.full_clean(exclude=["event"])
        notification.save()
    for row in doc.get("push_subscriptions", []):
        subscription = PushSubscription(event=event, **{k: row[k] for k in
                                                         PUSH_SUBSCRIPTION_FIELDS if k in row})
        if row.get("entry") in entries:
            subscription.subscriber_key = subscriber_key_of(Entry(pk=entries[row["entry"]]))
        subscription.created_at = _datetime(row.get("created_at")) or subscription.created_at
        subscription.full_clean(exclude=["event"])
        subscription.save()
    for row in doc.get("unsubscribes", []):
        unsubscribe = Unsubscribe(event=event, **{k: row[k] for k in UNSUBSCRIBE_FIELDS
                                                  if k in row})
        unsubscribe.created_at = _datetime(row.get("created_at")) or unsubscribe.created_at
        unsubscribe.full_clean(exclude=["event"])
        unsubscribe.save()


def _check_law_scoring(event: Event) -> None:
    """A backup made before Art. 19.5 was enforced may hold an official event with other
    points: say so, and how to restore it, rather than call the backup damaged."""
    if event.official and not event.scoring_follows_law:
        raise ServiceError(_("This backup's event is official, but its scoring is not the "
                             "law's: %(why)s To restore it as a friendly event, set "
                             "\"official\": false in the backup's \"event\"."),
                           why=" ".join(str(w) for w in event.scoring_departures().values()))


def _older_substitution(doc: dict) -> None:
    """A backup made when the statute held one reserve rule for the event (``substitution``):
    its matches take that rule as both teams' choice, as migration 0011 did for the events
    stored here (appendix §4)."""
    rule = doc["event"].get("substitution")
    if rule is None:
        return
    for round_row in doc["rounds"]:
        for board in round_row["boards"]:
            board.setdefault("first_substitution", rule)
            board.setdefault("second_substitution", rule)


def _restore_players(rows: list[dict], actor) -> dict[int, int]:
    """Document player id -> player id here: by federation ID, international ID, or new (then
    created by the account of the document's username if it exists here, else the actor)."""
    users = _users(r.get("created_by") for r in rows)
    national = {r["national_id"] for r in rows if r.get("national_id")}
    fide = {r["fide_id"] for r in rows if r.get("fide_id")}
    by_national = dict(Player.objects.filter(national_id__in=national)
                       .values_list("national_id", "pk"))
    by_fide = dict(Player.objects.filter(fide_id__in=fide).values_list("fide_id", "pk"))
    out: dict[int, int] = {}
    for row in rows:
        pk = by_national.get(row.get("national_id")) or by_fide.get(row.get("fide_id"))
        if pk is None:
            player = Player(**{k: row.get(k) for k in PLAYER_FIELDS if k in row})
            for key in ("gender", "club", "province", "title"):
                setattr(player, key, getattr(player, key) or "")
            player.federation = player.federation or "VIE"
            player.created_by = users.get(row.get("created_by"), actor)
            player.full_clean(exclude=["name_folded", "sort_key"])
            player.save()
            pk = player.pk
            _restore_titles(row.get("titles") or [], player, actor)
        out[row["id"]] = pk
    return out


def _restore_titles(rows: list[dict], player: Player, actor) -> None:
    """A new player's titles and classifications, those of the federation's list here (a
    player matched by ID keeps the register's own titles, which are this installation's)."""
    kinds = {k.code: k for k in TitleKind.objects.all()} if rows else {}
    for row in rows:
        kind = kinds.get(row.get("kind"))
        if kind is None:
            continue
        try:
            awarded_on = datetime.date.fromisoformat(row["awarded_on"])
        except (KeyError, TypeError, ValueError):
            raise _damaged(_("a title has no valid date")) from None
        title = PlayerTitle(player=player, kind=kind, awarded_on=awarded_on,
                            awarded_by=str(row.get("awarded_by") or "")[:120],
                            note=str(row.get("note") or "")[:200], created_by=actor)
        history_note(row=title, actor=actor, reason="restore")
        title.save()


def _restore_teams(rows: list[dict]) -> dict[int, int]:
    out: dict[int, int] = {}
    for row in rows:
        team = Team.objects.filter(name__iexact=row["name"]).first()
        if team is None:
            team = Team.objects.create(**{k: row.get(k) or "" for k in TEAM_FIELDS})
        out[row["id"]] = team.pk
    return out


def _restore_entries(rows: list[dict], event: Event, players: dict[int, int],
                     teams: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for row in rows:
        entry = Entry(event=event,
                      player_id=players[row["player"]] if row.get("player") else None,
                      team_id=teams[row["team"]] if row.get("team") else None,
                      **{k: row[k] for k in ENTRY_FIELDS if k in row})
        entry.full_clean(exclude=["event", "player", "team"])
        entry.save()
        out[row["id"]] = entry.pk
        TeamMember.objects.bulk_create(
            TeamMember(entry=entry, player_id=players[m["player"]], board_order=m["board_order"],
                       is_reserve=m.get("is_reserve", False))
            for m in row.get("members", [])
        )
    return out


def _restore_round(row: dict, event: Event, entries: dict[int, int], players: dict[int, int],
                   actor) -> None:
    """One round, checked by the rules the services keep: known status, method, bye kinds,
    result codes and game kinds (the models' choices), each entry on one board at most
    (``rounds.pairs_check``), no result in a draft, none missing in a closed round
    (``selectors/rounds.py: round_open_boards``, as ``round_complete`` checks)."""
    round_ = Round(
        event=event, number=row["number"], status=row["status"], method=row["method"],
        seed=row.get("seed"), paired_by=None, paired_at=_datetime(row.get("paired_at")),
        published_at=_datetime(row.get("published_at")),
        completed_at=_datetime(row.get("completed_at")),
        scheduled_at=_datetime(row.get("scheduled_at")),
        explanation=row.get("explanation"),  # by pairing number: the numbers come back too
        left_out=row.get("left_out") or [],  # pairing numbers, as the explanation
    )
    round_.full_clean()
    round_.save()
    boards = [
        Board(round=round_, white_id=entries[b["white"]],
              black_id=entries[b["black"]] if b.get("black") else None,
              **{k: b[k] for k in BOARD_FIELDS if k in b})
        for b in row["boards"]
    ]
    pairs_check(entry_ids=set(entries.values()), pairs=[(b.white_id, b.black_id) for b in boards])
    for board in boards:
        board.full_clean(exclude=["round", "white", "black"])
    if round_.status == RoundStatus.DRAFT and any(b.result for b in boards):
        raise _damaged(f"round {round_.number} is a draft with results")
    reason = "restored from a backup"
    boards = bulk_create_with_history(boards, Board, default_user=actor,
                                      default_change_reason=reason)
    games = [
        Game(board=board, first_player_id=players[g["first_player"]] if g.get("first_player")
             else None,
             second_player_id=players[g["second_player"]] if g.get("second_player") else None,
             **{k: g[k] for k in GAME_FIELDS if k in g})
        for board, b in zip(boards, row["boards"], strict=True) for g in b.get("games", [])
    ]
    for game in games:
        game.full_clean(exclude=["board", "first_player", "second_player"])
    if games:
        bulk_create_with_history(games, Game, default_user=actor, default_change_reason=reason)
    _restore_fouls(row, boards, entries)
    _restore_adjournments(row, boards, entries)
    _restore_moves(row, boards)
    _restore_schedule(row, round_)
    _restore_protests(row, round_, boards, entries)
    if round_.status == RoundStatus.COMPLETED and round_open_boards(round_):
        raise _damaged(f"round {round_.number} is closed with boards without a result")


def _restore_protests(row: dict, round_: Round, boards: list[Board],
                      entries: dict[int, int]) -> None:
    """The round's written protests and appeals (Art. 15.6, 19.2), with who recorded and
    decided them where those accounts exist here."""
    rows = row.get("protests", [])
    users = _users(p.get(name) for p in rows for name in PROTEST_USERS)
    by_number = {b.number: b for b in boards}
    for p in rows:
        if p.get("board") is not None and p["board"] not in by_number:
            raise _damaged(f"a protest of round {round_.number} names no board of it")
        protest = Protest(round=round_, board=by_number.get(p.get("board")),
                          entry_id=entries[p["entry"]],
                          **{k: p.get(k, "") for k in PROTEST_FIELDS if not k.endswith("_at")},
                          **{k: _datetime(p.get(k)) for k in PROTEST_FIELDS if k.endswith("_at")},
                          **{k: users.get(p.get(k)) for k in PROTEST_USERS})
        protest.full_clean(exclude=["round", "board", "entry", *PROTEST_USERS])
        protest.save()


def _restore_schedule(row: dict, round_: Round) -> None:
    """The round's start time changes with their reasons, and the arbiters' boards where the
    arbiter's account exists here."""
    changes, assignments = row.get("time_changes", []), row.get("assignments", [])
    users = _users([c.get("changed_by") for c in changes]
                   + [n for a in assignments for n in (a.get("arbiter"), a.get("assigned_by"))])
    for c in changes:
        change = RoundTimeChange(round=round_, before=_datetime(c.get("before")),
                                 after=_datetime(c.get("after")), reason=c.get("reason", ""),
                                 changed_by=users.get(c.get("changed_by")))
        change.full_clean(exclude=["round", "changed_by"])
        change.save()
        if c.get("changed_at"):
            RoundTimeChange.objects.filter(pk=change.pk).update(
                changed_at=_datetime(c["changed_at"]))
    for a in assignments:
        if a.get("arbiter") not in users:
            continue
        assignment = BoardAssignment(round=round_, arbiter=users[a["arbiter"]],
                                     assigned_by=users.get(a.get("assigned_by")),
                                     **{k: a[k] for k in ASSIGNMENT_FIELDS if k in a})
        assignment.full_clean(exclude=["round", "arbiter", "assigned_by"])
        assignment.save()


def _older_time_check(source: dict, event: Event) -> None:
    """An older backup's one move check (moves, minutes) as the schedule "25/60" (Art. 10.1.2),
    and its pace from the minutes each."""
    moves = source.get("time_check_moves")
    if moves and "time_checks" not in source:
        event.time_checks = f"{moves}/{source.get('time_check_minutes') or event.time_base_minutes}"
    if "pace" not in source:
        minutes = event.time_base_minutes
        event.pace = (Pace.BLITZ if minutes <= _BLITZ_MINUTES else
                      Pace.RAPID if minutes <= _RAPID_MINUTES else Pace.STANDARD)


def _restore_adjournments(row: dict, boards: list[Board], entries: dict[int, int]) -> None:
    """The round's adjournments and sealed moves (Art. 10.3); the arbiters kept if their
    accounts exist here."""
    rows = [(board, a) for board, b in zip(boards, row["boards"], strict=True)
            for a in b.get("adjournments", [])]
    if not rows:
        return
    names = {a.get(k) for _board, a in rows for k in ("recorded_by", "resumed_by")} - {"", None}
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=names)}
    games = {(g.board_id, g.number): g for g in Game.objects.filter(board__in=boards)}
    for board, a in rows:
        adjournment = Adjournment(
            board=board, sealer_id=entries[a["sealer"]],
            game=games.get((board.pk, a["game"])) if a.get("game") else None,
            adjourned_at=_datetime(a["adjourned_at"]), move_number=a["move_number"],
            sealed_move=a["sealed_move"], white_seconds=a["white_seconds"],
            black_seconds=a["black_seconds"], resumes_at=_datetime(a.get("resumes_at")),
            outcome=a.get("outcome", ""), resumed_at=_datetime(a.get("resumed_at")),
            recorded_by=users.get(a.get("recorded_by")),
            resumed_by=users.get(a.get("resumed_by")))
        adjournment.full_clean(exclude=["board", "sealer", "game", "recorded_by",
                                        "resumed_by"])
        adjournment.save()


def _restore_fouls(row: dict, boards: list[Board], entries: dict[int, int]) -> None:
    """The round's penalties; the arbiter who recorded one is kept if that account exists here."""
    rows = [(board, f) for board, b in zip(boards, row["boards"], strict=True)
            for f in b.get("fouls", [])]
    if not rows:
        return
    names = {f.get("recorded_by") for _board, f in rows} - {""}
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=names)}
    games = {(g.board_id, g.number): g for g in Game.objects.filter(board__in=boards)}
    for board, f in rows:
        foul = Foul(
            board=board, entry_id=entries[f["entry"]],
            game=games.get((board.pk, f["game"])) if f.get("game") else None,
            kind=f["kind"], article=f["article"], note=f.get("note", ""),
            opponent_minutes=f.get("opponent_minutes", 0),
            recorded_at=_datetime(f["recorded_at"]), recorded_by=users.get(f.get("recorded_by")))
        foul.full_clean(exclude=["board", "entry", "game", "recorded_by"])  # known kinds only
        foul.save()


def _restore_moves(row: dict, boards: list[Board]) -> None:
    """The round's recorded games, replayed before they are kept: a move that cannot be played
    (a damaged or forged file) refuses the whole restore."""
    rows = [(board, m) for board, b in zip(boards, row["boards"], strict=True)
            for m in b.get("moves", [])]
    if not rows:
        return
    names = {m.get("entered_by") for _board, m in rows} - {""}
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=names)}
    games = {(g.board_id, g.number): g for g in Game.objects.filter(board__in=boards)}
    for board, m in rows:
        checked = sheet_check(str(m.get("moves", "")), "iccs", str(m.get("start_fen") or ""))
        if not checked.ok or not checked.moves:
            raise _damaged(f"round {row['number']}, board {board.number}: moves that cannot "
                           "be played")
        record = GameMoves(
            board=board, game=games.get((board.pk, m.get("game"))) if m.get("game") else None,
            moves=" ".join(x.iccs for x in checked.moves), notation=m.get("notation", "vi"),
            start_fen=m.get("start_fen") or "", source=m.get("source", "sheet"),
            entered_at=_datetime(m["entered_at"]), entered_by=users.get(m.get("entered_by")))
        record.full_clean(exclude=["board", "game", "entered_by"])  # known notations only
        record.save()


MAX_BACKUP_BYTES = 50 * 1024 * 1024


@transaction.atomic
def restore_start(*, actor, upload, lang: str | None = None):
    """Keep an uploaded backup on a job and queue its restore; a file that is not a backup,
    or a damaged one, is refused at once (:func:`backup_read`) and nothing is kept."""
    if actor is None or not actor.has_perm("tournaments.add_event"):
        raise PermissionDenied(_("Only organisers can create events."))
    if upload.size > MAX_BACKUP_BYTES:
        raise ServiceError(_("The file is larger than %(max)s MB."),
                           max=MAX_BACKUP_BYTES // (1024 * 1024))
    backup_read(source=upload)
    upload.seek(0)
    job = job_create(kind=JobKind.RESTORE, user=actor,
                     params={"upload_name": upload.name[:200]}, lang=lang)
    job.file.save(f"{job.pk}-backup.json", upload, save=True)
    job_dispatch(job=job, task_name="tournaments.tasks.restore_run")
    return job
