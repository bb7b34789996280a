"""Widgets the screens are built from, each styled by its own DEFAULT_CSS."""
