"""Content model: read YAML content, check it, and expose one typed :class:`Content`."""

from cardgen.model.content import Content, Ticket
from cardgen.model.load import DEFAULT_CONTENT, Report, apply_variant, load, validate

__all__ = ["Content", "Ticket", "DEFAULT_CONTENT", "Report", "apply_variant", "load", "validate"]
