"""Golden images of a few faces, and the script that regenerates them.

Goldens are small (GOLDEN_DPI) renders of faces from a default build. When a
design change is intended, regenerate them and review the PNGs in the diff:

    .venv/bin/python -m tests.render_print.golden_faces

Comparison is tolerant (anti-aliasing and font rasterisation may differ
slightly between pdfium builds) but catches a moved box, a missing icon or a
wrong colour.
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN_DPI = 60
GOLDEN_FACES = ["ticket-S1-S2", "back-ticket-S3", "dispatch-signal_priority", "event-round-01"]
MAX_MEAN_DIFFERENCE = 4.0  # mean absolute difference per channel, 0..255
MAX_CHANGED_SHARE = 0.03  # share of pixels differing by more than 48 in some channel


def small(png: bytes) -> Image.Image:
    """A face PNG from the build scaled down to the golden resolution."""
    from cardgen.render.images.raster import PNG_DPI

    image = Image.open(io.BytesIO(png)).convert("RGB")
    size = (round(image.width * GOLDEN_DPI / PNG_DPI), round(image.height * GOLDEN_DPI / PNG_DPI))
    return image.resize(size, Image.Resampling.BOX)


def difference(image: Image.Image, golden: Image.Image) -> tuple[float, float]:
    """(mean absolute difference, share of clearly changed pixels)."""
    if image.size != golden.size:
        return 255.0, 1.0
    diff = ImageChops.difference(image, golden)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    changed = diff.convert("L").point(lambda v: 255 if v > 48 else 0)
    share = ImageStat.Stat(changed).mean[0] / 255
    return mean, share


def regenerate() -> None:
    from cardgen.render.build import BuildOptions, build

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rail-journey"
        build(None, BuildOptions(only=("ticket", "dispatch", "event"), exports=("png",)), out=out, cache_dir=Path(tmp) / "cache")
        GOLDEN_DIR.mkdir(exist_ok=True)
        for face_id in GOLDEN_FACES:
            small((out / "png" / f"{face_id}.png").read_bytes()).save(GOLDEN_DIR / f"{face_id}.png", optimize=True)
            print(f"wrote {GOLDEN_DIR / face_id}.png")


if __name__ == "__main__":
    regenerate()
