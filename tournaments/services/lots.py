"""Lots as the last tie-break (Art. 21.3 "bốc thăm may rủi", appendix §5.3, §4).

The chief arbiter (or an organiser) draws the lots once for the event: a random seed is recorded
with who drew it and when, and ``scoring/tiebreaks.py: lots`` turns it into one order of the
entries, the same on every page, export and replay. Until then a tie that only lots can break
stands, and the standings say the lots are still to be drawn.
"""

import secrets

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.selectors.standings import event_uses_lots
from tournaments.services._access import event_writer


@event_writer(perm="tournaments.pair_round")
def lots_draw(*, event: Event, actor, seed: int | None = None) -> Event:
    """Draw the lots and record them; once only, so the order cannot be drawn again until it
    suits someone."""
    if not event_uses_lots(event):
        raise ServiceError(_("The statute's tie-break order has no drawing of lots."))
    if event.lots_seed is not None:
        raise ServiceError(_("The lots were already drawn; they are drawn once."))
    event.lots_seed = secrets.randbits(48) if seed is None else seed
    event.lots_drawn_by = actor
    event.lots_drawn_at = timezone.now()
    event.save(update_fields=["lots_seed", "lots_drawn_by", "lots_drawn_at", "updated_at"])
    return event
