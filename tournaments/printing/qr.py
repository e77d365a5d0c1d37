"""The QR code printed on wall sheets: it opens the event's public page (segno, SVG)."""

import segno


def qr_svg(url: str) -> str:
    """An inline SVG QR code of ``url`` (error correction M: still read with a torn corner),
    sized by the print CSS. ``url`` is the site's own address, never user input."""
    code = segno.make(url, error="m", micro=False)
    return code.svg_inline(scale=4, border=2, omitsize=True, svgclass="qr")


def transfer_qr_svg(payload: str) -> str:
    """An inline SVG QR code of a VietQR transfer payload (``records/vietqr.py``), built from
    the statute's account, validated digits, and an accent-free memo."""
    code = segno.make(payload, error="m", micro=False)
    return code.svg_inline(scale=4, border=2, omitsize=True, svgclass="qr")
