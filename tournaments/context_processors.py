"""What every template may compare with: the vocabulary's enums (``{% if round.status ==
RoundStatus.DRAFT %}``), so no template writes a result code, a status or a game kind
(``tests/test_vocabulary.py``). Print sheets, rendered without a request, get the same names
(``printing/document.py``)."""

from tournaments.models import EntryStatus, GameKind, ResultCode, RoundStatus

VOCABULARY = {"ResultCode": ResultCode, "RoundStatus": RoundStatus, "EntryStatus": EntryStatus,
              "GameKind": GameKind}


def vocabulary(request) -> dict:
    return VOCABULARY
