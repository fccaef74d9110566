"""Images: PNG faces rasterised from their PDFs, and Tabletop Simulator deck sheets."""
