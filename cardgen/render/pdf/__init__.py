"""PDF operations on the rendered faces: cutting, imposing, joining, de-duplicating, deterministic output."""
