"""Invitations to run an event or a championship (``services/invitations.py``): the organisers'
form on the roles page and the championship's dashboard, the page that shows a link once
(with its QR code) when no mail carries it, revoking, deactivating an invited account; and the
invitee's page, where the link leads (an account made, or signed in to, and the role given)."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import access
from tournaments.errors import ServiceError
from tournaments.forms import InvitationAcceptForm, InvitationForm
from tournaments.printing.qr import qr_svg
from tournaments.selectors.invitations import (
    account_row,
    invitation_of_link,
    invitation_refusal,
    invitation_with_place,
)
from tournaments.services import accounts as account_services
from tournaments.services import invitations as services
from tournaments.views.confirm import confirmation


def _site(request) -> str:
    return request.build_absolute_uri("/")


def _private(response):
    """A page that carries a link's secret is kept by no cache."""
    add_never_cache_headers(response)
    return response


def _sent(request, *, form, back: str, **place):
    """Create the invitation from the form; the page with its link when no mail carries it,
    else back with a message."""
    if not form.is_valid():
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return redirect(back)
    try:
        sent = services.invitation_create(actor=request.user, site=_site(request),
                                          **form.cleaned_data, **place)
    except ServiceError as error:
        messages.error(request, str(error))
        return redirect(back)
    if sent.mailed:
        messages.success(request, _("Invitation sent to %(email)s.") % {
            "email": sent.invitation.email})
        return redirect(back)
    return _private(render(request, "tournaments/staff/invitation_sent.html", {
        "invitation": sent.invitation, "link": sent.link, "qr": qr_svg(sent.link),
        "back": back}))


@login_required
@require_POST
def event_invite(request, slug):
    event = access.event_for(request.user, "tournaments.change_event", slug=slug)
    return _sent(request, form=InvitationForm(request.POST, prefix="invite"), event=event,
                 back=reverse("tournaments:manage_roles", args=[event.slug]))


@login_required
@require_POST
def championship_invite(request, slug):
    championship = access.championship_for(request.user, "tournaments.change_championship",
                                           slug=slug)
    return _sent(request, form=InvitationForm(request.POST, prefix="invite"),
                 championship=championship,
                 back=reverse("tournaments:championship_manage", args=[championship.slug]))


def _back_of(request, invitation) -> str:
    """The page the invitation is listed on, once the user may act there (404 / 403
    otherwise, as that page)."""
    if invitation.event is not None:
        event = access.event_for(request.user, "tournaments.change_event",
                                 pk=invitation.event_id)
        return reverse("tournaments:manage_roles", args=[event.slug])
    championship = access.championship_for(request.user, "tournaments.change_championship",
                                           slug=invitation.championship.slug)
    return reverse("tournaments:championship_manage", args=[championship.slug])


@login_required
@require_POST
def invitation_revoke(request, pk):
    invitation = invitation_with_place(pk)
    if invitation is None:
        raise Http404
    back = _back_of(request, invitation)
    ask = confirmation(request, question=_("Withdraw the invitation of %(who)s?") % {
        "who": invitation.email or invitation.name}, yes=_("Withdraw"), back=back)
    if ask:
        return ask
    try:
        services.invitation_revoke(invitation=invitation, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Invitation withdrawn: its link no longer works."))
    return redirect(back)


@login_required
@require_POST
def account_active(request, pk):
    """Deactivate (``active=0``) or reactivate (``active=1``) an account the user invited;
    back to the page the form was on."""
    account = account_row(pk)
    if account is None or not request.user.has_perm("tournaments.deactivate_account", account):
        raise Http404  # ids name no account to someone who does not answer for it
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        back = reverse("tournaments:my_events")
    who = account.get_full_name() or account.get_username()
    if request.POST.get("active") == "1":
        account_services.account_reactivate(account=account, actor=request.user)
        messages.success(request, _("%(who)s can sign in again.") % {"who": who})
        return redirect(back)
    ask = confirmation(request, question=_("Deactivate the account of %(who)s? They will no "
                                           "longer be able to sign in; their roles stay.") % {
        "who": who}, yes=_("Deactivate"), back=back)
    if ask:
        return ask
    try:
        account_services.account_deactivate(account=account, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(who)s can no longer sign in.") % {"who": who})
    return redirect(back)


def invitation_accept(request, secret):
    """The invitee's page: what they are invited to, and a form to make their account (or,
    signed in, a button to accept with theirs). A used, withdrawn or expired link says so."""
    invitation = invitation_of_link(secret)
    refusal = invitation_refusal(invitation)
    if refusal:
        return _private(render(request, "registration/invitation_accept.html",
                               {"refusal": refusal}, status=410 if invitation else 404))
    signed_in = request.user.is_authenticated
    form = InvitationAcceptForm(request.POST if request.method == "POST" and not signed_in
                                else None, initial={"name": invitation.name,
                                                    "username": invitation.email})
    error = None
    if request.method == "POST" and (signed_in or form.is_valid()):
        fields = {} if signed_in else {
            "name": form.cleaned_data["name"], "username": form.cleaned_data["username"],
            "password": form.cleaned_data["password1"]}
        try:
            user = services.invitation_accept(
                secret=secret, user=request.user if signed_in else None, **fields)
        except ServiceError as refused:
            error = str(refused)
        else:
            if not signed_in:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome: you are now %(role)s of %(place)s.") % {
                "role": invitation.get_role_display(), "place": invitation.place.name})
            if invitation.event is not None:
                return redirect("tournaments:manage_event", slug=invitation.event.slug)
            return redirect("tournaments:my_events")
    return _private(render(request, "registration/invitation_accept.html", {
        "invitation": invitation, "form": form, "signed_in": signed_in, "error": error,
        "login_next": f"{reverse('login')}?next={request.path}"}))
