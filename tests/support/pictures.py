"""Helpers for picture tests: decode a PNG and compare two images."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def decode(png: bytes) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def differs(a: Image.Image, b: Image.Image) -> bool:
    assert a.size == b.size
    return ImageChops.difference(a.convert("RGBA"), b.convert("RGBA")).getbbox(alpha_only=False) is not None
