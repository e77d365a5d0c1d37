"""Pairing engines: pure Python, no Django.

Each engine takes frozen dataclasses (pairing numbers, results, statute options) and returns new
ones. See docs/architecture.md.
"""
