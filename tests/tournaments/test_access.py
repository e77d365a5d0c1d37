"""One answer to "may this user see / act in this event" (tournaments/access.py), shared by the
pages and the API (api/permissions.py), and the write mechanics named once: the rules' role
cache forgotten through ``rules.roles_forget``, django-simple-history's who and why set only by
``services/_history.py``."""

from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from tests.tournaments.builders import rr_scenario
from tournaments.access import event_for, event_seen, refusal, round_visible

TOURNAMENTS = Path(__file__).resolve().parents[2] / "tournaments"

# Spelled only in the module that owns it: (what, where it may appear).
OWNED = [
    ('"tournaments.view_event"', {"rules.py", "access.py", "selectors/events.py"}),
    ('"tournaments.view_championship"',
     {"rules.py", "access.py", "selectors/championship_tree.py"}),
    ("_event_roles_cache", {"rules.py"}),
    ("._history_user", {"services/_history.py"}),
    ("._change_reason", {"services/_history.py"}),
]


def _spelled(root: Path, text: str) -> set[str]:
    return {str(path.relative_to(root)) for path in root.rglob("*.py")
            if "migrations" not in path.parts and text in path.read_text()}


@pytest.mark.parametrize(("text", "owners"), OWNED)
def test_each_mechanic_is_spelled_in_one_place(text, owners):
    assert _spelled(TOURNAMENTS, text) <= owners


def test_the_check_finds_a_planted_copy(tmp_path):
    """Broken on purpose: a view that checks the right itself, a service that sets the
    history's user by hand."""
    (tmp_path / "views").mkdir()
    (tmp_path / "views" / "planted.py").write_text(
        'def page(request, event):\n'
        '    return request.user.has_perm("tournaments.view_event", event)\n')
    (tmp_path / "services").mkdir()
    (tmp_path / "services" / "planted.py").write_text("board._history_user = actor\n")
    assert _spelled(tmp_path, '"tournaments.view_event"') == {"views/planted.py"}
    assert _spelled(tmp_path, "._history_user") == {"services/planted.py"}


@pytest.mark.django_db
def test_a_draft_event_is_not_found_and_a_right_is_refused_by_name(
        make_event, organiser, chief_arbiter, arbiter, stranger):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, public=False, rounds="draft")
    event = ctx["event"]
    for user in (AnonymousUser(), stranger):
        with pytest.raises(Http404):
            event_seen(user, slug=event.slug)
        with pytest.raises(Http404):
            event_seen(user, pk=event.pk)
    assert event_seen(arbiter, pk=event.pk) == event
    with pytest.raises(Http404):
        event_seen(organiser, slug="no-such-event")
    with pytest.raises(PermissionDenied, match="organisers") as refused:
        event_for(arbiter, "tournaments.change_event", slug=event.slug)
    assert str(refused.value) == refusal("tournaments.change_event")
    assert event_for(organiser, "tournaments.change_event", pk=event.pk) == event
    draft = event.rounds_set.get(number=1)
    assert round_visible(arbiter, draft, event) and not round_visible(stranger, draft, event)
