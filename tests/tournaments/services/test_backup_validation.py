"""A restore is checked by the rules the services keep (services/backup.py: _restore_round), all
or nothing: a backup edited by hand, or made by a broken program, is refused with a message and
stores nothing, so standings, crosstables and TRF exports never meet data the app cannot make."""

import json

import pytest

from tournaments.errors import ServiceError
from tournaments.models import Board, Entry, Event, Game, Player, Round
from tournaments.selectors.backup import event_backup_document
from tournaments.services.backup import event_restore

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


def _first_board(doc):
    return doc["rounds"][0]["boards"][0]


def bye_kind(doc):
    _first_board(doc).update(bye="Q")


def result_code(doc):
    _first_board(doc)["result"] = "ZZZ"


def round_status(doc):
    doc["rounds"][0]["status"] = "weird"


def pairing_method(doc):
    doc["rounds"][0]["method"] = "guessed"


def entry_on_two_boards(doc):
    boards = doc["rounds"][0]["boards"]
    boards[1]["white"] = boards[0]["white"]


def results_in_a_draft(doc):
    doc["rounds"][0]["status"] = "draft"


def closed_with_an_empty_board(doc):
    doc["rounds"][0]["status"] = "completed"
    _first_board(doc)["result"] = ""


CORRUPTIONS = [bye_kind, result_code, round_status, pairing_method, entry_on_two_boards,
               results_in_a_draft, closed_with_an_empty_board]


def counts():
    return [model.objects.count() for model in (Event, Player, Entry, Round, Board, Game)]


def refused(document, organiser) -> str:
    before = counts()
    with pytest.raises(ServiceError) as error:
        event_restore(document=json.loads(json.dumps(document)), actor=organiser)
    assert counts() == before
    return str(error.value)


@pytest.mark.parametrize("corrupt", CORRUPTIONS, ids=lambda f: f.__name__)
def test_a_backup_the_services_could_not_have_made_is_refused_and_stores_nothing(
        rr_event, organiser, corrupt):
    document = event_backup_document(event=rr_event)
    event_restore(document=json.loads(json.dumps(document)), actor=organiser)  # sound as made
    corrupt(document)
    message = refused(document, organiser)
    assert "not restored" in message or "paired twice" in message


def test_a_game_with_an_unknown_result_or_kind_is_refused(team_event, organiser):
    for field, value in (("result", "ZZZ"), ("kind", "bullet")):
        document = event_backup_document(event=team_event)
        _first_board(document)["games"][0][field] = value
        assert "not restored" in refused(document, organiser)
