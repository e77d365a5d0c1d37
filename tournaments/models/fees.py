"""Entry fees: the statute's fee schedule, each entry's member rate, and the ledger of what
the desk received, waived and refunded. The law says nothing of fees: every rule here is a
statute option (``docs/fees.md``). Nothing of it is public: the treasurer's and organisers'
pages and API read it (``tournaments.read_fees``); an arbiter's check-in list shows only what a
player still owes.

- ``FeeSchedule``: an event's (or a championship category's) amounts in Vietnamese đồng
  (integers): the standard fee, the members' fee, a late fee added to entries received after
  a date; the bank account a VietQR transfer goes to (``records/vietqr.py``).
- ``EntryFee``: an entry's member flag (the desk's or the registration review's; there is no
  club membership yet, ``selectors/fees.py: entry_fee_due`` is the one place that reads it).
- ``Payment``: one row of the ledger: a payment, a waiver or a refund, by cash or bank
  transfer, with who recorded it and when. Never edited: a mistake is voided with a reason
  (the row stays, out of every total) and recorded again.

Every row keeps its history (django-simple-history: who and why, ``services/fees.py``).
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tournaments.models.championships import Category
from tournaments.models.entries import Entry
from tournaments.models.events import Event

# One entry fee is at most a billion đồng: a typing slip of three zeros more is refused.
FEE_MAX = 1_000_000_000
NOTE_MAX_LENGTH = 200


class FeeSchedule(models.Model):
    """The statute's fees of an event, or of a championship category (for the entries of its
    first stage's events, ``selectors/fees.py``)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, null=True, blank=True,
                                 related_name="fee_schedule")
    category = models.OneToOneField(Category, on_delete=models.CASCADE, null=True, blank=True,
                                    related_name="fee_schedule")
    standard = models.PositiveIntegerField(_("entry fee (VND)"), default=0,
                                           validators=[MaxValueValidator(FEE_MAX)])
    member = models.PositiveIntegerField(
        _("members' fee (VND)"), null=True, blank=True, validators=[MaxValueValidator(FEE_MAX)],
        help_text=_("Empty: members pay the entry fee too."))
    late_fee = models.PositiveIntegerField(
        _("late fee (VND)"), default=0, validators=[MaxValueValidator(FEE_MAX)],
        help_text=_("Added for an entry received after the date below."))
    late_after = models.DateTimeField(_("late after"), null=True, blank=True)
    bank_bin = models.CharField(
        _("bank (NAPAS BIN)"), max_length=6, blank=True,
        validators=[RegexValidator(r"^\d{6}$", _("A bank's NAPAS BIN is six digits."))],
        help_text=_("For the VietQR transfer code, e.g. 970436 (Vietcombank)."))
    bank_account = models.CharField(
        _("account number"), max_length=19, blank=True,
        validators=[RegexValidator(r"^[0-9A-Za-z]{1,19}$",
                                   _("An account number is up to 19 letters and digits."))])
    account_name = models.CharField(_("account holder"), max_length=50, blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("fee schedule")
        verbose_name_plural = _("fee schedules")
        constraints = [
            models.CheckConstraint(
                condition=Q(event__isnull=False, category__isnull=True)
                | Q(event__isnull=True, category__isnull=False),
                name="fee_schedule_of_event_or_category"),
        ]

    def __str__(self) -> str:
        return str(self.event or self.category)

    @property
    def takes_transfers(self) -> bool:
        return bool(self.bank_bin and self.bank_account)


class EntryFee(models.Model):
    """An entry's member rate (a statute option the desk or the registration review sets)."""

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="fee")
    member = models.BooleanField(_("member rate"), default=False)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("entry fee")
        verbose_name_plural = _("entry fees")

    def __str__(self) -> str:
        return str(self.entry)


class PaymentKind(models.TextChoices):
    PAYMENT = "payment", _("Payment")
    WAIVER = "waiver", _("Waiver")
    REFUND = "refund", _("Refund")


class PaymentMethod(models.TextChoices):
    CASH = "cash", _("Cash")
    TRANSFER = "transfer", _("Bank transfer")


class Payment(models.Model):
    """One row of an entry's ledger; ``number``: the receipt's number in the event (1, 2...)."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="payments")
    number = models.PositiveIntegerField(_("receipt number"))
    kind = models.CharField(_("kind"), max_length=7, choices=PaymentKind.choices)
    amount = models.PositiveIntegerField(_("amount (VND)"),
                                         validators=[MaxValueValidator(FEE_MAX)])
    # A waiver moves no money: no method.
    method = models.CharField(_("method"), max_length=8, choices=PaymentMethod.choices,
                              blank=True)
    note = models.CharField(_("note"), max_length=NOTE_MAX_LENGTH, blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, related_name="+")
    recorded_at = models.DateTimeField(_("recorded at"))
    voided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                  null=True, blank=True, related_name="+")
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    void_reason = models.CharField(_("why voided"), max_length=NOTE_MAX_LENGTH, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["entry", "number"]
        verbose_name = _("payment")
        verbose_name_plural = _("payments")
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_amount_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} · {self.number}"

    @property
    def event(self) -> Event:
        return self.entry.event

    @property
    def is_void(self) -> bool:
        return self.voided_at is not None
