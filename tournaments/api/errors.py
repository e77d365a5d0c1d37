"""Domain errors become HTTP answers with the message in the user's language; every refusal
that has a message reads ``{"detail": ..., "code": ...}``."""

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation, TooManyFieldsSent
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from tournaments.errors import ServiceError, StaleResult


def exception_handler(exc, context):
    if isinstance(exc, StaleResult):
        # What is stored now, so a page shows it instead of the value it had (Art. 20).
        return Response({"detail": str(exc), "code": "stale", "result": exc.stored,
                         "version": exc.version}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, ServiceError):
        # Some refusals say where, e.g. the ply and the move of a score sheet (Art. 11).
        return Response({"detail": str(exc), "code": type(exc).__name__,
                         **getattr(exc, "fields", {})}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, (TooManyFieldsSent, RequestDataTooBig)):
        # Django's bounds on a form body (DATA_UPLOAD_MAX_NUMBER_FIELDS, ..._MEMORY_SIZE).
        return Response({"detail": _("The request has too many fields or is too large."),
                         "code": "too_large"}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, SuspiciousOperation):
        return Response({"detail": _("Bad request."), "code": "bad_request"},
                        status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, DjangoValidationError):
        # A model's own check (``full_clean`` in a service): field -> messages, as DRF says it,
        # with every message in ``detail`` too (the API's one shape for a refusal).
        fields = exc.message_dict if hasattr(exc, "error_dict") else {}
        return Response({**fields, "detail": " ".join(exc.messages), "code": "invalid"},
                        status=status.HTTP_400_BAD_REQUEST)
    response = drf_exception_handler(exc, context)
    if isinstance(exc, ValidationError) and response is not None \
            and isinstance(response.data, list):
        # A field checked alone (``Field().to_internal_value``) refuses with a bare list.
        response.data = {"detail": " ".join(str(m) for m in response.data), "code": "invalid"}
        return response
    if isinstance(exc, ValidationError) and response is not None \
            and isinstance(response.data, dict) and "detail" not in response.data:
        # A serializer's field errors keep their fields and say it all in ``detail`` too.
        response.data = {**response.data, "detail": _field_messages(response.data),
                         "code": "invalid"}
        return response
    if response is not None and isinstance(response.data, dict) and "detail" in response.data:
        # One shape for every refusal: {"detail": message, "code": what kind}.
        response.data.setdefault("code", getattr(response.data["detail"], "code", "error"))
    return response


def _field_messages(errors: dict) -> str:
    """``{"notation": ["..."]}`` -> ``notation: ...``, every field's messages on one line."""
    parts = []
    for field, messages in errors.items():
        items = messages if isinstance(messages, list) else [messages]
        text = " ".join(str(m) for m in items if not isinstance(m, (dict, list)))
        if text:  # a nested serializer's errors stay under their field only
            parts.append(text if field == "non_field_errors" else f"{field}: {text}")
    return " ".join(parts)
