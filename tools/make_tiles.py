"""Make the tile pictures in data/tiles/ from the public-domain (CC0) riichi-mahjong-tiles art (run once; the output
is committed).

    python tools/make_tiles.py [ART_DIR]   # ART_DIR: the art's folder, /work/shared/assets/riichi-mahjong-tiles

Each face of the regular set (Export/Regular/<Name>.png, 600 x 800, transparent round the face) is laid at
`FACE_SCALE` of its size on the middle of the blank tile (Front.png) and the whole is reduced to `SIZE`: twice
the size the pictures show a tile at, so render/chroma_pictures.py can reduce it to a plain tile or shrink it into a
chroma tile's frame without blur. Red fives are `<Suit>5-Dora`.
"""

from __future__ import annotations

import pathlib
import shutil
import sys

from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "tiles"
ART = pathlib.Path("/work/shared/assets/riichi-mahjong-tiles")
SIZE = (90, 120)
FACE_SCALE = 0.84
NAMES = ([f"{suit}{n}" for suit in ("Man", "Pin", "Sou") for n in range(1, 10)]
         + ["Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun"] + [f"{suit}5-Dora" for suit in ("Man", "Pin", "Sou")])


def tile(art: pathlib.Path, name: str) -> Image.Image:
    front = Image.open(art / "Export" / "Regular" / "Front.png").convert("RGBA")
    face = Image.open(art / "Export" / "Regular" / f"{name}.png").convert("RGBA")
    size = (round(face.width * FACE_SCALE), round(face.height * FACE_SCALE))
    face = face.resize(size, Image.Resampling.LANCZOS)
    front.alpha_composite(face, ((front.width - size[0]) // 2, (front.height - size[1]) // 2))
    return front.resize(SIZE, Image.Resampling.LANCZOS)


def main() -> None:
    art = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ART
    OUT.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        tile(art, name).save(OUT / f"{name}.png", optimize=True)
    shutil.copy(art / "LICENSE.md", OUT / "LICENSE.md")
    total = sum(path.stat().st_size for path in OUT.glob("*.png"))
    print(f"{len(NAMES)} tiles in {OUT.relative_to(ROOT)}, {total // 1024} KB")


if __name__ == "__main__":
    main()
