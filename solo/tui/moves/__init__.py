"""The moves the TUI offers, one module per area; `base` says what a move is.

Import `solo.tui.moves.all` for the full registry: this package itself
imports nothing from Textual, so walking solo's packages (as the layering
test does) never loads it.
"""
