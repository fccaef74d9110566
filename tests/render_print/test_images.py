"""PNG faces at 300 dpi, Tabletop Simulator sheets, and a few faces against golden images."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from cardgen.render.images.raster import PNG_DPI
from cardgen.render.images.tts import TTS_COLUMNS, TTS_MAX_PX, TTS_ROWS, cell_size

from .golden_faces import GOLDEN_DIR, GOLDEN_FACES, MAX_CHANGED_SHARE, MAX_MEAN_DIFFERENCE, difference, small


def test_face_pngs_are_300_dpi_at_trim_size(full_build, content):
    out, _ = full_build
    w, h = content.game.card_size_mm.width, content.game.card_size_mm.height
    image = Image.open(out / "png" / "ticket-S1-S2.png")
    expected = (w / 25.4 * PNG_DPI, h / 25.4 * PNG_DPI)
    assert all(abs(got - round(want)) <= 1 for got, want in zip(image.size, expected))  # pdfium rounds to whole pixels
    assert round(image.info["dpi"][0]) == PNG_DPI


def test_tts_sheets_are_the_smallest_grids_within_10_by_7_and_4096_with_the_back_last(full_build, content):
    out, _ = full_build
    decks = json.loads((out / "tts" / "decks.json").read_text(encoding="utf-8"))
    assert set(decks) == {"ticket", "operation", "dispatch", "event"}
    w, h = content.game.card_size_mm.width, content.game.card_size_mm.height
    cw, ch = cell_size(w, h)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    for deck, entry in decks.items():
        # one cell per printed copy, as TTS deals cells, not faces
        assert sum(s["cards"] for s in entry["sheets"]) == manifest["counts"][deck]
        assert all(s["cards"] == len(s["faces"]) for s in entry["sheets"])
        counts = [s["cards"] for s in entry["sheets"]]
        assert max(counts) - min(counts) <= 1 and len(counts) == -(-sum(counts) // (TTS_COLUMNS * TTS_ROWS - 1))
        for sheet in entry["sheets"]:
            image = Image.open(out / sheet["file"]).convert("RGB")
            columns, rows = sheet["columns"], sheet["rows"]
            assert image.size == (cw * columns, ch * rows)
            assert 2 <= columns <= TTS_COLUMNS and 2 <= rows <= TTS_ROWS and max(image.size) <= TTS_MAX_PX
            assert columns * rows - 1 >= sheet["cards"]
            # the smallest grid: no grid of fewer cells holds the cards and the hidden one
            assert not any(2 <= c <= TTS_COLUMNS and 2 <= r <= TTS_ROWS and sheet["cards"] < c * r < columns * rows
                           for c in range(2, 11) for r in range(2, 8))
            hidden = image.crop(((columns - 1) * cw, (rows - 1) * ch, columns * cw, rows * ch))
            first_back = next(c for c in json.loads((out / "manifest.json").read_text())["components"]
                              if c["kind"] == "card_back" and c["file"] == f"{deck}.pdf")
            back = Image.open(out / "png" / f"{first_back['id']}.png").convert("RGB").resize((cw, ch))
            mean, _ = difference(hidden, back)
            assert mean < 8, deck
    tickets = decks["ticket"]["sheets"]
    assert [(s["cards"], s["columns"], s["rows"]) for s in tickets] == [(41, 7, 6), (41, 7, 6)]  # 82 tickets
    faces = [f for s in tickets for f in s["faces"]]
    assert all(faces.count(f"ticket-{t.id}") == t.copies for t in content.tickets)


@pytest.mark.parametrize("face_id", GOLDEN_FACES)
def test_faces_match_their_golden_images(face_id, full_build):
    out, _ = full_build
    image = small((out / "png" / f"{face_id}.png").read_bytes())
    golden = Image.open(GOLDEN_DIR / f"{face_id}.png").convert("RGB")
    mean, share = difference(image, golden)
    assert mean <= MAX_MEAN_DIFFERENCE and share <= MAX_CHANGED_SHARE, (
        f"{face_id} differs from its golden image (mean {mean:.1f}, changed {share:.1%}); if the design change "
        "is intended, run: python -m tests.render_print.golden_faces"
    )


def test_the_golden_comparison_notices_a_changed_face(full_build):
    out, _ = full_build
    image = small((out / "png" / "ticket-S1-S2.png").read_bytes())
    golden = Image.open(GOLDEN_DIR / "back-ticket-S3.png").convert("RGB")
    mean, share = difference(image, golden)
    assert mean > MAX_MEAN_DIFFERENCE or share > MAX_CHANGED_SHARE


def test_a_face_png_decodes_to_the_pixels_given_with_the_resolution():
    """PNGs are written by libvips from RGBx rows (the x dropped, any padding at a row's end too)."""
    import io
    import random

    from cardgen.render.images.raster import png_bytes

    rng = random.Random(3)
    width, height, stride = 17, 9, 17 * 4 + 8
    rows = [bytes(rng.randrange(256) for _ in range(stride)) for _ in range(height)]
    decoded = Image.open(io.BytesIO(png_bytes(b"".join(rows), width, height, stride, 300)))
    decoded.load()
    expected = b"".join(bytes(row[i] for i in range(width * 4) if i % 4 != 3) for row in rows)
    assert decoded.mode == "RGB" and decoded.size == (width, height) and decoded.tobytes() == expected
    assert [round(v) for v in decoded.info["dpi"]] == [300, 300]


def test_tts_cells_show_their_faces_without_a_shift(full_build, content):
    """A cell is rendered straight at its size from the face cut to its trim box (no resampling): each cell of
    a sheet matches its face's 300 dpi PNG brought down to the cell's size, edges and all."""
    out, _ = full_build
    sheet = json.loads((out / "tts" / "decks.json").read_text(encoding="utf-8"))["ticket"]["sheets"][0]
    cw, ch = cell_size(content.game.card_size_mm.width, content.game.card_size_mm.height)
    image = Image.open(out / sheet["file"]).convert("RGB")
    for index in (0, sheet["columns"] + 1, sheet["cards"] - 1):
        row, column = divmod(index, sheet["columns"])
        cell = image.crop((column * cw, row * ch, (column + 1) * cw, (row + 1) * ch))
        face = Image.open(out / "png" / f"{sheet['faces'][index]}.png").convert("RGB")
        mean, _ = difference(cell, face.resize((cw, ch), Image.Resampling.LANCZOS))
        # the same face two cell pixels off, for scale: a shifted or stretched cell is as far off as that
        shifted, _ = difference(cell, face.resize((cw, ch), Image.Resampling.LANCZOS, box=(4, 4, *face.size)))
        assert mean < 6 and 2 * mean < shifted, (index, mean, shifted)


def test_a_face_png_has_pdfiums_pixels_in_rgb_order_cut_to_the_trim_box():
    """Faces are rendered as 4-byte pixels for speed: the PNG is pdfium's usual rendering, colours not swapped."""
    import io

    import pypdfium2 as pdfium
    from reportlab.pdfgen import canvas

    from cardgen.render.images.raster import face_png

    buffer = io.BytesIO()
    page = canvas.Canvas(buffer, pagesize=(40, 30))
    page.setFillColorRGB(1, 0, 0)
    page.rect(0, 0, 20, 30, stroke=0, fill=1)  # red on the left half, blue across the top right
    page.setFillColorRGB(0, 0, 1)
    page.circle(30, 20, 6, stroke=0, fill=1)
    page.setTrimBox((2, 3, 38, 27))
    page.save()
    image = Image.open(io.BytesIO(face_png(buffer.getvalue(), 0, 144)))
    assert image.mode == "RGB" and image.size == (72, 48)
    assert image.getpixel((2, 24)) == (255, 0, 0) and image.getpixel((56, 14)) == (0, 0, 255)
    assert image.getpixel((70, 46)) == (255, 255, 255)
    reference = pdfium.PdfDocument(buffer.getvalue())[0].render(scale=2, crop=(2, 3, 2, 3)).to_pil().convert("RGB")
    assert image.tobytes() == reference.tobytes()
