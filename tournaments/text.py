"""Vietnamese text helpers: names compared and sorted without diacritics."""

import unicodedata

# Đ/đ is a letter of its own, not D with a combining mark, so NFD does not split it.
_EXTRA = str.maketrans({"Đ": "D", "đ": "d"})


def fold(text: str) -> str:
    """Lower-case ASCII form of ``text``: "Nguyễn Đức" -> "nguyen duc"."""
    decomposed = unicodedata.normalize("NFD", text.translate(_EXTRA))
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.lower().split())


def name_sort_key(full_name: str) -> str:
    """Sort key for a Vietnamese full name: given name first (the last word), as Vietnamese
    lists are ordered, then the family and middle names, all without diacritics."""
    words = fold(full_name).split()
    if not words:
        return ""
    return " ".join([words[-1], *words[:-1]])
