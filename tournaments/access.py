"""May this user see an event (a round, a championship), and act in it: the one answer of the
pages (``views/_access.py``, ``views/public_context.py``, ...) and of the API
(``api/permissions.py``, its DRF permission classes).

- What the user may not see is not found (404), exactly like what does not exist, so a stranger
  learns nothing of it: a draft event or championship run by others
  (``tournaments.view_event``, ``tournaments.view_championship``: public, or run by the user;
  ``tournaments/rules.py``), and a draft round to anyone but the event's staff.
- What the user sees but may not act in is refused (403); a page says whose right it is
  (``refusal``, Art. 19, 20).
- The event's staff, its organisers and arbiters (``tournaments.enter_result``), see its draft
  rounds, the boards' history and the staff's columns.

The 404s carry no message: the pages show their general text for them, the API its "Not found"
in the caller's language. The services check the right again when they write
(``services/_access.py``); this module answers what a page or an endpoint may show or offer.
"""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _

from tournaments.models import Championship, Event, Round, RoundStatus
from tournaments.selectors.championship_tree import championship_if_visible
from tournaments.selectors.events import event_if_visible


def event_visible(user, event: Event) -> bool:
    """Whether the user may see ``event``: public, or run by the user."""
    return user.has_perm("tournaments.view_event", event)


def event_staff(user, event: Event) -> bool:
    """Whether the user runs ``event`` (an organiser or an arbiter of it)."""
    return user.has_perm("tournaments.enter_result", event)


def round_visible(user, round_: Round, event: Event) -> bool:
    """Whether the user, who sees ``event``, may see its ``round_``: a draft is its staff's."""
    return round_.status != RoundStatus.DRAFT or event_staff(user, event)


def event_seen(user, *, slug: str | None = None, pk: int | None = None) -> Event:
    """The event of that address (or id) if the user may see it; not found otherwise."""
    event = event_if_visible(user, slug, pk=pk)
    if event is None:
        raise Http404
    return event


def event_for(user, perm: str, *, slug: str | None = None, pk: int | None = None) -> Event:
    """The event if the user may see it (not found otherwise) and holds ``perm`` in it
    (refused otherwise, saying whose right it is)."""
    event = event_seen(user, slug=slug, pk=pk)
    if not user.has_perm(perm, event):
        raise PermissionDenied(refusal(perm))
    return event


def championship_seen(user, *, slug: str | None = None, pk: int | None = None) -> Championship:
    """The championship of that address (or id) if the user may see it; not found otherwise."""
    championship = championship_if_visible(user, slug, pk=pk)
    if championship is None:
        raise Http404
    return championship


def championship_for(user, perm: str, *, slug: str) -> Championship:
    """The championship if the user may see it (not found otherwise) and holds ``perm`` in it
    (refused otherwise, saying whose right it is)."""
    championship = championship_seen(user, slug=slug)
    if not user.has_perm(perm, championship):
        raise PermissionDenied(refusal(perm))
    return championship


def refusal(perm: str) -> str:
    """Why a page is refused, by the right it needs (Art. 19, 20; tournaments/rules.py)."""
    if perm == "tournaments.change_event":
        return _("Only this event's organisers can open this page: the statute, the entries "
                 "and the roles are theirs (Art. 19).")
    if perm == "tournaments.pair_round":
        return _("Only this event's chief arbiter and organisers can do this: the draw and "
                 "closing a round are theirs (Art. 20).")
    if perm == "tournaments.record_foul":
        return _("Only this event's arbiters can record or remove a penalty (Art. 20).")
    if perm == "tournaments.adjourn_game":
        return _("Only this event's arbiters can adjourn a game and open its sealed move "
                 "(Art. 10.3).")
    if perm == "tournaments.disqualify":
        return _("Only this event's chief arbiter can disqualify a player (Art. 16.2).")
    if perm == "tournaments.approve_striking":
        return _("Only this event's organisers approve striking a player from the list and "
                 "the results (Art. 16.2).")
    if perm == "tournaments.decide_protest":
        return _("Only this event's chief arbiter and organisers decide a protest (Art. 15.6, "
                 "20.3 e).")
    if perm == "tournaments.decide_appeal":
        return _("Only this event's appeals committee decides an appeal (Art. 19.2).")
    if perm == "tournaments.read_protests":
        return _("Only this event's staff and appeals committee read its protests.")
    if perm in ("tournaments.decide_request", "tournaments.grant_bye"):
        return _("Only this event's chief arbiter and organisers decide the players' requests "
                 "and byes and give their private links (Art. 20.3).")
    if perm in ("tournaments.record_payment", "tournaments.read_fees"):
        return _("Only this event's treasurer and organisers keep its entry fees.")
    if perm == "tournaments.read_championship_fees":
        return _("Only this championship's treasurer and organisers read its entry fees.")
    if perm in ("tournaments.change_championship", "tournaments.qualify_stage"):
        return _("Only this championship's organisers can do this: its categories, stages and "
                 "qualification are theirs (Art. 19).")
    if perm == "tournaments.record_playoff":
        return _("Only this championship's chief arbiter and organisers can record a "
                 "play-off's winners (Art. 20).")
    return _("Only this event's organisers and arbiters can open this page.")
