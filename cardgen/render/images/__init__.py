"""Images: PNG faces rasterised from their PDFs, Tabletop Simulator deck sheets, and handing a big image's
freed memory back to the system (memory.py)."""
