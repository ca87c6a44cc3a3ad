"""The sample pictures in docs/pictures/ (tools/make_samples.py): each renderer still draws a picture of the committed
sample's size, and the README links every sample."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from tests.support.pictures import decode
from tools.make_samples import OUT, ROOT, SAMPLES


def test_every_sample_is_committed_and_linked_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text()
    assert sorted(path.name for path in OUT.glob("*.png")) == sorted(SAMPLES)
    for name in SAMPLES:
        assert f"(docs/pictures/{name})" in readme


@pytest.mark.parametrize(("name", "make"), SAMPLES.items())
def test_the_renderer_draws_a_picture_of_the_samples_size(name: str, make: Callable[[], bytes]) -> None:
    with Image.open(Path(OUT) / name) as sample:
        committed = sample.size
    png = make()
    assert decode(png).size == committed
    assert len(png) < 200_000
