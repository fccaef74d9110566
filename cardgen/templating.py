"""The one Jinja2 environment every template is rendered with: faces, the preview page, the report.

Card text and content folders are untrusted (a game may come from anyone), so
HTML autoescaping is always on; a template that names a variable its caller did
not pass fails loudly (StrictUndefined) instead of printing an empty string; and
templates load only from the bundled templates folder and, for a game's faces, that
game's own templates folder (a folder of the game's package, never of a content folder:
a template is code).

>>> render_string = environment().from_string("{{ name }}")
>>> render_string.render(name="<b>")
'&lt;b&gt;'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from cardgen.resources import TEMPLATES_DIR


@cache
def environment(game_templates: Path | None = None) -> Environment:
    """The shared, strict, autoescaping environment, loading from ``cardgen/templates`` only, or first from
    ``game_templates`` (a game's own folder, so its faces may also include the kit's page and styles)."""
    folders = [game_templates, TEMPLATES_DIR] if game_templates is not None else TEMPLATES_DIR
    return Environment(
        loader=FileSystemLoader(folders),
        autoescape=select_autoescape(enabled_extensions=("html", "j2"), default_for_string=True, default=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render(template: str, **context: object) -> str:
    """Render ``templates/<template>`` with ``context``."""
    return environment().get_template(template).render(**context)
