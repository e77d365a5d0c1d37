"""The OpenAPI schema (drf-spectacular): besides each operation's own answers, the refusals
every operation may give, as ``tournaments/api/errors.py`` makes them, so a client (and the
schemathesis run in ``tests/tournaments/api/test_schema_attacks.py``) knows each answer's shape.

- 400: the request is wrong: ``{"detail", "code"}`` or, for a form, field -> messages;
- 401: no or bad credentials (``WWW-Authenticate: Token``); 403: not this account's right;
- 404: no such object, or one the account may not see; 405: a method the address lacks;
- 409: a write over a version someone else changed meanwhile (results, line-ups, a deciding
  game's colours), with what is stored now (``result``, ``version``);
- 415: a body type the operation does not read; 429: too many tries (sign-in, tokens).
"""

from drf_spectacular import openapi
from drf_spectacular.utils import inline_serializer
from rest_framework import serializers

ERROR = inline_serializer("Error", fields={
    "detail": serializers.CharField(help_text="What went wrong, for people."),
    "code": serializers.CharField(help_text="What kind of refusal, for programs."),
})
STALE = inline_serializer("Stale", fields={
    "detail": serializers.CharField(help_text="What went wrong and who changed it, for people."),
    "code": serializers.CharField(help_text='"stale".'),
    "result": serializers.CharField(help_text="The result stored now (a result code, or empty)."),
    "version": serializers.IntegerField(help_text="The version stored now: send it to overwrite."),
})
DESCRIPTIONS = {
    "400": "The request is wrong: a message, or field -> messages.",
    "401": "Credentials missing or wrong.",
    "403": "This account does not have the right.",
    "404": "Not found, or not visible to this account.",
    "405": "This address does not take this method.",
    "406": "None of the accepted answer types is offered.",
    "409": "Changed by someone else meanwhile: nothing was saved (writes only).",
    "415": "This body type is not read here.",
    "429": "Too many tries: wait for the time in Retry-After.",
}


class AutoSchema(openapi.AutoSchema):
    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code, description in DESCRIPTIONS.items():
            if code in responses or (code == "409" and self.method == "GET"):
                continue
            if code == "400":
                schema = {"type": "object", "additionalProperties": True}
                responses[code] = self._get_response_for_code(schema, code)
            elif code == "409":
                responses[code] = self._get_response_for_code(STALE, code)
            else:
                responses[code] = self._get_response_for_code(ERROR, code)
            responses[code]["description"] = description
        return responses
