"""A message pushed to a player's browser (docs/notifications.md) shows as a notification: the
service worker (static/js/sw.js) reads the payload the server encrypts
(tests/tournaments/services/test_notifications.py decrypts it as the browser does); here the
browser's own push delivery (the DevTools protocol's ``deliverPushMessage``) hands it the
decrypted payload."""

import json

import pytest


def _registration_id(cdp, page) -> str:
    found = {}
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda event: found.update({r["scopeURL"]: r["registrationId"]
                                       for r in event["registrations"] if not r["isDeleted"]}))
    cdp.send("ServiceWorker.enable")
    for _ in range(300):  # polled for up to 30 s
        if found:
            return next(iter(found.values()))
        page.wait_for_timeout(100)
    pytest.fail("No service worker registered.")


def test_a_pushed_message_shows_as_a_notification(live_server, browser):
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=live_server.url)
    page = context.new_page()
    page.goto(f"{live_server.url}/")
    # A push reaches a worker once it is active: wait for "activated", not just "activating"
    # (on a loaded machine the worker's install takes a while and an early push is dropped).
    assert page.evaluate("""navigator.serviceWorker.ready.then(r => r.active.state === "activated"
        ? "activated" : new Promise(done => r.active.addEventListener("statechange",
            e => e.target.state === "activated" && done("activated"))))""") == "activated"
    cdp = context.new_cdp_session(page)
    payload = {"title": "Giải Mở rộng, vòng 3: bàn 2",
               "body": "Đối thủ: Lại Lý Huynh\nMàu quân: Trắng",
               "url": f"{live_server.url}/events/giai-mo-rong/rounds/3/"}
    registration = _registration_id(cdp, page)
    # Headless Chromium now and then drops a message the DevTools protocol delivers (about one
    # time in three on this machine, the worker active and nothing logged): the message is
    # delivered again, up to three times. The notification's tag is its page, so a second
    # delivery replaces the first rather than adding one: exactly one must show.
    shown = []
    for _ in range(3):
        cdp.send("ServiceWorker.deliverPushMessage", {
            "origin": live_server.url, "registrationId": registration,
            "data": json.dumps(payload, ensure_ascii=False)})
        for _ in range(50):
            shown = page.evaluate("navigator.serviceWorker.ready.then(r => r.getNotifications())"
                                  ".then(ns => ns.map(n => [n.title, n.body, n.data.url]))")
            if shown:
                break
            page.wait_for_timeout(100)
        if shown:
            break
    assert shown == [[payload["title"], payload["body"], payload["url"]]]
    context.close()
