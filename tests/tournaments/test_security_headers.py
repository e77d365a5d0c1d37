"""Security headers (tournaments/middleware.py: SecurityHeaders) on pages, the API, the admin
and the API docs; the pages keep to the policy: no inline script, style or event handler."""

import re
from pathlib import Path

import pytest

from tests.tournaments.builders import client_for

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/admin/login/", "/api/events/",
                                  "/api/docs/", "/no-such-page/"])
def test_every_answer_carries_the_policies(path):
    response = client_for().get(path)
    csp = response["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert "camera=()" in response["Permissions-Policy"]
    assert "geolocation=()" in response["Permissions-Policy"]


def test_the_api_docs_load_their_script_from_the_site():
    html = client_for().get("/api/docs/").content.decode()
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)


@pytest.mark.parametrize("template", sorted(TEMPLATES.rglob("*.html")),
                         ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_template_has_inline_script_style_or_handler(template):
    html = template.read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline <script>"
    assert not re.search(r"<style\b", html), "inline <style>"
    assert not re.search(r"\s(on[a-z]+|style)\s*=", html), "inline handler or style attribute"


def test_a_policy_can_be_configured_away(settings):
    settings.PERMISSIONS_POLICY = ""
    response = client_for().get("/")
    assert "Permissions-Policy" not in response and "Content-Security-Policy" in response
