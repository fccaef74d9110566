"""Stop WeasyPrint's font subsetting from parsing a new C type for every array it allocates.

WeasyPrint 70's ``_harfbuzz_subset`` allocates its glyph arrays as
``ffi.new(f"hb_codepoint_t[{n}]", values)``: every distinct ``n`` is a new C
declaration, which cffi parses with pycparser (about 5 ms each, two per font
subset: 30-40 ms of a one-face rebuild). ``T[]`` initialised from the same
values is the same array (cffi sizes it from the values) and its type is
parsed once per process. The rewrite applies only while :func:`unsized_arrays`
is active and only to that exact form, so nothing else WeasyPrint does changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sized
from contextlib import contextmanager
from typing import Any

from weasyprint.text.ffi import ffi as _weasyprint_ffi

_SIZED_ARRAY = re.compile(r"^\s*([A-Za-z_][\w ]*?)\s*\[\s*(\d+)\s*\]\s*$")


def _unsized(original):
    def new(cdecl: Any, init: Any = None):
        if isinstance(cdecl, str) and isinstance(init, Sized):
            found = _SIZED_ARRAY.match(cdecl)
            if found and int(found.group(2)) == len(init):
                return original(f"{found.group(1)}[]", init)
        return original(cdecl, init)

    return new


@contextmanager
def unsized_arrays() -> Iterator[None]:
    """While active, WeasyPrint's ``ffi.new("T[n]", n values)`` allocates ``T[]`` from the values instead."""
    if "new" in vars(_weasyprint_ffi):  # already active (nested use)
        yield
        return
    _weasyprint_ffi.new = _unsized(type(_weasyprint_ffi).new.__get__(_weasyprint_ffi))
    try:
        yield
    finally:
        del _weasyprint_ffi.new
