"""The moves the TUI offers, one module per area; `base` says what a move is.

Import `solo.tui.moves.all` for the full registry: this package itself
imports nothing from Textual, so walking solo's packages (as the layering
test does) never loads it.

The main screen imports every move before its first frame (the keys are
its bindings), so a move module imports the screens it opens and the layers
it calls (the oracle, the rules engine) inside the move, when it is played.
"""
