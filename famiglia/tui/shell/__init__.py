"""The screen's shell: the prompt_toolkit application, its bindings from the command table, its
containers, and the computer's thread."""
