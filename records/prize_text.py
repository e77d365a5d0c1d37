"""The statute's prize list as an organiser types it, one category a line:

    Chung cuộc: 5.000.000 Cúp vô địch; 3.000.000; 2.000.000
    Nữ [sex=F]: 1.000.000; 500.000
    U16 [born_from=2011]: 800.000; 400.000
    Chưa có hệ số [unrated=only]: 600.000
    CLB [clubs=Hà Nội A|Hà Nội B]: 300.000
    Nhóm khách mời [group=3 7 12]: Kỷ niệm chương
    Toàn đoàn [teams]: 2.000.000 Cúp

A place is an amount in đồng (dots or commas group the thousands; "5 triệu", "1,5 triệu",
"500k", "500 nghìn" are read as people write them) and/or an item; an amount that reads two
ways ("1.5" without a scale word) is refused, never guessed. The
text becomes the stored list (``tournaments/models/prizes.py``) and back; what the stored list
refuses is refused with the line named. Pure Python.
"""

from __future__ import annotations

import re

INTEGER_RULES = ("born_from", "born_to", "rating_min", "rating_max")
LIST_RULES = ("provinces", "clubs")
_LINE = re.compile(r"^(?P<name>[^:\[]+?)\s*(?:\[(?P<rules>[^\]]*)\])?\s*:\s*(?P<places>.*)$")
# An amount: digits with dots or commas between thousands, or a number with a decimal part
# before "triệu" (million) or "nghìn"/"ngàn"/"k" (thousand); then, optionally, the currency.
_AMOUNT = re.compile(
    r"^(?P<amount>\d+(?:[.,]\d+)*)\s*(?P<scale>triệu|tr|nghìn|ngàn|k)?\.?"
    r"(?:\s*(?:đồng|dong|vnđ|vnd|đ))?(?=\s|$)\s*(?P<item>.*)$", re.IGNORECASE)
_SCALES = {"triệu": 1_000_000, "tr": 1_000_000, "nghìn": 1_000, "ngàn": 1_000, "k": 1_000}
_THOUSANDS = re.compile(r"\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*")


class PrizeTextError(ValueError):
    """A line that does not read as a category: ``line`` its number, ``code`` what is wrong
    ("shape", "rule", "place")."""

    def __init__(self, line: int, code: str):
        super().__init__(f"line {line}: {code}")
        self.line = line
        self.code = code


def _rules(text: str, line: int) -> dict:
    rules: dict = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, _, value = (s.strip() for s in part.partition("="))
        if key == "teams" and not value:
            rules["teams"] = True
        elif key in INTEGER_RULES and value.isdigit():
            rules[key] = int(value)
        elif key in LIST_RULES and value:
            rules[key] = [v.strip() for v in value.split("|") if v.strip()]
        elif key == "group" and value and all(v.isdigit() for v in value.split()):
            rules[key] = [int(v) for v in value.split()]
        elif key in ("sex", "unrated") and value:
            rules[key] = value.upper() if key == "sex" else value.lower()
        else:
            raise PrizeTextError(line, "rule")
    return rules


def _amount(digits: str, scale: str | None, line: int) -> int:
    """``digits`` as typed ("5.000.000", "5,000,000", "500"; "1,5" or "1.5" before a scale
    word) in đồng; anything else refused rather than misread."""
    if _THOUSANDS.fullmatch(digits) or digits.isdigit():
        whole = int(re.sub(r"\D", "", digits))
        return whole * _SCALES.get((scale or "").lower(), 1)
    head, sep, tail = digits.replace(",", ".").partition(".")
    if scale and sep and head.isdigit() and tail.isdigit() and "." not in tail:
        factor = _SCALES[scale.lower()]
        value = int(head) * factor + int(tail) * factor // 10 ** len(tail)
        if int(tail) * factor % 10 ** len(tail) == 0:
            return value
    raise PrizeTextError(line, "place")


def _place(text: str, line: int) -> dict:
    match = _AMOUNT.match(text)
    if match:
        amount = _amount(match["amount"], match["scale"], line)
        item = match["item"].strip()
        return {"amount": amount, **({"item": item} if item else {})}
    if not text:
        raise PrizeTextError(line, "place")
    return {"amount": 0, "item": text}


def prize_list_parse(text: str) -> list[dict]:
    """The stored list of the typed ``text`` (blank lines skipped)."""
    categories = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        match = _LINE.match(raw.strip())
        if not match:
            raise PrizeTextError(number, "shape")
        places = [_place(p.strip(), number) for p in match["places"].split(";") if p.strip()]
        if not places:
            raise PrizeTextError(number, "place")
        categories.append({"name": match["name"].strip(), **_rules(match["rules"] or "", number),
                           "places": places})
    return categories


def _amount_text(amount: int) -> str:
    return f"{amount:,}".replace(",", ".")


def _place_text(amount: int, item: str) -> str:
    """A place as typed: the amount, then the item. Beside an item the amount ends with "đ",
    and an item that a reader could take for part of an amount (a number, "k", "triệu", a
    currency) comes after "0 đ", so the text reads back as it was stored."""
    if not item:
        return _amount_text(amount)
    if not amount and not _AMOUNT.match(item):
        return item
    return f"{_amount_text(amount)} đ {item}"


def prize_list_text(categories: list[dict]) -> str:
    """The stored list as the organiser types it (``prize_list_parse`` reads it back)."""
    lines = []
    for category in categories or []:
        rules = []
        for key in ("sex", "unrated", *INTEGER_RULES):
            if category.get(key) not in (None, "", "allowed"):
                rules.append(f"{key}={category[key]}")
        for key in LIST_RULES:
            if category.get(key):
                rules.append(f"{key}={'|'.join(category[key])}")
        if category.get("group"):
            rules.append("group=" + " ".join(str(n) for n in category["group"]))
        if category.get("teams"):
            rules.append("teams")
        places = []
        for place in category.get("places", []):
            amount, item = place.get("amount", 0), place.get("item", "")
            places.append(_place_text(amount, item))
        head = category.get("name", "") + (f" [{', '.join(rules)}]" if rules else "")
        lines.append(f"{head}: {'; '.join(places)}")
    return "\n".join(lines)
