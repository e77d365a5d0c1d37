"""Finding the people to appoint to an event, without telling anyone who has an account: an
organiser finds a person by the exact username or e-mail address they were given (case
ignored), or among the people already on the event's staff by a part of the name (diacritics
ignored). A single letter lists nobody, and a superuser is found only if already on the staff.
"""

from django.contrib.auth import get_user_model
from django.db.models import Q

from tournaments.models import Event
from tournaments.text import SEARCH_MAX_CHARS, SEARCH_MAX_WORDS, fold

USER_SEARCH_LIMIT = 10


def _label(user) -> str:
    return fold(f"{user.username} {user.first_name} {user.last_name}")


def _staff(event: Event | None) -> list:
    """The active accounts that run ``event``: its creator and everyone with a role in it
    (nobody without an event: a championship's roles are given by exact username)."""
    if event is None:
        return []
    return list(get_user_model().objects.filter(
        Q(pk=event.created_by_id) | Q(event_roles__event=event), is_active=True)
        .distinct().order_by("username"))


def user_search(query: str, *, event: Event | None, limit: int = USER_SEARCH_LIMIT) -> list:
    """The account whose username or e-mail address is exactly ``query`` (case ignored; never
    a superuser), then the people on ``event``'s staff whose username or name holds every word
    of ``query`` (case and diacritics ignored)."""
    text = query.strip()[:SEARCH_MAX_CHARS]
    if not text:
        return []
    exact = Q(username__iexact=text) | (Q(email__iexact=text) if "@" in text else Q(pk=None))
    found = list(get_user_model().objects.filter(exact, is_active=True, is_superuser=False)
                 .order_by("username")[:limit])
    words = [fold(w) for w in dict.fromkeys(text.lower().split())][:SEARCH_MAX_WORDS]
    found += [u for u in _staff(event) if u not in found
              and all(w in _label(u) for w in words)]
    return found[:limit]


def user_chosen(query: str, *, event: Event | None) -> tuple:
    """(the one person ``query`` names, the people found): an exact username or e-mail, or
    the only match; None when nobody or several match."""
    found = user_search(query, event=event)
    text = query.strip().lower()
    if len(found) == 1 or found and text in (found[0].username.lower(),
                                              found[0].email.lower()):
        return found[0], found
    return None, found


def user_appointable(*, event: Event, pk: int | None = None, username: str | None = None):
    """The person to appoint to ``event``: by id, one already on its staff (an id names nobody
    else, so ids cannot be tried one by one); by ``username``, the account with that exact
    username or e-mail address, as ``user_search`` finds it. None if there is none."""
    if pk:
        return next((u for u in _staff(event) if u.pk == pk), None)
    found = user_search(username or "", event=event)
    text = (username or "").strip().lower()
    return next((u for u in found if text in (u.username.lower(), u.email.lower())), None)


def user_named(username: str):
    """The account with this exact username (active or not), or None."""
    return get_user_model().objects.filter(username=username).first()
