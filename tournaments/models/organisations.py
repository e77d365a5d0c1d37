"""Organisations: a tree (a federation, its provinces or cities, their clubs), the people who
administer each, and the clubs' members.

The tree is small (a few hundred nodes): each node keeps its ``path``, the ids of its
ancestors and its own (``/1/4/9/``), so its subtree is one ``path__startswith`` and its
ancestors one ``pk__in``; ``province`` is the province or city the node lies in (itself for
one), for the calendar's filter. The services keep both (``services/organisations.py``).

An administrator of a node (``OrganisationRole``) acts on the node and everything under it:
its events and championships, its child organisations, the players who are members of its clubs
(``tournaments/rules.py``). ``ClubMembership`` says who was a member of which club (or of a
province's own list) from when until when, for member rates and eligibility on a date.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class OrganisationKind(models.TextChoices):
    FEDERATION = "federation", _("Federation")
    PROVINCE = "province", _("Province")
    CITY = "city", _("City")
    CLUB = "club", _("Club")


# Which kinds may sit under which: a federation's provinces and cities, their clubs (and a
# federation's own clubs).
CHILD_KINDS = {
    OrganisationKind.FEDERATION: (OrganisationKind.PROVINCE, OrganisationKind.CITY,
                                  OrganisationKind.CLUB),
    OrganisationKind.PROVINCE: (OrganisationKind.CLUB,),
    OrganisationKind.CITY: (OrganisationKind.CLUB,),
    OrganisationKind.CLUB: (),
}


class Organisation(models.Model):
    name = models.CharField(_("name"), max_length=200)
    short_name = models.CharField(_("short name"), max_length=40, blank=True)
    slug = models.SlugField(_("short name in addresses"), max_length=80, unique=True)
    kind = models.CharField(_("kind"), max_length=10, choices=OrganisationKind.choices)
    parent = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True,
                               related_name="children", verbose_name=_("part of"))
    path = models.CharField(max_length=255, editable=False, db_index=True)
    province = models.ForeignKey("self", on_delete=models.PROTECT, null=True, blank=True,
                                 related_name="+", editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["path"]
        verbose_name = _("organisation")
        verbose_name_plural = _("organisations")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:organisation", kwargs={"slug": self.slug})

    @property
    def lineage(self) -> list[int]:
        """The ids of the node's ancestors, from the root, and its own."""
        return [int(part) for part in self.path.strip("/").split("/") if part]


class OrganisationRole(models.Model):
    """An administrator of an organisation (and of everything under it)."""

    class Kind(models.TextChoices):
        ADMIN = "admin", _("Administrator")

    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE,
                                     related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="organisation_roles")
    role = models.CharField(_("role"), max_length=5, choices=Kind.choices, default=Kind.ADMIN)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["organisation", "user", "role"],
                                               name="organisation_role_once")]
        verbose_name = _("organisation role")
        verbose_name_plural = _("organisation roles")

    def __str__(self) -> str:
        return f"{self.user} — {self.organisation}"


class MembershipQuerySet(models.QuerySet):
    def held_on(self, on, *, under: Organisation | None = None) -> "MembershipQuerySet":
        """The memberships that last on the day ``on``; ``under``: of that organisation or of a
        club beneath it (member rates, members-only events, who corrects a player)."""
        rows = self.filter(since__lte=on).exclude(until__lt=on)
        return rows if under is None else rows.filter(organisation__path__startswith=under.path)


class ClubMembership(models.Model):
    """A player a member of a club (or on a province's list) from ``since``, until ``until``
    (the last day; empty while it lasts)."""

    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE,
                               related_name="memberships")
    organisation = models.ForeignKey(Organisation, on_delete=models.PROTECT,
                                     related_name="memberships", verbose_name=_("club"))
    since = models.DateField(_("member since"))
    until = models.DateField(_("member until"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    objects = MembershipQuerySet.as_manager()

    class Meta:
        ordering = ["-since"]
        verbose_name = _("club membership")
        verbose_name_plural = _("club memberships")

    def __str__(self) -> str:
        return f"{self.player} — {self.organisation}"
