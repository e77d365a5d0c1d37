"""Demo play of a knockout event: the bracket seeded by rating and its first stages played
through the same services the pages use, so the demo bracket shows progress (both brackets,
a match decided in tie-break games, matches still to play)."""

import random

from records import Result
from tournaments.demo.results import seeded_result
from tournaments.models import Board, Event, RoundStatus
from tournaments.services.knockout import bracket_start
from tournaments.services.results import game_result_record
from tournaments.services.rounds import round_complete, round_publish

STAGES_PLAYED = 2  # rounds 1 and 2 complete; round 3 half played


def play_board(rng: random.Random, board: Board, arbiter, *, tie: bool = False) -> None:
    for _ in range(20):
        board.refresh_from_db()
        game = board.games.filter(result="").order_by("number").first()
        if board.result or game is None:
            return
        white, black = ((board.white, board.black) if game.white_first
                        else (board.black, board.white))
        result = (Result.DRAW if tie and game.level == 0
                  else seeded_result(rng, white, black))
        game_result_record(game=game, result=result, actor=arbiter,
                           expected_version=game.version)


def play_knockout_demo(event: Event, users, *, seed: int) -> None:
    chief, arbiter = users["tongtrongtai"], users["trongtai"]
    bracket_start(event=event, actor=chief, method="rating", seed=seed)
    rng = random.Random(seed + 3)
    for round_ in event.rounds_set.order_by("number"):
        round_publish(round_=round_, actor=chief)
    for number in range(1, STAGES_PLAYED + 2):
        round_ = event.rounds_set.get(number=number)
        if round_.status == RoundStatus.DRAFT:
            round_publish(round_=round_, actor=chief)
        boards = list(round_.boards.exclude(match_code="").select_related("white", "black")
                      .order_by("number"))
        if number > STAGES_PLAYED:
            boards = boards[: len(boards) // 2]
        for board in boards:
            # One match of round 1 is tied in its two games and goes to tie-break games.
            play_board(rng, board, arbiter, tie=number == 1 and board.number == 2)
        if number <= STAGES_PLAYED:
            round_complete(round_=round_, actor=chief)
