"""The live relay (docs/live.md, "Relay"): the recorder's page (a board tapped on a phone,
static/js/relay.js) and its endpoint, the chief arbiter's choice of relayed boards on the
round's page, and the public's live reads of a relayed game: JSON for the pages' scripts, PGN
per game and per round for broadcast tools, the statute's delay applied unless the viewer is on
the event's staff. The live reads are never cached (``Cache-Control: no-cache``, and not public
reads of ``public_cache.py``): a move shows at once.

Thin: each view parses the request and calls one service or selector."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.access import event_staff
from tournaments.errors import ServiceError
from tournaments.forms import RelayBoardForm, RelayMoveForm
from tournaments.models import Round, RoundStatus
from tournaments.selectors.game_records import PIECE_OUTLINES, pgn_text
from tournaments.selectors.relay import (
    recorder_boards,
    relay_board,
    relay_may_enter,
    relay_recorder,
    relay_slot,
    relay_state,
    round_relay_boards,
    slots_public,
)
from tournaments.services import relay as services
from tournaments.views._access import event_for, staff_perms
from tournaments.views.public_context import get_visible_event_or_404
from xiangqi import Position, board_svg


def _sees_all(user, event) -> bool:
    """The event's staff and its recorders see every relayed move at once."""
    return event_staff(user, event) or user.has_perm("tournaments.relay_moves", event)


def _public_board(request, slug, board_id):
    event = get_visible_event_or_404(request, slug)
    board = relay_board(event, board_id)
    staff = _sees_all(request.user, event)
    if board is None or (board.round.status == RoundStatus.DRAFT and not staff):
        raise Http404("No relayed game here.")
    return event, board, staff


def _no_cache(response):
    response["Cache-Control"] = "no-cache"
    return response


def live_json(request, slug, board_id):
    """A relayed game as the viewer may see it: ``{board, ply, moves, fens, written, next_at,
    result, start}`` (the staff also get ``total`` and ``legal``)."""
    _event, board, staff = _public_board(request, slug, board_id)
    state = relay_state(board, staff=staff, legal=staff)
    return _no_cache(JsonResponse(state.body()))


def _pgn(text: str):
    return _no_cache(HttpResponse(text, content_type="application/x-chess-pgn; charset=utf-8"))


def _live_slots(boards, staff: bool):
    slots = [s for s in (relay_slot(b) for b in boards) if s is not None]
    return slots_public(slots, staff=staff)


def game_live_pgn(request, slug, board_id):
    """The live PGN of one relayed game (the statute's delay applied for the public)."""
    _event, board, staff = _public_board(request, slug, board_id)
    return _pgn(pgn_text(_live_slots([board], staff)))


def round_live_pgn(request, slug, number):
    """Every relayed game of a round, one PGN file, as broadcast tools poll it."""
    event = get_visible_event_or_404(request, slug)
    round_ = get_object_or_404(Round, event=event, number=number)
    staff = _sees_all(request.user, event)
    if round_.status == RoundStatus.DRAFT and not staff:
        raise Http404("Round not published.")
    slots = _live_slots(round_relay_boards(round_), staff)
    return _pgn(pgn_text(slots))


# -- the recorder ------------------------------------------------------------------------------

def _recorder_board(request, slug, board_id):
    event = event_for(request, slug, "tournaments.relay_moves")
    board = relay_board(event, board_id)
    if board is None:
        raise Http404("This board is not relayed.")
    if not relay_may_enter(request.user, event, board):
        raise PermissionDenied(_("Only this board's recorder and the event's arbiters enter "
                                 "its moves."))
    return event, board


@login_required
def relay_list(request, slug):
    """The relayed boards the user enters moves on: their own as a recorder, and every one of
    the live rounds for an arbiter."""
    event = event_for(request, slug, "tournaments.relay_moves")
    boards = recorder_boards(request.user, event,
                             every=request.user.has_perm("tournaments.relay_any_board", event))
    return render(request, "tournaments/staff/relay_list.html", {
        "event": event, "relays": boards, "perms": staff_perms(request.user, event)})


@login_required
def relay_page(request, slug, board_id):
    """The recorder's board: tap a piece, then where it goes; the moves go out through an
    outbox that survives a dropped connection (static/js/relay.js)."""
    event, board = _recorder_board(request, slug, board_id)
    state = relay_state(board, staff=True, legal=True)
    slot = relay_slot(board)
    return render(request, "tournaments/staff/relay.html", {
        "event": event, "board": board, "round": board.round, "slot": slot,
        "state": state.body(), "written": state.written,
        "svg": board_svg(Position.from_fen(state.fens[-1] if state.fens else state.start)),
        "outlines": PIECE_OUTLINES, "perms": staff_perms(request.user, event),
        "post_url": reverse("tournaments:relay_post", args=[slug, board.pk]),
        "json_url": reverse("tournaments:game_live_json", args=[slug, board.pk])})


@login_required
@require_POST
def relay_post(request, slug, board_id):
    """One move (``action=move``, ``ply``, ``move`` in ICCS) or the last move taken back
    (``action=undo``): JSON, the game as the staff see it with the legal moves, or why not
    (``detail``, ``reason``, ``stored``) with 400 (409 for a conflict)."""
    event, board = _recorder_board(request, slug, board_id)
    form = RelayMoveForm(request.POST)
    if not form.is_valid():
        return JsonResponse({"ok": False, "detail": _("Send a move number and a move."),
                             "reason": "invalid"}, status=400)
    data = form.cleaned_data
    try:
        if data["action"] == "undo":
            answer = services.relay_undo(event=event, board=board, ply=data["ply"],
                                         move=data["move"] or None, actor=request.user)
        else:
            answer = services.relay_move(event=event, board=board, ply=data["ply"],
                                         move=data["move"], actor=request.user)
    except services.RelayRefused as error:
        status = 409 if error.fields["reason"] == "conflict" else 400
        return JsonResponse({"ok": False, "detail": str(error), **error.fields}, status=status)
    except ServiceError as error:
        return JsonResponse({"ok": False, "detail": str(error), "reason": "refused"},
                            status=400)
    return JsonResponse({"ok": True, "changed": answer.changed, **answer.state.body()})


# -- the chief arbiter's choice ----------------------------------------------------------------

@login_required
@require_POST
def round_relays(request, slug, number):
    """Relay a board of the round with its recorder, or stop relaying it (``remove``)."""
    event = event_for(request, slug, "tournaments.relay_boards")
    round_ = get_object_or_404(Round, event=event, number=number)
    form = RelayBoardForm(request.POST)
    try:
        if not form.is_valid():
            raise ServiceError(_("Give the board's number."))
        data = form.cleaned_data
        if data["remove"]:
            services.relay_board_remove(round_=round_, actor=request.user,
                                        number=data["board"])
            messages.success(request, _("Board %(n)s is no longer relayed.")
                             % {"n": data["board"]})
        else:
            recorder = None
            if data["recorder"]:
                recorder = relay_recorder(event, data["recorder"])
                if recorder is None:
                    raise ServiceError(_("Choose one of the event's recorders or arbiters."))
            services.relay_board_set(round_=round_, actor=request.user, number=data["board"],
                                     recorder=recorder)
            messages.success(request, _("Board %(n)s is relayed.") % {"n": data["board"]})
    except ServiceError as error:
        messages.error(request, str(error))
    return redirect(reverse("tournaments:manage_round", args=[slug, number]) + "#relays")

