"""An explanation of a Swiss round (``pairings/dutch_explain.py``) in English words, for the
command line: one block per bracket, then one line per board."""

from __future__ import annotations

from pairings.dutch_explain import BoardExplanation, BracketExplanation, Failure, RoundExplanation

FLOATS = {
    "C6": "[C6] the bracket cannot pair them (odd number, or no opponent allowed by [C1]/[C3])",
    "C4": "[C4] pairing them in the bracket leaves the rest of the round unpairable",
}
UPFLOATS = {
    "C6": "[C6] pairing the MDP gives the most pairs",
    "C7": "[C7] the MDP is paired, a lower score floats down or takes the bye instead",
}
CRITERIA = {
    "C1": "[C1] {0} and {1} have met or may not meet",
    "C3": "[C3] {0} and {1} both have the same absolute colour preference",
    "C4": "[C4] the rest of the round cannot be paired after it",
    "C6": "[C6] it has fewer pairs",
    "C7": "[C7] it floats higher scores down",
    "C8": "[C8] the next bracket cannot be paired as well after it",
    "C9": "[C9] it gives the bye to a player with fewer games played",
    "C10": "[C10] a topscorer's colour difference goes beyond 2",
    "C11": "[C11] a topscorer gets the same colour three times in a row",
    "C12": "[C12] fewer colour preferences are granted",
    "C13": "[C13] fewer strong colour preferences are granted",
    "C14": "[C14] more players float down who floated down last round",
    "C15": "[C15] more MDPs meet players who floated up last round",
    "C16": "[C16] more players float down who floated down two rounds before",
    "C17": "[C17] more MDPs meet players who floated up two rounds before",
    "C18": "[C18] the repeated downfloaters (last round) have higher scores",
    "C19": "[C19] the opponents of repeated upfloaters (last round) have higher scores",
    "C20": "[C20] the repeated downfloaters (two rounds before) have higher scores",
    "C21": "[C21] the opponents of repeated upfloaters (two rounds before) have higher scores",
}
COLOURS = {
    "5.2.1": "5.2.1 both colour preferences granted",
    "5.2.2": "5.2.2 the stronger preference, of {player}",
    "5.2.3": "5.2.3 alternation from round {round}, the last they had different colours",
    "5.2.4": "5.2.4 the preference of the higher-ranked player, {player}",
    "5.2.5": "5.2.5 the initial colour by lot, by the pairing number of {player}",
}


def explanation_text(round_number: int, explanation: RoundExplanation) -> str:
    lines = [f"Round {round_number}"]
    for bracket in explanation.brackets:
        lines += _bracket(bracket)
    if explanation.bye is not None:
        lines.append(f"Bye: {explanation.bye} ([C5] the lowest score that allows a complete "
                     "pairing)")
    lines += [_board(i, board) for i, board in enumerate(explanation.boards, start=1)]
    return "\n".join(lines) + "\n"


def _numbers(players: tuple[int, ...]) -> str:
    return " ".join(map(str, players)) or "-"


def _bracket(b: BracketExplanation) -> list[str]:
    level = f"{float(b.score):g} points" if b.score is not None else "MDPs"
    lines = [f"Bracket {level}: residents {_numbers(b.residents)}; MDPs {_numbers(b.mdps)}"]
    if b.downfloaters:
        lines.append(f"  float down: {_numbers(b.downfloaters)}")
        lines += [f"    {c.count}: {FLOATS[c.criterion]}" for c in b.float_counts]
    for up in b.upfloaters:
        lines.append(f"  float up: {up.player} meets {up.opponent} ({UPFLOATS[up.criterion]})")
    if b.exchange is not None:
        lines.append(f"  exchange (Art. 4.3): {_numbers(b.exchange.out_of_s1)} from S1 to S2, "
                     f"{_numbers(b.exchange.into_s1)} from S2 to S1")
    if b.transposed:
        lines.append("  S2 transposed (Art. 4.2)")
    if b.first_candidate is not None:
        lines.append(f"  first candidate not taken: {_failure(b.first_candidate)}")
    return lines


def _failure(failure: Failure) -> str:
    return CRITERIA[failure.criterion].format(*failure.players)


def _board(index: int, board: BoardExplanation) -> str:
    rule = COLOURS[board.rule].format(player=board.player, round=board.round)
    return f"Board {index}: {board.white} - {board.black}: {rule}"
