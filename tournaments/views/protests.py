"""The protests page (Art. 15.5, 15.6, 19.2, 20.3 e, m): the staff record a written protest
handed in, the chief arbiter or the organisers decide it, an appeal is recorded and the appeals
committee decides it (``services/protests.py``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.forms import AppealForm, DecisionForm, ProtestForm
from tournaments.selectors.events import event_entries
from tournaments.selectors.protests import event_protests, protest_board, protest_of_event
from tournaments.selectors.rounds import rounds_visible
from tournaments.services.protests import (
    appeal_decide,
    protest_appeal,
    protest_decide,
    protest_file,
)
from tournaments.views._access import event_for, staff_perms


def _form(event, data=None):
    return ProtestForm(data, rounds=rounds_visible(event, staff=False),
                       entries=event_entries(event))


def _page(request, event, form=None, status=200):
    return render(request, "tournaments/staff/protests.html", {
        "event": event, "protests": event_protests(event), "form": form or _form(event),
        "decision_form": DecisionForm(), "appeal_form": AppealForm(),
        "perms": staff_perms(request.user, event)}, status=status)


@login_required
def protests(request, slug):
    return _page(request, event_for(request, slug, "tournaments.read_protests"))


@login_required
@require_POST
def protest_add(request, slug):
    event = event_for(request, slug, "tournaments.file_protest")
    form = _form(event, request.POST)
    if not form.is_valid():
        return _page(request, event, form=form, status=400)
    data = form.cleaned_data
    round_ = next(r for r in rounds_visible(event, staff=False) if r.number == data["round"])
    entry = next(e for e in event_entries(event) if e.pk == data["entry"])
    board = None
    if data["board"] is not None:
        board = protest_board(round_, data["board"])
        if board is None:
            form.add_error("board", _("Round %(r)s has no board %(n)s.") % {
                "r": round_.number, "n": data["board"]})
            return _page(request, event, form=form, status=400)
    filed_at = data["filed_at"]
    if filed_at is not None and timezone.is_naive(filed_at):
        filed_at = timezone.make_aware(filed_at)
    try:
        protest_file(round_=round_, entry=entry, board=board, actor=request.user,
                     filer=data["filer"], filer_name=data["filer_name"],
                     subject=data["subject"], text=data["text"], filed_at=filed_at)
    except ServiceError as error:
        form.add_error(None, str(error))
        return _page(request, event, form=form, status=400)
    messages.success(request, _("Protest recorded."))
    return redirect("tournaments:manage_protests", slug=slug)


def _act(request, slug, protest_id, perm, act, form_class, done):
    event = event_for(request, slug, perm)
    protest = protest_of_event(event, protest_id)
    form = form_class(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values()
                                         for e in errors))
        return redirect("tournaments:manage_protests", slug=slug)
    try:
        act(protest=protest, actor=request.user, **form.cleaned_data)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done)
    return redirect("tournaments:manage_protests", slug=slug)


@login_required
@require_POST
def protest_decision(request, slug, protest_id):
    return _act(request, slug, protest_id, "tournaments.decide_protest", protest_decide,
                DecisionForm, _("Decision recorded."))


@login_required
@require_POST
def protest_appeal_add(request, slug, protest_id):
    return _act(request, slug, protest_id, "tournaments.file_protest", protest_appeal,
                AppealForm, _("Appeal recorded."))


@login_required
@require_POST
def appeal_decision(request, slug, protest_id):
    return _act(request, slug, protest_id, "tournaments.decide_appeal", appeal_decide,
                DecisionForm, _("The appeals committee's decision recorded."))
