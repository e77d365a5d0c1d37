"""A TRF file as this program holds it: the tournament it records, the lines kept as written,
the reader's warnings (``records/trf.py`` reads and writes it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from records import Colour, Tournament


@dataclass(frozen=True, slots=True)
class TrfWarning:
    """What the reader read one way while the file may mean another. ``kind`` names it for the
    pages that translate it (``points``, ``bye_as_draw``); ``values`` fills their message."""

    kind: str
    line: int
    text: str
    values: Mapping[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"line {self.line}: {self.text}"


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's block for one round, as written in the file."""

    opponent: int
    colour: str  # "w", "b" or "-"
    code: str  # one character; " " while unknown


@dataclass(frozen=True)
class TrfDocument:
    """A TRF file: the tournament it records and the lines this module does not interpret."""

    tournament: Tournament
    info: tuple[tuple[str, str], ...] = ()
    initial_colour: Colour | None = None
    point_values: dict[str, Fraction] = field(default_factory=dict)
    # Points and rank columns as written, by start number (``write`` needs them: this module does
    # not score; the scoring engine fills them in).
    totals: dict[int, str] = field(default_factory=dict)
    ranks: dict[int, int] = field(default_factory=dict)
    other_lines: tuple[str, ...] = ()
    # The file's line number of each of ``other_lines`` (empty for a document built in code).
    other_line_numbers: tuple[int, ...] = ()
    warnings: tuple[TrfWarning, ...] = ()
    encoding: str = "utf-8"

    def with_totals(self, totals: dict[int, str], ranks: dict[int, int]) -> TrfDocument:
        return replace(self, totals=totals, ranks=ranks)
