"""What famiglia keeps of the people who play it, for the screen and the commands alike.

The names a player may play under (`names`), who sits at each seat (`seats`), the settings chosen once
for every game (`settings`) and how they meet a command's options (`options`), and the statistics and
rating worked out from the saved games (`statistics`, `chart`), which leave the guided first game out
(`guided_deal`). Plain Python under the screen and the commands: nothing here imports rich or
prompt_toolkit, so `famiglia settings`, `famiglia stats` and the home screen read the same answers.
"""

from __future__ import annotations
