"""Backup of a whole event as one JSON document and its restore, here or on another
installation: the restored event shows identical standings and crosstable."""

import json

import pytest
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from tournaments.errors import ServiceError
from tournaments.models import (
    Board,
    Entry,
    Event,
    EventRole,
    Game,
    JobStatus,
    Player,
    Role,
    Round,
    Team,
    TeamMember,
)
from tournaments.selectors.standings import event_crosstable, event_standings
from tournaments.services.backup import (
    VERSION,
    backup_document,
    event_backup,
    event_restore,
    restore_start,
)

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


def test_players_are_matched_by_id_not_duplicated(rr_event, organiser, named_players):
    before = Player.objects.count()
    event_restore(document=roundtrip(backup_document(rr_event)), actor=organiser)
    assert Player.objects.count() == before
    restored_players = set(Entry.objects.exclude(event=rr_event).values_list("player", flat=True))
    assert restored_players == {p.pk for p in named_players}


def test_rounds_boards_games_and_seeds_come_back(team_event, organiser):
    document = roundtrip(backup_document(team_event))
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
    """Each match keeps its teams' choice of how reserves come in (issue 14.2); a backup made
    before that, with the statute's one rule (``substitution``), still restores, every match
    taking that rule as both teams' choice."""
    board = Board.objects.filter(round__event=team_event).order_by("round__number",
                                                                   "number").first()
    Board.objects.filter(pk=board.pk).update(first_substitution="last")
    document = roundtrip(backup_document(team_event))
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
    document = roundtrip(backup_document(rr_event))
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
    restored = event_restore(document=roundtrip(backup_document(swiss_event)), actor=organiser)
    assert list(restored.rounds_set.order_by("number").values_list("status", flat=True)) == \
        ["published", "published", "draft"]


def test_an_unknown_version_is_refused_with_a_clear_message(rr_event, organiser):
    document = roundtrip(backup_document(rr_event))
    document["version"] = VERSION + 1
    events = Event.objects.count()
    with pytest.raises(ServiceError) as refused:
        event_restore(document=document, actor=organiser)
    assert "version 2" in str(refused.value) and "version 1 only" in str(refused.value)
    with pytest.raises(ServiceError, match="not a backup"):
        event_restore(document={"hello": "world"}, actor=organiser)
    assert Event.objects.count() == events


def test_a_damaged_backup_stores_nothing(rr_event, organiser):
    document = roundtrip(backup_document(rr_event))
    document["rounds"][3]["boards"][0]["white"] = 999_999  # an entry that is not there
    counts = (Event.objects.count(), Player.objects.count(), Entry.objects.count(),
              Round.objects.count(), Board.objects.count())
    with pytest.raises(ServiceError, match="damaged"):
        event_restore(document=document, actor=organiser)
    assert (Event.objects.count(), Player.objects.count(), Entry.objects.count(),
            Round.objects.count(), Board.objects.count()) == counts


def test_unknown_event_fields_are_refused(rr_event, organiser):
    document = roundtrip(backup_document(rr_event))
    document["event"]["colour_of_the_hall"] = "red"
    with pytest.raises(ServiceError, match="colour_of_the_hall"):
        event_restore(document=document, actor=organiser)


def test_rights(rr_event, arbiter, stranger):
    with pytest.raises(PermissionDenied):
        event_backup(event=rr_event, actor=arbiter)  # federation IDs: organisers only
    with pytest.raises(PermissionDenied):
        event_restore(document=backup_document(rr_event), actor=stranger)


def test_restore_as_a_job(rr_event, organiser, django_capture_on_commit_callbacks):
    content = json.dumps(backup_document(rr_event)).encode()
    with django_capture_on_commit_callbacks(execute=True):
        job = restore_start(actor=organiser,
                            upload=SimpleUploadedFile("b.json", content))
    job.refresh_from_db()
    assert job.status == JobStatus.DONE, job.error
    restored = Event.objects.get(pk=job.result["event"])
    assert job.event == restored
    assert standings_of(restored) == standings_of(rr_event)


def test_a_broken_upload_fails_the_restore_job(organiser, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        job = restore_start(actor=organiser, upload=SimpleUploadedFile("b.json", b"{oops"))
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and "not a backup" in job.error


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
    """Issue 18: the moves of games (Art. 11) travel with the backup (the notation, the start
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
