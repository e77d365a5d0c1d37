"""An event as a FIDE Tournament Report File (TRF-16), for other pairing and rating programs.

One writer for every page: ``services/trf_io.py: trf_export`` (the published rounds, or with a
draft round for the staff; points and ranks from the scoring engine, absences as ``Z``, the
extension lines pairing programs read).
"""

from __future__ import annotations

from tournaments.models import Event
from tournaments.services.trf_io import trf_export


def event_trf(event: Event, *, include_drafts: bool = False) -> str:
    return trf_export(event, include_drafts=include_drafts)
