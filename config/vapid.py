"""Web Push keys (VAPID, RFC 8292) as the settings and pywebpush read them: the private key is
the raw P-256 number, the public key the uncompressed point, both base64url without padding."""

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def _text(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def private_key_new() -> str:
    """A new private key."""
    number = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    return _text(number.to_bytes(32, "big"))


def public_key_of(private_key: str) -> str:
    """The public key browsers subscribe with (``applicationServerKey``)."""
    raw = base64.urlsafe_b64decode(private_key + "=" * (-len(private_key) % 4))
    key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    return _text(key.public_key().public_bytes(serialization.Encoding.X962,
                                               serialization.PublicFormat.UncompressedPoint))
