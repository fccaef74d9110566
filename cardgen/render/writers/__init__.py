"""Writers: one per kind of output file, each writing into the build's staging folder (pelican-style).

``pdfs`` writes the imposed sheets, the combined print PDF and the print-shop
PDF; ``pngs`` one PNG per face and ``tts`` the Tabletop Simulator deck sheets (both
only when asked for: :data:`EXPORTS`);
``preview`` the offline HTML page with its fonts; ``take_out`` the cards a pack or a
reprint retires; ``manifest`` what was written.
Every writer gets a :class:`Stage` and writes through it, so the manifest lists
each file exactly once and derived bytes are kept in the build cache.
"""

#: What ``cardgen build --export`` adds, and why it is not written by default: a set printed at home or at
#: a print shop needs only the PDFs and the preview, and these cost more CPU than laying the faces out.
EXPORTS = {
    "png": "png/FACE.png, every face at 300 dpi (print-on-demand sites, screens)",
    "tts": "tts/, Tabletop Simulator deck sheets and decks.json",
}
