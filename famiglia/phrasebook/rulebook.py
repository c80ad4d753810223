"""The rules as shipped inside the package, whole or one rule at a time, in the player's language.

`famiglia rules` pages the whole text, the home screen shows it, and the plain mode reads out one
rule (`rule R8.2`) or one section (`rule R8`) of it, so every reader quotes the one text. Each
language's text has the same rule ids, which the refusals quote.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import Final

from .catalogue import _, spoken_language

__all__ = ["RULES_RESOURCE", "asked", "rule", "rule_id", "rules_text", "sections"]

RULES_RESOURCE: Final = ("data", "rules.md")
_SECTION: Final = re.compile(r"## (R[0-9]+)\b")
_RULE: Final = re.compile(r"- \*\*(R[0-9]+\.[0-9]+)\*\* ")
_ID: Final = re.compile(r"[Rr]?\s*([0-9]{1,2})(?:\.([0-9]{1,2}))?")
_MARKUP: Final = re.compile(r"\*\*|[*`]")


def rules_text(language: str | None = None) -> str:
    """The rules as shipped inside the package (Markdown), read so that it also works from a wheel: in
    `language`, by default the one the player is spoken to in."""
    language = language or spoken_language()
    folder, name = RULES_RESOURCE
    return resources.files("famiglia").joinpath(folder, name if language == "en" else "rules." + language + ".md") \
        .read_text(encoding="utf-8")


def rule_id(typed: str) -> str | None:
    """`typed` as a rule id ("R8.2", "r8.2", "8.2", "R8"), or None if it is none."""
    found = _ID.fullmatch(typed.strip())
    if found is None:
        return None
    return "R" + str(int(found[1])) + ("." + str(int(found[2])) if found[2] is not None else "")


def sections(text: str | None = None) -> list[str]:
    """The headings of the rules' sections, one line each ("R8 Step 4 — take a card, or pass")."""
    return [line[3:].strip() for line in (text or rules_text()).splitlines() if _SECTION.match(line)]


def rule(wanted: str, text: str | None = None) -> list[str]:
    """The rule `wanted` (an id as `rule_id` gives it) as plain lines, without Markdown: one paragraph a rule,
    a section's heading and every rule of it for a section's id; [] if the rules have no such id."""
    return [said for ident, said in _paragraphs(text or rules_text())
            if ident == wanted or ident.split(".")[0] == wanted]


def _paragraphs(text: str) -> list[tuple[str, str]]:
    """The rules' headings and numbered rules, each with its id and its text on one line ("" for any other)."""
    out: list[tuple[str, str]] = []
    for line in text.splitlines():
        section, numbered = _SECTION.match(line), _RULE.match(line)
        if section is not None:
            out.append((section[1], line[3:].strip()))
        elif numbered is not None:
            out.append((numbered[1], _MARKUP.sub("", line[2:]).strip()))
        elif line.startswith("  ") and out and out[-1][0]:
            out[-1] = (out[-1][0], out[-1][1] + " " + _MARKUP.sub("", line).strip())
        else:
            out.append(("", ""))
    return [(ident, said) for ident, said in out if ident]


def asked(typed: str) -> list[str]:
    """What the plain mode says to `rules` and what was typed after it: alone, the sections and how to ask for
    one; with a rule's id, that rule or section; else why there is none."""
    if not typed.strip():
        return [_("The rules, by section: {sections}.").format(sections=_("; ").join(sections())),
                _("Type rules and a rule's id, like rules R8.2, to hear that rule.")]
    wanted = rule_id(typed)
    found = rule(wanted) if wanted is not None else []
    if not found:
        return [_("There is no rule {typed}: the rules go from R1 to R12, like R8.2.").format(typed=typed.strip()[:20])]
    return found
