"""Pages and the API read through selectors. No query is built in
``tournaments/api/*.py``; none in ``tournaments/views/*.py`` beyond the row a URL names
(``get_object_or_404``). What counts as building a query: a model's manager (``.objects``,
``.rounds_set``) or a queryset's method (``filter``, ``order_by``, ``count()``, ...). Allowed:
``Model.objects.none()`` (the schema generator's empty queryset: no query) and a DRF field's
``queryset=`` (the ids the field accepts). A related manager read with ``.get(...)`` is not
told apart from ``dict.get`` and goes unseen; the review catches it.

The check fails when broken on purpose: a query planted in a sample is found, as
``tests/test_layers.py`` breaks the import contracts."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "tournaments"
MANAGERS = frozenset({"objects", "rounds_set"})
QUERY_METHODS = frozenset({
    "filter", "exclude", "annotate", "aggregate", "select_related", "prefetch_related",
    "values_list", "order_by", "distinct", "in_bulk", "only", "defer", "get_or_create",
    "update_or_create", "bulk_create", "bulk_update", "select_for_update", "raw", "earliest",
    "latest"})
# Methods that build a query when called without arguments (``list.count(x)`` takes one,
# ``dict.values()`` none: ``values`` counts with arguments only).
BARE_QUERY_METHODS = frozenset({"count", "exists", "first", "last"})


class _Queries(ast.NodeVisitor):
    def __init__(self, *, lookups_allowed: bool):
        self.lookups_allowed = lookups_allowed
        self.found: list[tuple[int, str]] = []

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if self.lookups_allowed and isinstance(func, ast.Name) \
                and func.id == "get_object_or_404":
            return  # the row the URL names, and how it is read
        if isinstance(func, ast.Attribute):
            if func.attr == "none" and isinstance(func.value, ast.Attribute) \
                    and func.value.attr == "objects":
                return
            called = node.args or node.keywords
            if func.attr in QUERY_METHODS or (func.attr in BARE_QUERY_METHODS and not called) \
                    or (func.attr == "values" and called):
                self.found.append((node.lineno, f".{func.attr}()"))
        for keyword in node.keywords:
            if keyword.arg != "queryset":
                self.visit(keyword.value)
        self.visit(func)
        for arg in node.args:
            self.visit(arg)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr in MANAGERS:
            self.found.append((node.lineno, f".{node.attr}"))
        self.generic_visit(node)


def queries(source: str, *, lookups_allowed: bool) -> list[tuple[int, str]]:
    """Where ``source`` builds a query: (line, what), in line order."""
    visitor = _Queries(lookups_allowed=lookups_allowed)
    visitor.visit(ast.parse(source))
    return sorted(set(visitor.found))


def _found(package: str, *, lookups_allowed: bool) -> list[str]:
    return [f"tournaments/{package}/{path.name}:{line}: {what}"
            for path in sorted((APP / package).glob("*.py"))
            for line, what in queries(path.read_text(encoding="utf-8"),
                                      lookups_allowed=lookups_allowed)]


def test_the_api_builds_no_query():
    assert _found("api", lookups_allowed=False) == []


def test_views_build_no_query_beyond_the_row_their_url_names():
    assert _found("views", lookups_allowed=True) == []


@pytest.mark.parametrize("planted", [
    "Board.objects.filter(round=round_)",
    "event.rounds_set.all()",
    "event.entries.count()",
    "board.games.filter(level=0)",
    "event.entries.values_list('pk', flat=True)",
    "Player.objects.all()",
    "list(event.entries.select_related('player'))",
    "entry.members.exists()",
])
def test_a_planted_query_is_found(planted):
    source = f"def view(request, event, board, round_, entry):\n    return {planted}\n"
    assert queries(source, lookups_allowed=False), planted
    assert queries(source, lookups_allowed=True), planted


def test_what_is_not_a_query_of_the_page_is_not_found():
    source = (
        "def view(request, rows, counts):\n"
        "    board = get_object_or_404(Board.objects.select_related('round'), pk=1)\n"
        "    none = Round.objects.none()\n"
        "    field = PrimaryKeyRelatedField(queryset=Player.objects.all())\n"
        "    return rows.count(1), counts.values(), request.GET.get('q'), board.games.all()\n")
    assert queries(source, lookups_allowed=True) == []
    # The API reads even the row a URL names through a selector.
    assert queries(source, lookups_allowed=False) == [(2, ".objects"),
                                                       (2, ".select_related()")]
