"""The Vietnamese catalogue is complete and compiled: the site is Vietnamese by default, so a
string left out would show in English to a Vietnamese arbiter.

The test runs Django's makemessages on a copy of the sources (GNU gettext, installed by
.ci/services) and fails on any message without a reviewed translation; then checks that the
committed .mo is the compiled .po.
"""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = Path("locale/vi/LC_MESSAGES/django.po")
SOURCES = ("manage.py", "config", "tournaments", "pairings", "scoring", "records", "xiangqi",
           "templates",
           "locale")


def _entries(po: str) -> list[str]:
    """The catalogue's entries, the header left out."""
    return [block for block in po.split("\n\n")[1:] if "msgid" in block]


def _translations(block: str) -> list[str]:
    """Each ``msgstr`` (or ``msgstr[n]`` of a plural) of an entry, its continuation lines joined."""
    texts: list[str] = []
    for line in block.strip().splitlines():
        if line.startswith("msgstr"):
            texts.append(line.split(" ", 1)[1].strip('"'))
        elif line.startswith('"') and texts:
            texts[-1] += line.strip('"')
    return texts


def _untranslated(block: str) -> bool:
    """An entry whose translation, or any form of a plural's, is empty, or one marked fuzzy."""
    return not all(_translations(block)) or "fuzzy" in block


def test_an_empty_plural_form_counts_as_untranslated():
    plural = 'msgid "one"\nmsgid_plural "many"\nmsgstr[0] ""'
    translated = 'msgid "one"\nmsgid_plural "many"\nmsgstr[0] ""\n"mot"'
    assert _untranslated(plural) and not _untranslated(translated)
    assert _untranslated('msgid "x"\nmsgstr ""') and not _untranslated('msgid "x"\nmsgstr "y"')


def test_every_message_has_a_vietnamese_translation(tmp_path):
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(source, tmp_path / name)
    run = subprocess.run([sys.executable, "manage.py", "makemessages", "-l", "vi",
                          "--no-obsolete"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    missing = [block for block in _entries((tmp_path / CATALOGUE).read_text("utf-8"))
               if _untranslated(block)]
    assert not missing, "Untranslated or fuzzy messages:\n\n" + "\n\n".join(missing)


def test_the_compiled_catalogue_is_the_committed_one(tmp_path):
    compiled = tmp_path / "django.mo"
    run = subprocess.run(["msgfmt", "--check-format", "-o", str(compiled),
                          str(ROOT / CATALOGUE)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert compiled.read_bytes() == (ROOT / CATALOGUE.with_suffix(".mo")).read_bytes(), (
        "locale/vi/LC_MESSAGES/django.mo is stale: run manage.py compilemessages -l vi")
