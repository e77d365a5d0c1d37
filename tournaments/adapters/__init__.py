"""The one place that converts between model rows and the engines' types: ``events`` (an event
as the engines' ``Tournament``, the statute as the scoring engine's options), ``swiss`` (the
Dutch engine's view of the next round), ``knockout`` (the bracket and the mini-matches).
Services and selectors read the engines' inputs only through here."""
