"""Game records (Art. 11: the score sheet): the staff's entry page with live checking, PGN
uploads for a board or a round; the public game page (a board stepped through on a phone) and
PGN downloads per game, round and event (published rounds only, Art. 14).

Thin: each view parses the request and calls one service or selector."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.forms import MovesForm, PgnUploadForm
from tournaments.models import Board, Round
from tournaments.selectors.game_records import (
    PIECE_OUTLINES,
    board_svg,
    event_slots,
    game_view,
    pgn_text,
    piece_style,
    round_slots,
    sheet_check,
    sheet_text,
    slot_for,
)
from tournaments.selectors.relay import relay_board, relay_slot, slots_public
from tournaments.services import game_records as services
from tournaments.views._access import event_for
from tournaments.views.confirm import confirmation
from tournaments.views.public_context import get_visible_event_or_404, is_staff_of, page_context

PERM = "tournaments.record_moves"


def _game_number(request) -> int | None:
    try:
        return int(request.GET.get("game", "")) or None
    except ValueError:
        return None


def _staff_slot(request, slug, board_id):
    event = event_for(request, slug, PERM)
    board = get_object_or_404(Board, pk=board_id, round__event=event)
    slot = slot_for(board, _game_number(request))
    if slot is None:
        raise Http404("No such game.")
    return event, slot


@login_required
def moves_entry(request, slug, board_id):
    """Type a game's score sheet (Vietnamese notation by default), checked live and again on
    saving; nothing is stored while a move is illegal."""
    event, slot = _staff_slot(request, slug, board_id)
    view = game_view(slot)
    form = MovesForm(request.POST or None, initial={
        "text": sheet_text(view) if view else "",
        "start_fen": slot.record.start_fen if slot.record else ""})
    check = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.game_moves_record(
                event=event, board=slot.board, game_number=slot.number, text=data["text"],
                notation=data["notation"], start_fen=data["start_fen"], actor=request.user)
        except services.MovesRefused:
            check = sheet_check(data["text"], data["notation"], data["start_fen"])
        except ServiceError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Moves saved."))
            return redirect(request.get_full_path())
    return render(request, "tournaments/staff/moves.html", {
        "event": event, "slot": slot, "view": view, "form": form, "check": check,
        "round": slot.board.round, "upload": PgnUploadForm(),
        "check_url": reverse("tournaments:moves_check", args=[event.slug, slot.board.pk]),
        "game_query": f"?game={slot.number}" if slot.number else ""},
        status=400 if check else 200)


@login_required
@require_POST
def moves_check(request, slug, board_id):
    """The live check of a sheet being typed: every move read, the first error (JSON)."""
    event_for(request, slug, PERM)
    form = MovesForm(request.POST)
    if not form.is_valid():
        return JsonResponse({"ok": False, "error": {"ply": 0, "message": _(
            "The sheet cannot be read.")}}, status=400)
    data = form.cleaned_data
    return JsonResponse(sheet_check(data["text"], data["notation"], data["start_fen"]).as_dict())


@login_required
@require_POST
def moves_clear(request, slug, board_id):
    event, slot = _staff_slot(request, slug, board_id)
    query = f"?game={slot.number}" if slot.number else ""
    ask = confirmation(request, question=_("Remove the stored moves of this game? They cannot "
                                           "be restored."), yes=_("Remove the stored moves"),
                       back=reverse("tournaments:moves_entry", args=[slug, board_id]) + query)
    if ask:
        return ask
    try:
        services.game_moves_clear(event=event, board=slot.board, game_number=slot.number,
                                  actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Moves removed."))
    return redirect(reverse("tournaments:moves_entry", args=[slug, board_id]) + query)


@login_required
def pgn_upload(request, slug, number):
    """Upload a PGN file for a round, or (``?board=``) for one board; the report per game."""
    event = event_for(request, slug, PERM)
    round_ = get_object_or_404(Round, event=event, number=number)
    form = PgnUploadForm(request.POST or None, request.FILES or None)
    board = None
    if request.GET.get("board"):
        board = get_object_or_404(Board, pk=request.GET["board"], round=round_)
    report = None
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            report = services.round_pgn_import(
                event=event, round_=round_, data=upload.read(services.PGN_MAX_BYTES + 1),
                partial=form.cleaned_data["partial"], board=board,
                encoding=form.cleaned_data["encoding"] or None,
                game_number=_game_number(request), actor=request.user)
        except ServiceError as error:
            messages.error(request, str(error))
    return render(request, "tournaments/staff/pgn_upload.html", {
        "event": event, "round": round_, "form": form, "report": report, "board": board})


# -- public ----------------------------------------------------------------------------------

def _public_round(request, event, round_number: int):
    ctx = page_context(request, event, "rounds")
    round_ = next((r for r in ctx["rounds"] if r.number == round_number), None)
    if round_ is None:
        raise Http404("Round not published.")
    return ctx, round_


def _public_slot(request, slug, board_id):
    event = get_visible_event_or_404(request, slug)
    board = get_object_or_404(Board.objects.select_related("round"), pk=board_id,
                              round__event=event)
    ctx, _round = _public_round(request, event, board.round.number)
    slot = slot_for(board, _game_number(request))
    if slot is not None and slot.record is None and slot.game is None and \
            relay_board(event, board.pk) is not None:
        slot = relay_slot(slot.board)  # relayed, no move yet: the start position
    if slot is None or slot.record is None:
        raise Http404("No moves recorded for this game.")
    return ctx, slots_public([slot], staff=ctx["staff"])[0]


def game_page(request, slug, board_id):
    """A recorded game: the board (SVG) at ``?ply=``, the moves in Vietnamese notation; the
    buttons, arrows and moves step through it (static/js/game.js)."""
    ctx, slot = _public_slot(request, slug, board_id)
    view = game_view(slot)
    try:
        ply = int(request.GET.get("ply", len(view.moves)))
    except ValueError:
        ply = len(view.moves)
    ply = max(0, min(ply, len(view.moves)))
    pieces = piece_style(request.GET.get("pieces"))
    ctx.update(slot=slot, view=view, ply=ply, svg=board_svg(view, ply, pieces),
               last=len(view.moves), pieces=pieces, outlines=PIECE_OUTLINES,
               round=slot.board.round, game_query=f"game={slot.number}&" if slot.number else "",
               aids=is_staff_of(request, ctx["event"]), in_play=False,  # no refresh mid-replay
               live_url=reverse("tournaments:game_live_json", args=[slug, board_id])
               if relay_board(ctx["event"], board_id) is not None and not slot.number else "")
    return render(request, "tournaments/public/game.html", ctx)


def _pgn_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="application/x-chess-pgn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.pgn"'
    return response


def game_pgn(request, slug, board_id):
    ctx, slot = _public_slot(request, slug, board_id)
    name = f"{slugify(ctx['event'].slug)}-r{slot.board.round.number}-b{slot.board.number}"
    return _pgn_response(pgn_text([slot]), name + (f"-g{slot.number}" if slot.number else ""))


def round_pgn(request, slug, number):
    event = get_visible_event_or_404(request, slug)
    _ctx, round_ = _public_round(request, event, number)
    slots = slots_public(round_slots(round_), staff=is_staff_of(request, event))
    return _pgn_response(pgn_text(slots), f"{event.slug}-r{number}")


def event_pgn(request, slug):
    event = get_visible_event_or_404(request, slug)
    staff = is_staff_of(request, event)
    slots = slots_public(event_slots(event, staff=staff), staff=staff)
    return _pgn_response(pgn_text(slots), event.slug)
