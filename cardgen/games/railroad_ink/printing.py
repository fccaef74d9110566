"""Railroad Ink's print edition: the component kit's edition of a game whose printed kinds are all declared
(cardgen.render.declared_edition), made from :func:`cardgen.games.railroad_ink.faces.declared_set`.

Why: its faces come from its ``components.yaml``, its sheet labels and preview words from its
``strings.yaml``: nothing here is drawn or worded.
"""

from __future__ import annotations

from cardgen.games.railroad_ink.faces import declared_set
from cardgen.games.railroad_ink.model import load_content
from cardgen.render.declared_edition import DeclaredGame

#: Railroad Ink prints every expansion in every set, so a pack's or variant's options are refused (named).
PRINTED = DeclaredGame("railroad-ink", lambda folder: declared_set(load_content(folder)),
                       refused="every expansion is printed with the base game")
