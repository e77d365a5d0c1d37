"""Pages for the people who run events: organisers and arbiters (login required).

Views stay thin: they check who may see the page, validate the form and call a service. A
refused action (``ServiceError``) becomes a message in the user's language and changes nothing.
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.access import event_seen
from tournaments.errors import ServiceError
from tournaments.forms import (
    AdjournmentForm,
    FoulForm,
    InvitationForm,
    NumbersForm,
    QuickPlayerForm,
    RoleForm,
    StatuteForm,
    WithdrawForm,
    swiss_rounds_guidance,
)
from tournaments.models import (
    REASON_MAX_LENGTH,
    AdjournmentOutcome,
    Board,
    ByeKind,
    Entry,
    EventRole,
    Player,
    ResultCode,
    Round,
    Substitution,
)
from tournaments.selectors.adjournments import board_adjournments
from tournaments.selectors.championship_tree import championships_run_by
from tournaments.selectors.dashboard import event_dashboard
from tournaments.selectors.entries_register import entries_register
from tournaments.selectors.events import (
    entries_page,
    event_closings,
    event_entry_count,
    event_entry_ids,
    event_player_ids,
    event_roles,
    events_run_by,
)
from tournaments.selectors.fees import fee_events_of
from tournaments.selectors.fouls import board_fouls, board_losses_due
from tournaments.selectors.invitations import event_invitations
from tournaments.selectors.organisations import organisations_administered
from tournaments.selectors.players import player_search
from tournaments.selectors.relay import relay_recorders, round_relays
from tournaments.selectors.round_page import round_page_staff
from tournaments.selectors.rounds import (
    board_history,
    event_next_round_number,
    round_drafts_after,
)
from tournaments.selectors.standings import event_uses_lots
from tournaments.selectors.users import user_appointable, user_chosen, user_search
from tournaments.services import closing as closing_services
from tournaments.services import entries as entry_services
from tournaments.services import events as event_services
from tournaments.services import rounds as round_services
from tournaments.services.formats import round_start
from tournaments.services.lots import lots_draw as draw_lots
from tournaments.text import whole_number
from tournaments.views import swiss as swiss_views
from tournaments.views._access import event_for as _event_for
from tournaments.views._access import staff_perms
from tournaments.views.confirm import confirmation
from tournaments.views.jobs import pairing_rendered


def _run(request, action, success: str):
    """Call a service; report its refusal as a message."""
    try:
        result = action()
    except ServiceError as error:
        messages.error(request, str(error))
        return None
    messages.success(request, success)
    return result


@login_required
def my_events(request):
    events = events_run_by(request.user)
    organisations = list(organisations_administered(request.user))
    can_create = request.user.has_perm("tournaments.add_event") or bool(organisations)
    return render(request, "tournaments/my_events.html",
                  {"events": events, "can_create": can_create,
                   "organisations": organisations,
                   "fee_events": fee_events_of(request.user),
                   "championships": championships_run_by(request.user)})


@login_required
def event_create(request):
    """A new event's statute; under one of the organisations the user administers (a choice
    they must make when they hold no right to create events of the site)."""
    site = request.user.has_perm("tournaments.add_event")
    organisations = organisations_administered(request.user)
    if not site and not list(organisations):
        raise PermissionDenied(_("Only organisers can create events."))
    form = StatuteForm(request.POST or None, initial={"format": "swiss"})
    if list(organisations):
        form.fields["organisation"] = forms.ModelChoiceField(
            queryset=organisations, required=not site, label=_("Organisation"),
            empty_label=_("None: an event of the site"),
            help_text=_("Its administrators, and those of the organisations above it, act on "
                        "the event too."))
    if request.method == "POST" and form.is_valid():
        try:
            event = event_services.event_create(actor=request.user, **form.cleaned_data)
        except ServiceError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Event created. Now register the entries."))
            return redirect("tournaments:manage_entries", slug=event.slug)
    return render(request, "tournaments/staff/statute.html", {"form": form, "creating": True})


@login_required
def manage_event(request, slug):
    try:
        event = _event_for(request, slug)
    except PermissionDenied:
        if request.user.has_perm("tournaments.relay_moves",
                                 event_seen(request.user, slug=slug)):
            return redirect("tournaments:relay_list", slug=slug)  # a recorder: their boards
        raise
    page = event_dashboard(event)
    rules = event.format_rules
    return render(request, "tournaments/staff/dashboard.html", {
        "event": event, "rules": rules, **page.context(),
        "perms": staff_perms(request.user, event),
        "guidance": swiss_rounds_guidance(page.entry_count) if rules.rounds_announced else "",
        "uses_lots": event_uses_lots(event),
        "closings": event_closings(event),
    })


@login_required
def statute_edit(request, slug):
    event = _event_for(request, slug, "tournaments.change_event")
    form = StatuteForm(request.POST or None, instance=event)
    if event.stage_id:  # a championship stage's: shown, set on the championship (Art. 17.3)
        for name in ("format", "participant_kind"):
            form.fields[name].disabled = True
    if request.method == "POST" and form.is_valid():
        event.refresh_from_db()  # the form wrote into the instance; the service decides
        try:
            event_services.event_update(event=event, actor=request.user, **form.cleaned_data)
        except ServiceError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Statute saved."))
            return redirect("tournaments:manage_event", slug=event.slug)
    if form.is_bound:  # refused: the form wrote into it; the page links the stored event
        event.refresh_from_db()
    return render(request, "tournaments/staff/statute.html",
                  {"form": form, "event": event, "creating": False,
                   "perms": staff_perms(request.user, event),
                   "guidance": swiss_rounds_guidance(event_entry_count(event))})


@login_required
@require_POST
def event_visibility(request, slug):
    event = _event_for(request, slug, "tournaments.change_event")
    public = request.POST.get("public") == "1"
    if not public and event.is_public:
        ask = confirmation(request, question=unpublish_question(event), yes=_("Back to draft"),
                           back=reverse("tournaments:manage_event", args=[slug]))
        if ask:
            return ask
    event_services.event_visibility_set(event=event, actor=request.user, public=public)
    messages.success(request, _("The event is public.") if public else
                     _("The event is a draft again: only its staff can see it."))
    return redirect("tournaments:manage_event", slug=slug)


@login_required
@require_POST
def event_close(request, slug):
    """Close (archive) the event after a confirmation: every write refused until reopened."""
    event = _event_for(request, slug, "tournaments.close_event")
    ask = confirmation(request, question=_(
        "Close %(event)s? Every change to it (results, entries, statute, protests) is refused "
        "until it is reopened with a reason.") % {"event": event.name},
        yes=_("Close the event"), back=reverse("tournaments:manage_event", args=[slug]))
    if ask:
        return ask
    _run(request, lambda: closing_services.event_close(event=event, actor=request.user),
         _("The event is closed."))
    return redirect("tournaments:manage_event", slug=slug)


@login_required
@require_POST
def event_reopen(request, slug):
    """Reopen a closed event, with the reason (kept in its history)."""
    event = _event_for(request, slug, "tournaments.close_event")
    _run(request, lambda: closing_services.event_reopen(
        event=event, actor=request.user, reason=request.POST.get("reason", "")),
        _("The event is open again."))
    return redirect("tournaments:manage_event", slug=slug)


def _entries_page(request, event, quick_form=None, status=200):
    page = entries_page(event)
    return render(request, "tournaments/staff/entries.html", {
        "event": event, "rules": event.format_rules, **page,
        "register": entries_register(page["entries"], request.GET),
        "perms": staff_perms(request.user, event),
        "quick_form": quick_form or QuickPlayerForm(), "numbers_form": NumbersForm(event=event),
        "withdraw_form": WithdrawForm(), **swiss_views.entries_context(event, page["entries"]),
    }, status=status)


@login_required
def manage_entries(request, slug):
    return _entries_page(request, _event_for(request, slug))


@login_required
def player_lookup(request, slug):
    """Search the register as you type (htmx), diacritics ignored."""
    event = _event_for(request, slug, "tournaments.change_event")
    query = request.GET.get("q", "").strip()
    registered = event_player_ids(event)
    players = player_search(query) if len(query) >= 2 else []
    return render(request, "tournaments/staff/_player_results.html",
                  {"event": event, "players": players, "registered": registered,
                   "query": query})


@login_required
@require_POST
def entry_add(request, slug):
    event = _event_for(request, slug, "tournaments.change_event")
    player = get_object_or_404(Player, pk=whole_number(request.POST.get("player")))
    _run(request, lambda: entry_services.entry_register(event=event, actor=request.user,
                                                        player=player),
         _("%(name)s registered.") % {"name": player.full_name})
    return redirect("tournaments:manage_entries", slug=slug)


@login_required
@require_POST
def entry_quick_add(request, slug):
    """A new player for the register, registered in the event at once (all or nothing)."""
    event = _event_for(request, slug, "tournaments.change_event")
    form = QuickPlayerForm(request.POST)
    if not form.is_valid():  # the page again, each error under its field
        return _entries_page(request, event, quick_form=form, status=400)

    _run(request, lambda: entry_services.entry_new_player_register(
        event=event, actor=request.user, **form.cleaned_data),
        _("%(name)s added to the register and the event.")
        % {"name": form.cleaned_data["full_name"]})
    return redirect("tournaments:manage_entries", slug=slug)


@login_required
@require_POST
def entry_withdraw(request, slug, entry_id):
    event = _event_for(request, slug, "tournaments.withdraw_entry")
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    form = WithdrawForm(request.POST)
    if form.is_valid():
        _run(request, lambda: entry_services.entry_withdraw(
            entry=entry, actor=request.user, after_round=form.cleaned_data["after_round"],
            reason=form.cleaned_data["reason"]),
            _("%(name)s withdrawn.") % {"name": entry.name})
    else:
        messages.error(request, entry_services.WITHDRAWAL_LIMIT % {
            "last": event_next_round_number(event) - 1})
    return redirect("tournaments:manage_entries", slug=slug)


@login_required
@require_POST
def entry_remove(request, slug, entry_id):
    event = _event_for(request, slug, "tournaments.change_event")
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    ask = confirmation(request, question=_("Remove %(name)s from the event?") % {
        "name": entry.name}, yes=_("Remove"),
        back=reverse("tournaments:manage_entries", args=[slug]))
    if ask:
        return ask
    _run(request, lambda: entry_services.entry_remove(entry=entry, actor=request.user),
         _("%(name)s removed.") % {"name": entry.name})
    return redirect("tournaments:manage_entries", slug=slug)


@login_required
@require_POST
def lots_draw(request, slug):
    """Art. 21.3: the lots that break the ties nothing else breaks, drawn once."""
    event = _event_for(request, slug, "tournaments.pair_round")
    _run(request, lambda: draw_lots(event=event, actor=request.user), _("Lots drawn."))
    return redirect("tournaments:manage_event", slug=slug)


@login_required
@require_POST
def numbers_draw(request, slug):
    event = _event_for(request, slug, "tournaments.draw_numbers")
    form = NumbersForm(request.POST)
    if form.is_valid():
        _run(request, lambda: entry_services.numbers_draw(
            event=event, actor=request.user, method=form.cleaned_data["method"]),
            _("Table numbers drawn."))
    return redirect("tournaments:manage_entries", slug=slug)


@login_required
@require_POST
def numbers_manual(request, slug):
    """Table numbers as the organisers assign them (appendix §5), one box per entry."""
    event = _event_for(request, slug, "tournaments.draw_numbers")
    numbers = {}
    for entry_id in event_entry_ids(event):
        value = request.POST.get(f"number-{entry_id}", "").strip()
        if not value.isdigit():
            messages.error(request, _("Give every entry a number."))
            return redirect("tournaments:manage_entries", slug=slug)
        numbers[entry_id] = int(value)
    _run(request, lambda: entry_services.numbers_draw(event=event, actor=request.user,
                                                      method="manual", numbers=numbers),
         _("Table numbers saved."))
    return redirect("tournaments:manage_entries", slug=slug)


@login_required
def manage_roles(request, slug):
    event = _event_for(request, slug, "tournaments.change_event")
    form = RoleForm(request.POST or None)
    candidates = []
    if request.method == "POST" and form.is_valid():
        user, candidates = _appointee(request, event, form)
        if user is not None:
            _run(request, lambda: event_services.role_assign(
                event=event, actor=request.user, user=user, role=form.cleaned_data["role"]),
                _("Role given."))
            return redirect("tournaments:manage_roles", slug=slug)
    return render(request, "tournaments/staff/roles.html",
                  {"event": event, "roles": event_roles(event), "form": form, "users": candidates,
                   "perms": staff_perms(request.user, event),
                   "invitations": event_invitations(event),
                   "invite_form": InvitationForm(prefix="invite"),
                   "invite_action": reverse("tournaments:event_invite", args=[slug]),
                   "back": request.path})


def _appointee(request, event, form):
    """The person chosen from the list (``user_id``: someone on the staff), or the one the
    words name (an exact username or e-mail wins); otherwise None and the people to choose
    from, the reason on the form (``selectors/users.py``: nobody else is listed)."""
    chosen = whole_number(request.POST.get("user_id"))
    if chosen:
        user = user_appointable(event=event, pk=chosen)
        if user is not None:
            return user, []
    query = form.cleaned_data["username"]
    user, found = user_chosen(query, event=event)
    if user is not None:
        return user, []
    if not found:
        form.add_error("username", _("Nobody has the username or e-mail address “%(q)s”, "
                                     "and nobody on this event's staff has that name.") % {
            "q": query})
    else:
        form.add_error("username", _("Several people match: choose one below."))
    return None, found


@login_required
def user_lookup(request, slug):
    """The person with the exact username or e-mail typed, and the people on the staff whose
    name holds it (htmx), to choose from."""
    event = _event_for(request, slug, "tournaments.change_event")
    query = request.GET.get("username", "").strip()
    users = user_search(query, event=event) if len(query) >= 2 else []
    return render(request, "tournaments/staff/_user_results.html",
                  {"event": event, "users": users, "query": query})


@login_required
@require_POST
def role_remove(request, slug, role_id):
    event = _event_for(request, slug, "tournaments.change_event")
    role = get_object_or_404(EventRole, pk=role_id, event=event)
    ask = confirmation(request, question=_("Remove %(user)s as %(role)s?") % {
        "user": role.user.get_full_name() or role.user.get_username(),
        "role": role.get_role_display()}, yes=_("Remove"),
        back=reverse("tournaments:manage_roles", args=[slug]))
    if ask:
        return ask
    _run(request, lambda: event_services.role_remove(event=event, actor=request.user,
                                                     user=role.user, role=role.role),
         _("Role removed."))
    return redirect("tournaments:manage_roles", slug=slug)


@login_required
@require_POST
def draw(request, slug):
    """The dashboard's "Pair / draw the next round", whatever the format."""
    event = _event_for(request, slug, "tournaments.pair_round")
    return start_rendered(request, event)


def start_rendered(request, event, seeding: str | None = None):
    """Start the next round (``services/formats.py: round_start``) and answer with where it
    is: the first stored round, the progress page of the background job, or the refusal."""
    try:
        started = round_start(event=event, actor=request.user, seeding=seeding)
    except ServiceError as error:
        messages.error(request, str(error))
        return redirect("tournaments:manage_event", slug=event.slug)
    if started.job is not None:
        return pairing_rendered(request, event, started.job)
    first = started.rounds[0].number
    messages.success(request, _("Round %(n)s paired. Review the pairings, then publish.")
                     % {"n": first} if len(started.rounds) == 1 else
                     _("Drawn. Review the pairings, then publish."))
    return redirect("tournaments:manage_round", slug=event.slug, number=first)


# The results an arbiter taps on a phone (one tap each); the law's other codes are under "More".
TAP_RESULTS = (ResultCode.WHITE_WINS, ResultCode.DRAW, ResultCode.BLACK_WINS,
               ResultCode.WHITE_WINS_FORFEIT, ResultCode.BLACK_WINS_FORFEIT)


def _round(event, number) -> Round:
    return get_object_or_404(Round, event=event, number=number)


@login_required
def manage_round(request, slug, number):
    """The arbiter's page of a round: review the draw, publish it, enter results by tap or from
    the keyboard (online or offline: static/js/results.js), close the round."""
    event = _event_for(request, slug)
    jump = request.GET.get("board", "")
    if jump.isdigit():  # "board n" without JavaScript: the page again, at that board
        mine = "?boards=mine" if request.GET.get("boards") == "mine" else ""
        return redirect(f"{reverse('tournaments:manage_round', args=[slug, number])}{mine}"
                        f"#board-{int(jump)}")
    page = round_page_staff(event, number, reader=request.user,
                            only_mine=request.GET.get("boards") == "mine")
    if page is None:
        raise Http404("No such round.")
    context = page.context()
    return render(request, "tournaments/staff/round.html", {
        "event": event, "rules": event.format_rules, **context,
        "relays": round_relays(context["round"]), "relay_people": relay_recorders(event),
        "perms": staff_perms(request.user, event),
        "result_choices": ResultCode.choices, "tap_codes": TAP_RESULTS,
        "substitutions": Substitution.choices, "bye_kinds": ByeKind.choices,
        "reason_max_length": REASON_MAX_LENGTH,
    })


@login_required
def board_history_page(request, slug, board_id):
    """Every change of a board's pairing and result (and of its games): who, when, from what to
    what, and the reason given for a correction. For the people who run the event."""
    event = _event_for(request, slug)
    board = get_object_or_404(
        Board.objects.select_related("round__event", "white__player", "white__team",
                                     "black__player", "black__team"),
        pk=board_id, round__event=event)
    fouls = board_fouls(board)
    return render(request, "tournaments/staff/board_history.html", {
        "event": event, "board": board, "round": board.round, "lines": board_history(board),
        "perms": staff_perms(request.user, event), "fouls": fouls,
        "losses_due": board_losses_due(board, fouls, pace=event.pace),
        "foul_form": FoulForm(board=board) if not board.is_bye else None,
        "adjournments": board_adjournments(board),
        "adjournment_form": AdjournmentForm(board=board) if not board.is_bye else None,
        "adjournment_outcomes": [c for c in AdjournmentOutcome.choices if c[0]],
    })


# The round actions that cannot be undone ask first (closing: results then need a
# correction with its reason; deleting a draft: its pairings are gone).
ROUND_QUESTIONS = {
    "complete": (gettext_lazy("Close round %(n)s? Its results can then only be corrected by the "
                              "chief arbiter, with a reason."), gettext_lazy("Close the round")),
    "delete": (gettext_lazy("Delete the draft of round %(n)s? Its pairings are lost."),
               gettext_lazy("Delete this draft")),
}


def unpublish_question(event) -> str:
    return _("Put %(event)s back to draft? Its public pages disappear until it is published "
             "again.") % {"event": event.name}


@login_required
@require_POST
def round_action(request, slug, number, action):
    event = _event_for(request, slug, "tournaments.pair_round")
    round_ = _round(event, number)
    actions = {
        "publish": (round_services.round_publish, _("Round %(n)s published.")),
        "complete": (round_services.round_complete, _("Round %(n)s closed.")),
        "delete": (round_services.round_delete, _("Round %(n)s deleted.")),
    }
    if action not in actions:
        raise PermissionDenied
    if action in ROUND_QUESTIONS:
        question, yes = ROUND_QUESTIONS[action]
        ask = confirmation(request, question=question % {"n": number}, yes=yes,
                           back=reverse("tournaments:manage_round", args=[slug, number]))
        if ask:
            return ask
    service, text = actions[action]
    done = _run(request, lambda: service(round_=round_, actor=request.user) or True,
                text % {"n": number})
    if action == "delete" and done:
        return redirect("tournaments:manage_event", slug=slug)
    if action == "publish" and done and request.POST.get("all"):
        for later in round_drafts_after(event, number):
            try:
                round_services.round_publish(round_=later, actor=request.user)
            except ServiceError as error:  # e.g. another arbiter deleted it meanwhile
                messages.error(request, str(error))
                break
    return redirect("tournaments:manage_round", slug=slug, number=number)
