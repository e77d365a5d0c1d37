"""Middleware of the site: the language, and the security headers Django does not set."""


class VietnameseByDefault:
    """The browser's language preference is not consulted, so a visitor sees Vietnamese until
    they choose English (the choice is kept in a cookie)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
        return self.get_response(request)


class SecurityHeaders:
    """Content-Security-Policy and Permissions-Policy on every answer (Django has neither).

    The pages load scripts and styles from this site only and have no inline script, style or
    event handler (``static/js/site.js`` wires what ``onchange=`` did), so the policy needs no
    ``unsafe-inline``: an injected ``<script>`` does not run. A view may set its own policy.
    """

    def __init__(self, get_response):
        from django.conf import settings

        self.get_response = get_response
        self.headers = {"Content-Security-Policy": settings.CONTENT_SECURITY_POLICY,
                        "Permissions-Policy": settings.PERMISSIONS_POLICY}

    def __call__(self, request):
        response = self.get_response(request)
        for name, value in self.headers.items():
            if value:
                response.headers.setdefault(name, value)
        return response
