"""Backup of a whole event as one JSON document and its restore, here or on another
installation: the restored event shows identical standings and crosstable."""

import json

import pytest
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from tournaments.errors import ServiceError
from tournaments.models import (
    AddressKind,
    Board,
    Entry,
    Event,
    EventRole,
    Game,
    Job,
    JobStatus,
    Player,
    Role,
    Round,
    Team,
    TeamMember,
)
from tournaments.selectors.addresses import address_now
from tournaments.selectors.backup import VERSION, event_backup_document
from tournaments.selectors.standings import event_crosstable, event_standings
from tournaments.services.backup import event_backup, event_restore, restore_start
from tournaments.services.events import event_update

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


def standings_of(event):
    view = event_standings(event)
    return [(r.rank, r.number, r.entry.name, r.points, r.values) for r in view.rows]


def crosstable_of(event):
    view = event_crosstable(event)
    return [(r.rank, r.entry.name, r.points, [cell.text for cell in r.cells])
            for r in view.rows]


def roundtrip(document):
    """What another installation receives: the JSON text."""
    return json.loads(json.dumps(document, ensure_ascii=False))


def test_restored_event_shows_identical_standings_and_crosstable(rr_event, organiser):
    document = roundtrip(event_backup(event=rr_event, actor=organiser))
    restored = event_restore(document=document, actor=organiser)
    assert restored.pk != rr_event.pk and restored.slug != rr_event.slug
    assert standings_of(restored) == standings_of(rr_event)
    assert crosstable_of(restored) == crosstable_of(rr_event)
    assert any("X" in cell for row in crosstable_of(restored) for cell in row[3])


def test_restore_into_another_installation(rr_event, organiser, tmp_path):
    expected_standings, expected_cross = standings_of(rr_event), crosstable_of(rr_event)
    expected_statute = {f: getattr(rr_event, f) for f in ("format", "tiebreaks", "points_win",
                                                           "forfeit_minutes", "lots_seed")}
    path = tmp_path / "backup.json"
    call_command("backup_event", str(rr_event.pk), "--output", str(path),
                 stderr=open("/dev/null", "w"))
    # The other installation has none of it: no event, no players.
    slug = rr_event.slug
    rr_event.delete()
    Player.objects.all().delete()
    call_command("restore_event", str(path), "--user", organiser.username,
                 stdout=open("/dev/null", "w"))
    restored = Event.objects.get()
    assert restored.slug == slug  # free here, so kept
    assert standings_of(restored) == expected_standings
    assert crosstable_of(restored) == expected_cross
    assert {f: getattr(restored, f) for f in expected_statute} == expected_statute
    assert Player.objects.filter(full_name="Nguyễn Thị Ánh Tuyết", national_id="VXF00001",
                                 birth_year=1990).exists()
    assert EventRole.objects.filter(event=restored, user=organiser, role=Role.ORGANISER).exists()
    # Results keep their history: who restored them, and why.
    board = Board.objects.filter(round__event=restored).exclude(result="").first()
    assert board.history.first().history_change_reason == "restored from a backup"


def test_a_restored_event_never_takes_another_events_former_address(rr_event, organiser):
    """The backup's address was given up by its event since (a QR code on a wall sheet still
    leads there): the restored copy gets an address of its own, the old link still leads to
    the event that had it."""
    document = roundtrip(event_backup(event=rr_event, actor=organiser))
    old = rr_event.slug
    event_update(event=rr_event, actor=organiser, slug="giai-moi-2026")
    restored = event_restore(document=document, actor=organiser)
    assert restored.slug not in (old, "giai-moi-2026")
    assert address_now(AddressKind.EVENT, old) == "giai-moi-2026"


def test_players_are_matched_by_id_not_duplicated(rr_event, organiser, named_players):
    before = Player.objects.count()
    event_restore(document=roundtrip(event_backup_document(event=rr_event)), actor=organiser)
    assert Player.objects.count() == before
    restored_players = set(Entry.objects.exclude(event=rr_event).values_list("player", flat=True))
    assert restored_players == {p.pk for p in named_players}


def test_rounds_boards_games_and_seeds_come_back(team_event, organiser):
    document = roundtrip(event_backup_document(event=team_event))
    assert document["format"] == "cotuong-event-backup" and document["version"] == VERSION
    restored = event_restore(document=document, actor=organiser)
    for model, key in ((Round, "event"), (Board, "round__event"), (Game, "board__round__event"),
                       (Entry, "event"), (TeamMember, "entry__event")):
        assert model.objects.filter(**{key: restored}).count() == \
            model.objects.filter(**{key: team_event}).count()
    assert Team.objects.count() == 4  # matched by name
    assert restored.numbers_method == team_event.numbers_method
    assert standings_of(restored) == standings_of(team_event)


def test_appendix_4_reserve_choices_come_back(team_event, organiser):
    """Each match keeps its teams' choice of how reserves come in; a backup made
    before that, with the statute's one rule (``substitution``), still restores, every match
    taking that rule as both teams' choice."""
    board = Board.objects.filter(round__event=team_event).order_by("round__number",
                                                                   "number").first()
    Board.objects.filter(pk=board.pk).update(first_substitution="last")
    document = roundtrip(event_backup_document(event=team_event))
    restored = event_restore(document=document, actor=organiser)
    choices = list(Board.objects.filter(round__event=restored).order_by(
        "round__number", "number").values_list("first_substitution", "second_substitution"))
    assert choices[0] == ("last", "same") and set(choices[1:]) == {("same", "same")}
    document["event"]["substitution"] = "last"
    for r in document["rounds"]:
        for b in r["boards"]:
            del b["first_substitution"], b["second_substitution"]
    older = event_restore(document=document, actor=organiser)
    assert set(Board.objects.filter(round__event=older).values_list(
        "first_substitution", "second_substitution")) == {("last", "last")}


def test_art_19_5_an_official_backup_with_other_points_says_how_to_restore_it(rr_event,
                                                                              organiser):
    """Made before an official event had to keep the law's points (Art. 19.5, 21.1): refused
    with the reason, not as damaged; marked friendly, it restores."""
    document = roundtrip(event_backup_document(event=rr_event))
    document["event"].update(scoring="custom", points_win="3", points_draw="1",
                             points_loss="0")
    events = Event.objects.count()
    with pytest.raises(ServiceError) as refused:
        event_restore(document=document, actor=organiser)
    assert "Art. 21.1" in str(refused.value) and '"official": false' in str(refused.value)
    assert "damaged" not in str(refused.value) and Event.objects.count() == events
    document["event"]["official"] = False
    restored = event_restore(document=document, actor=organiser)
    assert not restored.official and not restored.scoring_follows_law


def test_a_draft_round_stays_a_draft(swiss_event, organiser):
    restored = event_restore(document=roundtrip(event_backup_document(event=swiss_event)),
                             actor=organiser)
    assert list(restored.rounds_set.order_by("number").values_list("status", flat=True)) == \
        ["published", "published", "draft"]


def test_an_unknown_version_is_refused_with_a_clear_message(rr_event, organiser):
    document = roundtrip(event_backup_document(event=rr_event))
    document["version"] = VERSION + 1
    events = Event.objects.count()
    with pytest.raises(ServiceError) as refused:
        event_restore(document=document, actor=organiser)
    assert "version 2" in str(refused.value) and "version 1 only" in str(refused.value)
    with pytest.raises(ServiceError, match="not a backup"):
        event_restore(document={"hello": "world"}, actor=organiser)
    assert Event.objects.count() == events


def test_a_damaged_backup_stores_nothing(rr_event, organiser):
    document = roundtrip(event_backup_document(event=rr_event))
    document["rounds"][3]["boards"][0]["white"] = 999_999  # an entry that is not there
    counts = (Event.objects.count(), Player.objects.count(), Entry.objects.count(),
              Round.objects.count(), Board.objects.count())
    with pytest.raises(ServiceError, match="damaged"):
        event_restore(document=document, actor=organiser)
    assert (Event.objects.count(), Player.objects.count(), Entry.objects.count(),
            Round.objects.count(), Board.objects.count()) == counts


def test_unknown_event_fields_are_refused(rr_event, organiser):
    document = roundtrip(event_backup_document(event=rr_event))
    document["event"]["colour_of_the_hall"] = "red"
    with pytest.raises(ServiceError, match="colour_of_the_hall"):
        event_restore(document=document, actor=organiser)


def test_rights(rr_event, arbiter, stranger):
    with pytest.raises(PermissionDenied):
        event_backup(event=rr_event, actor=arbiter)  # federation IDs: organisers only
    with pytest.raises(PermissionDenied):
        event_restore(document=event_backup_document(event=rr_event), actor=stranger)


def test_restore_as_a_job(rr_event, organiser, django_capture_on_commit_callbacks):
    content = json.dumps(event_backup_document(event=rr_event)).encode()
    with django_capture_on_commit_callbacks(execute=True):
        job = restore_start(actor=organiser,
                            upload=SimpleUploadedFile("b.json", content))
    job.refresh_from_db()
    assert job.status == JobStatus.DONE, job.error
    restored = Event.objects.get(pk=job.result["event"])
    assert job.event == restored
    assert standings_of(restored) == standings_of(rr_event)


def test_a_broken_upload_is_refused_at_once_and_no_job_is_kept(organiser):
    with pytest.raises(ServiceError, match="not a backup"):
        restore_start(actor=organiser, upload=SimpleUploadedFile("b.json", b"{oops"))
    assert not Job.objects.exists()


def test_penalties_come_back_and_still_rank(rr_event, organiser, arbiter):
    """Chapter 5 penalties travel with the backup (entry, game, kind, article, note, who, when)
    and FOUL ranks the restored event as the original (statute foul_kinds kept too)."""
    from tournaments.models import Foul
    from tournaments.services.events import event_update
    from tournaments.services.fouls import foul_record

    event_update(event=rr_event, actor=organiser, tiebreaks=["FOUL", "SB"],
                 foul_kinds=["loss", "time"])
    rr_event.refresh_from_db()
    board = Board.objects.filter(round__event=rr_event, black__isnull=False).order_by(
        "round__number", "number").first()
    foul_record(event=rr_event, board=board, entry_id=board.white_id, kind="time",
                article="23.3", note="đuổi bắt mãi", actor=arbiter)
    restored = event_restore(document=roundtrip(event_backup(event=rr_event, actor=organiser)),
                             actor=organiser)
    foul = Foul.objects.get(board__round__event=restored)
    assert (foul.kind, foul.article, foul.note, foul.recorded_by) == (
        "time", "23.3", "đuổi bắt mãi", arbiter)
    assert foul.entry.name == board.white.name and foul.board.number == board.number
    assert restored.foul_kinds == ["loss", "time"]
    assert standings_of(restored) == standings_of(rr_event)


def test_recorded_games_come_back_and_forged_moves_are_refused(rr_event, organiser, arbiter):
    """The moves of games (Art. 11) travel with the backup (the notation, the start
    position, who and when); a file whose moves cannot be played restores nothing."""
    from tournaments.models import GameMoves
    from tournaments.services.game_records import game_moves_record

    board = Board.objects.filter(round__event=rr_event, black__isnull=False).order_by(
        "round__number", "number").first()
    start = "4k4/9/9/9/9/9/9/9/4A4/3K5 w"
    game_moves_record(event=rr_event, board=board, text="Tg6.1 Tg5-6", start_fen=start,
                      actor=arbiter)
    document = roundtrip(event_backup(event=rr_event, actor=organiser))
    restored = event_restore(document=document, actor=organiser)
    record = GameMoves.objects.get(board__round__event=restored)
    assert (record.moves, record.start_fen, record.notation, record.entered_by) == (
        "d0d1 e9f9", start, "vi", arbiter)  # Black's file 6 is f (Art. 2.1)
    assert record.board.number == board.number and record.board.round.number == 1
    rounds = Round.objects.count()
    forged = next(b for r in document["rounds"] for b in r["boards"] if b.get("moves"))
    forged["moves"][0]["moves"] = "d0d1 d1d3"  # a general two points at once
    with pytest.raises(ServiceError, match="damaged"):
        event_restore(document=document, actor=organiser)
    assert Round.objects.count() == rounds


def test_every_field_of_every_model_is_carried_or_left_out_with_a_reason():
    """A model or field added without deciding whether the backup carries it fails here."""
    from django.apps import apps

    from tournaments.selectors.backup import CARRIED, LEFT_OUT

    models = [m for m in apps.get_app_config("tournaments").get_models()
              if not m.__name__.startswith("Historical")]
    undecided = {}
    for model in models:
        name = model.__name__
        left = LEFT_OUT.get(name, {})
        if isinstance(left, str):
            assert name not in CARRIED, name
            continue
        fields = {f.name for f in model._meta.concrete_fields}
        missing = fields - CARRIED.get(name, set()) - set(left)
        if missing or name not in CARRIED:
            undecided[name] = sorted(missing)
    assert undecided == {}
    assert set(CARRIED) | set(LEFT_OUT) == {m.__name__ for m in models}


def test_disqualifications_schedule_assignments_and_old_addresses_come_back(
        rr_event, organiser, arbiter, chief_arbiter):
    """Today's tables travel with the backup and come back: a disqualification (Art. 15.6,
    16.1) with who decided and approved it, a round's start time changes with their reasons,
    the arbiters' boards, the event's former addresses, who created a player, a foul's minutes
    to the opponent and the round schedule of the statute."""
    import datetime

    from django.utils import timezone

    from tournaments.models import (
        AddressKind,
        BoardAssignment,
        Disqualification,
        OldAddress,
        RoundTimeChange,
        Sanction,
    )

    when = timezone.make_aware(datetime.datetime(2026, 3, 2, 8, 0))
    Event.objects.filter(pk=rr_event.pk).update(first_round_date=datetime.date(2026, 3, 2),
                                                round_times="08:00, 14:00")
    rr_event.refresh_from_db()
    entry = rr_event.entries.order_by("number").first()
    Player.objects.filter(pk=entry.player_id).update(created_by=chief_arbiter)
    Disqualification.objects.create(entry=entry, sanction=Sanction.POINTS_VOIDED,
                                    reason="dùng điện thoại", after_round=5,
                                    decided_by=chief_arbiter, decided_at=when,
                                    approved_by=organiser, approved_at=when)
    round_ = rr_event.rounds_set.get(number=2)
    change = RoundTimeChange.objects.create(round=round_, before=when,
                                            after=when + datetime.timedelta(hours=1),
                                            reason="mất điện", changed_by=organiser)
    BoardAssignment.objects.create(round=round_, arbiter=arbiter, first=1, last=2,
                                   assigned_by=chief_arbiter)
    OldAddress.objects.create(kind=AddressKind.EVENT, event=rr_event, slug="giai-cu-2026",
                              changed_by=organiser)
    document = roundtrip(event_backup(event=rr_event, actor=organiser))
    OldAddress.objects.filter(event=rr_event).delete()  # the address is free for the copy
    restored = event_restore(document=document, actor=organiser)

    assert (restored.first_round_date, restored.round_times) == (datetime.date(2026, 3, 2),
                                                                 "08:00, 14:00")
    copy = Disqualification.objects.get(entry__event=restored)
    assert (copy.entry.number, copy.sanction, copy.reason, copy.after_round, copy.decided_by,
            copy.decided_at, copy.approved_by, copy.approved_at) == (
        entry.number, Sanction.POINTS_VOIDED, "dùng điện thoại", 5, chief_arbiter, when,
        organiser, when)
    moved = RoundTimeChange.objects.get(round__event=restored)
    assert (moved.round.number, moved.before, moved.after, moved.reason, moved.changed_by,
            moved.changed_at) == (2, change.before, change.after, "mất điện", organiser,
                                  change.changed_at)
    assignment = BoardAssignment.objects.get(round__event=restored)
    assert (assignment.round.number, assignment.arbiter, assignment.first, assignment.last,
            assignment.assigned_by) == (2, arbiter, 1, 2, chief_arbiter)
    assert list(OldAddress.objects.filter(event=restored).values_list("slug", "changed_by")) == [
        ("giai-cu-2026", organiser.pk)]
    assert Player.objects.get(pk=entry.player_id).created_by == chief_arbiter
    assert standings_of(restored) == standings_of(rr_event)


def test_a_new_player_is_created_by_the_named_account_or_the_restorer(rr_event, organiser,
                                                                       arbiter):
    """On another installation a player the document names a known creator for keeps that
    creator; one whose creator has no account here is the restorer's."""
    document = roundtrip(event_backup(event=rr_event, actor=organiser))
    for row in document["players"]:
        row["national_id"] = row["fide_id"] = None
        row["created_by"] = "nobody-here"
    document["players"][0]["created_by"] = "arbiter"
    restored = event_restore(document=document, actor=organiser)
    creators = {e.player.created_by for e in restored.entries.select_related("player__created_by")}
    assert creators == {arbiter, organiser}


def test_foul_minutes_to_the_opponent_come_back(rr_event, organiser, arbiter):
    """Art. 16.3: the minutes added to the opponent are part of the penalty."""
    from tournaments.models import Foul

    board = Board.objects.filter(round__event=rr_event, black__isnull=False).first()
    Foul.objects.create(board=board, entry_id=board.white_id, kind="time", article="23.3",
                        opponent_minutes=2, recorded_by=arbiter,
                        recorded_at=board.round.paired_at)
    restored = event_restore(document=roundtrip(event_backup(event=rr_event, actor=organiser)),
                             actor=organiser)
    assert Foul.objects.get(board__round__event=restored).opponent_minutes == 2


def test_protests_and_appeals_come_back(rr_event, organiser, arbiter, chief_arbiter):
    """Art. 15.6, 19.2: a written protest with its decision and appeal travels with the
    backup: the board by number, the entry by its table number, who did what by username."""
    import datetime

    from django.utils import timezone

    from tournaments.models import Protest

    when = timezone.make_aware(datetime.datetime(2026, 3, 2, 12, 0))
    board = Board.objects.filter(round__event=rr_event, round__number=2,
                                 black__isnull=False).order_by("number").first()
    Protest.objects.create(
        round=board.round, board=board, entry=board.black, filer="player", subject="result",
        text="Đồng hồ hỏng", filed_at=when, recorded_by=arbiter, decision="rejected",
        decision_reason="Đã thay đồng hồ", decided_by=chief_arbiter, decided_at=when,
        appeal_text="Xin xét lại", appealed_at=when, appeal_recorded_by=arbiter,
        appeal_decision="upheld", appeal_reason="Đồng hồ hỏng thật", appeal_decided_by=organiser,
        appeal_decided_at=when)
    Protest.objects.create(round=board.round, entry=board.white, filer="leader",
                           filer_name="Lê Văn Đội", subject="draw", text="Bốc thăm sai",
                           filed_at=when, recorded_by=None)
    restored = event_restore(document=roundtrip(event_backup(event=rr_event, actor=organiser)),
                             actor=organiser)
    fields = ("round__number", "board__number", "entry__number", "filer", "filer_name",
              "subject", "text", "filed_at", "recorded_by", "decision", "decision_reason",
              "decided_by", "decided_at", "appeal_text", "appealed_at", "appeal_recorded_by",
              "appeal_decision", "appeal_reason", "appeal_decided_by", "appeal_decided_at")
    original = list(Protest.objects.filter(round__event=rr_event).order_by("pk")
                    .values_list(*fields))
    copy = list(Protest.objects.filter(round__event=restored).order_by("pk")
                .values_list(*fields))
    assert copy == original and len(copy) == 2
    assert copy[0][:3] == (2, board.number, board.black.number)


def test_players_requests_come_back_and_private_links_do_not(swiss_event, organiser,
                                                               chief_arbiter):
    """The players' requests travel with who decided them; the private links are secrets: the
    document holds none, and the restored entries have links of their own."""
    from tournaments.models import PlayerRequest, RequestStatus
    from tournaments.services.player_requests import (
        player_request_create,
        player_request_decide,
    )

    Event.objects.filter(pk=swiss_event.pk).update(bye_limit=2, bye_last_round=4)
    swiss_event.refresh_from_db()
    first, second = swiss_event.entries.order_by("number")[:2]
    asked = player_request_create(entry=first, kind="bye", round_number=4)
    player_request_decide(player_request=asked, actor=chief_arbiter, approve=True,
                          answer="Đồng ý")
    player_request_create(entry=second, kind="withdrawal", reason="Ốm")
    backup = event_backup(event=swiss_event, actor=organiser)
    text = json.dumps(backup)
    assert first.private_token not in text and second.private_token not in text
    restored = event_restore(document=roundtrip(backup), actor=organiser)
    assert (restored.bye_limit, restored.bye_last_round) == (2, 4)
    rows = list(PlayerRequest.objects.filter(entry__event=restored)
                .order_by("created_at").values_list("entry__number", "kind", "round", "reason",
                                                    "status", "answer", "decided_by"))
    assert rows == [(first.number, "bye", 4, "", RequestStatus.APPROVED, "Đồng ý",
                     chief_arbiter.pk),
                    (second.number, "withdrawal", 4, "Ốm", RequestStatus.PENDING, "", None)]
    tokens = set(restored.entries.values_list("private_token", flat=True))
    assert len(tokens) == 6 and not tokens & set(swiss_event.entries.values_list(
        "private_token", flat=True))

def test_adjournments_and_the_clock_schedule_come_back(rr_event, organiser, arbiter):
    """Art. 10.3: an adjournment travels with its sealed move, both clocks, who sealed and the
    outcome; Art. 10.1.2: the statute's schedule of move checks and its pace too."""
    from tournaments.models import Adjournment
    from tournaments.services.events import event_update

    event_update(event=rr_event, actor=organiser, time_base_minutes=120,
                 time_checks="25/60, 35/75, 45/90, 55/105, 65/120, then 10/5 (4 checks)")
    board = Board.objects.filter(round__event=rr_event, black__isnull=False).order_by(
        "round__number", "number").first()
    Adjournment.objects.create(board=board, adjourned_at=board.round.paired_at, move_number=41,
                               sealer_id=board.black_id, sealed_move="X2.5",
                               white_seconds=1800, black_seconds=605, outcome="resumed",
                               resumed_at=board.round.paired_at, recorded_by=arbiter,
                               resumed_by=arbiter)
    restored = event_restore(document=roundtrip(event_backup(event=rr_event, actor=organiser)),
                             actor=organiser)
    copy = Adjournment.objects.get(board__round__event=restored)
    assert (copy.move_number, copy.sealed_move, copy.white_seconds, copy.black_seconds,
            copy.outcome, copy.recorded_by, copy.resumed_by) == (
        41, "X2.5", 1800, 605, "resumed", arbiter, arbiter)
    assert copy.sealer.name == board.black.name and copy.board.number == board.number
    assert restored.time_checks == rr_event.time_checks and restored.pace == "standard"


def test_an_older_backup_with_one_move_check_becomes_the_schedule(rr_event, organiser):
    """Art. 10.1.2: a backup written before the schedule holds one check as two numbers; it is
    restored as the schedule "25/60", and a 25-minute event as rapid (Art. 10.1.1 e)."""
    document = roundtrip(event_backup(event=rr_event, actor=organiser))
    for name in ("time_checks", "pace"):
        document["event"].pop(name)
    document["event"].update(time_base_minutes=25, time_check_moves=25, time_check_minutes=20)
    restored = event_restore(document=document, actor=organiser)
    assert (restored.time_checks, restored.pace) == ("25/20", "rapid")


def test_check_ins_late_arrivals_and_left_out_come_back(rr_event, organiser, arbiter):
    """The statute's check-in, each player's check-in with who ticked it (or the player
    themself), a board's late arrivals (Art. 10.2.1 a) and a round's players left out for not
    checking in travel with the backup."""
    import datetime

    from django.utils import timezone

    from tournaments.models import CheckIn

    when = timezone.make_aware(datetime.datetime(2026, 3, 2, 8, 5))
    Event.objects.filter(pk=rr_event.pk).update(check_in="every", check_in_closes_minutes=20)
    first, second = rr_event.entries.order_by("number")[:2]
    CheckIn.objects.create(entry=first, round_number=3, checked_in_at=when,
                           checked_in_by=arbiter, version=7)
    CheckIn.objects.create(entry=second, round_number=3, checked_in_at=when, by_self=True)
    board = Board.objects.filter(round__event=rr_event, round__number=1,
                                 black__isnull=False).order_by("number").first()
    Board.objects.filter(pk=board.pk).update(white_arrived_at=when, white_minutes_late=5)
    Round.objects.filter(event=rr_event, number=2).update(left_out=[second.number])
    rr_event.refresh_from_db()
    restored = event_restore(document=roundtrip(event_backup(event=rr_event, actor=organiser)),
                             actor=organiser)

    assert (restored.check_in, restored.check_in_closes_minutes) == ("every", 20)
    assert sorted(CheckIn.objects.filter(entry__event=restored).values_list(
        "entry__number", "round_number", "checked_in_at", "checked_in_by", "by_self",
        "version")) == [(first.number, 3, when, arbiter.pk, False, 0),
                        (second.number, 3, when, None, True, 0)]
    copy = Board.objects.get(round__event=restored, round__number=1, number=board.number)
    assert (copy.white_arrived_at, copy.white_minutes_late, copy.black_arrived_at) == (
        when, 5, None)
    assert restored.rounds_set.get(number=2).left_out == [second.number]


def test_the_events_messages_subscriptions_and_unsubscribes_come_back(rr_event, organiser):
    """The log of messages comes back as it was (nothing is sent again), a browser subscribed
    on an entry's page follows the restored entry, an address that unsubscribed from the event
    stays unsubscribed from the copy; a player's e-mail address travels with the player."""
    from tournaments.models import Notification, PushSubscription, Unsubscribe, subscriber_key_of

    entry = rr_event.entries.order_by("number").first()
    Player.objects.filter(pk=entry.player_id).update(email="tuyet@example.vn")
    Notification.objects.create(event=rr_event, kind="round_published", channel="email",
                                recipient="tuyet@example.vn", subject="Ván 1", body="Bàn 1",
                                status="failed", attempts=6, last_error="SMTPServerDisconnected")
    PushSubscription.objects.create(event=rr_event, subscriber_key=subscriber_key_of(entry),
                                    endpoint="https://push.example/abc", p256dh="BKey",
                                    auth="secret")
    Unsubscribe.objects.create(event=rr_event, address="stop@example.vn", token="t")
    document = roundtrip(event_backup(event=rr_event, actor=organiser))
    Player.objects.filter(pk=entry.player_id).update(email="")
    restored = event_restore(document=document, actor=organiser)
    assert list(Notification.objects.filter(event=restored).values_list(
        "recipient", "status", "attempts", "last_error")) == [
        ("tuyet@example.vn", "failed", 6, "SMTPServerDisconnected")]
    copy = restored.entries.get(number=entry.number)
    assert copy.pk != entry.pk
    assert list(PushSubscription.objects.filter(event=restored).values_list(
        "subscriber_key", "endpoint")) == [(subscriber_key_of(copy), "https://push.example/abc")]
    assert Unsubscribe.objects.filter(event=restored, address="stop@example.vn").exists()
    assert "tuyet@example.vn" in {p["email"] for p in document["players"]}


def test_online_registrations_come_back_decided_and_in_order(rr_event, organiser):
    """Art. 18 b, 19: the registrations come back with the sender, the decision and its reason,
    the waiting list's order; the approved one leads to the restored entry, the rejected one
    to the restored player it named from the register; the deciding organiser by username."""
    from tests.tournaments.builders import PlayerFactory
    from tournaments.models import Registration, RegistrationStatus

    entry = rr_event.entries.get(number=1)
    named = PlayerFactory(full_name="Lã Văn Bố", national_id="", fide_id="", birth_year=1990)
    sender = {"submitted_by_name": "CLB Thăng Long", "submitted_by_email": "clb@example.vn",
              "submitted_by_phone": "0912345678", "batch": "a1b2"}
    Registration.objects.create(event=rr_event, player=entry.player, entry=entry,
                                status=RegistrationStatus.APPROVED, decided_by=organiser,
                                decided_at="2026-03-01T08:00:00+00:00", **sender)
    Registration.objects.create(event=rr_event, full_name="Đỗ  Chờ Lượt", gender="F",
                                birth_year=2004, club="CLB Thăng Long", province="Hà Nội",
                                status=RegistrationStatus.WAITING, position=1, **sender)
    Registration.objects.create(event=rr_event, player=named, status=RegistrationStatus.REJECTED,
                                reason="Sinh trước năm 1995 (Điều 18 b)", decided_by=organiser,
                                decided_at="2026-03-02T09:30:00+00:00", **sender)
    document = roundtrip(event_backup(event=rr_event, actor=organiser))
    Player.objects.filter(pk=named.pk).update(full_name="Đổi Tên Sau")
    restored = event_restore(document=document, actor=organiser)
    rows = list(Registration.objects.filter(event=restored).order_by("created_at", "pk"))
    assert [(r.status, r.position, r.reason, r.decided_by) for r in rows] == [
        ("approved", None, "", organiser), ("waiting", 1, "", None),
        ("rejected", None, "Sinh trước năm 1995 (Điều 18 b)", organiser)]
    assert rows[0].entry == restored.entries.get(number=1) and rows[0].entry.pk != entry.pk
    assert rows[1].full_name == "Đỗ Chờ Lượt" and rows[1].player is None
    assert rows[2].player.full_name == "Lã Văn Bố" and rows[2].player.pk != named.pk
    assert rows[2].decided_at.isoformat() == "2026-03-02T09:30:00+00:00"
    assert {(r.submitted_by_email, r.submitted_by_phone, r.batch) for r in rows} == {
        ("clb@example.vn", "0912345678", "a1b2")}


def test_a_team_registration_comes_back_with_its_roster(team_event, organiser):
    """Appendix §4: a team registration's roster in board order with its reserve, a player
    named from the register following the restored player."""
    from tournaments.models import Registration, RegistrationMember

    team_entry = team_event.entries.order_by("number").first()
    known = team_entry.members.order_by("board_order").first().player
    registration = Registration.objects.create(
        event=team_event, team_name="CLB Sông Hồng", submitted_by_name="Trưởng đoàn",
        submitted_by_email="doan@example.vn", batch="c3d4")
    RegistrationMember.objects.create(registration=registration, player=known, board_order=1)
    RegistrationMember.objects.create(registration=registration, full_name="Bàn Hai",
                                      birth_year=2000, board_order=2)
    RegistrationMember.objects.create(registration=registration, full_name="Dự Bị",
                                      birth_year=2002, board_order=3, is_reserve=True)
    restored = event_restore(document=roundtrip(event_backup(event=team_event, actor=organiser)),
                             actor=organiser)
    copy = Registration.objects.get(event=restored)
    assert (copy.team_name, copy.status, copy.submitted_by_email) == (
        "CLB Sông Hồng", "pending", "doan@example.vn")
    members = list(copy.members.order_by("board_order"))
    restored_first = restored.entries.get(number=team_entry.number).members.get(board_order=1)
    assert [(m.board_order, m.is_reserve) for m in members] == [(1, False), (2, False),
                                                                 (3, True)]
    assert members[0].player_id == restored_first.player_id
    assert [m.full_name for m in members[1:]] == ["Bàn Hai", "Dự Bị"]


def test_titles_come_back_with_a_new_player_and_an_existing_one_keeps_its_own(rr_event,
                                                                              organiser):
    import datetime

    from tests.tournaments.builders import UserFactory
    from tournaments.models import PlayerTitle, TitleKind
    from tournaments.services.titles import player_title_award

    tuyet = Player.objects.get(national_id="VXF00001")
    federation = UserFactory(username="federation", is_superuser=True)
    player_title_award(player=tuyet, kind=TitleKind.objects.get(code="ktqg"),
                       awarded_on=datetime.date(2010, 6, 1), actor=federation, note="QĐ 7")
    document = event_backup(event=rr_event, actor=organiser)
    assert [p["titles"] for p in document["players"] if p["national_id"] == "VXF00001"] == [
        [{"awarded_on": "2010-06-01", "awarded_by": "Liên đoàn Cờ Việt Nam", "note": "QĐ 7",
          "kind": "ktqg"}]]
    event_restore(document=document, actor=organiser)  # the same installation: matched by ID
    assert PlayerTitle.objects.filter(player=tuyet).count() == 1
    Event.objects.all().delete()
    Player.objects.all().delete()
    event_restore(document=document, actor=organiser)  # another installation: a new player
    title = PlayerTitle.objects.get()
    assert (title.player.national_id, title.kind.code, title.note) == ("VXF00001", "ktqg",
                                                                       "QĐ 7")


def test_entry_fees_come_back_with_the_ledger_and_its_voids(rr_event, organiser):
    """The fee schedule, the members' rate and every ledger row (a void with its reason, the
    receipt numbers, who recorded it) travel with the backup."""
    import datetime

    from tournaments.models import EntryFee, FeeSchedule, Payment
    from tournaments.selectors.fees import event_fee_summary
    from tournaments.services.fees import (
        entry_member_set,
        fee_schedule_set,
        payment_record,
        payment_void,
    )

    late = datetime.datetime(2026, 11, 1, tzinfo=datetime.UTC)
    fee_schedule_set(event=rr_event, actor=organiser, standard=200_000, member=150_000,
                     late_fee=50_000, late_after=late, bank_bin="970436", bank_account="123")
    first, second = rr_event.entries.order_by("number")[:2]
    entry_member_set(entry=first, actor=organiser, member=True)
    payment_record(entry=first, actor=organiser, kind="payment", amount=150_000,
                   method="transfer")
    wrong = payment_record(entry=second, actor=organiser, kind="payment", amount=20_000,
                           method="cash")
    payment_void(payment=wrong, actor=organiser, reason="Sai")
    payment_record(entry=second, actor=organiser, kind="payment", amount=200_000,
                   method="cash", note="Tiền mặt")
    rr_event.refresh_from_db()
    restored = event_restore(document=roundtrip(event_backup(event=rr_event, actor=organiser)),
                             actor=organiser)

    schedule = FeeSchedule.objects.get(event=restored)
    assert (schedule.standard, schedule.member, schedule.late_fee, schedule.late_after,
            schedule.bank_bin, schedule.bank_account) == (200_000, 150_000, 50_000, late,
                                                          "970436", "123")
    assert list(EntryFee.objects.filter(entry__event=restored, member=True)
                .values_list("entry__number", flat=True)) == [first.number]
    fields = ("number", "entry__number", "kind", "amount", "method", "note", "void_reason",
              "recorded_by")
    assert list(Payment.objects.filter(entry__event=restored).order_by("number")
                .values_list(*fields)) == list(Payment.objects.filter(entry__event=rr_event)
                                               .order_by("number").values_list(*fields))
    assert event_fee_summary(restored).totals.paid == 350_000
