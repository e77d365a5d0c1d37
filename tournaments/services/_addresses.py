"""An event's or a championship's address (its ``slug``) changed by its organiser, the former
one kept so that shared links still lead to it (``models/addresses.py``,
``middleware.py: OldAddresses``; the reads are ``selectors/addresses.py``)."""

from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import AddressKind, Championship, Event, OldAddress
from tournaments.selectors.addresses import OWNERS
from tournaments.text import slug_valid


def address_change(*, row: Event | Championship, kind: str, actor, slug: str) -> None:
    """Give ``row`` the address ``slug`` typed by its organiser (the caller checks the right,
    holds the transaction and saves the row): lower-case letters, digits and hyphens, not
    another's address now or before; the former one is kept, who replaced it and when, and
    redirects to the new one. Taking back a former address of its own makes it current again."""
    slug = slug.strip()
    old = OWNERS[kind].objects.filter(pk=row.pk).values_list("slug", flat=True).first()
    if slug == old:
        return
    if not slug_valid(slug):
        raise ServiceError(_("An address may hold lower-case letters without marks, digits "
                             "and single hyphens between them (for example giai-vo-dich-2026)."))
    former = OldAddress.objects.filter(kind=kind, slug=slug).first()
    owner = "event" if kind == AddressKind.EVENT else "championship"
    if OWNERS[kind].objects.filter(slug=slug).exclude(pk=row.pk).exists() or (
            former is not None and getattr(former, f"{owner}_id") != row.pk):
        raise ServiceError(_("The address %(slug)s is taken: choose another."), slug=slug)
    if former is not None:
        former.delete()
    OldAddress.objects.create(kind=kind, slug=old, changed_by=actor, **{owner: row})
    row.slug = slug
