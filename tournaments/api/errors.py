"""Domain errors become HTTP answers with the message in the user's language."""

from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from tournaments.errors import ServiceError, StaleResult


def exception_handler(exc, context):
    if isinstance(exc, StaleResult):
        return Response({"detail": str(exc), "code": "stale"}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, ServiceError):
        return Response({"detail": str(exc), "code": type(exc).__name__},
                        status=status.HTTP_400_BAD_REQUEST)
    return drf_exception_handler(exc, context)
