"""Scoring engine: points, standings, tie-breaks, crosstables. Pure Python, no Django.

It reads the event record of the ``records`` package (participants, pairings, results; TRF-16
files in ``records.trf``). Modules, each for what it holds:

- ``points``: scoring systems (Art. 21.1, 21.2, appendix §4) and the scoresheet;
- ``formats``: round robin or Swiss, detected or given;
- ``withdrawals``: Art. 21.5 as a transformation of the record;
- ``tiebreaks``: the criteria, by FIDE C.07 code, in a registry;
- ``xiangqi_criteria``, ``performance``: criteria of Xiangqi regulations (OS, FOUL, H2H2, ...)
  and C.07's performance criteria (TPR, PTP, APRO, APPO), added to that registry when the
  package loads;
- ``presets``: the named orders of the law and of the federations, each with its source;
- ``ratings``: rating change per event (Elo, FIDE B.02 tables, K tables);
- ``standings``: ranking with explanations;
- ``crosstable``: the score table's data;
- ``teams``: line-ups and board results of team events;
- ``team_ranks``: team results from the individual ranks (WXF);
- ``cli`` / ``__main__``: ``python -m scoring standings FILE.trf --tiebreaks ...`` and
  ``python -m scoring ratings FILE.trf``.
"""

from scoring import performance, xiangqi_criteria  # noqa: E402, F401  (their codes join the registry)
