"""The component kit: component kinds declared in a game's content (``components.yaml``) made into faces.

It names no game: a game hands it its declarations, its collections and its words.
"""
