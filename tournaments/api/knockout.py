"""The bracket of a knockout event as a document (``GET /api/events/<id>/bracket/``).

Starting the bracket goes through ``POST /api/events/<id>/rounds/``
(``services/formats.py: round_start``), with the statute's seeding; results go through
``PUT /api/games/<id>/result/`` (and ``PUT /api/boards/<id>/result/`` for a whole-match
forfeit).
"""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from tournaments.api.permissions import event_for, is_staff_of
from tournaments.selectors.championships import colour_choices
from tournaments.selectors.knockout import BracketView, MatchView, SideView, event_bracket


def _side(side: SideView | None) -> dict | None:
    if side is None:
        return None
    entry = side.entry
    return {"seed": side.seed, "entry": entry.pk if entry else None,
            "name": entry.name if entry else None, "from": side.label or None}


def _match(m: MatchView) -> dict:
    winner = "home" if m.home.won else "away" if m.away.won else None
    board = m.board
    return {
        "code": m.code, "bracket": m.bracket, "title": m.title, "round": m.stage,
        "status": m.status, "home": _side(m.home), "away": _side(m.away), "winner": winner,
        "score": m.score, "note": m.note, "winner_to": m.winner_to, "loser_to": m.loser_to,
        "board": None if board is None else {
            "id": board.id, "number": board.number, "first_named": board.white_id,
            "result": board.result, "version": board.version,
        },
        "games": [{
            "id": g.game.pk, "number": g.number, "level": g.level, "kind": g.game.kind,
            "white": g.white.pk, "black": g.black.pk, "result": g.game.result,
            "version": g.game.version,
            # Team knockout (appendix §2, §4): who played this board for each team.
            "first_player": g.game.first_player_id, "second_player": g.game.second_player_id,
        } for g in m.games],
    }


def bracket_document(view: BracketView) -> dict:
    event = view.event
    return {
        "event": event.pk, "format": event.format, "started": view.started,
        "double": view.double, "entrants": view.entrants, "finished": view.finished,
        # Appendix §2: how a level match is decided, in the reader's language.
        "tie_rule": view.tie_rule,
        "champion": None if view.champion is None else {
            "seed": view.champion.number, "entry": view.champion.pk,
            "name": view.champion.name},
        "byes": [_side(s) for s in view.byes],
        "matches": [_match(m) for m in view.matches],
        "placings": [{"place": p.place, "place_to": p.place_to, "shared": p.shared,
                      "seed": p.seed, "entry": p.entry.pk, "name": p.entry.name}
                     for p in view.placings],
    }


@extend_schema(responses={200: OpenApiResponse(description=(
    "The bracket: matches (code, bracket A/B/F/D/3, round, status, sides by seed and entry, "
    "winner, board, games with level and kind; team matches: the players of each board, the "
    "score in board points and how a level match was decided), byes, champion, placings, "
    "tie_rule: how a level match is decided, in words; colour_choices: in a championship "
    "stage whose statute gives the choice of colour in the deciding game to the player "
    "ranked higher in the earlier stage, match code -> entry id."))})
@api_view(["GET"])
@permission_classes([AllowAny])
def event_bracket_view(request, event_pk: int):
    """The bracket of a knockout event; public once round 1 is published."""
    event = event_for(request, event_pk)
    if not event.format_rules.has_bracket:
        raise NotFound(_("This event is not a knockout: it has no bracket. Its standings show "
                         "who leads."))
    document = bracket_document(event_bracket(event, staff=is_staff_of(request, event)))
    document["colour_choices"] = {code: entry.pk for code, entry in colour_choices(event).items()}
    return Response(document)
