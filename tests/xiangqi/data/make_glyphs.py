"""Writes xiangqi/glyphs.py: the outlines of the fourteen piece glyphs as SVG path data, cut
with fontTools from WenQuanYi Micro Hei (Debian's fonts-wqy-microhei, Apache-2.0), so the board
draws its pieces without the reader's fonts.

Not a test. Run: ``python tests/xiangqi/data/make_glyphs.py`` (needs the font installed and
fontTools). Each outline is scaled to a 20-unit em, baseline at y = 0 and x centred on 0, with
y pointing down as in SVG, rounded to 0.1.
"""

from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTCollection

FONT = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
GLYPHS = {"K": "帥", "A": "仕", "B": "相", "N": "傌", "R": "俥", "C": "炮", "P": "兵",
          "k": "將", "a": "士", "b": "象", "n": "馬", "r": "車", "c": "砲", "p": "卒"}
OUT = Path(__file__).resolve().parents[3] / "xiangqi" / "glyphs.py"
EM = 20


def main() -> None:
    font = TTCollection(str(FONT)).fonts[0]
    cmap, glyphs = font.getBestCmap(), font.getGlyphSet()
    scale = EM / font["head"].unitsPerEm
    lines = []
    for piece, char in GLYPHS.items():
        name = cmap[ord(char)]
        width = glyphs[name].width
        pen = SVGPathPen(glyphs, ntos=lambda v: f"{v:.1f}".rstrip("0").rstrip("."))
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, -width * scale / 2, 0)))
        path = pen.getCommands()
        chunks = [path[i:i + 84] for i in range(0, len(path), 84)]
        lines.append(f'    "{piece}": (' + "\n        ".join(f'"{c}"' for c in chunks) + "),")
    OUT.write_text(
        '"""The outlines of the piece glyphs (帥仕相傌俥炮兵 將士象馬車砲卒) as SVG path data,\n'
        "from WenQuanYi Micro Hei (Apache-2.0; docs/dependencies.md), made by\n"
        "tests/xiangqi/data/make_glyphs.py: a 20-unit em, baseline at y = 0, centred on x = 0.\n"
        'Drawn as paths, the pieces need no font on the reader\'s device."""\n\n'
        "OUTLINES = {\n" + "\n".join(lines) + "\n}\n")


if __name__ == "__main__":
    main()
