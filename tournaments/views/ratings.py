"""Rating pages: the published lists, a player's rating history, an event's rating
report after any round, importing a list, and applying (reverting) an event's changes."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.excel.rating_lists import MAX_BYTES, MAX_ROWS
from tournaments.forms import LocalDateInput
from tournaments.models import RatingList
from tournaments.selectors.ratings import (
    event_report,
    player_rating_history,
    public_player,
    rating_list_latest,
    rating_list_rows,
)
from tournaments.selectors.ratings import rating_lists as all_lists
from tournaments.services import ratings as services
from tournaments.views._access import event_for
from tournaments.views.confirm import confirmation
from tournaments.views.public_context import after_round, get_visible_event_or_404, page_context


class RatingListForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("List name"), max_length=120)
    list_date = forms.DateField(label=gettext_lazy("List date"),
                                widget=LocalDateInput())
    file = forms.FileField(label=gettext_lazy("File (.xlsx or .csv)"))


def rating_lists(request):
    return render(request, "tournaments/ratings/lists.html", {
        "lists": all_lists(), "latest": rating_list_latest(),
        "can_import": request.user.has_perm("tournaments.add_ratinglist")})


def rating_list(request, list_id):
    item = get_object_or_404(RatingList, pk=list_id)
    return render(request, "tournaments/ratings/list.html",
                  {"list": item, "rows": rating_list_rows(item)})


def player_ratings(request, player_id):
    player = public_player(player_id)
    if player is None:
        raise Http404("No such player on a published list or in a public event.")
    return render(request, "tournaments/ratings/player.html",
                  {"player": player, **player_rating_history(player)})


@login_required
def rating_list_import(request):
    """Upload a list: "Check" shows every bad row; "Import" stores all rows or none."""
    if not request.user.has_perm("tournaments.add_ratinglist"):
        raise PermissionDenied(_("You do not have the right to import rating lists."))
    form = RatingListForm(request.POST or None, request.FILES or None)
    ctx = {"form": form, "max_rows": MAX_ROWS, "max_mb": MAX_BYTES // (1024 * 1024)}
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if "check" in request.POST:
                ctx["preview"] = services.rating_list_preview(upload=data["file"])
            elif services.rating_list_job_check(upload=data["file"]):  # a large list: its job
                job = services.rating_list_import_start(
                    actor=request.user, upload=data["file"], name=data["name"],
                    list_date=data["list_date"], lang=get_language())
                return redirect("tournaments:job", pk=job.pk)
            else:
                item = services.rating_list_import(
                    actor=request.user, upload=data["file"], name=data["name"],
                    list_date=data["list_date"])
                messages.success(request, _("Rating list stored."))
                return redirect("tournaments:rating_list", list_id=item.pk)
        except services.BadRows as error:
            ctx.update(error=str(error), bad_rows=error.rows)
        except ServiceError as error:
            ctx["error"] = str(error)
    return render(request, "tournaments/ratings/import.html", ctx)


def event_ratings(request, slug):
    """The event's rating report after a round; the organisers apply or revert it here."""
    event = get_visible_event_or_404(request, slug)
    ctx = page_context(request, event, "ratings")
    after, played = after_round(request, ctx["rounds"])
    ctx.update(report=event_report(event, after_round=after), played=played,
               can_apply=request.user.has_perm("tournaments.change_event", event))
    return render(request, "tournaments/ratings/event.html", ctx)


@login_required
@require_POST
def event_ratings_apply(request, slug):
    return _event_action(request, slug, services.event_ratings_apply,
                         _("The rating changes are applied to the list."))


@login_required
@require_POST
def event_ratings_revert(request, slug):
    ask = confirmation(request, question=_("Revert the rating changes? The list gets back the "
                                           "ratings it had before they were applied."),
                       yes=_("Revert the rating changes"),
                       back=reverse("tournaments:event_ratings", args=[slug]))
    if ask:
        return ask
    return _event_action(request, slug, services.event_ratings_revert,
                         _("The rating changes are reverted."))


def _event_action(request, slug, service, success: str):
    event = event_for(request, slug, "tournaments.change_event")
    try:
        service(event=event, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, success)
    return redirect("tournaments:event_ratings", slug=slug)
