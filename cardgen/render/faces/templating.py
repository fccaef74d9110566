"""Face templates: the shared environment (cardgen.templating) plus the helpers card templates use.

The colour filters are registered once on the shared environment; the font stack
and the SVG text placer go into each face's context, so the environment itself
knows nothing of fonts.
"""

from __future__ import annotations

from cardgen.render.faces.colour import ink_on, readable
from cardgen.render.faces.words import keep_end
from cardgen.render.fonts.metrics import centred_x
from cardgen.render.fonts.stack import font_family_css
from cardgen.resources import TEMPLATES_DIR
from cardgen.templating import environment

__all__ = ["TEMPLATES_DIR", "environment", "render"]

environment().filters.update(ink=ink_on, readable=readable, keep_end=keep_end)


def render(template: str, **context: object) -> str:
    """Render ``templates/<template>`` with ``context``, the card font stack and ``centred_x``.

    ``font_family`` is the card font stack for text an inline SVG draws (SVG text
    does not inherit the page's CSS); a caller may pass its own.
    """
    helpers = {"font_family": font_family_css(), "centred_x": centred_x}
    return environment().get_template(template).render(**{**helpers, **context})
