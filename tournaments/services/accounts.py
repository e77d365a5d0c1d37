"""Deactivating and reactivating an account made through an invitation: its inviter, or a
superuser (``tournaments.deactivate_account``, tournaments/rules.py). A deactivated account
cannot sign in on any door (Django refuses an inactive user: the sign-in page, the admin, the
API's token and a session already open); its roles and everything it recorded stay."""

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError


def _active_set(*, account, actor, active: bool):
    if actor is None or not actor.has_perm("tournaments.deactivate_account", account):
        raise PermissionDenied(_("Only the organiser who invited this person, or an "
                                 "administrator, can deactivate or reactivate the account."))
    if account.pk == actor.pk:
        raise ServiceError(_("You cannot deactivate your own account."))
    account = get_user_model().objects.select_for_update().get(pk=account.pk)
    if account.is_active != active:
        account.is_active = active
        account.save(update_fields=["is_active"])
    return account


@transaction.atomic
def account_deactivate(*, account, actor):
    """The account can no longer sign in; its roles stay recorded."""
    return _active_set(account=account, actor=actor, active=False)


@transaction.atomic
def account_reactivate(*, account, actor):
    """The account signs in again, with the roles it had."""
    return _active_set(account=account, actor=actor, active=True)
