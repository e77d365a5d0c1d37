"""The private parts of Django and openpyxl behind ``tournaments/compat.py``: each still exists
and behaves as the app uses it, and nothing else reaches them."""

import ast
import io
import re
from pathlib import Path

from django.middleware.csrf import get_token
from django.test import RequestFactory
from openpyxl import Workbook, load_workbook
from openpyxl.cell import Cell
from openpyxl.styles import Font

from tournaments import compat

ROOT = Path(__file__).resolve().parent.parent.parent
SCANNED = ("tournaments", "pairings", "scoring", "records", "xiangqi", "config", "tests",
           "benchmarks")
LIBRARIES = ("django", "openpyxl")
#: The private attributes the shim wraps (``wb._add_sheet``, ``cell._style``, ``ws._writer``,
#: ``WriteOnlyWorksheet._values_to_row``).
WRAPPED = re.compile(r"\._add_sheet\b|\._style\b|[\"']_writer[\"']|\._writer\b|_values_to_row")


def test_csrf_secret_unmasks_the_token_a_page_holds():
    request = RequestFactory().get("/")
    token = get_token(request)  # masked: a new mask for each call
    assert compat.csrf_secret(token) == request.META["CSRF_COOKIE"]
    assert compat.csrf_secret(get_token(request)) == request.META["CSRF_COOKIE"]
    assert token != request.META["CSRF_COOKIE"]


def _write_only_sheet():
    wb = Workbook(write_only=True)
    ws = compat.CellRowsWorksheet(parent=wb, title="Bảng")
    compat.worksheet_add(wb, ws)
    return wb, ws


def test_a_write_only_sheet_takes_rows_of_ready_cells_with_their_styles():
    wb, ws = _write_only_sheet()
    probe = Cell(ws)
    probe.font = Font(bold=True)
    bold = compat.style_array(probe)
    ws.append([Cell(ws, value="Nguyễn Văn An", style_array=bold), Cell(ws, value=7)])
    ws.append([Cell(ws, value="Lê Thị Bình"), Cell(ws, value=6)])
    assert wb.sheetnames == ["Bảng"]
    out = io.BytesIO()
    wb.save(out)
    read = load_workbook(io.BytesIO(out.getvalue()))["Bảng"]
    assert [[c.value for c in row] for row in read.iter_rows()] == [
        ["Nguyễn Văn An", 7], ["Lê Thị Bình", 6]]
    assert read["A1"].font.b and not read["A2"].font.b


def test_a_discarded_write_only_sheet_leaves_no_temporary_file():
    before = compat.write_only_temp_files()
    _wb, ws = _write_only_sheet()
    ws.append([Cell(ws, value=1)])
    assert len(compat.write_only_temp_files() - before) == 1
    compat.worksheet_discard(ws)
    assert compat.write_only_temp_files() - before == set()
    compat.worksheet_discard(Workbook().active)  # a read-write sheet has nothing to remove


def private_uses(root: Path = ROOT) -> list[str]:
    """Imports of private modules or names of Django and openpyxl, and uses of the private
    attributes the shim wraps, anywhere but ``tournaments/compat.py``."""
    found = []
    for top in SCANNED:
        for path in sorted((root / top).rglob("*.py")):
            where = path.relative_to(root)
            if where == Path("tournaments/compat.py") or path == Path(__file__):
                continue
            text = path.read_text()
            for node in ast.walk(ast.parse(text, filename=str(path))):
                if isinstance(node, ast.ImportFrom):
                    modules = [node.module or ""]
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.Import):
                    modules, names = [a.name for a in node.names], []
                else:
                    continue
                for module in modules:
                    parts = module.split(".")
                    if parts[0] in LIBRARIES and (any(p.startswith("_") for p in parts)
                                                  or any(n.startswith("_") for n in names)):
                        found.append(f"{where}: {module}")
            found += [f"{where}: {m.group()}" for m in WRAPPED.finditer(text)]
    return found


def test_nothing_else_reaches_the_private_parts():
    assert private_uses() == []


def test_the_check_finds_a_private_import_and_a_wrapped_attribute(tmp_path):
    (tmp_path / "tournaments").mkdir()
    (tmp_path / "tournaments" / "planted.py").write_text(
        "from django.middleware.csrf import _unmask_cipher_token, get_token\n"
        "from openpyxl.worksheet._write_only import WriteOnlyWorksheet\n"
        "from django.utils.text import slugify\n"
        "def f(wb, ws):\n    wb._add_sheet(ws)\n")
    assert private_uses(tmp_path) == [
        "tournaments/planted.py: django.middleware.csrf",
        "tournaments/planted.py: openpyxl.worksheet._write_only",
        "tournaments/planted.py: ._add_sheet",
    ]
