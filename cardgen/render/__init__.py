"""Render: content -> Jinja2 templates -> HTML preview, print PDFs, PNGs, TTS sheets."""
