"""The championship's workbook (Art. 17.3): per category its overall results and team
classification, then every stage's own table; opened again with openpyxl and checked against
the selectors the pages use."""

import pytest

from tests.tournaments.builders import (
    championship_groups_into_knockout,
    championship_played_on,
    championship_with_swiss,
    open_workbook,
    sheet_rows,
)
from tournaments.excel.championship import build, filename
from tournaments.excel.workbook import to_bytes
from tournaments.models import Player
from tournaments.selectors.championships import category_results
from tournaments.selectors.standings import event_standings
from tournaments.services.championships import category_update

pytestmark = pytest.mark.django_db


def export(championship, lang="vi"):
    return open_workbook(to_bytes(build(championship, lang=lang)))


def test_overall_results_then_each_stage(organiser, chief_arbiter):
    championship, category, swiss, ko = championship_played_on(organiser, chief_arbiter)
    wb = export(championship)
    assert wb.sheetnames == ["Nam", "Nam — GĐ1", "Nam — GĐ2"]
    overall = wb["Nam"]
    assert overall["A1"].value == championship.name
    assert overall["A3"].value == "KẾT QUẢ CHUNG CUỘC — Nam"
    assert [c.value for c in overall[4]] == ["Hạng", "Họ và tên", "Câu lạc bộ", "Tỉnh/Thành",
                                             "Giai đoạn", "Bảng", "Hạng ở giai đoạn"]
    rows = sheet_rows(overall)
    expected = category_results(category).rows
    assert [r[1] for r in rows] == [r.entry.name for r in expected]
    # The knockout's semi-final losers share 3-4; the Swiss's stayers from 5th.
    assert [r[0] for r in rows] == [1, 2, "3–4", "3–4", 5, 6, 7, 8]
    assert [r[4] for r in rows] == ["Giai đoạn 2"] * 4 + ["Giai đoạn 1"] * 4
    # Stage 1's sheet is the Swiss's standings, as its own workbook prints them.
    swiss_rows = sheet_rows(wb["Nam — GĐ1"])
    assert [r[2] for r in swiss_rows] == [row.entry.name for row in event_standings(swiss).rows]
    assert wb["Nam — GĐ1"]["A3"].value == "BẢNG XẾP HẠNG SAU VÒNG 4 — Giai đoạn 1"
    assert wb["Nam — GĐ2"]["A3"].value.startswith("SƠ ĐỒ THI ĐẤU LOẠI TRỰC TIẾP")


def test_team_classification_sheet_in_english(organiser, chief_arbiter):
    championship, category, _swiss, _ko = championship_played_on(organiser, chief_arbiter)
    rows = category_results(category).rows
    players = [r.entry.player_id for r in rows]
    Player.objects.filter(pk__in=players[:2]).update(province="Hà Nội")
    Player.objects.filter(pk__in=players[2:4]).update(province="Huế")
    category_update(category=category, actor=organiser, team_classification="ranks",
                    team_by="province", team_best_n=2)
    wb = export(championship, lang="en")
    assert wb.sheetnames[:2] == ["Nam", "Nam — teams"]
    teams = wb["Nam — teams"]
    assert teams["A3"].value == "TEAM CLASSIFICATION — Nam"
    assert [c.value for c in teams[4]] == ["Rank", "Team", "Sum of places", "Best place",
                                           "Players counted"]
    # Hà Nội 1 + 2 = 3; Huế: the shared 3-4 counts 3 twice, 6.
    first, second = sheet_rows(teams)
    names = {r.entry.player_id: r.entry.name for r in rows}
    assert first == [1, "Hà Nội", 3, 1, f"{names[players[0]]}, {names[players[1]]}"]
    assert second[:4] == [2, "Huế", 6, 3]


def test_file_name_is_ascii(organiser, chief_arbiter):
    championship, *_ = championship_with_swiss(organiser, chief_arbiter, players=2)
    assert filename(championship, "vi") == f"{championship.slug}-ket-qua.xlsx"
    assert filename(championship, "en").endswith("-results.xlsx")
    wb = export(championship)
    assert wb.sheetnames == ["Nam", "Nam — GĐ1"]


def test_groups_have_a_sheet_each_in_english(organiser, chief_arbiter):
    championship, _category, _players = championship_groups_into_knockout(organiser,
                                                                          chief_arbiter)
    wb = export(championship, lang="en")
    assert wb.sheetnames == ["Nam", "Nam — S1", "Nữ", "Nữ — S1 A", "Nữ — S1 B", "Nữ — S2"]
    assert wb["Nữ — S1 B"]["A3"].value == "STANDINGS AFTER ROUND 3 — Stage 1, group B"
    assert wb["Nữ"]["A3"].value == "OVERALL RESULTS — Nữ"
    rows = sheet_rows(wb["Nữ"])
    # The knockout's four (stage 2, no group), then a third and a fourth of each group.
    assert [(r[4], r[5]) for r in rows[:4]] == [("Stage 2", None)] * 4
    assert sorted(r[5] for r in rows[4:6]) == ["A", "B"] == sorted(r[5] for r in rows[6:])
    assert [r[6] for r in rows[4:]] == [3, 3, 4, 4]


def test_team_points_sheet_sums_points_and_the_summable_tie_breaks(organiser, chief_arbiter):
    championship, category, _swiss, _ko = championship_played_on(organiser, chief_arbiter)
    players = [r.entry.player_id for r in category_results(category).rows]
    Player.objects.filter(pk__in=players[0::2]).update(province="Hà Nội")
    Player.objects.filter(pk__in=players[1::2]).update(province="Huế")
    category_update(category=category, actor=organiser, team_classification="points",
                    team_by="province", team_best_n=3)
    results = category_results(category)
    # The Swiss's order (Art. 21.4 and C.07) minus what cannot be added up: lots, and the
    # direct encounter computed among the tied.
    assert results.team_criteria == ("BH/C1", "BH", "SB", "WIN", "BWG")
    teams = export(championship, lang="en")["Nam — teams"]
    assert [c.value for c in teams[4]] == [
        "Rank", "Team", "Points", "Sum of BH/C1", "Sum of BH", "Sum of SB",
        "Sum of Wins", "Sum of Black wins", "Best place", "Players counted"]
    rows = sheet_rows(teams)
    assert [(r[0], r[1]) for r in rows] == [(t.rank, t.team) for t in results.teams]
    # Sums are number cells (half points as 2.5), equal to the selector's.
    assert [r[2] for r in rows] == [float(t.total) for t in results.teams]
    assert [r[3:8] for r in rows] == [[float(v) for v in t.tiebreaks] for t in results.teams]
