"""Saving a row that keeps its history (django-simple-history on ``Board``, ``Game`` and
``Player``): who changed it and why, and for a board or a game its version raised.

A board's or a game's version is the optimistic lock of results and corrections (Art. 20): a
result, a line-up or a deciding game's colours is written only over the version the arbiter's
page showed (``errors.py: StaleResult.of``), so the services raise it with every change they save.
"""

from collections.abc import Sequence


def history_note(*, row, actor, reason: str) -> None:
    """Who changes ``row`` and why, for the history record of its next save or delete
    (django-simple-history reads them from the instance)."""
    row._history_user = actor
    row._change_reason = reason


def versioned_save(*, row, actor, reason: str, fields: Sequence[str] | None = None) -> None:
    """Save a changed board or game: its version raised by one, who and why in its history.
    ``fields``: the fields that changed (the version is saved with them); ``None`` saves the
    whole row (a board made by hand)."""
    row.version += 1
    history_note(row=row, actor=actor, reason=reason)
    row.save(update_fields=None if fields is None else [*fields, "version"])
