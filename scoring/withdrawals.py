"""Withdrawals (Art. 21.5) as a pure transformation of the event record.

``apply_withdrawals(tournament, fmt)`` returns a new :class:`~records.Tournament` in which
the law's consequences are written into the results, so that standings, crosstables and exports
all read the same thing. It is idempotent: applying it twice changes nothing more.

Round robin, Art. 21.5.1 ("nếu một đấu thủ chỉ chơi nửa số trận đấu trở xuống rồi bỏ cuộc (như 8
trận chỉ chơi 4 trận) thì hủy bỏ tất cả các trận đã đấu"):

- *half* is measured on the withdrawn player's own schedule: ``played`` = games of that player
  played over the board (forfeits are not "played"), ``scheduled`` = games the event gives that
  player = (participants − 1) × cycles (× games per match is not counted: a two-game match is one
  *trận*). ``2 × played <= scheduled`` is "half or fewer" (the law's example: 4 of 8 is half).
- half or fewer: every game of the withdrawn player, played or not, becomes CANCELLED (X); the
  opponents' points from them go with it.
- more than half: results stand; every game of theirs that is unplayed (paired after the
  withdrawal, or still without a result) is scored as a forfeit win for the opponent.

Swiss, Art. 21.5.2: results played stand, however many; whoever is paired against the withdrawn
player afterwards wins by forfeit (the crosstable shows "0" for the withdrawn player and "X" for
the winner; see ``scoring/crosstable.py``).

Disqualification (Art. 15.6, 16.1 d–e): every game of the disqualified player, played or not,
is voided for them ("hủy bỏ điểm số đạt được"): the opponent wins it by forfeit or it is
cancelled for both sides, as the statute chooses (``VoidedGames``). The withdrawal rules do not
apply to a disqualified player on top. A player struck from the list (Art. 16.1 e) is not ranked;
one whose points are voided is ranked with what is left (nothing).

Only pairings present in the record are transformed: a round robin's remaining rounds must be
paired (the Berger schedule, ``pairings/berger.py``) for their games to be scored.
"""

from __future__ import annotations

from dataclasses import replace

from records import Game, Pairing, Participant, Result, Sanction, Tournament, VoidedGames
from scoring.formats import Format, cycles


def games_played(tournament: Tournament, number: int) -> int:
    """Pairings of ``number`` with at least one game played over the board (Art. 21.5.1)."""
    return sum(
        1 for p in tournament.pairings
        if number in (p.first, p.second) and p.second is not None
        and any(g.result is not None and g.result.played for g in p.games)
    )


def games_scheduled(tournament: Tournament) -> int:
    """Games a round robin gives each participant: (n − 1) per cycle."""
    return (len(tournament.participants) - 1) * cycles(tournament)


def withdrew_by_half(tournament: Tournament, participant: Participant,
                     scheduled: int | None = None) -> bool:
    """Art. 21.5.1: did ``participant`` withdraw having played half or fewer of their games?"""
    total = games_scheduled(tournament) if scheduled is None else scheduled
    return 2 * games_played(tournament, participant.number) <= total


def apply_withdrawals(tournament: Tournament, fmt: Format, *,
                      scheduled: int | None = None) -> Tournament:
    """The record with Art. 21.5 applied to every participant with ``withdrawn_after`` set, and
    the disqualifications of Art. 16.1 d–e to every participant ``disqualified``."""
    disqualified = [p for p in tournament.participants if p.disqualified is not None]
    withdrawn = [p for p in tournament.participants
                 if p.withdrawn_after is not None and p.disqualified is None]
    if not withdrawn and not disqualified:
        return tournament
    pairings = list(tournament.pairings)
    for participant in disqualified:
        pairings = [_void(p, participant) if _involves(p, participant.number) else p
                    for p in pairings]
    for participant in withdrawn:
        if fmt is Format.ROUND_ROBIN:
            if withdrew_by_half(tournament, participant, scheduled):
                pairings = [_cancel(p) if _involves(p, participant.number) else p
                            for p in pairings]
            else:
                pairings = [_forfeit_unplayed(p, participant, all_unplayed=True)
                            if _involves(p, participant.number) else p for p in pairings]
        else:
            pairings = [_forfeit_unplayed(p, participant, all_unplayed=False)
                        if _involves(p, participant.number) else p for p in pairings]
    return replace(tournament, pairings=tuple(pairings))


def disqualified_as_forfeits(tournament: Tournament) -> Tournament:
    """Art. 15.6 as a file of results writes it: each game of a disqualified participant whose
    opponents win (``VoidedGames.OPPONENTS_WIN``) becomes the opponent's forfeit win. Games the
    statute cancels stay as played (a file such as TRF has no code for a cancelled game; its
    points column carries the cancellation)."""
    pairings = tournament.pairings
    for participant in tournament.participants:
        if participant.disqualified is None \
                or participant.voided_games is not VoidedGames.OPPONENTS_WIN:
            continue
        pairings = tuple(_void(p, participant) if _involves(p, participant.number) else p
                         for p in pairings)
    return replace(tournament, pairings=pairings)


def _involves(pairing: Pairing, number: int) -> bool:
    return pairing.second is not None and number in (pairing.first, pairing.second)


def struck(tournament: Tournament) -> tuple[int, ...]:
    """Art. 16.1 e: the participants struck from the list and the results (not ranked)."""
    return tuple(sorted(p.number for p in tournament.participants
                        if p.disqualified is Sanction.STRUCK))


def _void(pairing: Pairing, participant: Participant) -> Pairing:
    """Art. 15.6: the disqualified side's points from this pairing voided; the opponent wins by
    forfeit, or the games are cancelled, as the statute says."""
    if participant.voided_games is VoidedGames.CANCELLED:
        return _cancel(pairing)
    games = pairing.games or (Game(True),)
    out = []
    for game in games:
        disqualified_white = game.white_first == (pairing.first == participant.number)
        out.append(replace(game, result=Result.BLACK_WINS_FORFEIT if disqualified_white
                           else Result.WHITE_WINS_FORFEIT))
    return replace(pairing, games=tuple(out))


def _cancel(pairing: Pairing) -> Pairing:
    """Art. 21.5.1, half or fewer played: X in every game."""
    games = pairing.games or (Game(True),)
    return replace(pairing, games=tuple(replace(g, result=Result.CANCELLED) for g in games))


def _forfeit_unplayed(pairing: Pairing, participant: Participant, *, all_unplayed: bool
                      ) -> Pairing:
    """The opponent wins by forfeit every game of the withdrawn participant after the withdrawal
    (Art. 21.5.2) — and, in a round robin past half (Art. 21.5.1), every game not played."""
    after = participant.withdrawn_after is not None and pairing.round > participant.withdrawn_after
    games = pairing.games or (Game(True),)
    out = []
    for game in games:
        pending = game.result is None
        unplayed = pending or (not game.result.played and game.result is not Result.CANCELLED)
        if (after and unplayed) or (all_unplayed and pending):
            withdrawn_white = game.white_first == (pairing.first == participant.number)
            result = (Result.BLACK_WINS_FORFEIT if withdrawn_white
                      else Result.WHITE_WINS_FORFEIT)
            out.append(replace(game, result=result))
        else:
            out.append(game)
    return replace(pairing, games=tuple(out))
