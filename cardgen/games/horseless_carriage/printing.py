"""Horseless Carriage's print edition: the component kit's edition of a game whose printed kinds are all
declared (cardgen.render.declared_edition), made from
:func:`cardgen.games.horseless_carriage.faces.declared_set`.

Why: its faces come from its ``components.yaml``, its sheet labels and preview words from its
``strings.yaml``: nothing here is drawn or worded.
"""

from __future__ import annotations

from cardgen.games.horseless_carriage.faces import declared_set
from cardgen.games.horseless_carriage.model import load_content
from cardgen.render.declared_edition import DeclaredGame

#: Horseless Carriage has no variants, and a pack's build prints what it changes: these options are refused (named).
PRINTED = DeclaredGame("horseless-carriage", lambda folder: declared_set(load_content(folder)),
                       refused="it has no variants")
