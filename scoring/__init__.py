"""Scoring engine: points, standings, tie-breaks, crosstables. Pure Python, no Django."""
