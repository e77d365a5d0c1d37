"""The federation's player register as a workbook: every player with the register's id, name,
sex, birth year, club, province, federation, IDs, rating, title, and the federation's titles and
classifications held with their dates. Its headers are those the player import reads
(``excel/imports.py``), so the federation edits the workbook and imports it back: rows are
matched by the IDs, the titles column adds the awards not yet held. The register's id column is
for people reading the sheet and is not read back (a player is matched by his IDs, as every
import does). E-mail addresses are not exported.
"""

from __future__ import annotations

from openpyxl.utils import get_column_letter

from tournaments.excel import labels as L
from tournaments.excel.imports import COLUMN_LABELS
from tournaments.excel.styles import HEADER, new_workbook, put

REGISTER_ID = L.Text("Số hiệu trong sổ", "Register no.")
REGISTER_TAB = L.Text("Sổ vận động viên", "Player register")
FIELDS = ("full_name", "gender", "birth_year", "club", "province", "federation", "national_id",
          "fide_id", "rating", "title", "awards")
_GENDERS = {"M": L.Text("Nam", "M"), "F": L.Text("Nữ", "F")}


def awards_text(titles, lang: str) -> str:
    """The titles held as the import reads them back: "Kiện tướng quốc gia 15/05/2024; ..."."""
    return "; ".join(f"{t.kind.name_en if lang == L.EN and t.kind.name_en else t.kind.name} "
                     f"{t.awarded_on:%d/%m/%Y}" for t in titles)


def register_workbook(players, lang: str):
    """``players``: the register's players with their ``titles`` (and kinds) prefetched."""
    lang = L.language(lang)
    wb = new_workbook()
    ws = wb.create_sheet(REGISTER_TAB(lang))
    put(ws, 1, 1, REGISTER_ID(lang)).style = HEADER
    for c, key in enumerate(FIELDS, start=2):
        put(ws, 1, c, COLUMN_LABELS[key](lang)).style = HEADER
        ws.column_dimensions[get_column_letter(c)].width = 30 if key in ("full_name",
                                                                         "awards") else 14
    ws.freeze_panes = "C2"
    for r, player in enumerate(players, start=2):
        values = {
            "full_name": player.full_name,
            "gender": _GENDERS[player.gender](lang) if player.gender in _GENDERS else "",
            "birth_year": player.birth_year, "club": player.club,
            "province": player.province, "federation": player.federation,
            "national_id": player.national_id or "", "fide_id": player.fide_id or "",
            "rating": player.rating, "title": player.title,
            "awards": awards_text(player.titles.all(), lang)}
        put(ws, r, 1, player.pk)
        for c, key in enumerate(FIELDS, start=2):
            if values[key] not in (None, ""):
                put(ws, r, c, values[key])
    wb.active = 0
    return wb
