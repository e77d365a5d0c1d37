"""Confirmation before a destructive action, for browsers without JavaScript.

The pages' forms carry ``data-confirm`` and ``static/js/site.js`` asks in a dialog, then posts
``confirmed=1``. A post without it (JavaScript off) is answered with this page, which asks the
same question and posts the same fields again with ``confirmed=1``; nothing is changed before.
"""

from django.shortcuts import render


def confirmation(request, *, question: str, yes: str, back: str):
    """None when the post is confirmed; otherwise the page asking for it."""
    if request.POST.get("confirmed") == "1":
        return None
    fields = [(k, v) for k, values in request.POST.lists()
              if k not in ("csrfmiddlewaretoken", "confirmed") for v in values]
    return render(request, "tournaments/staff/confirm.html", {
        "question": question, "yes": yes, "back": back, "fields": fields,
        "action": request.path})
