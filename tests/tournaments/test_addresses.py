"""Addresses of events and championships: Vietnamese read without marks (every tone of every
vowel, đ → d), typed by the organiser on the statute form, the championship's form or the API,
checked, and the former address answering with a permanent redirect to the new one."""

import datetime
import unicodedata

import pytest

from tests.tournaments.builders import api_for, client_for, statute_form_data
from tournaments.models import AddressKind, OldAddress
from tournaments.services.championships import championship_create
from tournaments.services.events import event_create, event_update, event_visibility_set
from tournaments.text import slug_text, slug_valid

# The twelve vowels of Vietnamese with their five tones (and none), and đ: 6 × 12 + 1 letters,
# written out as precomposed characters, lower case; upper case is the same list upper-cased.
VOWELS = {
    "a": "aàáảãạ", "ă": "ăằắẳẵặ", "â": "âầấẩẫậ", "e": "eèéẻẽẹ", "ê": "êềếểễệ",
    "i": "iìíỉĩị", "o": "oòóỏõọ", "ô": "ôồốổỗộ", "ơ": "ơờớởỡợ", "u": "uùúủũụ",
    "ư": "ưừứửữự", "y": "yỳýỷỹỵ",
}
PLAIN = {"a": "a", "ă": "a", "â": "a", "e": "e", "ê": "e", "i": "i", "o": "o", "ô": "o",
         "ơ": "o", "u": "u", "ư": "u", "y": "y"}


def test_every_vietnamese_letter_upper_and_lower_case_folds_to_its_plain_letter():
    letters = [(letter, PLAIN[vowel]) for vowel, row in VOWELS.items() for letter in row]
    letters.append(("đ", "d"))
    assert len({letter for letter, _plain in letters}) == 73
    for letter, plain in letters:
        assert unicodedata.is_normalized("NFC", letter)
        assert slug_text(letter) == plain, letter
        assert slug_text(letter.upper()) == plain, letter.upper()
        # Typed in decomposed form (a phone keyboard's combining marks) too.
        assert slug_text(unicodedata.normalize("NFD", letter.upper())) == plain


def test_names_become_addresses_as_vietnamese_write_them_without_marks():
    assert slug_text("Giải Vô địch") == "giai-vo-dich"
    assert slug_text("GIẢI VÔ ĐỊCH CỜ TƯỚNG ĐẤU THỦ 2026") == "giai-vo-dich-co-tuong-dau-thu-2026"
    assert slug_text("  Cúp — Đà Nẵng / Hội An!  ") == "cup-da-nang-hoi-an"
    assert slug_text("Ứng_viên__trẻ") == "ung-vien-tre"
    for typed, allowed in (("giai-vo-dich-2026", True), ("Giai", False), ("giải", False),
                           ("giai--vo", False), ("-giai", False), ("giai_vo", False),
                           ("", False), ("a" * 81, False)):
        assert slug_valid(typed) is allowed, typed


@pytest.fixture
def event(make_event, organiser):
    made = make_event(name="Giải Vô địch Cờ Tướng", format="rr")
    event_visibility_set(event=made, actor=organiser, public=True)
    return made


def test_an_event_is_made_with_its_vietnamese_address(event):
    assert event.slug == "giai-vo-dich-co-tuong"


def test_the_organiser_changes_the_address_on_the_statute_form_and_the_old_one_redirects(
        event, organiser):
    staff = client_for(organiser)
    data = statute_form_data(staff, event)
    assert data["slug"] == "giai-vo-dich-co-tuong"
    response = staff.post(f"/manage/{event.slug}/statute/", {**data, "slug": "vo-dich-2026"})
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert event.slug == "vo-dich-2026"
    old = OldAddress.objects.get()
    assert (old.kind, old.slug, old.event, old.changed_by) == (
        AddressKind.EVENT, "giai-vo-dich-co-tuong", event, organiser)

    visitor = client_for()
    for path, now in (("/events/giai-vo-dich-co-tuong/", "/events/vo-dich-2026/"),
                      ("/events/giai-vo-dich-co-tuong/standings/?after=2",
                       "/events/vo-dich-2026/standings/?after=2"),
                      ("/events/giai-vo-dich-co-tuong/print/pairings/?round=1",
                       "/events/vo-dich-2026/print/pairings/?round=1")):
        answer = visitor.get(path)
        assert (answer.status_code, answer["Location"]) == (301, now), path
    assert visitor.get("/events/vo-dich-2026/").status_code == 200
    assert staff.get("/manage/giai-vo-dich-co-tuong/entries/")["Location"] == (
        "/manage/vo-dich-2026/entries/")
    assert visitor.get("/events/never-was/").status_code == 404
    # A POST to a former address is not redirected (its data would be lost): not found.
    assert staff.post("/manage/giai-vo-dich-co-tuong/statute/", data).status_code == 404


def test_a_bad_or_taken_address_is_refused_with_the_reason_and_nothing_changes(
        event, organiser):
    other = event_create(actor=organiser, name="Giải khác", start_date=datetime.date(2026, 1, 1))
    staff = client_for(organiser)
    data = statute_form_data(staff, event)
    for typed in ("Giải Vô Địch", "giai khac", "giai--x", other.slug):
        page = staff.post(f"/manage/{event.slug}/statute/", {**data, "slug": typed})
        assert page.status_code == 200, typed
        assert page.context["form"].errors, typed
        assert f'href="/manage/{other.slug}/' not in page.content.decode()  # links stay
    event.refresh_from_db()
    assert event.slug == "giai-vo-dich-co-tuong" and not OldAddress.objects.exists()


def test_a_former_address_is_not_given_to_another_event_but_may_be_taken_back(
        event, organiser):
    event_update(event=event, actor=organiser, slug="vo-dich")
    again = event_create(actor=organiser, name="Giải Vô địch Cờ Tướng",
                         start_date=datetime.date(2027, 1, 1))
    assert again.slug == "giai-vo-dich-co-tuong-2"
    with pytest.raises(Exception, match="taken"):
        event_update(event=again, actor=organiser, slug="giai-vo-dich-co-tuong")
    event_update(event=event, actor=organiser, slug="giai-vo-dich-co-tuong")
    event.refresh_from_db()
    assert event.slug == "giai-vo-dich-co-tuong"
    assert list(OldAddress.objects.values_list("slug", flat=True)) == ["vo-dich"]
    assert client_for().get("/events/vo-dich/rounds/")["Location"] == (
        "/events/giai-vo-dich-co-tuong/rounds/")


def test_the_api_changes_an_events_and_a_championships_address(event, organiser):
    api = api_for(organiser)
    bad = api.patch(f"/api/events/{event.pk}/", {"slug": "Vô địch"}, format="json")
    assert bad.status_code == 400
    event.refresh_from_db()
    assert event.slug == "giai-vo-dich-co-tuong"
    changed = api.patch(f"/api/events/{event.pk}/", {"slug": "vd-2026"}, format="json")
    assert changed.status_code == 200 and changed.data["slug"] == "vd-2026"

    championship = championship_create(actor=organiser, name="Đại hội Thể thao",
                                       start_date=datetime.date(2026, 12, 1))
    assert championship.slug == "dai-hoi-the-thao"
    answer = api.patch(f"/api/championships/{championship.pk}/", {"slug": "dhtt-2026"},
                       format="json")
    assert answer.status_code == 200 and answer.data["slug"] == "dhtt-2026"
    staff = client_for(organiser)
    assert staff.get("/manage/championships/dai-hoi-the-thao/")["Location"] == (
        "/manage/championships/dhtt-2026/")
    taken = api.patch(f"/api/championships/{championship.pk}/", {"slug": "dhtt-2026 !"},
                      format="json")
    assert taken.status_code == 400


def test_the_championship_form_changes_its_address(organiser):
    championship = championship_create(actor=organiser, name="Giải Đồng đội",
                                       start_date=datetime.date(2026, 12, 1))
    staff = client_for(organiser)
    response = staff.post(f"/manage/championships/{championship.slug}/", {
        "name": "Giải Đồng đội", "slug": "dong-doi", "start_date": "2026-12-01"})
    assert response.status_code == 302
    assert response["Location"] == "/manage/championships/dong-doi/"
    old = OldAddress.objects.get()
    assert (old.kind, old.slug, old.championship) == (
        AddressKind.CHAMPIONSHIP, "giai-dong-doi", championship)


def test_a_taken_championship_address_is_refused_on_its_page(organiser):
    day = datetime.date(2026, 12, 1)
    championship = championship_create(actor=organiser, name="Giải Đồng đội", start_date=day)
    championship_create(actor=organiser, name="Giải Cá nhân", start_date=day)
    page = client_for(organiser).post(f"/manage/championships/{championship.slug}/", {
        "name": "Giải Đồng đội", "slug": "giai-ca-nhan", "start_date": "2026-12-01"},
        follow=True)
    html = page.content.decode()
    assert page.status_code == 200 and 'href="/championships/giai-dong-doi/"' in html
    championship.refresh_from_db()
    assert championship.slug == "giai-dong-doi" and not OldAddress.objects.exists()
