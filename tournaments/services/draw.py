"""The draw (*bốc thăm*) of the next round(s), whatever the format: one entry point for the
arbiter's button and the API, dispatching to the format's service."""

from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Event, Round
from tournaments.services.knockout import ko_start
from tournaments.services.roundrobin import rr_schedule
from tournaments.services.swiss import swiss_pair_next


def draw_next(*, event: Event, actor) -> list[Round]:
    """Round robin: every round at once from the Berger tables. Swiss: the next round by the
    Dutch system. Knockout: the next round of the bracket."""
    if event.is_round_robin:
        return rr_schedule(event=event, actor=actor)
    if event.is_swiss:
        return [swiss_pair_next(event=event, actor=actor)]
    if event.is_knockout:  # seeds the bracket; later matches follow from the results
        return ko_start(event=event, actor=actor)
    raise ServiceError(_("Drawing rounds for this format is not available yet."))
