"""Public pages of a championship (Art. 17.3): its categories, stages and groups with links to
each stage event's own pages. Read-only: these views only call selectors."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language

from tournaments.access import championship_seen
from tournaments.excel import championship as championship_workbook
from tournaments.excel import workbook
from tournaments.excel.workbook import XLSX
from tournaments.models import Player
from tournaments.selectors import championships as selectors
from tournaments.selectors.championship_tree import championship_tree
from tournaments.selectors.registrations import registration_category_event


def championship_or_404(request, slug):
    """The championship if the visitor may see it; a draft one run by others is not found,
    exactly like an unknown address."""
    return championship_seen(request.user, slug=slug)


def championship_detail(request, slug):
    championship = championship_or_404(request, slug)
    return render(request, "tournaments/championships/detail.html", {
        "championship": championship, "categories": championship_tree(championship),
        "staff": request.user.has_perm("tournaments.change_championship", championship),
    })


def category_results(request, slug, category_id):
    """A category's overall results (places from the last stage reached, then the earlier
    stages' order) with the team classification beside them."""
    championship = championship_or_404(request, slug)
    category = get_object_or_404(championship.categories, pk=category_id)
    return render(request, "tournaments/championships/results.html", {
        "championship": championship, "category": category,
        "results": selectors.category_results(category),
    })


def category_register(request, slug, category_id):
    """A category's registration page: its first stage's event's (the statute's registration and
    the category's rule of who may enter, Art. 18 b)."""
    championship = championship_or_404(request, slug)
    category = get_object_or_404(championship.categories, pk=category_id)
    event = registration_category_event(category)
    if event is None:
        raise Http404("This category has no stage yet.")
    return redirect("tournaments:register", slug=event.slug)


def player_path(request, slug, player_id):
    """A player's path through the championship's stages, category by category."""
    championship = championship_or_404(request, slug)
    player = get_object_or_404(Player, pk=player_id)
    paths = selectors.player_path(championship, player)
    if not paths:
        raise Http404("This player did not play in this championship.")
    return render(request, "tournaments/championships/path.html", {
        "championship": championship, "player": player, "paths": paths,
    })


def championship_excel(request, slug):
    """The championship's workbook (``excel/championship.py``): overall results, team
    classification and every stage's table, in the visitor's language; built on the spot from
    the published rounds (what the pages show)."""
    championship = championship_or_404(request, slug)
    wb = championship_workbook.build(championship, lang=get_language())
    response = HttpResponse(workbook.to_bytes(wb), content_type=XLSX)
    name = championship_workbook.filename(championship, get_language())
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
