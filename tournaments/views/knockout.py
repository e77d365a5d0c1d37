"""Knockout pages: the public bracket (both brackets for double elimination, each match opening
to its games, byes, placings) and the staff's "start the bracket" form."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.models import Game, Seeding
from tournaments.selectors.championships import colour_choices
from tournaments.selectors.knockout import event_bracket
from tournaments.services.knockout import armageddon_colour_choose
from tournaments.views._access import event_for as _event_for
from tournaments.views.errors import PageNotFound
from tournaments.views.public_context import get_visible_event_or_404, page_context
from tournaments.views.staff import start_rendered


class StartForm(forms.Form):
    seeding = forms.ChoiceField(label=gettext_lazy("Seeding"), choices=Seeding.choices)


def bracket(request, slug):
    event = get_visible_event_or_404(request, slug)
    if not event.format_rules.has_bracket:
        raise PageNotFound(_("This event is not a knockout: it has no bracket. Its standings "
                             "show who leads."))
    ctx = page_context(request, event, "bracket")
    ctx["bracket"] = event_bracket(event, staff=ctx["staff"])
    ctx["round_numbers"] = {r.number for r in ctx["rounds"]}
    # A championship's later stage whose statute lets the higher-ranked player of the earlier
    # stage choose colour in the deciding game (Art. 17.3): who chooses, match by match.
    ctx["colour_choices"] = sorted(colour_choices(event).items())
    return render(request, "tournaments/public/bracket.html", ctx)


@login_required
@require_POST
def bracket_start(request, slug):
    """Seed the entries and store round 1 (as a draft to review and publish)."""
    event = _event_for(request, slug, "tournaments.pair_round")
    form = StartForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose how the entries are seeded."))
        return redirect("tournaments:manage_event", slug=slug)
    return start_rendered(request, event, seeding=form.cleaned_data["seeding"])


@login_required
@require_POST
def armageddon_colour(request, slug, game_pk):
    """The deciding game's colours as the higher-placed player chose them (the round page's
    buttons); back to the round page."""
    event = _event_for(request, slug, "tournaments.enter_result")
    game = get_object_or_404(Game, pk=game_pk, board__round__event=event)
    try:
        armageddon_colour_choose(game=game, actor=request.user,
                                 white=int(request.POST.get("white", 0)),
                                 expected_version=int(request.POST.get("version", -1)))
    except (ServiceError, ValueError) as error:
        messages.error(request, str(error) if isinstance(error, ServiceError)
                       else _("Choose who plays White."))
    else:
        messages.success(request, _("The deciding game's colours are recorded."))
    return redirect("tournaments:manage_round", slug=slug, number=game.board.round.number)
