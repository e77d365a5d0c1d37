"""An event's entries as a register, as chess-results and Swiss-Manager list a large field:
how many, sorted by seed (table number), name, rating, club or province, filtered by sex, title,
club, province or status, searched by words of the name, club, province or ID without
diacritics. Read from the query string (``?sort=rating&sex=F&q=nguyen``), so the page works
without a script and each view has its own address."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, EntryStatus, Event, Gender, Title
from tournaments.selectors.events import event_entries
from tournaments.text import fold, name_sort_key, search_words

SORTS = {"seed": _("Seed (table number)"), "name": _("Name"), "rating": _("Rating"),
         "club": _("Club"), "province": _("Province")}
FILTERS = {"sex": _("Sex"), "title": _("Title"), "club": _("Club"), "province": _("Province"),
           "status": _("Status")}


@dataclass
class Register:
    """The entries shown (``rows``), out of ``total``; the query read (``asked``, only known
    values kept) and the values each filter can take in this event (``options``)."""

    rows: list[Entry]
    total: int
    asked: dict[str, str]
    options: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return len(self.rows)

    @property
    def narrowed(self) -> bool:
        return bool(self.asked.get("q")) or any(self.asked.get(k) for k in FILTERS)

    @property
    def sorts(self) -> list[tuple[str, str]]:
        return list(SORTS.items())

    @property
    def filters(self) -> list[tuple[str, str, list[tuple[str, str]], str]]:
        """Each filter this event's entries can use: key, label, values, the one chosen."""
        return [(key, label, self.options[key], self.asked[key])
                for key, label in FILTERS.items() if len(self.options[key]) > 1
                or self.asked[key]]


def _who(entry: Entry):
    return entry.player or entry.team


def _value(entry: Entry, key: str) -> str:
    who = _who(entry)
    if key == "sex":
        return getattr(who, "gender", "") or ""
    if key == "title":
        return getattr(who, "title", "") or ""
    if key == "status":
        return entry.status
    return getattr(who, key, "") or ""


def _haystack(entry: Entry) -> str:
    who = _who(entry)
    parts = [entry.name, getattr(who, "club", ""), getattr(who, "province", ""),
             getattr(who, "national_id", "") or "", getattr(who, "fide_id", "") or ""]
    return fold(" ".join(p for p in parts if p))


def _sort_key(key: str):
    def seed(entry: Entry):
        return (entry.number is None, entry.number or 0, -(entry.rating or 0),
                name_sort_key(entry.name))

    if key == "name":
        return lambda e: (name_sort_key(e.name), seed(e))
    if key == "rating":
        return lambda e: (e.rating is None, -(e.rating or 0), seed(e))
    if key in ("club", "province"):
        return lambda e: (not _value(e, key), fold(_value(e, key)), name_sort_key(e.name))
    return seed


def entries_register(entries, query) -> Register:
    """The register of ``entries`` (an event's, with players, teams and rosters loaded:
    ``selectors/events.py: event_entries``) as the query string ``query`` asks."""
    entries = list(entries)
    options = {
        "sex": [(g.value, g.label) for g in Gender
                if any(_value(e, "sex") == g.value for e in entries)],
        "title": [(t.value, t.label) for t in Title
                  if t.value and any(_value(e, "title") == t.value for e in entries)],
        "club": [(v, v) for v in sorted({_value(e, "club") for e in entries} - {""}, key=fold)],
        "province": [(v, v) for v in sorted({_value(e, "province") for e in entries} - {""},
                                            key=fold)],
        "status": [(s.value, s.label) for s in EntryStatus
                   if any(e.status == s.value for e in entries)],
    }
    asked = {"sort": query.get("sort") if query.get("sort") in SORTS else "seed",
             "q": (query.get("q") or "").strip()[:100]}
    for key in FILTERS:
        value = query.get(key) or ""
        asked[key] = value if value in {v for v, _label in options[key]} else ""
    rows = entries
    for key in FILTERS:
        if asked[key]:
            rows = [e for e in rows if _value(e, key) == asked[key]]
    words = search_words(asked["q"])
    if words:
        rows = [e for e in rows if all(w in _haystack(e) for w in words)]
    rows = sorted(rows, key=_sort_key(asked["sort"]))
    return Register(rows=rows, total=len(entries), asked=asked, options=options)


def event_register(event: Event, query) -> Register:
    """The public entries page's register of ``event``."""
    return entries_register(event_entries(event), query)
