"""The screen's view: rich renderables made from the model at a given width and height.

One home per part of the screen (the Street, a hand, a player row, the step bar, the last turn, the
log, the end); nothing here imports prompt_toolkit.
"""
