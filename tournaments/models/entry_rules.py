"""What the statute says of who may enter and how (Art. 18 b: *đối tượng tham dự*, *cách đăng
ký*), one shape for an event and a championship's category: ``EligibilityFields`` (the rule the
engine ``records/eligibility.py`` reads) and ``RegistrationFields`` (online registration: when
it opens and closes, how many entries, what the form asks besides the name)."""

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from records.eligibility import Unrated
from tournaments.models.players import Gender

# A registration form takes at most this many players at once (a club's or a delegation's).
REGISTRATION_BATCH_MAX = 40
WORD_LIST_MAX = 70  # provinces or federations in a rule (Viet Nam has fewer provinces)


class UnratedRule(models.TextChoices):
    """What the rating band does with unrated players; values of ``records.eligibility.Unrated``."""

    ALLOWED = Unrated.ALLOWED.value, _("Unrated players may enter")
    ONLY = Unrated.ONLY.value, _("Unrated players only")
    REFUSED = Unrated.REFUSED.value, _("A rating is needed")


class AskedField(models.TextChoices):
    """What a registration form may ask besides the player's name (the statute chooses)."""

    PHONE = "phone", _("Phone")
    CLUB = "club", _("Club")
    BIRTH_YEAR = "birth_year", _("Birth year")
    GENDER = "gender", _("Sex")
    RATING = "rating", _("Rating")
    PROVINCE = "province", _("Province")
    FEDERATION = "federation", _("Federation")
    NATIONAL_ID = "national_id", _("National ID")
    FIDE_ID = "fide_id", _("International ID")


def validate_word_list(value) -> None:
    """Federations or provinces of a rule: a list of short words."""
    if not isinstance(value, list) or len(value) > WORD_LIST_MAX or not all(
            isinstance(word, str) and 0 < len(word) <= 80 for word in value):
        raise ValidationError(_("Give a list of names, each of at most 80 characters."))


def validate_federations(value) -> None:
    validate_word_list(value)
    if not all(len(code) == 3 and code.isascii() and code.isalpha() for code in value):
        raise ValidationError(_("Federations are three-letter codes such as VIE."))


def validate_asked_fields(value) -> None:
    if not isinstance(value, list) or not set(value) <= set(AskedField.values):
        raise ValidationError(_("The fields asked are a list of %(fields)s."),
                              params={"fields": ", ".join(AskedField.values)})


class EligibilityFields(models.Model):
    """Who may enter (Art. 18 b): an empty field allows everyone."""

    eligible_sex = models.CharField(_("sex of the players"), max_length=1,
                                    choices=Gender.choices, blank=True)
    eligible_born_from = models.PositiveSmallIntegerField(
        _("born in or after"), null=True, blank=True,
        validators=[MinValueValidator(1900), MaxValueValidator(2100)],
        help_text=_("The earliest birth year: under 16 in 2026 is born in 2011 or later."))
    eligible_born_to = models.PositiveSmallIntegerField(
        _("born in or before"), null=True, blank=True,
        validators=[MinValueValidator(1900), MaxValueValidator(2100)])
    eligible_rating_min = models.PositiveSmallIntegerField(_("lowest rating"), null=True,
                                                           blank=True)
    eligible_rating_max = models.PositiveSmallIntegerField(_("highest rating"), null=True,
                                                           blank=True)
    eligible_unrated = models.CharField(_("unrated players"), max_length=8,
                                        choices=UnratedRule.choices, default=UnratedRule.ALLOWED)
    eligible_federations = models.JSONField(
        _("federations"), default=list, blank=True, validators=[validate_federations],
        help_text=_("Empty: any federation."))
    eligible_provinces = models.JSONField(
        _("provinces"), default=list, blank=True, validators=[validate_word_list],
        help_text=_("Empty: any province; compared without accents."))
    eligible_members_only = models.BooleanField(
        _("members only"), default=False,
        help_text=_("Only the members of the organising organisation, or of a club under it, "
                    "on the first day (the federation's register of club members)."))

    class Meta:
        abstract = True

    def clean(self) -> None:
        super().clean()
        errors = {}
        if None not in (self.eligible_born_from, self.eligible_born_to) and \
                self.eligible_born_from > self.eligible_born_to:
            errors["eligible_born_to"] = _("The latest birth year is before the earliest.")
        if None not in (self.eligible_rating_min, self.eligible_rating_max) and \
                self.eligible_rating_min > self.eligible_rating_max:
            errors["eligible_rating_max"] = _("The highest rating is below the lowest.")
        if self.eligible_members_only and self.members_organisation_id is None:
            errors["eligible_members_only"] = _(
                "Members of which organisation? Hold the event under an organisation first.")
        if errors:
            raise ValidationError(errors)


class RegistrationFields(models.Model):
    """Online registration (Art. 18 b: how to enter), opened by the statute."""

    registration_online = models.BooleanField(
        _("online registration"), default=False,
        help_text=_("Players, clubs and delegations enter on the event's registration page; "
                    "the organisers approve each entry."))
    registration_opens_at = models.DateTimeField(_("registration opens"), null=True, blank=True)
    registration_closes_at = models.DateTimeField(_("registration closes"), null=True,
                                                  blank=True)
    registration_max = models.PositiveSmallIntegerField(
        _("maximum entries"), null=True, blank=True, validators=[MinValueValidator(1)],
        help_text=_("Empty: no maximum. Beyond it, registrations wait on a list, promoted in "
                    "order when a place frees."))
    registration_asks = models.JSONField(
        _("the form also asks"), default=list, blank=True, validators=[validate_asked_fields])

    class Meta:
        abstract = True

    def clean(self) -> None:
        super().clean()
        for name in ("registration_opens_at", "registration_closes_at"):
            when = getattr(self, name)
            # A mistyped year (0604) is refused, not shown in a time zone's offset of that age.
            if when is not None and not 2000 <= when.year <= 2100:
                raise ValidationError({name: _(
                    "Registration dates fall between the years 2000 and 2100: check the "
                    "year.")})
        if None not in (self.registration_opens_at, self.registration_closes_at) and \
                self.registration_opens_at >= self.registration_closes_at:
            raise ValidationError({"registration_closes_at": _(
                "Registration closes after it opens.")})
