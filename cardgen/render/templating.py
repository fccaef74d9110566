"""The one Jinja2 environment every face and the preview are rendered with.

Card text is untrusted data (a content folder may come from anyone), so HTML
autoescaping is always on; a template that names a variable the renderer did
not pass fails loudly (StrictUndefined) instead of printing an empty string.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from cardgen.render.colour import ink_on, readable
from cardgen.resources import TEMPLATES_DIR
from cardgen.render.fonts import font_family_css
from cardgen.render.textwidth import centred_x


@cache
def environment() -> Environment:
    """The shared, strict, autoescaping environment."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES_DIR),
        autoescape=select_autoescape(enabled_extensions=("html", "j2"), default_for_string=True, default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["ink"] = ink_on
    env.filters["readable"] = readable
    # The card font stack, for text an inline SVG draws (SVG text does not inherit the page's CSS).
    env.globals["font_family"] = font_family_css()
    env.globals["centred_x"] = centred_x
    from cardgen.render.facekit import shared_card_css  # facekit renders with this environment

    env.globals["shared_card_css"] = lambda content, faces: Markup(shared_card_css(content, faces))
    return env


def render(template: str, **context: object) -> str:
    """Render ``templates/<template>`` with ``context``."""
    return environment().get_template(template).render(**context)
