#!/usr/bin/env python3
"""Makes assets/fonts/NotoSansSC-Tabletop.otf: Noto Sans CJK SC Regular cut down to the
characters the game's catalogues show (assets/locales/*/*.ftl, comments left out) and
the language names of the menu, so Chinese text renders in the game without a 16 MB font.

    scripts/make-cjk-font.py           # writes the subset (needs fonts-noto-cjk)
    scripts/make-cjk-font.py --check   # checks the committed subset covers every
                                       # character (CI; needs only fontTools)

The source is Debian's fonts-noto-cjk package (SIL Open Font License 1.1, the licence
beside the font in assets/fonts); fontTools (python3-fonttools, or pip's fonttools)
makes the subset. The script installs neither: `apt-get install fonts-noto-cjk
python3-fonttools`. Run it again after changing the catalogues: the check fails until
then.
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = pathlib.Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
# In the collection: 0 JP, 1 KR, 2 SC (Simplified Chinese), 3 TC, 4 HK.
SOURCE_INDEX = 2
TARGET = ROOT / "assets" / "fonts" / "NotoSansSC-Tabletop.otf"
# Text shown outside the catalogues: each language's own name in the menu
# (app::locale::Language::own_name).
EXTRA = "中文"


def needed() -> set[str]:
    """Every character beyond ASCII that the game may show from its catalogues: their
    messages, not their comments (Fluent comments are lines starting with #)."""
    text = EXTRA
    for catalogue in sorted((ROOT / "assets" / "locales").glob("*/*.ftl")):
        for line in catalogue.read_text(encoding="utf-8").splitlines():
            if not line.lstrip().startswith("#"):
                text += line
    return {c for c in text if ord(c) > 0x7F}


def main() -> int:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    chars = needed()
    if "--check" in sys.argv[1:]:
        font = TTFont(TARGET)
        covered = set(map(chr, font.getBestCmap()))
        missing = sorted(chars - covered)
        if missing:
            print(
                f"{TARGET.relative_to(ROOT)} lacks {''.join(missing)}: "
                "run scripts/make-cjk-font.py",
                file=sys.stderr,
            )
            return 1
        print(f"{TARGET.relative_to(ROOT)} covers all {len(chars)} characters")
        return 0

    options = subset.Options()
    options.font_number = SOURCE_INDEX
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    # Hinting means nothing to egui's rasteriser: leave it out.
    options.hinting = False
    options.desubroutinize = True
    font = subset.load_font(str(SOURCE), options)
    subsetter = subset.Subsetter(options)
    # ASCII too, so digits and Latin letters inside Chinese text match its style
    # where the text font lacks a glyph.
    subsetter.populate(unicodes=sorted(ord(c) for c in chars | set(map(chr, range(0x20, 0x7F)))))
    subsetter.subset(font)
    font.flavor = None
    subset.save_font(font, str(TARGET), options)
    size = TARGET.stat().st_size
    print(f"wrote {TARGET.relative_to(ROOT)}: {len(chars)} characters, {size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
