"""Disqualifications (Art. 15.6, 16.1 d–e, 16.2; ``models/entries.py``) as the pages read them."""

from django.http import Http404
from django.utils.translation import gettext as _

from tournaments.models import Disqualification, Entry, Event


def entry_disqualification(entry: Entry) -> Disqualification:
    """The entry's disqualification; 404 when it has none."""
    act = Disqualification.objects.select_related("entry__event").filter(entry=entry).first()
    if act is None:
        raise Http404(_("This entry has not been disqualified."))
    return act


def event_disqualifications(event: Event) -> list[Disqualification]:
    """The event's disqualifications, by table number, with who decided and approved them."""
    return list(Disqualification.objects.filter(entry__event=event)
                .select_related("entry__player", "entry__team", "decided_by", "approved_by")
                .order_by("entry__number", "entry__pk"))
