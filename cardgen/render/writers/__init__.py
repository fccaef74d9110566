"""Writers: one per kind of output file, each writing into the build's staging folder (pelican-style).

``pdfs`` writes the imposed sheets, the combined print PDF and the print-shop
PDF; ``pngs`` one PNG per face; ``tts`` the Tabletop Simulator deck sheets;
``preview`` the offline HTML page with its fonts; ``take_out`` the cards a pack or a
reprint retires; ``manifest`` what was written.
Every writer gets a :class:`Stage` and writes through it, so the manifest lists
each file exactly once and derived bytes are kept in the build cache.
"""
