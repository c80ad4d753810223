"""The harnesses the tests drive the program with; test modules import them and only test.

- `terminal`: the fake terminal: the bytes a terminal sends for the keys a player presses, an output of a
  fixed size that the application lays itself out for, and rich's console that turns a renderable into
  plain text at a fixed width.
- `app`: the app driver: a running prompt_toolkit application on a pipe, keys pressed as a player presses
  them, the screen read back as plain text.
- `session`: the session driven through the verbs the keys stand for, without the application.
- `computer`: the computer's stand-ins at the table: small search budgets and a scripted player.
- `tmux`: the tmux driver: the program in a real terminal, typed into and read back.
- `processes`: a command run in a process group of its own, signalled, and the processes it leaves.
- `ssh`: `famiglia serve` started inside the test on the loopback, and SSH clients whose screens pyte reads.
- `phrasebook`: the phrasebook's templates as its source marks them, and what it says along a seeded game.
- `fake_run`: the stand-in for the screen's `run_play`, which records how a command would start a game.
"""
