"""One vocabulary (docs/architecture.md, "The engines' vocabulary"): result codes, bye letters,
game kinds and statuses are written only as the enums of ``records/`` (``Result``, ``Bye``) and
``tournaments/models/`` (``ResultCode``, ``ByeKind``, ``GameKind``, ``RoundStatus``,
``EntryStatus``); the rest of the app names them (``ResultCode.WHITE_WINS``,
``RoundStatus.DRAFT``), and its templates compare with what their context hands them
(``ResultCode``, ``RoundStatus``, ... from ``tournaments/context_processors.py``).

The scan is precise rather than broad:

- the law's result codes other than ``X`` ("1-0", "1/2-1/2", "+/-", ...) are distinctive:
  no string constant of the app's Python may be one;
- a word that also means other things ("draft" is a ``Visibility`` too, "X" a crosstable mark,
  "F" the final of a bracket) is forbidden only where it stands for a field of the vocabulary:
  compared with a ``status`` / ``result`` / ``bye`` / ``kind`` (``round.status == "draft"``),
  passed as one (``status="draft"``, ``filter(round__status__in=(...))``), or a dict's value
  for such a key; in templates, compared in an ``{% if %}``.

Migrations, tests and the two vocabularies' own packages are not scanned. Like
``tests/test_layers.py``, the last tests break the rule on purpose in a copy of the app.
"""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

from records import Bye, Result
from tournaments.models import EntryStatus, GameKind, RoundStatus

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = ("tournaments/models/", "tournaments/migrations/")

DISTINCTIVE = frozenset(r.value for r in Result) - {Result.CANCELLED.value}
FIELDS: dict[str, frozenset[str]] = {
    "result": frozenset(r.value for r in Result),
    "bye": frozenset(b.value for b in Bye),
    "kind": frozenset(GameKind.values),
    "status": frozenset(RoundStatus.values) | frozenset(EntryStatus.values),
}


def _field(name: str) -> str | None:
    """The vocabulary field a name stands for: ``status``, ``round__status``,
    ``round_status``, ``status__in``... all say ``status``."""
    name = name.removesuffix("__in")
    for field in FIELDS:
        if name == field or name.endswith((f"_{field}", f"__{field}")):
            return field
    return None


def _name(node: ast.AST) -> str | None:
    """What an expression is called: ``board.result`` -> result, ``row["status"]`` -> status,
    ``data.get("kind")`` -> kind."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return str(node.slice.value)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get" and node.args and isinstance(node.args[0], ast.Constant)):
        return str(node.args[0].value)
    return None


def _strings(node: ast.AST) -> list[str]:
    """The string constants a value is made of: ``"draft"`` or ``("draft", "published")``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for element in node.elts for s in _strings(element)]
    return []


def _misused(name: str | None, value: ast.AST) -> list[str]:
    field = _field(name) if name else None
    if field is None:
        return []
    return [s for s in _strings(value) if s in FIELDS[field]]


def python_findings(path: Path, relative: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=relative)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            hits = [node.value] if node.value in DISTINCTIVE else []
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            hits = [s for left, right in zip(operands, operands[1:], strict=False)
                    for s in _misused(_name(left), right) + _misused(_name(right), left)]
        elif isinstance(node, ast.keyword):
            hits = _misused(node.arg, node.value)
        elif isinstance(node, ast.Dict):
            hits = [s for key, value in zip(node.keys, node.values, strict=True)
                    if isinstance(key, ast.Constant) and isinstance(key.value, str)
                    for s in _misused(key.value, value)]
        else:
            continue
        if not isinstance(node, ast.Constant):  # a distinctive code is its constant's finding
            hits = [hit for hit in hits if hit not in DISTINCTIVE]
        found += [f"{relative}:{node.lineno}: {hit!r}" for hit in dict.fromkeys(hits)]
    return found


# ``{% if a.status == "draft" %}``, ``{% elif "1-0" != obj.result %}``
_IF = re.compile(r"{%-?\s*(?:if|elif)\s(.*?)%}", re.S)
_COMPARISON = re.compile(
    r"""(?P<var>[\w.]+)\s*(?:==|!=)\s*(?P<q>["'])(?P<lit>.*?)(?P=q)"""
    r"""|(?P<q2>["'])(?P<lit2>.*?)(?P=q2)\s*(?:==|!=)\s*(?P<var2>[\w.]+)""")


def template_findings(path: Path, relative: str) -> list[str]:
    text = path.read_text()
    found = []
    for tag in _IF.finditer(text):
        for match in _COMPARISON.finditer(tag.group(1)):
            var = match.group("var") or match.group("var2")
            literal = match.group("lit") if match.group("var") else match.group("lit2")
            field = _field(var.rsplit(".", 1)[-1])
            if literal in DISTINCTIVE or (field and literal in FIELDS[field]):
                line = text.count("\n", 0, tag.start()) + 1
                found.append(f"{relative}:{line}: {var} == {literal!r}")
    return found


def findings(root: Path) -> list[str]:
    """Every literal of the vocabulary written outside its enums, as ``path:line: literal``."""
    found = []
    for path in sorted((root / "tournaments").rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if not relative.startswith(SKIPPED):
            found += python_findings(path, relative)
    for path in sorted((root / "templates").rglob("*.html")):
        found += template_findings(path, path.relative_to(root).as_posix())
    return found


def test_the_vocabulary_is_written_only_as_its_enums():
    assert findings(ROOT) == []


# --- broken on purpose, in a copy ------------------------------------------------------------


def _copy_app(target: Path) -> None:
    for folder in ("tournaments", "templates"):
        shutil.copytree(ROOT / folder, target / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "migrations"))


def _planted(tmp_path: Path, module: str, text: str) -> list[str]:
    """The scan's findings in a copy of the app where ``module`` gets ``text`` at its end."""
    _copy_app(tmp_path)
    with (tmp_path / module).open("a") as source:
        source.write(f"\n{text}\n")
    return findings(tmp_path)


def test_a_result_code_planted_in_a_service_is_found(tmp_path):
    report = _planted(tmp_path, "tournaments/services/results.py",
                      'def _first_wins(board):\n    return board.result in {"1-0", "+/-"}')
    assert len(report) == 2
    assert all(line.startswith("tournaments/services/results.py:") for line in report)
    assert {line.rsplit(" ", 1)[1] for line in report} == {"'1-0'", "'+/-'"}


def test_a_round_status_planted_in_a_view_and_a_selector_is_found(tmp_path):
    _copy_app(tmp_path)
    with (tmp_path / "tournaments/views/public.py").open("a") as source:
        source.write('\nPLAYING = Round.objects.filter(status="published")\n')
    with (tmp_path / "tournaments/selectors/rounds.py").open("a") as source:
        source.write('\ndef _closed(round_):\n    return round_.status == "completed"\n')
    report = findings(tmp_path)
    assert len(report) == 2
    assert report[0].startswith("tournaments/selectors/rounds.py:")
    assert report[0].endswith("'completed'")
    assert report[1].startswith("tournaments/views/public.py:")
    assert report[1].endswith("'published'")


def test_a_status_or_a_code_compared_in_a_template_is_found(tmp_path):
    report = _planted(tmp_path, "templates/tournaments/staff/round.html",
                      '{% if round.status == "draft" %}{% elif b.result != "X" %}'
                      "{% elif '0-1' == g.result %}{% endif %}")
    assert [line.split(": ", 1)[1] for line in report] == [
        "round.status == 'draft'", "b.result == 'X'", "g.result == '0-1'"]


def test_the_same_words_meaning_something_else_are_not_found(tmp_path):
    """``Visibility.DRAFT`` is "draft" too, "X" a crosstable mark, "F" the final of a bracket,
    "regular" a level of the statute's tie-break chain: none of them is the vocabulary's."""
    report = _planted(tmp_path, "tournaments/services/events.py", "\n".join([
        'HIDDEN = Event.objects.filter(visibility="draft")',
        'MARK = "X"',
        'def _final(match, cell, level):',
        '    return match.bracket == "F" or cell == "X" or level[0] == "regular"',
        'DEFAULTS = {"visibility": "draft", "status": "stored"}',
    ]))
    assert report == []
