"""Request bodies: JSON nested deeper than Python's parser goes (a hostile body of thousands of
``[``) is a malformed request, answered 400 like any other, not a crash; so is a JSON body that
is not an object (``5``, ``"x"``, ``[1]``, ``null``): every write of the API reads named
fields, none takes a bare value or a list."""

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise ParseError(_("The JSON body is nested too deeply.")) from exc
        if not isinstance(data, dict):
            raise ParseError(_("The JSON body must be an object ({…}) of named fields."))
        return data
