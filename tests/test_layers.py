"""The layers as executable contracts (docs/architecture.md): the import-linter contracts of
pyproject.toml hold and fail on a deliberate violation; no import cycle among the project's
modules; no module imports another module's private names."""

import ast
import shutil
import subprocess
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tournaments", "pairings", "scoring", "records", "xiangqi", "config")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint_imports(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=root, capture_output=True,
                          text=True, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root)})


def _copy_project(target: Path) -> None:
    shutil.copy(ROOT / "pyproject.toml", target)
    for package in PACKAGES:
        shutil.copytree(ROOT / package, target / package,
                        ignore=shutil.ignore_patterns("__pycache__", "migrations"))


def test_the_contracts_hold():
    done = _lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def _violated(tmp_path: Path, module: str, line: str) -> str:
    """lint-imports' report on a copy of the project where ``module`` gets ``line``."""
    _copy_project(tmp_path)
    with (tmp_path / module).open("a") as source:
        source.write(f"\n{line}  # noqa: E402\n")
    done = _lint_imports(tmp_path)
    assert done.returncode == 1
    return done.stdout


def test_a_service_importing_a_view_breaks_the_layers(tmp_path):
    report = _violated(tmp_path, "tournaments/services/rounds.py",
                       "from tournaments.views import staff")
    assert "The app's layers" in report and "BROKEN" in report
    assert "tournaments.services.rounds -> tournaments.views.staff" in report


def test_an_engine_importing_django_breaks_the_purity_contract(tmp_path):
    report = _violated(tmp_path, "scoring/points.py", "from django.conf import settings")
    assert "scoring is not allowed to import django" in report
    assert "scoring.points -> django" in report


def test_no_import_cycle_among_the_projects_modules():
    """Every import, at module level or inside a function, counts."""
    graph = grimp.build_graph(*PACKAGES, include_external_packages=False)
    sorter = TopologicalSorter({m: graph.find_modules_directly_imported_by(m)
                                for m in graph.modules})
    try:
        order = list(sorter.static_order())
    except CycleError as error:
        raise AssertionError(f"import cycle: {' -> '.join(error.args[1])}") from None
    assert "tournaments.services.formats" in order and "pairings.dutch" in order


def _private_imports(path: Path) -> list[str]:
    """``from <project module> import _name`` lines of ``path``, as ``module._name``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in PACKAGES:
            found += [f"{node.module}.{alias.name}" for alias in node.names
                      if alias.name.startswith("_") and not alias.name.startswith("__")]
    return found


def test_no_module_imports_another_modules_private_names():
    offenders = [f"{path.relative_to(ROOT)}: {name}" for package in PACKAGES
                 for path in sorted((ROOT / package).rglob("*.py"))
                 for name in _private_imports(path)]
    assert offenders == []


def test_the_private_names_check_finds_one(tmp_path):
    module = tmp_path / "module.py"
    module.write_text("from tournaments.services.rounds import _helper, round_store\n"
                      "from collections import _chain_maps\n")
    assert _private_imports(module) == ["tournaments.services.rounds._helper"]
