"""Giving freed memory back to the system, where the C library keeps it otherwise."""

from __future__ import annotations

import ctypes
import platform

_LIBC = ctypes.CDLL("libc.so.6") if platform.system() == "Linux" and platform.libc_ver()[0] == "glibc" else None


#: Images of this many pixels or more are given back when freed (a card face at 300 dpi is 0.9 Mpx, a
#: board 2.4-7.8, a TTS sheet 3.7-11): smaller ones are reused by the next image, and each trim costs
#: about 2 ms (127 trims were 0.22 s of a cold build's CPU).
BIG_IMAGE_PX = 2_000_000


def give_freed_memory_back() -> None:
    """Return the memory freed so far to the system (glibc's malloc_trim(3); elsewhere nothing).

    glibc keeps freed blocks in the arena of the thread that freed them and
    gives back only the top of each arena. So once a build had let go of the
    face PDFs it opened to impose the sheets (about 90 MB), or of an image
    (a 300 dpi board takes 55 MB while pdfium's pixels are copied into
    Pillow's), that memory stayed with the process, and the image worker's
    arena added its own: a cold build peaked at about 425 MB instead of 340-355 MB.
    Called after such frees only (it walks every arena: about 2 ms, so only
    after images of BIG_IMAGE_PX or more). Dask's workers trim their memory
    the same way.
    """
    if _LIBC is not None:
        _LIBC.malloc_trim(0)
