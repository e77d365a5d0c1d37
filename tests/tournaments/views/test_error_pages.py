"""Errors a person can act on: form errors next to the field, in the
reader's language; 404 and 403 pages that say what happened and where to go next. DEBUG is off
by default, so these are the pages people see."""

import re
from html import unescape

import pytest
from django.conf import settings as django_settings
from django.test import Client

from tests.tournaments.builders import PlayerFactory, client_for, rr_scenario
from tournaments.models import Event, Player
from tournaments.services.events import event_visibility_set

pytestmark = pytest.mark.django_db


def _vietnamese(user=None) -> Client:
    client = Client()
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "vi"
    if user is not None:
        client.force_login(user)
    return client


def _field_errors(html: str, name: str) -> str:
    """The error list inside the statute form's field ``name`` (what sits next to it)."""
    field = re.search(rf'<div class="field" id="field-{name}">(.*?)(<div class="field"|'
                      r'</fieldset>)', html, re.S)
    assert field, name
    errors = re.search(r'<ul class="errorlist"[^>]*>(.*?)</ul>', field.group(1), re.S)
    return re.sub(r"<[^>]+>", " ", errors.group(1)).strip() if errors else ""


def test_debug_is_off_by_default():
    from config import settings

    assert settings.DEBUG is False


def test_statute_form_errors_sit_next_to_their_fields_in_vietnamese(organiser, settings):
    settings.LANGUAGE_CODE = "vi"
    response = _vietnamese(organiser).post("/manage/new/", {
        "name": "", "start_date": "2026-12-05", "end_date": "2026-12-01", "format": "swiss",
        "rounds": "", "tiebreaks": "SB, ABC", "points_win": "1", "points_draw": "0.5",
        "points_loss": "0", "points_bye": "1", "points_rest": "0", "forfeit_minutes": "15",
        "initial_colour": "lots", "dutch_edition": "2025", "acceleration": "none",
        "seeding": "rating", "team_boards": "4", "team_reserves": "2",
        "team_scoring": "board", "team_match_points_win": "2", "team_match_points_draw": "1",
        "participant_kind": "individual", "time_increment_seconds": "0",
    })
    assert response.status_code == 200  # the form again, with what was typed
    html = response.content.decode()
    assert _field_errors(html, "name") == "Trường này là bắt buộc."
    assert _field_errors(html, "end_date") == "Ngày kết thúc không thể trước ngày bắt đầu."
    assert _field_errors(html, "rounds") == "Giải hệ Thụy Sĩ phải quy định trước số vòng đấu."
    assert "ABC" in _field_errors(html, "tiebreaks")
    assert _field_errors(html, "venue") == ""  # nothing next to a field without an error
    assert 'value="2026-12-05"' in html  # what was typed is kept
    assert re.search(r'<input[^>]*name="name"[^>]*aria-invalid="true"', html)
    assert not Event.objects.exists()


def test_quick_add_errors_sit_next_to_the_field(make_event, organiser):
    event = make_event(format="swiss", rounds=5)
    PlayerFactory(national_id="VN0001")
    response = client_for(organiser).post(f"/manage/{event.slug}/entries/quick-add/", {
        "full_name": "Lê Văn Trùng", "national_id": "VN0001", "birth_year": "abc"})
    assert response.status_code == 400
    html = response.content.decode()
    # The quick-add box stays open, each error under its field.
    assert re.search(r'<details open\s+data-testid="quick-add">', html)
    assert re.search(r'id="id_national_id".*?<ul class="errorlist"[^>]*><li>Player with this '
                     r'National ID already exists', html, re.S)
    assert re.search(r'id="id_birth_year".*?<ul class="errorlist"[^>]*><li>Enter a whole '
                     r'number', html, re.S)
    assert not Player.objects.filter(full_name="Lê Văn Trùng").exists()
    assert 'data-testid="swiss-groups"' in html  # the whole page, Swiss parts included


def test_login_errors_in_vietnamese(organiser, settings):
    settings.LANGUAGE_CODE = "vi"
    response = _vietnamese().post("/accounts/login/", {"username": "organiser",
                                                       "password": "sai"})
    assert response.status_code == 200
    assert "Vui lòng điền vào Tên đăng nhập và mật khẩu chính xác" in response.content.decode()


def test_not_found_says_so_and_offers_the_way_on(make_event, organiser, settings):
    settings.LANGUAGE_CODE = "vi"
    for url in ("/events/khong-co-giai-nay/", "/khong-co-trang-nay/"):
        response = _vietnamese().get(url)
        html = response.content.decode()
        assert response.status_code == 404, url
        assert "Không tìm thấy" in html and "Không có trang này" in html
        assert 'href="/"' in html and f"/accounts/login/?next={url}" in html
    # A draft event reads exactly like an event that does not exist.
    draft = make_event(format="swiss", rounds=5, name="Giải bí mật")
    hidden = _vietnamese().get(f"/events/{draft.slug}/").content.decode()
    missing = _vietnamese().get("/events/khong-co-giai-nay/").content.decode()
    assert "Giải bí mật" not in hidden
    def same(html, slug):  # the page, but for its address and the form tokens
        return re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+', "",
                      html.replace(slug, "X"))

    assert same(hidden, draft.slug) == same(missing, "khong-co-giai-nay")


def test_not_found_names_the_reason_when_there_is_one(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    slug = ctx["event"].slug
    page = client_for().get(f"/events/{slug}/rounds/2/")
    assert page.status_code == 404
    assert "Round 2 has not been published yet" in page.content.decode()
    bracket = client_for().get(f"/events/{slug}/bracket/")
    assert bracket.status_code == 404 and "has no bracket" in bracket.content.decode()
    boards = client_for().get(f"/events/{slug}/boards/")
    assert "Board results are for team events" in boards.content.decode()


def test_not_allowed_says_why_and_who_is_logged_in(make_event, organiser, arbiter, stranger,
                                                   settings):
    settings.LANGUAGE_CODE = "vi"
    event = make_event(format="swiss", rounds=5)
    event_visibility_set(event=event, actor=organiser, public=True)
    response = _vietnamese(stranger).get(f"/manage/{event.slug}/")
    html = response.content.decode()
    assert response.status_code == 403
    assert "Không được phép" in html
    assert "Chỉ Ban tổ chức và trọng tài của giải mới mở được trang này." in html
    assert "stranger" in html and 'href="/manage/"' in html
    # An arbiter may not change the statute, nor publish: the page says whose it is.
    response = client_for(arbiter).get(f"/manage/{event.slug}/statute/")
    assert response.status_code == 403
    assert "Only this event's organisers can open this page" in unescape(
        response.content.decode())
    response = client_for(arbiter).post(f"/manage/{event.slug}/draw/")
    assert response.status_code == 403
    assert "chief arbiter and organisers" in response.content.decode()
    # Creating an event is for organisers.
    response = client_for(arbiter).get("/manage/new/")
    assert response.status_code == 403
    assert "Only organisers can create events." in response.content.decode()


def _same(html, slug):
    """The page, but for its address and the form tokens."""
    return re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+', "",
                  html.replace(slug, "X"))


def test_a_draft_events_staff_pages_answer_a_stranger_like_an_unknown_slug(
        make_event, stranger):
    """A draft is seen by the people who run it only: to anyone else its slug is not found,
    exactly as a slug that does not exist (no 403 telling that it does)."""
    draft = make_event(format="swiss", rounds=5, name="Giải bí mật")
    client = client_for(stranger)
    for page in ("", "statute/", "entries/", "swiss/check/"):
        hidden = client.get(f"/manage/{draft.slug}/{page}")
        missing = client.get(f"/manage/khong-co-giai-nay/{page}")
        assert hidden.status_code == missing.status_code == 404, page
        assert _same(hidden.content.decode(), draft.slug) == \
            _same(missing.content.decode(), "khong-co-giai-nay")


def test_a_stale_form_is_explained(organiser, make_event):
    event = make_event(format="swiss", rounds=5)
    client = Client(enforce_csrf_checks=True)
    client.force_login(organiser)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.post(f"/manage/{event.slug}/visibility/", {"public": "1"})
    assert response.status_code == 403
    assert "nothing was saved" in response.content.decode()
    event.refresh_from_db()
    assert event.visibility == "draft"


def test_every_sign_in_link_carries_the_address_encoded_once():
    """The sign-in link of the page's header and of the 404 page give back, once decoded, the
    address the reader asked for (with its query): ``%`` is not encoded a second time."""
    response = Client().get("/giải/cờ tướng/", {"vòng": "3", "x": "a&b"})
    links = re.findall(r'href="/accounts/login/\?next=([^"]*)"', response.content.decode())
    assert len(links) == 2
    from urllib.parse import unquote

    assert unquote(unescape(links[0])) == "/giải/cờ tướng/?v%C3%B2ng=3&x=a%26b"
    assert unquote(unescape(links[1])) == "/giải/cờ tướng/"
    assert all(link.startswith("/gi%E1%BA%A3i/c%E1%BB%9D%20t") for link in links)
