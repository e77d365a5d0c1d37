// The "notify me" button of a player's own page (templates/tournaments/player/page.html):
// asks the browser's leave to show notices, subscribes it to Web Push with the installation's
// VAPID public key (RFC 8292) through the site's service worker (static/js/sw.js, which shows
// the notices), and hands the subscription to the page's address for it
// (POST /api/private/<token>/push/), which keeps it for this entry only.
(function () {
  "use strict";

  function keyBytes(base64url) {
    const padded = (base64url + "===".slice((base64url.length + 3) % 4))
      .replace(/-/g, "+").replace(/_/g, "/");
    const raw = atob(padded);
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  }

  function csrfToken() {
    const field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  async function subscribe(button, status) {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true, applicationServerKey: keyBytes(button.dataset.vapidKey),
    });
    const response = await fetch(button.dataset.subscribeUrl, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrfToken()},
      body: JSON.stringify(subscription.toJSON()),
    });
    if (!response.ok) throw new Error(String(response.status));
    status.textContent = button.dataset.done;
    button.hidden = true;
  }

  function start() {
    const button = document.querySelector("[data-notify]");
    if (!button) return;
    const status = document.querySelector("[data-notify-status]");
    if (!("serviceWorker" in navigator) || !("PushManager" in window)
        || !("Notification" in window)) {
      status.textContent = button.dataset.unsupported;
      button.hidden = true;
      return;
    }
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        if (await Notification.requestPermission() !== "granted") {
          status.textContent = button.dataset.refused;
          return;
        }
        await subscribe(button, status);
      } catch (error) {
        status.textContent = button.dataset.failed;
      } finally {
        button.disabled = false;
      }
    });
    button.dataset.ready = "1";
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
