"""The statute's codes in words, for the pages: how the table numbers were given, the tie-break
chain of a tied knockout match
(appendix §2, §3), e.g. ``[["regular", 2], ["rapid", 2], ["blitz", 2], ["armageddon", 1]]`` →
"2 more games, then 2 rapid games, then 2 blitz games, then 1 deciding game (armageddon)"."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# The kinds of a level, as the form's choices name them.
LEVEL_NAMES = {
    "regular": gettext_lazy("More games at the match's time control"),
    "rapid": gettext_lazy("Rapid games"),
    "blitz": gettext_lazy("Blitz games"),
    "armageddon": gettext_lazy("One deciding game (armageddon)"),
    "lots": gettext_lazy("Lots"),
}
# Games that always decide: armageddon is one game, lots none (pairings/minimatch.py: Level).
FIXED_GAMES = {"armageddon": 1, "lots": 0}


# How the table numbers (mã số) were given (``Event.numbers_method``).
NUMBERS_METHODS = {
    "lots": gettext_lazy("by lots"),
    "rating": gettext_lazy("in rating order"),
    "manual": gettext_lazy("by hand"),
    "list": gettext_lazy("as the organisers listed them"),
}


def numbers_words(method: str, seed: int | None) -> str:
    """How the numbers were given, in words: "by lots (seed 123)", "in rating order"."""
    words = str(NUMBERS_METHODS.get(method, method))
    return _("%(how)s (seed %(seed)s)") % {"how": words, "seed": seed} if seed else words


def level_words(kind: str, games: int) -> str:
    """One level in words."""
    if kind == "regular":
        return _("%(n)s more games") % {"n": games}
    if kind == "rapid":
        return _("%(n)s rapid games") % {"n": games}
    if kind == "blitz":
        return _("%(n)s blitz games") % {"n": games}
    if kind == "armageddon":
        return _("one deciding game (armageddon)")
    if kind == "lots":
        return _("lots")
    return f"{kind} {games}"


def chain_words(levels) -> str:
    """The statute's chain in words, levels joined by "then"; empty chain: lots decide."""
    parts = [level_words(kind, games) for kind, games in levels or ()]
    if not parts:
        return _("If the match is tied, lots decide.")
    return _("If the match is tied: %(chain)s.") % {"chain": _(", then ").join(parts)}
