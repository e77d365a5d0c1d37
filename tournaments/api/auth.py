"""API tokens: a program (a results board, a federation's rating system) signs in once with a
username and password and then sends ``Authorization: Token <key>``; the token carries the same
rights as the account (tournaments/rules.py)."""

from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle


class TokenView(ObtainAuthToken):
    """POST ``username`` and ``password``: the account's API token (made on the first request,
    the same one afterwards). Tries are limited per client address (``REST_FRAMEWORK`` throttle
    ``token``), and failed ones count towards the sign-in limit of every door
    (``tournaments/signin_throttle.py``), so passwords cannot be guessed through it."""

    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # DRF's own list lacks ours
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "token"
