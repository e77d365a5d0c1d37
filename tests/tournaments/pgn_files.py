"""A round's games as a Taiwanese database exports them, for the upload tests: Big5 bytes,
CRLF, a [FEN] tag on every game, an event tag holding brackets, traditional Chinese moves
with Black's numbers in full-width digits, the games placed by their Board tag."""

# Art. 11's example opening and a longer one, in traditional Chinese: 炮二平五 馬８進７ ...
OPENINGS = (("炮二平五", "馬８進７", "馬二進三", "車９平８"),
            ("相三進五", "砲８平５", "馬二進三", "馬８進７", "車一平二", "車９平８"))
ICCS = ("h2e2 h9g7 h0g2 i9h9", "g0e2 h7e7 h0g2 h9g7 i0h0 i9h9")
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def big5_round_file(boards, *, broken: bool = False) -> bytes:
    """One game per board number of ``boards`` (two at most); ``broken`` adds a game whose
    tag never closes its quote."""
    parts = []
    for number, moves in zip(boards, OPENINGS, strict=False):
        numbered = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m
                            for i, m in enumerate(moves))
        parts.append(f'[Event "2006年第二屆世界象棋大師賽 [第一視點]"]\r\n[Board "{number}"]\r\n'
                     f'[FEN "{START}"]\r\n\r\n{numbered} *\r\n')
    if broken:
        parts.append('[Event "第三輪]\r\n[Board "9"]\r\n\r\n1. 炮二平五 *\r\n')
    return "\r\n".join(parts).encode("cp950")
