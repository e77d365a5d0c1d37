"""The player register and teams, shared by all events."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.text import fold, name_sort_key, search_text


class Gender(models.TextChoices):
    MALE = "M", _("Male")
    FEMALE = "F", _("Female")


class Title(models.TextChoices):
    """Xiangqi titles, strongest first (the order breaks rating ties in the initial ranking)."""

    NONE = "", _("No title")
    GM = "GM", _("International Grandmaster")
    IM = "IM", _("International Master")
    NM = "NM", _("National Master")
    CM = "CM", _("Candidate Master")


TITLE_ORDER = {Title.GM: 0, Title.IM: 1, Title.NM: 2, Title.CM: 3, Title.NONE: 9}


class Player(models.Model):
    full_name = models.CharField(_("full name"), max_length=120)
    # Search and sort ignore diacritics: "Nguyen" finds "Nguyễn" (filled in save()).
    name_folded = models.CharField(max_length=120, editable=False, db_index=True)
    sort_key = models.CharField(max_length=120, editable=False, db_index=True)
    # The archive's search (selectors/search.py): the name's folded words, each after a space
    # (``text.search_text``); PostgreSQL searches the name itself with unaccent.
    search_text = models.TextField(editable=False, blank=True, default="")
    gender = models.CharField(_("gender"), max_length=1, choices=Gender.choices, blank=True)
    birth_year = models.PositiveSmallIntegerField(
        _("birth year"), null=True, blank=True,
        validators=[MinValueValidator(1900), MaxValueValidator(2100)],
    )
    club = models.CharField(_("club"), max_length=120, blank=True)
    province = models.CharField(_("province"), max_length=80, blank=True)
    federation = models.CharField(_("federation"), max_length=3, default="VIE")
    national_id = models.CharField(
        _("national ID"), max_length=20, null=True, blank=True, unique=True,
        help_text=_("Federation membership number; optional, unique when given."),
    )
    fide_id = models.CharField(
        _("international ID"), max_length=20, null=True, blank=True, unique=True,
        help_text=_("Asian/World Xiangqi Federation or FIDE-style ID; optional, unique."),
    )
    rating = models.PositiveSmallIntegerField(_("rating"), null=True, blank=True)
    title = models.CharField(_("title"), max_length=2, choices=Title.choices, blank=True)
    # Where the player's notices go (a round's board, opponent, colour, time and place:
    # services/notifications.py); optional, never shown on public pages.
    email = models.EmailField(_("e-mail"), blank=True)
    # Who added the player to the register (kept for the record: the organisations' tree
    # decides who corrects him, tournaments/rules.py: governs_player).
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+", editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["sort_key", "id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.full_name

    def save(self, *args, **kwargs):
        self.derived_fill()
        fields = kwargs.get("update_fields")
        if fields is not None and "full_name" in fields:
            kwargs["update_fields"] = [*fields, "name_folded", "sort_key", "search_text"]
        # Empty IDs are "not given", so they must not collide under the unique constraint.
        self.national_id = (self.national_id or "").strip() or None
        self.fide_id = (self.fide_id or "").strip() or None
        super().save(*args, **kwargs)

    def derived_fill(self) -> None:
        """The columns made from the name: search and sort ignore diacritics (``save`` and
        the bulk writers call it)."""
        self.full_name = " ".join(self.full_name.split())
        self.name_folded = fold(self.full_name)
        self.sort_key = name_sort_key(self.full_name)
        self.search_text = search_text(self.full_name)


class Team(models.Model):
    name = models.CharField(_("name"), max_length=120)
    name_folded = models.CharField(max_length=120, editable=False, db_index=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    province = models.CharField(_("province"), max_length=80, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name_folded", "id"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(Lower("name"), name="team_name_unique_ci"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        self.name = " ".join(self.name.split())
        self.name_folded = fold(self.name)
        super().save(*args, **kwargs)
