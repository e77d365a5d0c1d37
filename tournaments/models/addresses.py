"""The addresses an event or a championship had before its organiser changed them: kept so that
links already shared (QR codes of the wall sheets, messages, bookmarks) lead to the new address
(a permanent redirect, ``middleware.py: OldAddresses``)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AddressKind(models.TextChoices):
    EVENT = "event", _("event")
    CHAMPIONSHIP = "championship", _("championship")


class OldAddress(models.Model):
    """One former short name in addresses (``slug``) of an event or a championship, who
    replaced it and when: the history of the address."""

    kind = models.CharField(max_length=12, choices=AddressKind.choices)
    slug = models.SlugField(_("former short name in addresses"), max_length=80)
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, null=True,
                              blank=True, related_name="old_addresses")
    championship = models.ForeignKey("tournaments.Championship", on_delete=models.CASCADE,
                                     null=True, blank=True, related_name="old_addresses")
    changed_at = models.DateTimeField(auto_now_add=True)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+")

    class Meta:
        verbose_name = _("former address")
        verbose_name_plural = _("former addresses")
        constraints = [
            models.UniqueConstraint(fields=["kind", "slug"], name="old_address_unique"),
            models.CheckConstraint(
                condition=(models.Q(kind=AddressKind.EVENT, event__isnull=False,
                                    championship__isnull=True)
                           | models.Q(kind=AddressKind.CHAMPIONSHIP, event__isnull=True,
                                      championship__isnull=False)),
                name="old_address_one_owner"),
        ]

    def __str__(self) -> str:
        return f"{self.kind}: {self.slug}"
