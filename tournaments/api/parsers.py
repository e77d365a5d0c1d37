"""Request bodies: JSON nested deeper than Python's parser goes (a hostile body of thousands of
``[``) is a malformed request, answered 400 like any other, not a crash."""

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise ParseError(_("The JSON body is nested too deeply.")) from exc

