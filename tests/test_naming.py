"""Names say what a function does (docs/architecture.md, "Names"), read from the modules' syntax
trees:

- every public function of ``tournaments/services/*.py`` takes keyword arguments only and is
  named ``entity_verb`` (``round_pair``, ``result_record``, ``entry_withdraw``): at least two
  words, the last a verb of ``VERBS``. Helpers used only by services are private: an underscore
  name, or a public name in an underscore module (``_access.py``, ``_checks.py``), which nothing
  outside the services imports;
- every public function of ``tournaments/selectors/*.py`` is named ``entity_*`` (it does not
  open with a verb or an adjective of ``NOT_AN_ENTITY``), and no public name is defined in two
  selector modules.

Each check is shown failing on a planted violation in a copy of the package, as
``tests/test_layers.py`` does for the import contracts."""

import ast
import shutil
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVICES = ROOT / "tournaments" / "services"
SELECTORS = ROOT / "tournaments" / "selectors"

#: The verbs services end with. A new service whose name ends otherwise fails here: name it
#: after what it does to its entity, or add the verb if it is one.
VERBS = frozenset("""
accept
add
advance
appeal
apply
approve
award
assign
backup
beat
build
cancel
change
check
check_in
check_out
choose
clear
close
complete
confirm
create
deactivate
decide
decode
delete
deliver
dispatch
disqualify
draw
exchange
fail
file
finish
imply
import
merge
lock
move
note
pair
preview
publish
purge
qualify
reactivate
read
record
recover
refresh
register
remove
renew
reopen
replace
request
require
reset
restore
resume
revert
revoke
save
schedule
send
submit
set
start
store
swap
undo
update
void
withdraw
""".split())
#: Decorator factories are named for what they make (``@event_writer(perm=...)``: a writer).
DECORATORS = frozenset({"event_writer"})
#: Words a selector's name does not open with: it names what it reads, not how.
NOT_AN_ENTITY = frozenset({
    "active", "annotate", "build", "check", "compute", "count", "describe", "fetch", "find",
    "get", "has", "is", "last", "latest", "list", "load", "make", "search", "stored",
    "visible",
})


def _public_functions(path: Path):
    return [node for node in ast.parse(path.read_text(), filename=str(path)).body
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and not node.name.startswith("_")]


def _decorators_used(folder: Path) -> set[str]:
    used = set()
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for decorator in node.decorator_list:
                    call = decorator.func if isinstance(decorator, ast.Call) else decorator
                    if isinstance(call, ast.Name):
                        used.add(call.id)
    return used


def service_offences(folder: Path = SERVICES) -> list[str]:
    offences = []
    decorators = _decorators_used(folder) & DECORATORS
    for path in sorted(folder.glob("*.py")):
        for node in _public_functions(path):
            where = f"services/{path.name}: {node.name}"
            arguments = node.args
            if arguments.posonlyargs or arguments.args or arguments.vararg:
                offences.append(f"{where} takes positional arguments")
            words = node.name.split("_")
            # A verb of two words ("check_in") counts as one.
            verb = "_".join(words[-2:]) if "_".join(words[-2:]) in VERBS else words[-1]
            if node.name not in decorators and (len(words) - verb.count("_") < 2
                                                or verb not in VERBS):
                offences.append(f"{where} is not named entity_verb")
    return offences


def selector_offences(folder: Path = SELECTORS) -> list[str]:
    offences = []
    defined: dict[str, list[str]] = defaultdict(list)
    for path in sorted(folder.glob("*.py")):
        for node in ast.parse(path.read_text(), filename=str(path)).body:
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) \
                    or node.name.startswith("_"):
                continue
            defined[node.name].append(path.name)
            words = node.name.split("_")
            if not isinstance(node, ast.ClassDef) and (len(words) < 2
                                                       or words[0] in NOT_AN_ENTITY):
                offences.append(f"selectors/{path.name}: {node.name} is not named entity_*")
    offences += [f"{name} is defined in {', '.join(modules)}"
                 for name, modules in sorted(defined.items()) if len(modules) > 1]
    return offences


def private_service_imports(root: Path = ROOT) -> list[str]:
    """Imports of the services' private modules from outside the services (tests aside)."""
    found = []
    for path in sorted((root / "tournaments").rglob("*.py")):
        if SERVICES.name in path.parent.parts[-1:] or "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            modules = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                       else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            found += [f"{path.relative_to(root)}: {m}" for m in modules
                      if m.startswith("tournaments.services._")
                      or (m == "tournaments.services" and isinstance(node, ast.ImportFrom)
                          and any(a.name.startswith("_") for a in node.names))]
    return found


def test_services_are_keyword_only_and_named_entity_verb():
    assert service_offences() == []


def test_selectors_are_named_entity_and_each_name_is_defined_once():
    assert selector_offences() == []


def test_nothing_outside_the_services_imports_their_private_modules():
    assert private_service_imports() == []


def _copy(folder: Path, tmp_path: Path) -> Path:
    copy = tmp_path / folder.name
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def test_the_service_check_fails_on_planted_violations(tmp_path):
    copy = _copy(SERVICES, tmp_path)
    (copy / "planted.py").write_text(
        "def round_shuffle_planted(event, *, actor):\n    pass\n\n\n"
        "def planted_things(*, event):\n    pass\n\n\n"
        "def _helper(event):\n    pass\n")
    assert service_offences(copy) == [
        "services/planted.py: round_shuffle_planted takes positional arguments",
        "services/planted.py: round_shuffle_planted is not named entity_verb",
        "services/planted.py: planted_things is not named entity_verb",
    ]


def test_the_selector_check_fails_on_planted_violations(tmp_path):
    copy = _copy(SELECTORS, tmp_path)
    (copy / "planted.py").write_text(
        "def get_round(event):\n    pass\n\n\n"
        "def event_standings(event):\n    pass\n")
    assert selector_offences(copy) == [
        "selectors/planted.py: get_round is not named entity_*",
        "event_standings is defined in planted.py, standings.py",
    ]


def test_the_private_import_check_finds_one(tmp_path):
    views = tmp_path / "tournaments" / "views"
    views.mkdir(parents=True)
    (views / "planted.py").write_text(
        "from tournaments.services._access import right_require\n"
        "from tournaments.services.rounds import round_publish\n")
    assert private_service_imports(tmp_path) == [
        "tournaments/views/planted.py: tournaments.services._access"]
