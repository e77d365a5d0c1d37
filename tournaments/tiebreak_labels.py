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
