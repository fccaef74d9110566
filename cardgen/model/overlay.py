"""Apply a variant: a JSON merge patch (RFC 7396) over the raw content tree.

A variant is data, never a code branch: mappings merge key by key, ``null``
deletes a key, anything else replaces. Positions follow the values, so an
error in a patched value points into variants.yaml, not the base file.
"""

from __future__ import annotations

import copy
from typing import Any

from cardgen.model.source import PathKey, Position


def merge_patch(target: Any, patch: Any) -> Any:
    """RFC 7396 merge of ``patch`` into a copy of ``target``.

    >>> merge_patch({"a": 1, "b": {"c": 2, "d": 3}}, {"b": {"c": None, "e": 4}})
    {'a': 1, 'b': {'d': 3, 'e': 4}}
    """
    if not isinstance(patch, dict):
        return copy.deepcopy(patch)
    # Shallow copy: untouched branches are shared, never mutated (patches copy what they write).
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge_patch(result.get(key), value)
    return result


def patched_positions(patch: Any, patch_path: PathKey, positions: dict[PathKey, Position],
                      target_prefix: PathKey = ()) -> dict[PathKey, Position]:
    """Positions of every value a patch writes, re-keyed to the patched file's paths."""
    out: dict[PathKey, Position] = {}
    if patch_path in positions:
        out[target_prefix] = positions[patch_path]
    if isinstance(patch, dict):
        for key, value in patch.items():
            out.update(patched_positions(value, patch_path + (key,), positions, target_prefix + (key,)))
    return out
