"""Label placement from the card fonts' advances (cardgen.render.fonts.metrics)."""

from __future__ import annotations

import pytest

from cardgen.errors import BuildError
from cardgen.render.fonts.metrics import advance_em, centred_x


def test_a_cjk_character_is_one_em_and_latin_letters_are_narrower():
    assert advance_em("站") == pytest.approx(1.0)
    assert 0.3 < advance_em("S") < 0.8


def test_each_label_is_centred_on_its_own_x():
    xs = [float(x) for x in centred_x([(10.0, "S1"), (20.0, "S12")], 2.0).split()]
    assert len(xs) == 5
    first_end = xs[1] + advance_em("1") * 2.0
    assert (xs[0] + first_end) / 2 == pytest.approx(10.0, abs=1e-3)
    assert xs[4] - xs[3] == pytest.approx(advance_em("1") * 2.0, abs=1e-3)
    assert (xs[2] + xs[4] + advance_em("2") * 2.0) / 2 == pytest.approx(20.0, abs=1e-3)


def test_a_character_no_font_has_is_a_build_error():
    with pytest.raises(BuildError, match="U\\+E000"):
        advance_em("\ue000")
