"""Discord extensions, one per command group. Every module here not starting with `_` is loaded."""
