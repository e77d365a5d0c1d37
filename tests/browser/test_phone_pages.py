"""Every page on a phone (390×844), in Chromium: nothing wider than the screen but the tables,
which scroll sideways inside their box with the names kept in view, and the site's links, one
line under its name that scrolls sideways (static/css/site.css). A screenshot of each page
goes to test-artifacts/screenshots/ for review."""

import random

import pytest

from tests.tournaments.builders import (
    PHONE,
    knockout_event,
    play,
    played_event,
    swiss_event,
    team_event,
    team_round_play,
)
from tournaments.models import Board, Entry, EventRole, Role
from tournaments.services.events import event_visibility_set
from tournaments.services.relay import relay_board_set
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db(transaction=True)

# Whatever overflows the page, named by its tag and class, for the failure message.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.table-wrap, .bracket, .tabs, .topnav')) continue;  // these scroll by design
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 1) wide.push(el.tagName.toLowerCase() + '.' +
      el.className + ' ' + Math.round(box.right));
  }
  return {scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 5)};
}"""
# Tables are inside a box that scrolls sideways.
UNWRAPPED = """() => Array.from(document.querySelectorAll('table.data'))
  .filter(t => !t.closest('.table-wrap')).length"""


def _events(make_event, organiser, chief, arbiter):
    rr = played_event(make_event, organiser, chief, arbiter, 12)
    swiss = swiss_event(make_event, organiser, 21, rounds=7, name="Giải Cờ Tướng Hệ Thụy Sĩ "
                        "Mở Rộng Tranh Cúp Các Câu Lạc Bộ Toàn Quốc Năm 2026")
    rng = random.Random(5)
    play(swiss_round_pair(event=swiss, actor=chief), arbiter, chief, rng)
    round_publish(round_=swiss_round_pair(event=swiss, actor=chief), actor=chief)
    event_visibility_set(event=swiss, actor=organiser, public=True)
    teams = team_event(make_event, organiser, chief, teams=6, name="Đồng đội các tỉnh")
    team_round_play(teams, 1, arbiter, chief)
    event_visibility_set(event=teams, actor=organiser, public=True)
    knockout = knockout_event(make_event, organiser, chief, arbiter, 10)
    # the live relay: a board of a round in play, recorded by the organiser (given the role)
    EventRole.objects.create(event=rr, user=organiser, role=Role.RECORDER)
    relayed = Board.objects.filter(round__event=rr, round__number=3).order_by("number").first()
    relay_board_set(round_=relayed.round, actor=chief, number=relayed.number, recorder=organiser)
    return {"rr": rr, "swiss": swiss, "teams": teams, "ko": knockout}


def _pages(events):
    out = [("events", "/"), ("login", "/accounts/login/"), ("not-found", "/events/khong-co/")]
    for key, event in events.items():
        slug = event.slug
        entry = Entry.objects.filter(event=event).order_by("number").first()
        board = Board.objects.filter(round__event=event, round__number=1).order_by(
            "number").first()
        public = {"overview": "", "entries": "entries/", "entry": f"entries/{entry.pk}/",
                  "rounds": "rounds/", "round-1": "rounds/1/"}
        if key == "ko":
            public["bracket"] = "bracket/"
        else:
            public.update(standings="standings/", crosstable="crosstable/")
        if key == "teams":
            public["board-results"] = "boards/"
        out += [(f"{key}-public-{name}", f"/events/{slug}/{p}") for name, p in public.items()]
        staff = {"dashboard": "", "entries": "entries/", "round-1": "rounds/1/",
                 "board-history": f"boards/{board.pk}/history/", "excel": "export/"}
        if key == "swiss":
            staff.update(statute="statute/", roles="roles/")
        if key == "rr":  # the live relay: the recorder's board, on the organiser's phone
            relayed = Board.objects.get(round__event=event, relay__isnull=False)
            staff.update({"relay-list": "relay/", "relay": f"relay/{relayed.pk}/"})
        if key == "teams":
            staff["roster"] = f"teams/{entry.pk}/"
        out += [(f"{key}-staff-{name}", f"/manage/{slug}/{p}") for name, p in staff.items()]
    swiss = events["swiss"]
    player = Entry.objects.filter(event=swiss).order_by("number").first().player_id
    return out + [("my-events", "/manage/"), ("new-event", "/manage/new/"),
                  ("rating-lists", "/ratings/"), ("calendar", "/calendar/"),
                  ("search", "/search/?q=giai"), ("archive", "/archive/"),
                  ("career", f"/players/{player}/"),
                  ("swiss-public-prizes", f"/events/{swiss.slug}/prizes/"),
                  ("swiss-staff-fees", f"/manage/{swiss.slug}/fees/")]


def test_every_page_fits_a_phone(live_server, browser, shot, login, make_event, organiser,
                                 chief_arbiter, arbiter):
    events = _events(make_event, organiser, chief_arbiter, arbiter)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    login(page, "organiser")
    problems = {}
    for name, path in _pages(events):
        if name == "login":
            anonymous = browser.new_context(viewport=PHONE, is_mobile=True)
            target = anonymous.new_page()
        else:
            target = page
        response = target.goto(f"{live_server.url}{path}")
        assert response.status == (404 if name == "not-found" else 200), (name, path)
        assert target.url.endswith(path), (name, target.url)  # not sent to the login page
        shot(target, name)
        fit = target.evaluate(OVERFLOW)
        if fit["scroll"] > fit["width"] or fit["wide"]:
            problems[name] = fit
        if target.evaluate(UNWRAPPED):
            problems[name + " (table outside .table-wrap)"] = path
        if name == "login":
            anonymous.close()
    context.close()
    assert not problems, problems
