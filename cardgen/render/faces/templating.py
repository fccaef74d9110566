"""Face templates: the shared environment (cardgen.templating) plus the helpers card templates use.

The face filters (``ink``, ``readable``, ``wrap``) are added to the shared
environment by :func:`render` itself, before it loads a face template, so they
do not depend on what was imported first (Jinja's documented ``filters`` dict,
safe to extend before a template that uses them is loaded); the font stack and
the SVG text placer go into each face's context, so the environment itself
knows nothing of fonts.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import pass_context
from markupsafe import Markup

from cardgen.render.faces import breaks
from cardgen.render.faces.colour import ink_on, readable
from cardgen.render.faces.stripes import stripes
from cardgen.render.fonts.metrics import centred_x
from cardgen.render.fonts.stack import font_family_css
from cardgen.resources import TEMPLATES_DIR
from cardgen.templating import environment

__all__ = ["TEMPLATES_DIR", "environment", "render"]


@pass_context
def wrap(context, text: str) -> Markup:
    """The ``wrap`` filter: :func:`breaks.wrap` with the words the face's game names (``w.terms``)."""
    words = context.get("w")
    return breaks.wrap(text, words.terms if words is not None else ())


#: the filters face templates use; ``keep_end`` alone (no glued formula tokens) only where a line more would
#: move a whole list to the other column of the quick reference (the pack's English round phases)
FACE_FILTERS = {"ink": ink_on, "readable": readable, "wrap": wrap, "keep_end": breaks.keep_end}


def render(template: str, /, game_templates: Path | None = None, **context: object) -> str:
    """Render ``templates/<template>`` (or the game's ``game_templates/<template>``) with ``context``, the card
    font stack, ``centred_x`` and ``stripes`` (a card back's).

    ``font_family`` is the card font stack for text an inline SVG draws (SVG text
    does not inherit the page's CSS); a caller may pass its own.
    """
    env = environment(game_templates)
    if env.filters.get("wrap") is not wrap:
        env.filters.update(FACE_FILTERS)
    helpers = {"font_family": font_family_css(), "centred_x": centred_x, "stripes": stripes}
    return env.get_template(template).render(**{**helpers, **context})
