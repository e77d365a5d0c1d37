"""API tokens: a program (a results board, a federation's rating system) signs in once with a
username and password and then sends ``Authorization: Token <key>``; the token carries the same
rights as the account (tournaments/rules.py)."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle


class TokenRequest(AuthTokenSerializer):
    """DRF's, with what it refuses said in the schema: a username and a password are never
    empty (whitespace is kept: no account has a blank name, so it is a failed sign-in)."""

    username = serializers.CharField(label=_("Username"), write_only=True, min_length=1,
                                     trim_whitespace=False)
    password = serializers.CharField(label=_("Password"), style={"input_type": "password"},
                                     write_only=True, min_length=1, trim_whitespace=False)


class TokenView(ObtainAuthToken):
    """POST ``username`` and ``password``: the account's API token (made on the first request,
    the same one afterwards). Tries are limited per client address (``REST_FRAMEWORK`` throttle
    ``token``), and failed ones count towards the sign-in limit of every door
    (``tournaments/signin_throttle.py``), so passwords cannot be guessed through it."""

    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # DRF's own list lacks ours
    serializer_class = TokenRequest
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "token"
