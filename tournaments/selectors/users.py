"""Finding the people to appoint to an event (issue 19): by name or username, in part."""

from django.contrib.auth import get_user_model
from django.db.models import Q

from tournaments.text import SEARCH_MAX_CHARS, SEARCH_MAX_WORDS, fold

USER_SEARCH_LIMIT = 10
# Names are stored with their diacritics: a query typed without them ("nguyen") is compared
# folded, in Python, over at most this many accounts.
FOLDED_SCAN_LIMIT = 2000


def _label(user) -> str:
    return fold(f"{user.username} {user.first_name} {user.last_name}")


def user_search(query: str, limit: int = USER_SEARCH_LIMIT) -> list:
    """Active accounts whose username, first or last name contains every word of ``query``
    (case ignored; diacritics too, for up to ``FOLDED_SCAN_LIMIT`` accounts); an exact
    username first."""
    text = query.strip()[:SEARCH_MAX_CHARS]
    words = list(dict.fromkeys(text.lower().split()))[:SEARCH_MAX_WORDS]
    if not words:
        return []
    users = get_user_model().objects.filter(is_active=True).order_by("username")
    found = users
    for word in words:
        found = found.filter(Q(username__icontains=word) | Q(first_name__icontains=word)
                             | Q(last_name__icontains=word))
    matches = list(found[:limit + 1])
    if not matches:
        folded = [fold(w) for w in words]
        matches = [u for u in users[:FOLDED_SCAN_LIMIT]
                   if all(w in _label(u) for w in folded)][:limit + 1]
    matches.sort(key=lambda u: u.username.lower() != text.lower())
    return matches[:limit]


def user_chosen(query: str) -> tuple:
    """(the one person ``query`` names, the people found): an exact username, or the only
    match; None when nobody or several match."""
    found = user_search(query)
    if len(found) == 1 or found and found[0].username.lower() == query.strip().lower():
        return found[0], found
    return None, found


def user_active(*, pk: int | None = None, username: str | None = None):
    """The active account with this id, or else this exact username; None if there is none."""
    users = get_user_model().objects.filter(is_active=True)
    if pk:
        return users.filter(pk=pk).first()
    return users.filter(username=username).first() if username else None


def user_named(username: str):
    """The account with this exact username (active or not), or None."""
    return get_user_model().objects.filter(username=username).first()
