"""The hall's screen: a TV or a projector in the playing hall (docs/live.md, "The pages and the
hall screen"). Public and read-only, the same for everyone: it cycles the current round's
pairings by name, the standings' top (a knockout event's bracket) and the relayed boards, with
the round's clock, in type readable across the hall; the event's live feed updates it
(static/js/live.js, static/js/screen.js), never a reload of the whole page.

``?every=`` seconds a page (2 to 300, 20 by default), ``?views=`` which views in which order
(``pairings,standings,boards``; ``bracket``), ``?rows=`` lines a page (4 to 40, 10 by
default)."""

from django.shortcuts import render
from django.views.decorators.http import require_safe

from tournaments.selectors.game_records import PIECE_OUTLINES
from tournaments.selectors.hall_screen import hall_screen, screen_board_svg, screen_views
from tournaments.text import whole_number
from tournaments.views.public_context import REFRESH_SECONDS, get_visible_event_or_404

EVERY_SECONDS = 20
ROWS = 10


def _between(asked: str, low: int, high: int, default: int) -> int:
    number = whole_number(asked)
    return default if number is None else max(low, min(number, high))


@require_safe
def hall_screen_page(request, slug):
    event = get_visible_event_or_404(request, slug)
    asked = request.GET.get("views", "")
    screen = hall_screen(event, views=screen_views(asked),
                         rows=_between(request.GET.get("rows", ""), 4, 40, ROWS))
    return render(request, "tournaments/public/screen.html", {
        "event": event, "rules": event.format_rules, **screen.context(),
        "views": screen.views, "every": _between(request.GET.get("every", ""), 2, 300,
                                                 EVERY_SECONDS),
        "refresh_seconds": REFRESH_SECONDS,
        # The relayed boards' grid, whose pieces the page draws from each game's live.json.
        "board_svg": screen_board_svg() if screen.relayed else "", "outlines": PIECE_OUTLINES})
