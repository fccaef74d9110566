"""PNG files written without Pillow decode to the same pixels and resolution."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings, strategies as st
from PIL import Image

from cardgen.render.images import pngwrite


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 17), st.integers(1, 9), st.randoms(use_true_random=False), st.sampled_from([None, 72, 300]))
def test_a_written_png_decodes_to_its_pixels(width, height, rng, dpi):
    rgb = bytes(rng.randrange(256) for _ in range(3 * width * height))
    image = Image.open(io.BytesIO(pngwrite.rgb_png(rgb, width, height, dpi)))
    image.load()
    assert image.mode == "RGB" and image.size == (width, height) and image.tobytes() == rgb
    if dpi is None:
        assert "dpi" not in image.info
    else:
        assert [round(v) for v in image.info["dpi"]] == [dpi, dpi]


def test_pixels_that_do_not_fill_the_size_are_refused():
    with pytest.raises(ValueError, match="4x2 RGB is 24 bytes"):
        pngwrite.rgb_png(b"\0" * 23, 4, 2)
