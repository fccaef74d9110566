"""The rules' own tables recomputed from the content and the engine, compared with published values."""
