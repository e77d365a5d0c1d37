"""Named tie-break orders: the law's and those of the Xiangqi federations, each with its source.

A preset is data: a tuple of criterion codes (``scoring/tiebreaks.py``,
``scoring/xiangqi_criteria.py``, ``scoring/performance.py``) and where the order is written.
Art. 21.3's last sentence lets the statute re-order: a preset is where it starts. Where sources
disagree (the opponent score of a round without an opponent), each reading is its own code and
each source keeps its own.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Art. 21.3, round robin: points → the game between the tied → coefficient (SB) → wins →
#: wins with Black → lots.
LAW_ROUND_ROBIN = ("PTS", "H2H", "SB", "WIN", "BWG", "LOT")
#: Appendix "Các hình thức thi đấu" §5.3: points → Berger coefficient → game between them → lots.
LAW_APPENDIX = ("PTS", "SB", "H2H", "LOT")
#: Art. 21.4, Swiss: points, then "the coefficient". The law names none for the Swiss system; this
#: default follows FIDE C.07's advice for individual Swiss events — Buchholz cut 1 first (robust
#: to one weak opponent or one unplayed round), then full Buchholz, then the coefficient the law
#: itself defines (SB), then direct encounter, wins, wins with Black, lots.
LAW_SWISS = ("PTS", "BH/C1", "BH", "SB", "DE", "WIN", "BWG", "LOT")
#: Art. 21.4 read with Art. 21.3: "the coefficient" is the only one the law defines (SB), first;
#: then the criteria of ``LAW_SWISS``. The statute form offers it first.
LAW_COEFFICIENT = ("PTS", "SB", "BH/C1", "BH", "DE", "WIN", "BWG", "LOT")
#: Art. 21.2, two-game matches: match points, then game points ("Nếu điểm trận bằng nhau thì căn
#: cứ vào điểm ván"), then Art. 21.3's criteria (round robin) or the Swiss default.
LAW_ROUND_ROBIN_MATCHES = ("PTS", "GPTS", *LAW_ROUND_ROBIN[1:])
LAW_SWISS_MATCHES = ("PTS", "GPTS", *LAW_SWISS[1:])
#: Appendix §4, teams: points, then board by board.
LAW_TEAMS = ("PTS", "BRD", "LOT")


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    order: tuple[str, ...]
    source: str


PRESETS = (
    Preset("law-coefficient", LAW_COEFFICIENT,
           "Art. 21.4 with Art. 21.3's coefficient (criteria after SB: FIDE C.07's advice)"),
    Preset("law-rr", LAW_ROUND_ROBIN, "Art. 21.3"),
    Preset("law-rr-matches", LAW_ROUND_ROBIN_MATCHES, "Art. 21.2, 21.3"),
    Preset("law-appendix", LAW_APPENDIX, "appendix §5.3"),
    Preset("law-swiss", LAW_SWISS, "Art. 21.4 (criteria after SB: FIDE C.07's advice)"),
    Preset("law-swiss-matches", LAW_SWISS_MATCHES, "Art. 21.2, 21.4"),
    Preset("law-teams", LAW_TEAMS, "appendix §4"),
    # CXA 象棋竞赛规则 (2011) art. 14.1: single-game round robin — 小分 (SB), 胜局, 直胜, 犯规,
    # 后走局数 (games with Black). Its last step (who had Black in the pair's own game) is not
    # implemented.
    Preset("cxa-rr", ("PTS", "SB", "WIN", "H2H2", "FOUL", "BPG"), "CXA 2011 art. 14.1"),
    # Art. 14.2: round robin of two or more games a match — 局分 (game points), 胜局, 直胜, 犯规,
    # 后走胜局 (wins with Black).
    Preset("cxa-rr-matches", ("PTS", "GPTS", "WIN", "H2H2", "FOUL", "BWG"),
           "CXA 2011 art. 14.2"),
    # Art. 14.3.1: Swiss — 对手分 (a bye: the lowest score among players with points, art. 14.4),
    # 胜局, 犯规, 后走局数. Its next step (compare the previous round's result) is not implemented.
    Preset("cxa-swiss", ("PTS", "OSP", "WIN", "FOUL", "BPG"), "CXA 2011 art. 14.3.1, 14.4"),
    # Art. 14.3.2: Swiss — 累进分 (PS), 胜局, 犯规, 后走局数; then PS without round 1, 2, ...
    Preset("cxa-swiss-ps", ("PTS", "PS", "WIN", "FOUL", "BPG", "PS/C1", "PS/C2"),
           "CXA 2011 art. 14.3.2"),
    # An event under AXF rules: the 7th China–ASEAN (Nanning) invitational 2015, international
    # group (Swiss, AXF 象棋比赛规例): 积分, 对手分, 累进分, 胜局, 犯规, 后手胜局, lots.
    Preset("axf", ("PTS", "OS", "PS", "WIN", "FOUL", "BWG", "LOT"),
           "AXF rules as applied at the 7th China–ASEAN invitational (2015), art. 4"),
    # WXF 18th World Championship regulation (2023) VIII b i: opponent score, then the winner of
    # the direct match (the text goes on; only these two are verified). Bye: WXF 14th WC §2.3.
    Preset("wxf", ("PTS", "OS", "H2H2"), "WXF 18th World Championship regulation (2023) VIII b"),
)

NAMED_ORDERS: dict[str, tuple[str, ...]] = {p.name: p.order for p in PRESETS}
