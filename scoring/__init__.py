"""Scoring engine: points, standings, tie-breaks, crosstables. Pure Python, no Django.

Modules, each for what it holds:

- ``records``: the event record (participants, pairings, results) — shared vocabulary;
- ``trf``: FIDE TRF-16 reading and writing;
- ``points``: scoring systems (Art. 21.1, 21.2, appendix §4) and the scoresheet;
- ``formats``: round robin or Swiss, detected or given;
- ``withdrawals``: Art. 21.5 as a transformation of the record;
- ``tiebreaks``: the criteria, by FIDE C.07 code, in a registry;
- ``xiangqi``, ``performance``: criteria of Xiangqi regulations (OS, FOUL, H2H2, ...) and C.07's
  performance criteria (TPR, PTP, APRO, APPO), added to that registry when the package loads;
- ``presets``: the named orders of the law and of the federations, each with its source;
- ``ratings``: rating change per event (Elo, FIDE B.02 tables, K tables);
- ``standings``: ranking with explanations;
- ``crosstable``: the score table's data;
- ``teams``: line-ups and board results of team events;
- ``cli`` / ``__main__``: ``python -m scoring standings FILE.trf --tiebreaks ...``.
"""

from scoring import performance, xiangqi  # noqa: E402, F401  (their codes join the registry)
