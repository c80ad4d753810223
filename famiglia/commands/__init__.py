"""The bodies of famiglia's commands, one module each; `famiglia.cli` parses the command line and calls them.

`play`, `resume` (and `play --load`), `learn`, `games` (and `games --delete`), `log`, `replay`, `stats`,
`settings`, `rules`, `simulate`, `analysis` (`famiglia analyse`, and a saved game's analysis for the
replay and the home screen), and `home`, the loop behind `famiglia` alone; `errors` holds the one line and
the exit statuses every command shares, and `arguments` the types the command line checks options with.
They sit above the screen (`famiglia.tui`), which the games are played on, and above `famiglia.profile`
and the saved games (`famiglia.persistence`) they read. Importing the package
imports none of them, so `famiglia --help` stays quick.
"""
