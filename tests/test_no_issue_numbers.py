"""The code says why, not which ticket: no "issue <n>" in the code, the tests, templates and
static files (a comment or docstring names the rule, with the law's article from docs/law.md
where one applies). Migrations are history and keep their words. Shown failing on a planted
reference."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("tournaments", "pairings", "scoring", "records", "xiangqi", "config", "templates",
           "static", "tests", "benchmarks")
SUFFIXES = {".py", ".html", ".txt", ".js", ".css"}
ISSUE = re.compile(r"\bissues?\s*#?\d+", re.IGNORECASE)


def issue_references(root: Path = ROOT) -> list[str]:
    found = []
    for top in SCANNED:
        for path in sorted((root / top).rglob("*")):
            if path.suffix not in SUFFIXES or "migrations" in path.parts \
                    or path == Path(__file__):
                continue
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                if ISSUE.search(line):
                    found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_no_issue_numbers_in_the_code_and_tests():
    assert issue_references() == []


def test_the_check_finds_a_planted_reference(tmp_path):
    (tmp_path / "tournaments").mkdir()
    (tmp_path / "templates").mkdir()
    (tmp_path / "tournaments" / "planted.py").write_text('"""Added for issue 42."""\n')
    (tmp_path / "templates" / "planted.html").write_text("{# see Issue #7 #}\n<p>5 issues</p>\n")
    assert issue_references(tmp_path) == [
        'tournaments/planted.py:1: """Added for issue 42."""',
        "templates/planted.html:1: {# see Issue #7 #}",
    ]
