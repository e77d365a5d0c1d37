"""The statute's prize list (*cơ cấu giải thưởng*): the law leaves prizes to the statute (see
docs/prizes.md), so every rule here is a statute option, read by the engine ``records/prizes.py``.

``prize_list`` holds the categories in the statute's order, each a dict: ``name``; who may win it,
the registration's rule (``records/eligibility.py``: ``sex``, ``born_from``, ``born_to``,
``rating_min``, ``rating_max``, ``unrated``, ``provinces``) with a ``clubs`` list and a named
``group`` (table numbers); ``teams`` true for a prize of the team classification; and ``places``,
first place first, each ``{"amount": đồng, "item": "..."}``.
"""

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from records.eligibility import Unrated
from records.prizes import Precedence, TieRule

PRIZE_CATEGORIES_MAX = 40
PRIZE_PLACES_MAX = 100
PRIZE_AMOUNT_MAX = 10**12  # đồng
RULE_KEYS = {"sex", "born_from", "born_to", "rating_min", "rating_max", "unrated", "provinces",
             "clubs", "group"}


class PrizePrecedence(models.TextChoices):
    """Which prize a player who qualifies for several takes (values of the engine's)."""

    VALUE = Precedence.VALUE.value, _("The more valuable prize first")
    STATUTE = Precedence.STATUTE.value, _("The statute's order of the prizes")


class PrizeTies(models.TextChoices):
    """What a tie on points at money places does to the money."""

    TIEBREAK = TieRule.TIEBREAK.value, _("The tie-breaks decide each place and its money")
    SHARED = TieRule.SHARED.value, _("The places' money is pooled and shared equally")
    HORT = TieRule.HORT.value, _("Hort system: half by the tie-breaks, half shared equally")


def _whole(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _words(value) -> bool:
    return isinstance(value, list) and len(value) <= 70 and all(
        isinstance(w, str) and 0 < len(w) <= 80 for w in value)


def _category_problem(category) -> str | None:
    """What is wrong with one category of the list, in words; None when nothing is."""
    if not isinstance(category, dict):
        return _("Each prize category is an object with a name and places.")
    unknown = set(category) - RULE_KEYS - {"name", "places", "teams"}
    if unknown:
        return _("Unknown key %(key)s.") % {"key": ", ".join(sorted(unknown))}
    name = category.get("name")
    if not isinstance(name, str) or not 0 < len(name.strip()) <= 80:
        return _("Each prize category has a name of at most 80 characters.")
    places = category.get("places")
    if not isinstance(places, list) or not 0 < len(places) <= PRIZE_PLACES_MAX:
        return _("Each prize category has between 1 and %(n)s places.") % {
            "n": PRIZE_PLACES_MAX}
    for place in places:
        if not isinstance(place, dict) or set(place) - {"amount", "item"} or not _whole(
                place.get("amount", 0), 0, PRIZE_AMOUNT_MAX) or not isinstance(
                place.get("item", ""), str) or len(place.get("item", "")) > 120:
            return _("Each place is an amount in đồng (a whole number, 0 or more) and/or an "
                     "item of at most 120 characters.")
    if category.get("sex", "") not in ["", "M", "F"]:
        return _("The sex of a prize is M, F or empty.")
    for key in ("born_from", "born_to"):
        if category.get(key) is not None and not _whole(category[key], 1900, 2100):
            return _("Birth years are between 1900 and 2100.")
    for key in ("rating_min", "rating_max"):
        if category.get(key) is not None and not _whole(category[key], 0, 4000):
            return _("Ratings are between 0 and 4000.")
    if category.get("unrated", Unrated.ALLOWED.value) not in [u.value for u in Unrated]:
        return _("Unrated is “allowed”, “only” or “refused”.")
    if not all(_words(category.get(key, [])) for key in ("provinces", "clubs")):
        return _("Provinces and clubs are lists of names, each of at most 80 characters.")
    if not isinstance(category.get("teams", False), bool):
        return _("“teams” is true or false.")
    group = category.get("group", [])
    if not isinstance(group, list) or len(group) > 1000 or not all(
            _whole(n, 1, 10000) for n in group):
        return _("A named group is a list of table numbers.")
    return None


def validate_prize_list(value) -> None:
    if not isinstance(value, list) or len(value) > PRIZE_CATEGORIES_MAX:
        raise ValidationError(_("The prize list is a list of at most %(n)s categories."),
                              params={"n": PRIZE_CATEGORIES_MAX})
    for number, category in enumerate(value, start=1):
        problem = _category_problem(category)
        if problem:
            raise ValidationError(_("Prize category %(n)s: %(problem)s"),
                                  params={"n": number, "problem": problem})
    names = [c["name"].strip().casefold() for c in value]
    if len(set(names)) != len(names):
        raise ValidationError(_("Two prize categories have the same name."))


class PrizeFields(models.Model):
    """The statute's prizes: the list and the rules the engine applies."""

    prize_list = models.JSONField(
        _("prize list"), default=list, blank=True, validators=[validate_prize_list],
        help_text=_("The categories in the statute's order, e.g. [{\"name\": \"Nữ\", \"sex\": "
                    "\"F\", \"places\": [{\"amount\": 1000000, \"item\": \"Cúp\"}]}]; who may win: "
                    "sex, born_from, born_to, rating_min, rating_max, unrated, provinces, "
                    "clubs, group (table numbers); \"teams\": true for the team "
                    "classification."))
    prize_one_per_player = models.BooleanField(
        _("one prize per player"), default=True,
        help_text=_("A player who qualifies for several prizes takes one."))
    prize_precedence = models.CharField(
        _("which prize a player takes"), max_length=8, choices=PrizePrecedence.choices,
        default=PrizePrecedence.VALUE)
    prize_ties = models.CharField(_("ties at money places"), max_length=8,
                                  choices=PrizeTies.choices, default=PrizeTies.TIEBREAK)
    prize_unit = models.PositiveIntegerField(
        _("unit of money"), default=1000,
        validators=[MinValueValidator(1), MaxValueValidator(1_000_000)],
        help_text=_("Shared money is paid in whole units (đồng); the odd units go to the "
                    "higher ranked."))

    class Meta:
        abstract = True
