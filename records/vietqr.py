"""VietQR: the payload of a bank transfer QR code as NAPAS publishes it (the EMVCo
merchant-presented QR code, its Vietnamese profile for inter-bank transfers to an account).

A payload is a string of data objects, each an ID of two digits, a length of two digits and
the value; templates hold data objects of their own:

- ``00`` payload format indicator, ``01``;
- ``01`` point of initiation: ``11`` a static code (the payer types the amount), ``12`` a code
  for one transfer (the amount given);
- ``38`` merchant account information: ``00`` NAPAS's GUID ``A000000727``, ``01`` the
  beneficiary (``00`` the bank's six-digit NAPAS BIN, ``01`` the account number), ``02`` the
  service ``QRIBFTTA`` (transfer to an account);
- ``53`` currency ``704`` (the đồng), ``54`` the amount (whole đồng), ``58`` country ``VN``;
- ``62`` additional data: ``08`` the purpose of the transfer, the memo the bank shows to both
  sides, which the fees' desk matches (``<event code> <entry number>``);
- ``63`` the CRC: CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF) of everything before
  it, ``6304`` included, as four upper-case hexadecimal digits.

Memos are written without accents (``memo_ascii``): banks' apps carry ASCII in the field.
Pure Python, no Django (``tournaments/`` renders the QR code with segno).
"""

from __future__ import annotations

import unicodedata

NAPAS_GUID = "A000000727"
SERVICE_ACCOUNT = "QRIBFTTA"
CURRENCY_VND = "704"
COUNTRY = "VN"
MEMO_MAX_LENGTH = 25  # the purpose field's longest value in NAPAS's profile


def data_object(tag: str, value: str) -> str:
    """One data object: its two-digit ID, the value's length in two digits, the value."""
    if len(tag) != 2 or not tag.isdigit():
        raise ValueError(f"a data object's ID is two digits: {tag!r}")
    if not 0 < len(value) <= 99:
        raise ValueError(f"a data object holds 1 to 99 characters: {value!r}")
    return f"{tag}{len(value):02d}{value}"


def crc16_ccitt_false(text: str) -> str:
    """CRC-16/CCITT-FALSE of ``text`` (ASCII) as four upper-case hex digits ("29B1" for
    "123456789", the algorithm's check value)."""
    crc = 0xFFFF
    for byte in text.encode("ascii"):
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return f"{crc:04X}"


def memo_ascii(text: str) -> str:
    """A memo as banks carry it: accents dropped (đ → d), letters, digits and spaces only,
    spaces single, at most ``MEMO_MAX_LENGTH`` characters."""
    text = text.replace("đ", "d").replace("Đ", "D")
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    kept = "".join(c if c.isalnum() or c == " " else " " for c in plain)
    return " ".join(kept.split())[:MEMO_MAX_LENGTH].strip()


def vietqr_payload(*, bank_bin: str, account: str, amount: int | None = None,
                   memo: str = "") -> str:
    """The payload of a transfer to ``account`` at the bank of NAPAS BIN ``bank_bin``, of
    ``amount`` đồng (None: the payer types it) with ``memo`` as the transfer's purpose."""
    if len(bank_bin) != 6 or not bank_bin.isdigit():
        raise ValueError("a bank's NAPAS BIN is six digits")
    if not account or len(account) > 19 or not account.isalnum() or not account.isascii():
        raise ValueError("an account number is 1 to 19 letters and digits")
    if amount is not None and amount <= 0:
        raise ValueError("an amount is a positive number of đồng")
    beneficiary = data_object("00", bank_bin) + data_object("01", account)
    merchant = (data_object("00", NAPAS_GUID) + data_object("01", beneficiary)
                + data_object("02", SERVICE_ACCOUNT))
    parts = [data_object("00", "01"), data_object("01", "11" if amount is None else "12"),
             data_object("38", merchant), data_object("53", CURRENCY_VND)]
    if amount is not None:
        parts.append(data_object("54", str(amount)))
    parts.append(data_object("58", COUNTRY))
    memo = memo_ascii(memo)
    if memo:
        parts.append(data_object("62", data_object("08", memo)))
    body = "".join(parts) + "6304"
    return body + crc16_ccitt_false(body)


def vietqr_valid(payload: str) -> bool:
    """Whether ``payload`` ends with the CRC of what comes before it."""
    return len(payload) > 8 and payload[-8:-4] == "6304" and \
        crc16_ccitt_false(payload[:-4]) == payload[-4:]
