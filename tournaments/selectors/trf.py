"""An event as a FIDE Tournament Report File (TRF-16), for other pairing and rating programs.

The published rounds as ``adapters.load_event`` reads them, written by the scoring engine's TRF
writer (``scoring/trf.py``) with the points and ranks of the standings the pages show.
"""

from __future__ import annotations

from scoring.trf import TrfDocument, write
from tournaments.adapters import load_event
from tournaments.models import Event
from tournaments.selectors.standings import event_standings


def _date(value) -> str:
    return value.strftime("%Y/%m/%d") if value else ""


def event_trf(event: Event) -> str:
    record = load_event(event, public_only=True)
    table = event_standings(event, record=record)
    info = [("012", event.name), ("022", event.venue), ("042", _date(event.start_date)),
            ("052", _date(event.end_date)), ("062", str(len(record.entries))),
            ("092", event.get_format_display()),
            ("122", f"{event.time_base_minutes}'"
                    + (f" + {event.time_increment_seconds}\"" if event.time_increment_seconds
                       else ""))]
    doc = TrfDocument(
        tournament=record.tournament,
        info=tuple((code, str(text)) for code, text in info if text),
        totals={row.number: row.points for row in table.rows},
        ranks={row.number: row.rank for row in table.rows},
    )
    return write(doc)
