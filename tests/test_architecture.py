"""The engines are pure Python: importing every module of pairings/, scoring/ and xiangqi/ must
work in a process where Django cannot be imported at all (docs/architecture.md)."""

import pkgutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _engine_modules() -> list[str]:
    names = []
    for package in ("pairings", "scoring", "xiangqi"):
        names.append(package)
        for info in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
            if not info.name.endswith("__main__"):  # importing it would run the command
                names.append(info.name)
    return names


def test_engines_import_without_django():
    modules = _engine_modules()
    assert "pairings.berger" in modules and "scoring.records" in modules
    assert "xiangqi.position" in modules and "xiangqi.pgn" in modules
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


def test_only_the_adapter_imports_both_sides():
    """STYLE.md: one module converts between model rows and engine types; services and
    selectors go through it or through engine functions on plain data."""
    offenders = []
    for path in (ROOT / "pairings").rglob("*.py"):
        if "tournaments" in path.read_text():
            offenders.append(str(path))
    for path in [*(ROOT / "scoring").rglob("*.py"), *(ROOT / "xiangqi").rglob("*.py")]:
        if "import tournaments" in path.read_text() or "from tournaments" in path.read_text():
            offenders.append(str(path))
    assert offenders == []
