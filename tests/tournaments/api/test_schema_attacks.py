"""The API attacked as an outsider would, with each role: schemathesis generates requests from
the OpenAPI schema (/api/schema/) for every operation, valid and invalid, against events in
several states; every answer must be no server error and exactly what the schema documents
(status code, content type, headers, body). Bounded: 6 examples per operation for the public
and an organiser (15 on the operations the hardening of uploads and bad input changed), 3 for
the arbiters; then stateful runs, chains of calls that follow the links schemathesis infers
from the schema (an event's id from the list to its standings, a round's boards to a result),
for the public and an organiser. About 40 seconds of CPU on one core (docs/security.md)."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from rest_framework.authtoken.models import Token

from tests.tournaments.builders import knockout_scenario, rr_scenario, teams_scenario
from tournaments.models import Board, Entry, Event, Game, Player, Round, Team

schemathesis = pytest.importorskip("schemathesis")

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]

# Examples per operation, by role; the operations in TOUCHED get TOUCHED_EXAMPLES.
EXAMPLES = {"anonymous": 6, "organiser": 6, "arbiter": 3, "chief_arbiter": 3}
TOUCHED_EXAMPLES = 15
TOUCHED = {
    "POST /api/token/", "POST /api/stages/{id}/qualify/", "GET /api/stages/{id}/qualification/",
    "GET /api/boards/{id}/fouls/", "GET /api/events/{event_pk}/fouls/",
    "POST /api/events/import-trf/", "POST /api/entries/{id}/bye/",
    "PUT /api/events/{event_pk}/forbidden-groups/", "GET /api/events/{id}/standings/",
    "GET /api/events/{id}/crosstable/", "GET /api/events/{event_pk}/ratings/",
    "GET /api/events/{event_pk}/print/{sheet}/", "POST /api/rating-lists/",
    "POST /api/restores/", "POST /api/imports/", "POST /api/events/{event_pk}/imports/",
    "GET /api/championships/{id}/workbook/", "DELETE /api/boards/{id}/moves/",
    "GET /api/events/{event_pk}/boards/",
}
STATEFUL_RUNS = 12
STATEFUL_STEPS = 8
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

        examples = TOUCHED_EXAMPLES if operation.label in TOUCHED and EXAMPLES[role] > 3 \
            else EXAMPLES[role]

        @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
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


@pytest.mark.parametrize("role", ["anonymous", "organiser"])
@pytest.mark.usefixtures("wsgi_keeps_the_test_transaction")
def test_no_server_error_and_no_schema_violation_along_the_links(role, request, events):
    """Chains of calls along the links schemathesis infers (a response's ids fed to the next
    operation), each answer checked as above."""
    from hypothesis.stateful import run_state_machine_as_test

    from config.wsgi import application

    headers = {}
    if role != "anonymous":
        user = request.getfixturevalue(role)
        headers["Authorization"] = f"Token {Token.objects.get_or_create(user=user)[0].key}"
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
    machine = schema.as_state_machine()
    assert schema.statistic.transitions.total > 100  # the links the runs can follow
    checks = _checks()

    class Attack(machine):
        def before_call(self, case):
            _known_ids(case)

        def get_call_kwargs(self, case):
            return {"headers": headers}

        def validate_response(self, response, case, **kwargs):
            case.validate_response(response, checks=checks)

    run_state_machine_as_test(Attack, settings=settings(
        max_examples=STATEFUL_RUNS, stateful_step_count=STATEFUL_STEPS, deadline=None,
        database=None, derandomize=True, suppress_health_check=list(HealthCheck)))


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
