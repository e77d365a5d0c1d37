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
}


def _split(code: str) -> tuple[str, str]:
    base, _sep, modifier = code.partition("/")
    return base.upper(), modifier.upper()


def heading(code: str) -> str:
    base, modifier = _split(code)
    label = str(LABELS.get(base, (base, base))[0])
    return f"{label}/{modifier}" if modifier else label


def full_name(code: str) -> str:
    base, modifier = _split(code)
    name = str(LABELS.get(base, (base, base))[1])
    if modifier.startswith("C"):
        return _("%(name)s, cut %(n)s") % {"name": name, "n": modifier[1:]}
    if modifier.startswith("M"):
        return _("%(name)s, median %(n)s") % {"name": name, "n": modifier[1:]}
    return name
