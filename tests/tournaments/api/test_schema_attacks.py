"""The API attacked as an outsider would, with each role: schemathesis generates requests from
the OpenAPI schema (/api/schema/) for every operation, valid and invalid, against events in
several states; every answer must be no server error and exactly what the schema documents
(status code, content type, headers, body). Bounded: a few examples per operation and role."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from rest_framework.authtoken.models import Token

from tests.tournaments.builders import knockout_scenario, rr_scenario, teams_scenario
from tournaments.models import Board, Entry, Event, Game, Player, Round, Team

schemathesis = pytest.importorskip("schemathesis")

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]

EXAMPLES = 3
# Server errors and schema violations; not the semantic checks (a wrong password is a 400).
CHECKS = ["not_a_server_error", "status_code_conformance", "content_type_conformance",
          "response_headers_conformance", "response_schema_conformance"]
ROLES = ["anonymous", "arbiter", "chief_arbiter", "organiser"]
# Which objects a path's {id} names, by the path's first part.
OBJECTS = {"events": Event, "entries": Entry, "rounds": Round, "boards": Board, "games": Game,
           "players": Player, "teams": Team}


@pytest.fixture
def events(make_event, organiser, chief_arbiter):
    """A round robin with a closed round, a knockout and a team event with a round out."""
    rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")
    knockout_scenario(make_event, organiser, chief_arbiter)
    teams_scenario(make_event, organiser, chief_arbiter, published=True)


def _known_ids(case) -> None:
    """Half the generated ids name objects that exist, so the answers are not all 404."""
    first = case.path.strip("/").split("/")[1]
    for name, value in list((case.path_parameters or {}).items()):
        if not isinstance(value, int) or value % 2:
            continue
        model = Event if name == "event_pk" else Entry if name == "entry_pk" else \
            OBJECTS.get(first) if name == "id" else None
        ids = list(model.objects.order_by("pk").values_list("pk", flat=True)) if model else []
        if ids:
            case.path_parameters[name] = ids[value // 2 % len(ids)]


@pytest.fixture
def wsgi_keeps_the_test_transaction():
    """Requests through WSGI end by closing a database connection that is inside a transaction
    (Django's request_finished signal), which on PostgreSQL would end the test's transaction:
    disconnected here as Django's own test client does."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.usefixtures("wsgi_keeps_the_test_transaction")
def test_no_server_error_and_no_schema_violation_for_any_operation(role, request, events):
    from config.wsgi import application

    headers = {}
    if role != "anonymous":
        user = request.getfixturevalue(role)
        headers["Authorization"] = f"Token {Token.objects.get_or_create(user=user)[0].key}"
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
    failures = []
    for result in schema.get_all_operations():
        operation = result.ok()

        @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy())
        def attack(case):
            _known_ids(case)
            response = case.call(headers=headers)
            case.validate_response(response, checks=_checks())

        try:
            attack()
        except BaseException as failure:  # noqa: BLE001  (every operation is reported)
            if isinstance(failure, KeyboardInterrupt):
                raise
            failures.append(f"{operation.label}: {_first_lines(failure)}")
    assert not failures, f"{len(failures)} operations failed as {role}:\n" + "\n".join(failures)


def _checks():
    from schemathesis.checks import load_all_checks  # noqa: F401  (registers them)
    from schemathesis.openapi import checks

    return [getattr(checks, name, None) or _builtin(name) for name in CHECKS]


def _builtin(name):
    from schemathesis import checks

    return getattr(checks, name)


def _first_lines(failure) -> str:
    text = re.sub(r"\s+", " ", str(failure))
    return text[:600]
