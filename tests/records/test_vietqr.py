"""The VietQR payload (records/vietqr.py) against a published example and the CRC's check
value."""

import pytest

from records.vietqr import crc16_ccitt_false, memo_ascii, vietqr_payload, vietqr_valid

# The example of the subiz/vietqr library's README (github.com/subiz/vietqr): 120,000 đồng to
# account 0011001932418 at VietinBank (BIN 970415), memo "ủng hộ lũ lụt", is this payload.
PUBLISHED = ("00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA"
             "530370454061200005802VN62170813ung ho lu lut6304C15C")


def test_the_published_example_is_built_character_for_character():
    assert vietqr_payload(bank_bin="970415", account="0011001932418", amount=120000,
                          memo="ủng hộ lũ lụt") == PUBLISHED
    assert vietqr_valid(PUBLISHED)


def test_the_crc_is_ccitt_false():
    # The catalogue's check value of CRC-16/CCITT-FALSE over "123456789" is 0x29B1.
    assert crc16_ccitt_false("123456789") == "29B1"
    assert not vietqr_valid(PUBLISHED[:-1] + "D")  # one digit changed: refused
    assert not vietqr_valid(PUBLISHED.replace("120000", "130000"))


def test_a_static_code_has_no_amount_and_a_desk_memo():
    payload = vietqr_payload(bank_bin="970436", account="1234567890", memo="HN-2026 17")
    # Point of initiation 11 (static), no data object 54, the memo under 62/08.
    assert payload.startswith("000201010211")
    assert "5303704" + "5802VN" in payload
    assert "62140810HN 2026 17" in payload
    assert vietqr_valid(payload)


def test_memos_lose_accents_and_stop_at_25_characters():
    assert memo_ascii("Giải Cờ tướng Đà Nẵng 2026 số 12") == "Giai Co tuong Da Nang 202"
    assert memo_ascii("  a--b  ") == "a b"


@pytest.mark.parametrize("kwargs", [
    {"bank_bin": "97041", "account": "1"}, {"bank_bin": "970415", "account": ""},
    {"bank_bin": "970415", "account": "12 34"}, {"bank_bin": "970415", "account": "1" * 20},
    {"bank_bin": "970415", "account": "1", "amount": 0},
])
def test_bad_accounts_and_amounts_are_refused(kwargs):
    with pytest.raises(ValueError):
        vietqr_payload(**kwargs)
