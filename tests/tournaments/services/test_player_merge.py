"""Merging a duplicate player into the one kept (services/player_merge.py), and the titles
and classifications of the register (services/titles.py)."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import translation

from tests.tournaments.builders import PlayerFactory, UserFactory, play_round
from tournaments.errors import ServiceError
from tournaments.models import Entry, Player, PlayerTitle, RatingListRow, TitleKind
from tournaments.selectors.career import player_career, player_title_history
from tournaments.selectors.players import player_history
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_visibility_set
from tournaments.services.player_merge import player_merge
from tournaments.services.titles import player_title_award, player_title_revoke

pytestmark = pytest.mark.django_db


@pytest.fixture
def keeper(db):
    return UserFactory(username="federation", is_superuser=True)


def _kind(code):
    return TitleKind.objects.get(code=code)


def test_the_federations_list_is_seeded_strongest_first(db):
    assert list(TitleKind.objects.values_list("code", flat=True)) == [
        "dktqt", "ktqt", "ktqg", "dbkt", "cap1", "cap2", "cap3"]
    assert _kind("cap1").name == "Cấp 1" and _kind("ktqg").name == "Kiện tướng quốc gia"


def test_award_and_revoke_with_history(keeper, organiser):
    player = PlayerFactory()
    with pytest.raises(PermissionDenied):
        player_title_award(player=player, kind=_kind("cap1"), awarded_on=datetime.date(2025, 5, 1),
                           actor=organiser)
    title = player_title_award(player=player, kind=_kind("cap1"),
                               awarded_on=datetime.date(2025, 5, 1), actor=keeper,
                               note="QĐ 12/2025")
    assert title.awarded_by == "Liên đoàn Cờ Việt Nam"  # the list's usual awarder
    with pytest.raises(ServiceError, match="already holds"):
        player_title_award(player=player, kind=_kind("cap1"),
                           awarded_on=datetime.date(2025, 5, 1), actor=keeper)
    with pytest.raises(ServiceError, match="future"):
        player_title_award(player=player, kind=_kind("ktqg"),
                           awarded_on=datetime.date.today() + datetime.timedelta(days=1),
                           actor=keeper)
    with pytest.raises(ServiceError, match="why"):
        player_title_revoke(title=title, actor=keeper, reason="")
    player_title_revoke(title=title, actor=keeper, reason="nhập nhầm")
    assert not PlayerTitle.objects.filter(player=player).exists()
    assert [(h.action, h.reason) for h in player_title_history(player)] == [
        ("-", "nhập nhầm"), ("+", "award")]


@pytest.fixture
def duplicate_pair(make_event, organiser, chief_arbiter, keeper):
    """The same man twice in the register: "keep" played in March, "duplicate" in June, with a
    title and a rating list row."""
    keep = PlayerFactory(full_name="Lại Lý Huynh", birth_year=1990, rating=2000,
                         national_id=None, created_by=organiser)
    duplicate = PlayerFactory(full_name="Lai Ly Huynh", birth_year=1990, rating=2000,
                              national_id="VXF9", created_by=organiser)
    others = [PlayerFactory(rating=1800, created_by=organiser) for _ in range(2)]
    events = []
    for month, who in ((3, keep), (6, duplicate)):
        event = make_event(format="rr", name=f"Giải {month}",
                           start_date=datetime.date(2026, month, 1))
        entries = [entry_register(event=event, actor=organiser, player=p)
                   for p in (who, others[month // 6])]
        numbers_draw(event=event, actor=organiser, method="rating")
        play_round(event, 1, [(entries[0], entries[1])], ["1-0"], actor=chief_arbiter)
        event_visibility_set(event=event, actor=organiser, public=True)
        events.append(event)
    player_title_award(player=duplicate, kind=_kind("cap1"), awarded_on=datetime.date(2024, 1, 2),
                       actor=keeper)
    from tournaments.models import RatingList
    listed = RatingList.objects.create(name="Elo 2026", list_date=datetime.date(2026, 1, 1))
    RatingListRow.objects.create(rating_list=listed, line=1, name="Lai Ly Huynh",
                                 federation_id="VXF9", rating=2000, player=duplicate)
    return {"keep": keep, "duplicate": duplicate, "events": events, "others": others}


def test_merge_moves_everything_and_records_both(duplicate_pair, keeper):
    keep, duplicate = duplicate_pair["keep"], duplicate_pair["duplicate"]
    moved = player_merge(keep=keep, duplicate=duplicate, actor=keeper, reason="cùng người")
    assert moved == {"entry": 1, "ratinglistrow": 1, "playertitle": 1}
    assert not Player.objects.filter(pk=duplicate.pk).exists()
    assert Entry.objects.filter(player=keep).count() == 2
    keep.refresh_from_db()
    assert keep.national_id == "VXF9"  # the duplicate's ID, the kept one had none
    assert [t.kind.code for t in PlayerTitle.objects.filter(player=keep)] == ["cap1"]
    assert [h.action for h in player_title_history(keep)] == ["+"]  # its history followed
    note = player_history(keep)[0].reason
    assert f"#{duplicate.pk} Lai Ly Huynh" in note and f"#{keep.pk} Lại Lý Huynh" in note
    assert note.endswith("cùng người")
    gone = Player.history.filter(id=duplicate.pk).order_by("-history_id").first()
    assert gone.history_type == "-" and gone.history_change_reason == note
    assert [c.event.name for c in player_career(keep).events] == ["Giải 3", "Giải 6"]


def test_merge_refuses_two_players_of_one_event(duplicate_pair, keeper, organiser):
    keep, other = duplicate_pair["keep"], duplicate_pair["others"][0]  # both played in March
    with pytest.raises(ServiceError, match="both played in Giải 3") as refused:
        player_merge(keep=keep, duplicate=other, actor=keeper)
    assert "nothing was merged" in str(refused.value)
    with translation.override("vi"), pytest.raises(ServiceError) as refused:
        player_merge(keep=keep, duplicate=other, actor=keeper)
    assert "cùng thi đấu ở Giải 3" in str(refused.value)
    assert Player.objects.filter(pk=other.pk).exists()
    with pytest.raises(ServiceError, match="two different"):
        player_merge(keep=keep, duplicate=keep, actor=keeper)


def test_merge_needs_the_right_to_correct_both(duplicate_pair, stranger):
    with pytest.raises(PermissionDenied):
        player_merge(keep=duplicate_pair["keep"], duplicate=duplicate_pair["duplicate"],
                     actor=stranger)
    assert Player.objects.filter(pk=duplicate_pair["duplicate"].pk).exists()


def test_the_staff_pages(duplicate_pair, keeper):
    from tests.tournaments.builders import client_for
    keep, duplicate = duplicate_pair["keep"], duplicate_pair["duplicate"]
    staff = client_for(keeper)
    page = staff.get(f"/register/players/{keep.pk}/merge/?q=huynh&duplicate={duplicate.pk}")
    assert 'data-testid="merge-form"' in page.content.decode()
    response = staff.post(f"/register/players/{keep.pk}/merge/",
                          {"duplicate": duplicate.pk, "reason": "trùng"})
    assert response.status_code == 302 and not Player.objects.filter(pk=duplicate.pk).exists()
    response = staff.post(f"/register/players/{keep.pk}/titles/",
                          {"kind": _kind("ktqg").pk, "awarded_on": "2026-02-03"})
    assert response.status_code == 302
    page = staff.get(f"/register/players/{keep.pk}/titles/").content.decode()
    assert "National Master" in page
    assert client_for(None).get(f"/register/players/{keep.pk}/titles/").status_code == 302
