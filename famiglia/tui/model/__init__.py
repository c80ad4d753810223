"""The screen's model: the sitting, the turn being built, the screens, and the command table.

Nothing here imports rich or prompt_toolkit, so every verb a key stands for is tested without a terminal.
"""
