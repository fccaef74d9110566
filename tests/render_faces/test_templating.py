"""Card text is data: it is escaped, and templates cannot silently miss a variable."""

from __future__ import annotations

import pytest
from jinja2 import UndefinedError

from cardgen.games.rail_journey.faces.design import build_faces
from cardgen.render.faces.templating import environment, render

from .conftest import by_id


def _rename_station(data, station_id, name):
    for st in data["stations"]:
        if st["id"] == station_id:
            st["name"]["zh"] = name
            st["name"]["en"] = name


@pytest.mark.parametrize("evil", ["<script>alert(1)</script>", '<img src=x onerror="alert(1)">'])
def test_card_text_is_escaped(edited, evil):
    content = edited(map=lambda d: _rename_station(d, "S2", evil))
    faces = by_id(build_faces(content, lang="zh"))
    html = faces["ticket-S1-S2"].html
    assert evil not in html
    assert evil.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&#34;") in html
    assert "<img" not in html and "<script" not in html


def test_environment_is_strict_and_autoescaping():
    env = environment()
    assert env.autoescape("ticket.html.j2") and env.autoescape("page.html.j2")
    with pytest.raises(UndefinedError):
        env.from_string("{{ missing_variable }}").render()


def test_real_template_with_missing_variable_raises():
    with pytest.raises(UndefinedError):
        render("operation.html.j2")  # no card, colour, words...
