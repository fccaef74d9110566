"""The placeholder syntax of every game's texts: ``{name}`` or ``{name:spec}``, filled with a rules number.

One pattern for the game that fills texts (Rail Journey's cardgen.model.text) and for the print kit, which
finds where a printed text was written by matching around its placeholders (cardgen.render.faces.locate).

>>> PLACEHOLDER.findall("move {R} cells, {bonus:+} points")
[('R', ''), ('bonus', '+')]
"""

from __future__ import annotations

import re

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?::([^{}]*))?\}")
