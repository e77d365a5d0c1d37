"""Browser tests: Playwright for Python driving Debian's Chromium (never a downloaded browser)
against Django's live server. Screenshots of each page go to test-artifacts/screenshots/."""

import os
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
# expect(...) waits as long as an action does (30 s, not its own 5 s): on a loaded 2-core machine
# an answer of the live server (a save, a job's poll, a page's refresh) can take longer than 5 s.
expect.set_options(timeout=30_000)


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(scope="session", autouse=True)
def _sync_database_access_under_playwright():
    """Playwright's sync API runs an event loop in the test thread; the test itself still talks
    to the database synchronously (fixtures, assertions), which Django allows with this switch
    (set while browser tests run, never in deployment; tests/test_settings.py drops it)."""
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(autouse=True)
def _vietnamese_by_default(settings):
    """The browser sees the product as people do: Vietnamese unless they switch."""
    settings.LANGUAGE_CODE = "vi"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's Chromium is missing: run `bash .ci/services` (make test does).")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def shot(request):
    """shot(page, "name") saves a full-page screenshot for review."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    prefix = request.node.name.replace("[", "_").replace("]", "")

    def take(page, name: str) -> Path:
        path = SCREENSHOTS / f"{prefix}__{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture
def login(live_server):
    def log_in(page, username: str, password: str = "pw-for-tests-1"):
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", password)
        page.click("main form button[type=submit]")
        # Logged in once the site has moved on from the login page (not merely loaded it).
        page.wait_for_url(lambda url: "/accounts/login/" not in url)

    return log_in


@pytest.fixture
def axe_violations():
    """axe_violations(page): axe-core's serious and critical findings on the page, run through
    the DevTools protocol (the pages' CSP forbids injected script tags, and stays on)."""
    source = (Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js").read_text()

    def run(page) -> list[str]:
        page.evaluate(source)
        return page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']}))
          .violations.filter(v => ['serious', 'critical'].includes(v.impact))
          .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))""")

    return run


class _InFlight:
    """The live server's application, counting the requests it is still answering (a response
    counts until it is closed: Django closes the database connection's use there)."""

    def __init__(self, app):
        self.app, self.count, self.lock = app, 0, threading.Condition()

    def __call__(self, environ, start_response):
        with self.lock:
            self.count += 1
        try:
            result = self.app(environ, start_response)
        except BaseException:
            self._done()
            raise
        return _Closing(result, self._done)

    def _done(self) -> None:
        with self.lock:
            self.count -= 1
            self.lock.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        with self.lock:
            return self.lock.wait_for(lambda: self.count == 0, timeout=timeout)


class _Closing:
    def __init__(self, result, done):
        self.result, self.done = result, done

    def __iter__(self):
        return iter(self.result)

    def close(self) -> None:
        try:
            if hasattr(self.result, "close"):
                self.result.close()
        finally:
            self.done()


@pytest.fixture(autouse=True)
def _quick_live_heartbeat(monkeypatch):
    """The pages of an event in play follow its live feed (static/js/live.js). Under the live
    server's WSGI a stream is a thread that notices its page has gone only when it next
    writes, a heartbeat: one second here (15 s in use), so that the server is idle soon after
    each test (below)."""
    monkeypatch.setattr("tournaments.live.HEARTBEAT_SECONDS", 1)


@pytest.fixture(autouse=True)
def _server_idle_before_flush(request):
    """The live server shares the test's in-memory SQLite connection: a request still being
    answered when the test ends (a page's poll, the service worker) holds a table while the
    database is flushed ("database table is locked"). Before the flush, every browser context
    is closed and the server's requests are waited for."""
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")
    httpd = request.getfixturevalue("live_server").thread.httpd
    app = httpd.get_app()
    if not isinstance(app, _InFlight):
        app = _InFlight(app)
        httpd.set_app(app)
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()
    assert app.wait_idle(timeout=60), "the live server is still answering after the test"
