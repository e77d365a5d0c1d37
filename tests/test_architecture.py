"""The engines are pure Python: importing every module of pairings/, scoring/, the vocabulary
they share (records/) and the game package (xiangqi/) must work in a process where Django cannot
be imported at all (docs/architecture.md)."""

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ("pairings", "scoring", "records", "xiangqi")


def _engine_modules() -> list[str]:
    names = []
    for package in ENGINES:
        names.append(package)
        for info in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
            if not info.name.endswith("__main__"):  # importing it would run the command
                names.append(info.name)
    return names


def test_engines_import_without_django():
    modules = _engine_modules()
    assert {"pairings.berger", "scoring.points", "records", "records.trf", "xiangqi.position",
            "xiangqi.pgn"} <= set(modules)
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('django', 'rest_framework'):\n"
        "            raise ImportError('Django is not allowed in the engines: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        f"for m in {modules!r}:\n"
        "    __import__(m)\n"
        "print('ok', len(sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok")


def _imported_packages(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_adapter_imports_both_sides():
    """One module converts between model rows and engine types; services and selectors go
    through it or through engine functions on plain data: no engine imports the app."""
    offenders = [str(path) for package in ENGINES for path in (ROOT / package).rglob("*.py")
                 if "tournaments" in _imported_packages(path)]
    assert offenders == []


def test_the_vocabulary_imports_no_engine():
    """Both engines import records/; records/ imports neither (nor does pairings import
    scoring), so the table from a result to its meaning has one home."""
    allowed = set(sys.stdlib_module_names)
    for path in (ROOT / "records").rglob("*.py"):
        assert _imported_packages(path) - allowed <= {"records"}, path.name
    for path in (ROOT / "pairings").rglob("*.py"):
        assert "scoring" not in _imported_packages(path), path.name


def test_xiangqi_imports_only_the_standard_library():
    """The game package stands alone: no engine, no vocabulary, no third-party package."""
    allowed = set(sys.stdlib_module_names)
    for path in (ROOT / "xiangqi").rglob("*.py"):
        assert _imported_packages(path) <= allowed, path.name
