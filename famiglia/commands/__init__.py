"""The commands of `famiglia` beyond playing: the saved games listed, printed, replayed and resumed.

They sit above the screen (`famiglia.tui`), which replay and resume put the game on, and above the
saved games (`famiglia.persistence`) they read; the command line dispatches to them.
"""
