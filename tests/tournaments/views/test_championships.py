"""The championship's pages: the public page, overall results and a player's path;
the staff pages that build it, set the qualification rule and qualify (with a preview)."""

import pytest

from tests.tournaments.builders import (
    championship_scenario,
    client_for,
    play_stage_event,
    swiss_stage_after_swiss,
)
from tournaments.models import Championship, Job, Stage, Visibility
from tournaments.selectors.standings import event_standings
from tournaments.services.championships import championship_update, stage_qualify
from tournaments.services.rounds import round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(organiser, chief_arbiter, arbiter):
    """A public championship: Swiss of 8 played, the top 4 qualified into the knockout, played
    to the end."""
    ctx = championship_scenario(None, organiser, chief_arbiter, played=True,
                                rule={"qualification": "top", "qualifiers": 4})
    championship_update(championship=ctx["championship"], actor=organiser,
                        visibility=Visibility.PUBLIC)
    stage_qualify(stage=ctx["ko"], actor=organiser)
    play_stage_event(ctx["ko"].events.get(), chief_arbiter)
    return ctx


def test_public_pages(played):
    championship, swiss = played["championship"], played["swiss"]
    visitor = client_for()
    page = visitor.get(championship.get_absolute_url()).content.decode()
    assert "Nam" in page and swiss.get_absolute_url() in page
    assert played["ko"].events.get().get_absolute_url() in page
    assert championship.name in visitor.get("/").content.decode()  # the event list
    event_page = visitor.get(swiss.get_absolute_url()).content.decode()
    assert championship.get_absolute_url() in event_page
    results = visitor.get(f"/championships/{championship.slug}/categories/"
                          f"{played['category'].pk}/")
    rows = results.content.decode().split('data-testid="overall-results"')[1]
    winner = swiss.entries.get(number=1).player
    assert rows.index(winner.full_name) < rows.index(swiss.entries.get(number=5).player
                                                     .full_name)
    path = visitor.get(f"/championships/{championship.slug}/players/{winner.pk}/")
    text = path.content.decode()
    assert path.status_code == 200 and "qualified" in text and "Stage 2" in text


def test_draft_championship_is_not_found(organiser, chief_arbiter, arbiter, stranger):
    ctx = championship_scenario(None, organiser, chief_arbiter)
    url = ctx["championship"].get_absolute_url()
    assert client_for().get(url).status_code == 404
    assert client_for(stranger).get(url).status_code == 404
    assert client_for(arbiter).get(url).status_code == 200


def test_staff_build_a_championship(organiser):
    staff = client_for(organiser)
    answer = staff.post("/manage/championships/new/",
                        {"name": "Giải Trẻ 2026", "start_date": "2026-12-01"})
    championship = Championship.objects.get(name="Giải Trẻ 2026")
    manage = f"/manage/championships/{championship.slug}/"
    assert answer.status_code == 302 and answer["Location"] == manage
    # What the page's form posts: its select of unrated players always holds a choice.
    staff.post(f"{manage}categories/", {"category-name": "U16",
                                        "category-participant_kind": "individual",
                                        "category-eligible_unrated": "allowed"})
    category = championship.categories.get()
    staff.post(f"{manage}categories/{category.pk}/stages/",
               {"stage-format": "rr", "stage-groups": 2, "stage-name": "Vòng bảng"})
    staff.post(f"{manage}categories/{category.pk}/stages/",
               {"stage-format": "ko", "stage-groups": 1})
    groups, ko = category.stages.order_by("number")
    assert groups.events.count() == 2 and ko.events.count() == 1
    page = staff.get(manage).content.decode()
    assert "Group A" in page and "Group B" in page
    refused = staff.post(f"{manage}stages/{ko.pk}/", {
        "qualification": "top", "qualifiers": 4, "seeding": "interleave",
        "line_ties": "tiebreaks", "places": "shared"})
    assert "The qualifiers cannot be seeded into these groups." in refused.content.decode()
    assert Stage.objects.get(pk=ko.pk).qualification == ""
    saved = staff.post(f"{manage}stages/{ko.pk}/", {
        "qualification": "group", "qualifiers": 2, "seeding": "interleave",
        "line_ties": "tiebreaks", "places": "shared"}, follow=True)
    assert "Qualification rule saved." in saved.content.decode()
    assert Stage.objects.get(pk=ko.pk).qualifiers == 2


def test_bad_rule_refused_with_the_reason_in_both_languages(organiser, chief_arbiter,
                                                            arbiter):
    ctx = championship_scenario(None, organiser, chief_arbiter, played=True)
    url = (f"/manage/championships/{ctx['championship'].slug}/stages/{ctx['ko'].pk}/")
    rule = {"qualification": "top", "qualifiers": 1, "seeding": "rank",
            "line_ties": "tiebreaks", "places": "shared"}
    english = client_for(organiser).post(url, rule).content.decode()
    assert "A knockout needs at least two players" in english
    vietnamese = client_for(organiser, lang="vi").post(url, rule).content.decode()
    assert "ít nhất hai" in vietnamese
    assert Stage.objects.get(pk=ctx["ko"].pk).qualification == ""


def test_preview_then_qualify(organiser, chief_arbiter, arbiter):
    ctx = championship_scenario(None, organiser, chief_arbiter, played=True,
                                rule={"qualification": "top", "qualifiers": 4})
    url = f"/manage/championships/{ctx['championship'].slug}/stages/{ctx['ko'].pk}/"
    preview = client_for(organiser).get(url).content.decode()
    names = [ctx["swiss"].entries.get(number=n).player.full_name for n in (1, 2, 3, 4)]
    assert all(name in preview for name in names) and 'data-testid="qualify"' in preview
    assert client_for(arbiter).post(f"{url}qualify/", {"draw": "1"}).status_code == 403
    assert 'data-testid="save-rule"' in preview
    client_for(organiser).post(f"{url}qualify/", {"draw": "1"})
    event = ctx["ko"].events.get()
    assert event.entries.count() == 4 and event.rounds_set.count() >= 1
    # The rule the players came in by is shown, no longer offered for saving.
    after = client_for(organiser).get(url).content.decode()
    assert 'data-testid="rule-fixed"' in after and 'data-testid="save-rule"' not in after


def test_qualifying_links_the_job_pairing_a_large_stage(
        organiser, chief_arbiter, settings, django_capture_on_commit_callbacks):
    """The message says which event is paired in the background and links its job's page
    (here the job runs in-process after the answer, at the test's commit)."""
    stage = swiss_stage_after_swiss(organiser, chief_arbiter)
    settings.SWISS_ASYNC_MIN_ENTRIES = 4
    url = f"/manage/championships/{stage.category.championship.slug}/stages/{stage.pk}/"
    client = client_for(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"{url}qualify/", {"draw": "1"})
    job = Job.objects.get(event=stage.events.get())
    page = client.get(url).content.decode()
    assert "The players have qualified into this stage." in page
    assert "the first round is being paired in the background" in page
    assert f'<a href="/manage/jobs/{job.pk}/">follow it</a>' in page


def test_excel_of_the_championship(played):
    from tests.tournaments.builders import open_workbook

    championship = played["championship"]
    answer = client_for().get(f"/championships/{championship.slug}/export.xlsx")
    assert answer["Content-Type"].startswith("application/vnd.openxmlformats")
    wb = open_workbook(answer.content)
    assert any("Nam" in name for name in wb.sheetnames)
    assert len(wb.sheetnames) >= 3  # overall results, then the Swiss and the knockout


def test_the_championship_workbook_is_a_visitors_counted_render(played, settings):
    """Built on every request, so a visitor's address has only so many a minute."""
    settings.ANONYMOUS_RENDERS_PER_MINUTE = 2
    url = f"/championships/{played['championship'].slug}/export.xlsx"
    assert [client_for().get(url).status_code for _ in range(3)] == [200, 200, 429]
    assert client_for().get(url, REMOTE_ADDR="192.0.2.50").status_code == 200


def test_bracket_names_who_chooses_colour(organiser, chief_arbiter, arbiter):
    """Statute "the higher-ranked player of the earlier stage chooses colour in the deciding
    game": the knockout's page names, for each semi-final, the player ranked higher in the
    Swiss (seeds 1 and 2, the Swiss's first two)."""
    ctx = championship_scenario(None, organiser, chief_arbiter, played=True, rule={
        "qualification": "top", "qualifiers": 4, "higher_rank_chooses_colour": True})
    stage_qualify(stage=ctx["ko"], actor=organiser)
    event = ctx["ko"].events.get()
    round_publish(round_=event.rounds_set.get(number=1), actor=chief_arbiter)
    page = client_for(organiser).get(f"/events/{event.slug}/bracket/").content.decode()
    box = page.split('data-testid="colour-choices"')[1].split("</section>")[0]
    first, second = (ctx["swiss"].entries.get(number=n).player.full_name for n in (1, 2))
    assert box.count("</li>") == 2 and f"{first} chooses" in box and f"{second} chooses" in box


def test_deal_the_first_stage_into_groups(organiser):
    """Eight players registered in group A through its entries page, then dealt from the
    dashboard: a snake by rating, A takes the 1st, 4th, 5th and 8th strongest."""
    from tests.tournaments.builders import PlayerFactory
    from tournaments.services.championships import (
        category_add,
        championship_create,
        stage_add,
    )
    from tournaments.services.entries import entry_register

    championship = championship_create(actor=organiser, name="Giải Bảng",
                                       start_date="2026-12-01")
    category = category_add(championship=championship, actor=organiser, name="Nữ")
    stage = stage_add(category=category, actor=organiser, format="rr", groups=2)
    a, b = stage.events.order_by("group_label")
    players = PlayerFactory.create_batch(8)
    for player in players:
        entry_register(event=a, actor=organiser, player=player)
    page = client_for(organiser).get(f"/manage/championships/{championship.slug}/")
    assert f'data-testid="deal-{stage.pk}"' in page.content.decode()
    client_for(organiser).post(f"/manage/championships/{championship.slug}/stages/"
                               f"{stage.pk}/deal/")
    strongest = sorted(players, key=lambda p: -p.rating)
    assert set(a.entries.values_list("player_id", flat=True)) == {
        strongest[i].pk for i in (0, 3, 4, 7)}
    assert b.entries.count() == 4


def test_championship_page_reads_a_fixed_number_of_queries(organiser, chief_arbiter, arbiter):
    """The page reads its categories, stages and events in three queries, whatever their
    number: one category of two stages costs what three categories of three stages cost."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.services.championships import category_add, stage_add

    ctx = championship_scenario(None, organiser, chief_arbiter)
    championship = ctx["championship"]
    staff = client_for(organiser)

    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert staff.get(championship.get_absolute_url()).status_code == 200
        return len(queries)

    small = count()
    for name in ("Nữ", "U16"):
        category = category_add(championship=championship, actor=organiser, name=name)
        stage_add(category=category, actor=organiser, format="rr", groups=3)
        stage_add(category=category, actor=organiser, format="ko")
    stage_add(category=ctx["category"], actor=organiser, format="rr", groups=2)
    assert count() == small


def test_team_classification_beside_the_results(played, organiser):
    """Clubs by the sum of their best 2 players' points: the club of the Swiss's odd numbers
    (1, 3: 3 + 2 points with the stronger always winning) is ahead of the even one."""
    from tournaments.services.championships import category_update

    swiss = played["swiss"]
    for entry in swiss.entries.select_related("player"):
        entry.player.club = "CLB Lẻ" if entry.number % 2 else "CLB Chẵn"
        entry.player.save()
    category_update(category=played["category"], actor=organiser, team_classification="points",
                    team_by="club", team_best_n=2)
    page = client_for(lang="vi").get(f"/championships/{played['championship'].slug}/"
                                     f"categories/{played['category'].pk}/").content.decode()
    table = page.split('data-testid="team-classification"')[1].split("</table>")[0]
    assert "Xếp hạng đồng đội" in page
    assert table.index("CLB Lẻ") < table.index("CLB Chẵn")


def test_edit_a_category_from_the_dashboard(organiser, chief_arbiter, arbiter):
    ctx = championship_scenario(None, organiser, chief_arbiter)
    category = ctx["category"]
    prefix = f"category{category.pk}"
    client_for(organiser).post(
        f"/manage/championships/{ctx['championship'].slug}/categories/{category.pk}/",
        {f"{prefix}-name": "Nam", f"{prefix}-participant_kind": "individual",
         f"{prefix}-team_classification": "ranks", f"{prefix}-team_by": "province",
         f"{prefix}-team_best_n": 3, f"{prefix}-eligible_unrated": "allowed"})
    category.refresh_from_db()
    assert (category.team_classification, category.team_by, category.team_best_n) == (
        "ranks", "province", 3)
    refused = client_for(organiser).post(
        f"/manage/championships/{ctx['championship'].slug}/categories/{category.pk}/",
        {f"{prefix}-name": "Nam", f"{prefix}-participant_kind": "team",
         f"{prefix}-eligible_unrated": "allowed"}, follow=True)
    assert "The kind of participants cannot change" in refused.content.decode()


def test_remove_from_the_dashboard_after_confirming(organiser, chief_arbiter, arbiter):
    """The last stage offers a removal form that asks first (``data-confirm``); posted without
    the confirmation (no JavaScript) the page asks again and nothing goes; a played category is
    refused with the reason in Vietnamese; the arbiter cannot remove; the championship goes once
    nothing has been played."""
    ctx = championship_scenario(None, organiser, chief_arbiter, played=True)
    base = f"/manage/championships/{ctx['championship'].slug}/"
    page = client_for(organiser).get(base).content.decode()
    assert f'data-testid="remove-stage-{ctx["ko"].pk}"' in page
    assert f'data-testid="remove-stage-{ctx["stage"].pk}"' not in page  # played, not the last
    ko = f"{base}stages/{ctx['ko'].pk}/remove/"
    assert client_for(arbiter).post(ko, {"confirmed": "1"}).status_code == 403
    asked = client_for(organiser, lang="vi").post(ko).content.decode()
    assert 'data-testid="confirm-page"' in asked and "giai đoạn cuối" in asked
    assert Stage.objects.filter(pk=ctx["ko"].pk).exists()
    client_for(organiser).post(ko, {"confirmed": "1"})
    assert not Stage.objects.filter(pk=ctx["ko"].pk).exists()
    refused = client_for(organiser, lang="vi").post(
        f"{base}categories/{ctx['category'].pk}/remove/", {"confirmed": "1"}, follow=True)
    assert "đã có ván" in refused.content.decode()
    assert Stage.objects.filter(pk=ctx["stage"].pk).exists()


def test_remove_an_unplayed_championship(organiser, chief_arbiter, arbiter):
    ctx = championship_scenario(None, organiser, chief_arbiter)
    answer = client_for(organiser).post(
        f"/manage/championships/{ctx['championship'].slug}/remove/", {"confirmed": "1"})
    assert answer.status_code == 302 and answer["Location"] == "/manage/"
    assert not Championship.objects.filter(pk=ctx["championship"].pk).exists()


def test_removing_a_championship_role_asks_first(organiser, chief_arbiter, arbiter):
    from tournaments.models import ChampionshipRole

    ctx = championship_scenario(None, organiser, chief_arbiter)
    url = (f"/manage/championships/{ctx['championship'].slug}/roles/"
           f"{ctx['arbiter_role'].pk}/remove/")
    assert 'data-testid="confirm-page"' in client_for(organiser).post(url).content.decode()
    assert ChampionshipRole.objects.filter(pk=ctx["arbiter_role"].pk).exists()
    client_for(organiser).post(url, {"confirmed": "1"})
    assert not ChampionshipRole.objects.filter(pk=ctx["arbiter_role"].pk).exists()


def test_a_stage_event_statute_page_keeps_the_stage_format(organiser, chief_arbiter, arbiter):
    """The format and the kind of participants are shown but not offered (the stage's, a note
    links the championship); a post that names another format changes nothing of them while
    the rest of the statute is saved (the service refuses the change itself: the API test)."""
    from tests.tournaments.builders import statute_form_data

    ctx = championship_scenario(None, organiser, chief_arbiter)
    event = ctx["ko"].events.get()
    client = client_for(organiser, lang="vi")
    data = statute_form_data(client, event)
    shown = client.get(f"/manage/{event.slug}/statute/")
    assert 'data-testid="stage-statute-note"' in shown.content.decode()
    fields = shown.context["form"].fields
    assert fields["format"].disabled and fields["participant_kind"].disabled
    data.update(format="rr", games_per_match="1", time_base_minutes="90")
    reply = client.post(f"/manage/{event.slug}/statute/", data)
    assert reply.status_code == 302, reply.context["form"].errors
    event.refresh_from_db()
    assert (event.format, event.games_per_match, event.time_base_minutes) == ("ko", 1, 90)


def test_round_page_names_who_chooses_the_deciding_game_colours(organiser, chief_arbiter,
                                                                 arbiter):
    """A one-game knockout stage with a deciding game, whose statute gives the choice to the
    player ranked higher in the Swiss: after a drawn game, the arbiter's round page names that
    player above the colour buttons, and the choice is recorded from there."""
    from tests.tournaments.builders import championship_with_swiss
    from tournaments.models import Board
    from tournaments.services.championships import stage_add, stage_qualification_set
    from tournaments.services.results import game_result_record

    championship, category, swiss, event = championship_with_swiss(organiser, chief_arbiter)
    play_stage_event(event, chief_arbiter)
    ko = stage_add(category=category, actor=organiser, format="ko", games_per_match=1,
                   tiebreak_games=[["armageddon", 1]])
    ko = stage_qualification_set(stage=ko, actor=organiser, qualification="top", qualifiers=4,
                                 higher_rank_chooses_colour=True)
    stage_qualify(stage=ko, actor=organiser)
    knockout = ko.events.get()
    round_publish(round_=knockout.rounds_set.get(number=1), actor=chief_arbiter)
    board = Board.objects.get(round__event=knockout, match_code="A1.1")
    game_result_record(game=board.games.get(number=1), result="1/2-1/2", actor=chief_arbiter,
                       expected_version=0)
    best = event_standings(event).rows[0].entry.player  # first of the Swiss
    pair = {board.white.player, board.black.player}
    assert best in pair
    page = client_for(chief_arbiter).get(f"/manage/{knockout.slug}/rounds/1/").content.decode()
    chooser = page.split('data-testid="colour-chooser"')[1].split("</strong>")[0]
    assert best.full_name in chooser
    deciding = board.games.get(kind="armageddon")
    choice = board.white if board.white.player == best else board.black
    client_for(chief_arbiter).post(f"/manage/{knockout.slug}/games/{deciding.pk}/colour/",
                                   {"white": choice.pk, "version": deciding.version})
    deciding.refresh_from_db()
    assert deciding.white_first == (choice.pk == board.white_id)
