"""A format has a home (docs/architecture.md, "The format's home"): what a format is,
``tournaments/models/formats.py``, and what it does, ``tournaments/services/formats.py``. Nothing
else tests the format: no ``is_swiss``/``is_knockout``/``is_round_robin``, no comparison with a
``Format`` member (or its value written out), in Python (read as a syntax tree) or in a template
(read as text); the rest asks the event's ``format_rules`` or calls its flow's hooks.

The check runs on the project, then on a copy with a format test planted on purpose in a view
and in a template, to show it fails (as ``tests/test_layers.py`` does for the contracts)."""

import ast
import re
import shutil
from pathlib import Path

from tournaments.models import Format

ROOT = Path(__file__).resolve().parent.parent
HOMES = ("tournaments/models/formats.py", "tournaments/services/formats.py")
FORMAT_PREDICATES = frozenset({"is_swiss", "is_knockout", "is_round_robin"})
FORMAT_VALUES = frozenset(Format.values)


def _is_format_member(node: ast.AST) -> bool:
    """``Format.SWISS`` (any ``Format.<MEMBER>``), a format's value written out (``"swiss"``),
    or a named group of formats (``KNOCKOUT_FORMATS``)."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.value.id == "Format" and node.attr.isupper()
    if isinstance(node, ast.Name | ast.Attribute):
        return (node.id if isinstance(node, ast.Name) else node.attr).endswith("_FORMATS")
    return isinstance(node, ast.Constant) and node.value in FORMAT_VALUES


def _operands(node: ast.AST):
    """A comparison's operand, and the members of a tuple, list or set it is (``in (...)``)."""
    yield node
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        for element in node.elts:
            yield from _operands(element)


def python_format_tests(path: Path) -> list[str]:
    """The format tests of one module: ``line: what``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Attribute) and node.attr in FORMAT_PREDICATES:
            found.append(f"{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.FunctionDef) and node.name in FORMAT_PREDICATES:
            found.append(f"{node.lineno}: def {node.name}")
        elif isinstance(node, ast.Compare):
            if any(_is_format_member(o) for side in (node.left, *node.comparators)
                   for o in _operands(side)):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.MatchValue) and _is_format_member(node.value):
            found.append(f"{node.lineno}: case {ast.unparse(node.value)}")
    return sorted(found, key=lambda line: int(line.split(":")[0]))


# In a template: a format predicate anywhere, or a tag comparing a format
# ({% if event.format == "swiss" %}, {% if form.format.value in "ko dko" %}).
_VALUES = "|".join(sorted(FORMAT_VALUES))
_PREDICATE = re.compile(r"\b(?:" + "|".join(sorted(FORMAT_PREDICATES)) + r")\b")
_TAG = re.compile(r"{%-?\s*(?:if|elif)\b(.*?)-?%}", re.DOTALL)
_COMPARED = re.compile(r"\bformat(?:\.value)?\s*(?:==|!=|\bin\b|\bnot\s+in\b)|"
                       r"(?:==|!=)\s*[\"'](?:" + _VALUES + r")[\"']")


def template_format_tests(path: Path) -> list[str]:
    text = path.read_text()
    found = [f"{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
             for m in _PREDICATE.finditer(text)]
    found += [f"{text.count(chr(10), 0, m.start()) + 1}: {m.group(0).strip()}"
              for m in _TAG.finditer(text) if _COMPARED.search(m.group(1))]
    return found


def format_tests(root: Path) -> dict[str, list[str]]:
    """Every format test outside the two homes, by file (relative to ``root``)."""
    out = {}
    for path in sorted((root / "tournaments").rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if relative in HOMES or "/migrations/" in relative:
            continue
        if found := python_format_tests(path):
            out[relative] = found
    for path in sorted((root / "templates").rglob("*.html")):
        if found := template_format_tests(path):
            out[path.relative_to(root).as_posix()] = found
    return out


def test_only_the_two_homes_test_the_format():
    assert format_tests(ROOT) == {}


def test_the_homes_are_where_the_check_says():
    assert all((ROOT / home).is_file() for home in HOMES)


def _copy(target: Path) -> None:
    for folder in ("tournaments", "templates"):
        shutil.copytree(ROOT / folder, target / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "migrations"))


def test_a_format_test_planted_in_a_view_and_a_template_fails_the_check(tmp_path):
    _copy(tmp_path)
    view = tmp_path / "tournaments/views/public.py"
    view.write_text(view.read_text() + "\n\ndef planted(event):\n"
                    "    if event.is_swiss:\n        return 1\n"
                    "    return 2 if event.format == Format.DOUBLE_ELIMINATION else 3\n")
    template = tmp_path / "templates/tournaments/public/overview.html"
    template.write_text(template.read_text() + '{% if event.is_swiss %}Swiss{% endif %}\n'
                        '{% if event.format == "ko" %}Knockout{% endif %}\n')
    found = format_tests(tmp_path)
    assert set(found) == {"tournaments/views/public.py",
                          "templates/tournaments/public/overview.html"}
    assert [f.split(": ", 1)[1] for f in found["tournaments/views/public.py"]] == [
        ".is_swiss", "event.format == Format.DOUBLE_ELIMINATION"]
    assert [f.split(": ", 1)[1] for f in found["templates/tournaments/public/overview.html"]] \
        == ["is_swiss", '{% if event.format == "ko" %}']


def test_the_check_reads_membership_tests_and_match_statements(tmp_path):
    module = tmp_path / "module.py"
    module.write_text(
        "def f(event, value):\n"
        "    a = value not in ('ko', 'dko')\n"
        "    b = event.format in (Format.ROUND_ROBIN, Format.DOUBLE_ROUND_ROBIN)\n"
        "    match value:\n"
        "        case Format.SWISS:\n"
        "            return a\n"
        "    c = value == 'json' and Format.values and event.format_rules.has_bracket\n"
        "    d = event.format in KNOCKOUT_FORMATS\n"
        "    return FORMATS[Format.SWISS] or b or c or d\n")
    assert [f.split(":")[0] for f in python_format_tests(module)] == ["2", "3", "5", "8"]
