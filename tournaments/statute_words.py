"""The statute's codes in words, for the pages: how the table numbers (*mã số*) were given.
(The tie-break chain of a tied match is worded by ``tiebreak_labels.py: chain_words``.)"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# How the table numbers were given (``Event.numbers_method``).
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
