"""The scoring engine and the xiangqi package are pure: standard library only, no Django."""

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).parents[2] / "scoring"


@pytest.mark.parametrize("package", ["scoring", "xiangqi"])
def test_engine_imports_only_the_standard_library_and_itself(package):
    allowed = set(sys.stdlib_module_names) | {package}
    for path in (ENGINE.parent / package).glob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"


def test_no_float_points():
    for path in ENGINE.glob("*.py"):
        assert "float(" not in path.read_text() or path.name == "trf.py", path.name
