"""An event's version: every service that changes what an event's public pages show
bumps ``Event.version`` through ``services/_access.py: event_lock``, in its transaction, and
publishes the number to the shared cache once it commits (``tournaments/versions.py``)."""

import ast
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.builders import club_admin_of, rr_scenario
from tournaments.errors import StaleResult
from tournaments.models import Event
from tournaments.services import events as event_services
from tournaments.services.fouls import foul_record
from tournaments.services.results import result_record
from tournaments.services.rounds import round_complete, round_publish
from tournaments.versions import version_of

SERVICES = Path(__file__).resolve().parents[3] / "tournaments" / "services"

# Writers that need not bump an event's version, and why. Anything else that opens a
# transaction must reach ``event_lock``.
NOT_AN_EVENT_CHANGE = {
    "organisation_create": "the tree of organisations, read fresh by its pages",
    "organisation_update": "an organisation's name, read fresh by its pages",
    "organisation_admin_assign": "an organisation's administrators: rights, not an event's page",
    "organisation_admin_remove": "an organisation's administrators: rights, not an event's page",
    "membership_add": "a club's members, shown to its administrators only",
    "membership_finish": "a club's members, shown to its administrators only",
    "event_create": "a new event: version 0, nothing of it is cached yet",
    # The live relay locks the board, not the event: the reads that show a relayed game in
    # play are answered fresh (public_cache.py: RELAY_READS), the others do not show its moves.
    "relay_move": "a relayed game's move, read fresh by the relayed game's reads",
    "relay_undo": "a relayed game's move taken back, read fresh by the relayed game's reads",
    "trf_import": "creates a new event",
    "event_restore": "creates a new event from a backup",
    "import_start": "a background job's row (staff only); the import's writing locks the event",
    "import_confirm": "queues the import's writing, which locks the event",
    "restore_start": "a background job's row",
    "export_start": "a background job's row",
    "job_cancel": "a background job's row",
    "rating_list_import": "the register's rating lists, read by no cached event page",
    "rating_list_import_start": "a background job's row; the import touches no event",
    "trf_import_start": "a background job's row; the import creates a new event",
    "team_get_or_create": "a team of the register, not of an event",
    "round_check_refresh": "the stored check is shown to staff only, whose pages are not cached",
    "pdf_start": "a background job's row",
    "pairing_start": "a background job's row; the pairing it runs locks the event",
    "championship_create": "a new championship: no event yet",
    "category_add": "a championship's category, shown on the championship's pages (not cached)",
    "category_update": "a championship's category, shown on the championship's pages",
    "category_fees_set": "a championship category's fees, shown to its treasurer and "
                         "organisers only (staff pages, not cached)",
    "stage_add": "creates new events (``event_create``): version 0, nothing cached yet",
    "stage_qualification_set": "a stage's rule, shown on the championship's pages",
    "stage_playoff_record": "a stage's play-off winners, shown on the championship's pages",
    "invitation_create": "an invitation, shown to the organisers only; its role is given by "
                         "role_assign (which locks) when accepted",
    "invitation_revoke": "an invitation, shown to the organisers only",
    "account_deactivate": "an account, not an event: its roles stay as they were",
    "account_reactivate": "an account, not an event: its roles stay as they were",
    "notification_send": "a message's rows, on the organisers' log (not cached); called inside "
                         "the writer whose change it announces",
}


def _is_atomic(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "atomic" or (
        isinstance(node, ast.Call) and _is_atomic(node.func))


def _name(node: ast.AST) -> str | None:
    """The name a decorator or a call is spelled with: ``event_writer`` for
    ``@event_writer("...")``, ``atomic`` for ``transaction.atomic``."""
    node = node.func if isinstance(node, ast.Call) else node
    return node.id if isinstance(node, ast.Name) else getattr(node, "attr", None)


def _service_functions(services: Path = SERVICES) -> dict[str, tuple[bool, set[str]]]:
    """Every module-level function of the services: (opens a transaction, names it calls).

    A function opens a transaction if it is decorated with ``transaction.atomic``, has a
    ``with transaction.atomic()`` (nested functions included: a decorator's wrapper), or is
    decorated by a function of the services that opens one (``_access.py: event_writer``).
    Its decorators count as calls, so a service decorated by ``event_writer`` reaches what the
    decorator's wrapper calls."""
    found: dict[str, tuple[bool, set[str]]] = {}
    decorators: dict[str, set[str]] = {}
    for path in sorted(services.glob("*.py")):
        for node in ast.parse(path.read_text()).body:
            if not isinstance(node, ast.FunctionDef):
                continue
            atomic = any(_is_atomic(d) for d in node.decorator_list) or any(
                isinstance(n, ast.With) and any(_is_atomic(i.context_expr) for i in n.items)
                for n in ast.walk(node))
            calls = {c.func.id if isinstance(c.func, ast.Name) else c.func.attr
                     for c in ast.walk(node) if isinstance(c, ast.Call)
                     and isinstance(c.func, ast.Name | ast.Attribute)}
            named = {_name(d) for d in node.decorator_list} - {None}
            was_atomic, was_calls = found.get(node.name, (False, set()))
            found[node.name] = (atomic or was_atomic, calls | named | was_calls)
            decorators[node.name] = named | decorators.get(node.name, set())
    return {name: (atomic or any(found.get(d, (False,))[0] for d in decorators[name]), calls)
            for name, (atomic, calls) in found.items()}


def _bumping(functions) -> set[str]:
    """The functions that reach ``event_lock``, however indirectly."""
    bumping = {"event_lock"}
    while True:
        more = {name for name, (_, calls) in functions.items() if calls & bumping} - bumping
        if not more:
            return bumping
        bumping |= more


def _forgetting(functions) -> set[str]:
    """The services that open a transaction and never reach ``event_lock``, exemptions aside."""
    writers = {name for name, (atomic, _) in functions.items()
               if atomic and not name.startswith("_")}
    return writers - _bumping(functions) - set(NOT_AN_EVENT_CHANGE)


def test_every_writing_service_bumps_the_event_version():
    functions = _service_functions()
    writers = {name for name, (atomic, _) in functions.items()
               if atomic and not name.startswith("_")}
    assert {"result_record", "round_publish", "swiss_round_pair", "lineup_set",
            "event_update", "foul_record"} <= writers  # the enumeration finds the writers
    forgetting = _forgetting(functions)
    assert forgetting == set(), f"these services write without event_lock: {forgetting}"
    assert set(NOT_AN_EVENT_CHANGE) <= writers  # no stale exemption


def test_the_enumeration_catches_a_writer_that_forgets(tmp_path):
    """The check above fails for a new service that opens a transaction and never locks."""
    functions = _service_functions()
    functions["new_writer"] = (True, {"right_require", "save"})
    functions["calls_a_writer"] = (True, {"result_record"})
    bumping = _bumping(functions)
    assert "new_writer" not in bumping and "calls_a_writer" in bumping


WRITERS = '''
from django.db import transaction
from tournaments.services._access import event_writer, right_require


@event_writer(perm="tournaments.change_event")
def planted_writer(*, event, actor):
    event.save()


@transaction.atomic
def planted_forgetter(*, event, actor):
    right_require(actor=actor, perm="tournaments.change_event", event=event)
    event.save()
'''


def test_the_enumeration_reads_the_writer_decorator(tmp_path):
    """Broken on purpose in a copy of the services: a service under ``event_writer`` is a
    writer that locks; one under ``transaction.atomic`` that never locks is caught; and an
    ``event_writer`` whose wrapper no longer locks makes every service it decorates caught."""
    copy = tmp_path / "services"
    copy.mkdir()
    for path in SERVICES.glob("*.py"):
        (copy / path.name).write_text(path.read_text())
    (copy / "planted.py").write_text(WRITERS)
    functions = _service_functions(copy)
    assert functions["planted_writer"][0] and functions["round_publish"][0]
    assert _forgetting(functions) == {"planted_forgetter"}

    access = copy / "_access.py"
    source = access.read_text()
    locking = "service(event=event_lock(event=event, closed_ok=closed_ok),"
    assert locking in source
    access.write_text(source.replace(locking, "service(event=event,"))
    forgetting = _forgetting(_service_functions(copy))
    assert {"planted_writer", "planted_forgetter", "round_publish", "lots_draw",
            "event_writer"} <= forgetting


@pytest.fixture
def published(make_event, organiser, chief_arbiter):
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="published")


def _version(event) -> int:
    return Event.objects.values_list("version", flat=True).get(pk=event.pk)


@pytest.mark.django_db
def test_each_write_raises_the_version(published, organiser, chief_arbiter, arbiter):
    event, board = published["event"], published["board"]
    steps = [
        lambda: result_record(board=board, result="1-0", actor=arbiter, expected_version=0),
        lambda: foul_record(event=event, board=board, entry_id=board.black_id, kind="time",
                            article="23.3", actor=arbiter),
        lambda: event_services.event_update(event=event, actor=organiser, venue="Huế"),
        lambda: event_services.event_visibility_set(event=event, actor=organiser,
                                                    public=False),
    ]
    for step in steps:
        before = _version(event)
        step()
        assert _version(event) == before + 1


@pytest.mark.django_db
def test_closing_and_publishing_rounds_raise_the_version(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")
    before = _version(ctx["event"])
    round_publish(round_=ctx["event"].rounds_set.get(number=2), actor=chief_arbiter)
    assert _version(ctx["event"]) == before + 1


@pytest.mark.django_db
def test_a_refused_write_leaves_the_version(published, arbiter, chief_arbiter):
    event, board = published["event"], published["board"]
    before = _version(event)
    with pytest.raises(StaleResult):
        result_record(board=board, result="1-0", actor=arbiter, expected_version=7)
    with pytest.raises(Exception, match="result"):
        round_complete(round_=published["round1"], actor=chief_arbiter)
    assert _version(event) == before


@pytest.mark.django_db
def test_a_stale_instance_saved_later_cannot_lower_the_version(published, organiser):
    event = Event.objects.get(pk=published["event"].pk)  # read before the write below
    event_services.event_update(event=Event.objects.get(pk=event.pk), actor=organiser,
                                venue="Huế")
    raised = _version(event)
    event.venue = "Đà Lạt"
    event.save()
    assert raised > event.version
    assert _version(event) == raised and Event.objects.get(pk=event.pk).venue == "Đà Lạt"


@pytest.mark.django_db
def test_the_committed_version_is_published_to_the_cache(
        published, arbiter, settings, django_capture_on_commit_callbacks):
    settings.EVENT_VERSION_CACHE_SECONDS = 60
    event, board = published["event"], published["board"]
    assert version_of(pk=event.pk) == (event.pk, _version(event))  # read once, then cached
    with django_capture_on_commit_callbacks(execute=True):
        result_record(board=board, result="0-1", actor=arbiter, expected_version=0)
    with CaptureQueriesContext(connection) as queries:
        by_id, by_slug = version_of(pk=event.pk), version_of(slug=event.slug)
    assert by_id == by_slug == (event.pk, _version(event)) and len(queries) == 0


@pytest.mark.django_db
def test_without_the_version_cache_each_read_asks_the_database(published, arbiter, settings):
    settings.EVENT_VERSION_CACHE_SECONDS = 0
    event, board = published["event"], published["board"]
    version_of(pk=event.pk)
    result_record(board=board, result="0-1", actor=arbiter, expected_version=0)  # not committed
    expected = (event.pk, _version(event))
    with CaptureQueriesContext(connection) as queries:
        assert version_of(slug=event.slug) == expected
    assert len(queries) == 1
    assert version_of(slug="no-such-event") is None


@pytest.mark.django_db
def test_correcting_a_player_raises_the_version_of_their_events(published, organiser):
    from tournaments.services.players import player_update

    event = published["event"]
    club_admin_of(organiser, published["entries"][0].player)  # the tree's right to correct him
    before = _version(event)
    player_update(player=published["entries"][0].player, actor=organiser, full_name="Lê Văn Sửa")
    assert _version(event) == before + 1
