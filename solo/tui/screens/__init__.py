"""The TUI's screens, one module each, with their styles in .tcss files beside them."""
