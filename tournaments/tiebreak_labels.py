"""Names of the tie-break criteria (codes of scoring/tiebreaks.py) as people read them."""

from django.utils.translation import gettext_lazy as _

# code -> (column heading, full name)
LABELS = {
    "PTS": (_("Pts"), _("points")),
    "MPTS": (_("MP"), _("match points")),
    "GPTS": (_("GP"), _("game points")),
    "DE": (_("DE"), _("direct encounter")),
    "H2H": (_("H2H"), _("head-to-head (Art. 21.3)")),
    "SB": (_("Coef."), _("coefficient (Sonneborn–Berger, Art. 21.3)")),
    "BH": (_("BH"), _("Buchholz")),
    "AOB": (_("AOB"), _("average of opponents' Buchholz")),
    "PS": (_("Prog."), _("progressive score")),
    "WIN": (_("Wins"), _("number of wins")),
    "WON": (_("Won"), _("games won over the board")),
    "BPG": (_("Black"), _("games played with Black")),
    "BWG": (_("Black wins"), _("wins with Black")),
    "ARO": (_("ARO"), _("average rating of opponents")),
    "BRD": (_("Boards"), _("board-by-board results (appendix §4)")),
    "LOT": (_("Lots"), _("drawing of lots")),
    # Xiangqi regulations (scoring/xiangqi_criteria.py) and C.07 §10 performance
    # (scoring/performance.py).
    "OS": (_("OS"), _("opponent score (a round without opponent: the lowest score)")),
    "OSP": (_("OS*"), _("opponent score (a round without opponent: the lowest score "
                        "of those with points)")),
    "OS0": (_("OS0"), _("opponent score (a round without opponent: 0)")),
    "FOUL": (_("Fouls"), _("fewer fouls")),
    "WWG": (_("White wins"), _("wins with White/Red")),
    "H2H2": (_("Direct"), _("direct win between the two tied")),
    "TPR": (_("TPR"), _("tournament performance rating")),
    "PTP": (_("PTP"), _("perfect tournament performance")),
    "APRO": (_("APRO"), _("average of opponents' performance ratings")),
    "APPO": (_("APPO"), _("average of opponents' perfect performances")),
}


# code -> what the criterion means (the statute form shows it beside each criterion; Art. 21.3's
# *hệ số* is SB). Definitions of scoring/tiebreaks.py, scoring/xiangqi_criteria.py and
# scoring/performance.py, in words.
DEFINITIONS = {
    "MPTS": _("Art. 21.2: 1 for a match won, ½ for a level match, 0 for a match lost."),
    "GPTS": _("Art. 21.2: 2 for a game won, 1 for a draw, 0 for a loss; an absent opponent "
              "gives 4."),
    "DE": _("The points scored in the games among the tied players, when they all met."),
    "H2H": _("Art. 21.3: the game(s) between the tied players; whoever won ranks higher."),
    "SB": _("Art. 21.3: the total points of the opponents beaten plus half the total points "
            "of the opponents drawn with."),
    "BH": _("The sum of the opponents' final points; an unplayed round counts a virtual "
            "opponent (FIDE C.07). Cut 1: without the lowest; median: without the highest "
            "and the lowest."),
    "AOB": _("The average of the opponents' Buchholz scores."),
    "PS": _("The running score after each round, added up; a cut leaves out the first "
            "rounds."),
    "WIN": _("The number of wins (in two-game matches: games won)."),
    "WON": _("The number of games won over the board (forfeits left out)."),
    "BPG": _("The number of games played with Black."),
    "BWG": _("The number of games won with Black."),
    "ARO": _("The average rating of the opponents met over the board."),
    "BRD": _("Appendix §4: the results on board 1 compared first, then board 2, and so on."),
    "LOT": _("Art. 21.3: lots drawn once by the chief arbiter; the seed is recorded."),
    "OS": _("The sum of the opponents' final scores; a round without an opponent over the "
            "board counts the lowest final score in the event (WXF)."),
    "OSP": _("As OS, but a round without an opponent counts the lowest score among those "
             "with points (CXA 2011 art. 14.4)."),
    "OS0": _("As OS, but a round without an opponent counts 0."),
    "FOUL": _("The penalties the arbiters recorded (of the kinds the statute counts); fewer "
              "ranks higher."),
    "WWG": _("The number of games won with White/Red over the board."),
    "H2H2": _("Only when exactly two are tied: whoever scored more in their own games ranks "
              "higher."),
    "TPR": _("FIDE C.07 §10: the average rating of the opponents plus the rating difference "
             "of the percentage scored."),
    "PTP": _("FIDE C.07 §10: the lowest rating whose expected score against the opponents "
             "reaches the score."),
    "APRO": _("The average of the opponents' tournament performance ratings."),
    "APPO": _("The average of the opponents' perfect tournament performances."),
}

# Named orders (scoring/presets.py) as the statute form offers them; each shows its source.
PRESET_NAMES = {
    "law-coefficient": _("The law's coefficient first (Sonneborn–Berger)"),
    "law-rr": _("The law: round robin"),
    "law-rr-matches": _("The law: round robin of two-game matches"),
    "law-appendix": _("The law's appendix: round robin"),
    "law-swiss": _("Swiss (this product's default)"),
    "law-swiss-matches": _("Swiss of two-game matches (this product's default)"),
    "law-teams": _("The law: team events"),
    "cxa-rr": _("Chinese Xiangqi Association: round robin"),
    "cxa-rr-matches": _("Chinese Xiangqi Association: round robin of matches"),
    "cxa-swiss": _("Chinese Xiangqi Association: Swiss, opponent score"),
    "cxa-swiss-ps": _("Chinese Xiangqi Association: Swiss, progressive score"),
    "axf": _("Asian Xiangqi Federation"),
    "wxf": _("World Xiangqi Federation"),
}

# Where each named order is written (``Preset.source``), in the reader's language: the law's
# articles are "Điều" and its appendix "Phụ lục" on a Vietnamese page.
PRESET_SOURCES = {
    "law-coefficient": _("Art. 21.4 with Art. 21.3's coefficient (criteria after SB: FIDE "
                         "C.07's advice)"),
    "law-rr": _("Art. 21.3"),
    "law-rr-matches": _("Art. 21.2, 21.3"),
    "law-appendix": _("appendix §5.3"),
    "law-swiss": _("Art. 21.4 (criteria after SB: FIDE C.07's advice)"),
    "law-swiss-matches": _("Art. 21.2, 21.4"),
    "law-teams": _("appendix §4"),
    "cxa-rr": _("CXA 2011 art. 14.1"),
    "cxa-rr-matches": _("CXA 2011 art. 14.2"),
    "cxa-swiss": _("CXA 2011 art. 14.3.1, 14.4"),
    "cxa-swiss-ps": _("CXA 2011 art. 14.3.2"),
    "axf": _("AXF rules as applied at the 7th China–ASEAN invitational (2015), art. 4"),
    "wxf": _("WXF 18th World Championship regulation (2023) VIII b"),
}


def preset_source(preset) -> str:
    """A named order's source (scoring/presets.py) in the reader's language."""
    return str(PRESET_SOURCES.get(preset.name, preset.source))


def definition(code: str) -> str:
    """What the criterion means, by its base code (``BH/C1`` -> Buchholz's definition)."""
    base = _split(code)[0]
    return str(DEFINITIONS.get(base, ""))


# Team events (appendix §4): game points are the boards' points.
TEAM_LABELS = {
    "GPTS": (_("BP"), _("board points")),
}
POINT_TYPES = {
    "MP": (_("MP"), _("on match points")),
    "GP": (_("GP"), _("on game points")),
}
TEAM_POINT_TYPES = {"GP": (_("BP"), _("on board points"))}


def _split(code: str) -> tuple[str, str, str]:
    """``SB:GP/C1`` -> ("SB", "GP", "C1")."""
    head, _sep, modifier = code.partition("/")
    base, _sep, point_type = head.partition(":")
    return base.upper(), point_type.upper(), modifier.upper()


def _label(base: str, team: bool) -> tuple:
    if team and base in TEAM_LABELS:
        return TEAM_LABELS[base]
    return LABELS.get(base, (base, base))


def _point_type(point_type: str, team: bool) -> tuple | None:
    if team and point_type in TEAM_POINT_TYPES:
        return TEAM_POINT_TYPES[point_type]
    return POINT_TYPES.get(point_type)


def heading(code: str, team: bool = False) -> str:
    base, point_type, modifier = _split(code)
    label = str(_label(base, team)[0])
    kind = _point_type(point_type, team)
    if kind:
        label = f"{label}:{kind[0]}"
    return f"{label}/{modifier}" if modifier else label


def full_name(code: str, team: bool = False) -> str:
    base, point_type, modifier = _split(code)
    name = str(_label(base, team)[1])
    kind = _point_type(point_type, team)
    if kind:
        name = f"{name} {kind[1]}"
    if modifier.startswith("C"):
        return _("%(name)s, cut %(n)s") % {"name": name, "n": modifier[1:]}
    if modifier.startswith("M"):
        return _("%(name)s, median %(n)s") % {"name": name, "n": modifier[1:]}
    return name


# Appendix §2: the tie-break games of a tied knockout match, as the statute form and the bracket
# page say them (the statute stores [kind, games] levels).
LEVEL_WORDS = {
    "regular": _("%(n)s more games"),
    "rapid": _("%(n)s rapid games"),
    "blitz": _("%(n)s blitz games"),
    "armageddon": _("one deciding game (armageddon: a draw counts for Black)"),
    "lots": _("lots"),
}
LOTS_LAST_RESORT = _("lots if still level")


def chain_words(levels) -> str:
    """A statute's chain in words: "2 more games, then 2 rapid games, then lots if still level".
    A chain that ends without a deciding game or lots ends in lots (the product's last resort,
    ``adapters/knockout.py: minimatch_rules``)."""
    parts = [str(LEVEL_WORDS[kind]) % {"n": games} for kind, games in levels
             if kind in LEVEL_WORDS]
    if not levels or levels[-1][0] not in ("armageddon", "lots"):
        parts.append(str(LOTS_LAST_RESORT))
    return str(_(", then ")).join(parts)
