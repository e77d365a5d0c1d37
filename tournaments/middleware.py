"""Vietnamese by default: the browser's language preference is not consulted, so a visitor sees
Vietnamese until they choose English (the choice is kept in a cookie)."""


class VietnameseByDefault:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
        return self.get_response(request)
