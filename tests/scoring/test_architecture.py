"""The scoring engine is pure: standard library and the shared vocabulary (records/) only, no
Django (docs/architecture.md)."""

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).parents[2] / "scoring"


def test_scoring_imports_only_the_standard_library_the_vocabulary_and_itself():
    allowed = set(sys.stdlib_module_names) | {"scoring", "records"}
    for path in ENGINE.glob("*.py"):
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
        assert "float(" not in path.read_text(), path.name
