"""Every sentence of the phrasebook is ready for gettext: a literal said through `_`, `ngettext` or `N_`, with
named placeholders only, so a translation can put the words in its own order."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from famiglia.phrasebook import _, ngettext
from tests.drivers.phrasebook import CATALOGUED, SOURCES, marked, parse, templates


def _tables(tree: ast.Module) -> set[str]:
    """The names of the module's tables of templates: dicts whose values are marked with `N_`."""
    return {t.id for node in tree.body if isinstance(node, ast.AnnAssign | ast.Assign)
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(t, ast.Name) and isinstance(node.value, ast.Dict)
            and all(marked(v) for v in node.value.values)}


def _template(node: ast.expr, tables: set[str]) -> bool:
    """True for a literal, a template picked from a table, or a choice of two of them."""
    if isinstance(node, ast.IfExp):
        return _template(node.body, tables) and _template(node.orelse, tables)
    if isinstance(node, ast.Subscript):
        return isinstance(node.value, ast.Name) and node.value.id in tables
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _raised(tree: ast.Module) -> set[int]:
    """The ids of the nodes inside `raise` statements: a programming error's message is no player's sentence."""
    return {id(n) for r in ast.walk(tree) if isinstance(r, ast.Raise) for n in ast.walk(r)}


def _later(tree: ast.Module) -> set[int]:
    """The ids of the nodes of `catalogue.Later`: it says a template marked with `N_` where it was made (checked
    by `test_every_sentence_said_later_is_marked_where_it_is_made`), as a table's are; and of `catalogue.filled`,
    which is given a sentence already said through `_`."""
    return {id(n) for c in tree.body if isinstance(c, ast.ClassDef | ast.FunctionDef) and c.name in ("Later", "filled")
            for n in ast.walk(c)}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_every_template_is_formatted_only_after_it_is_said_through_the_catalogue(path: Path) -> None:
    tree = parse(path)
    raised, tables, later = _raised(tree), _tables(tree), _later(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in raised:
            pytest.fail(f"{path.name}:{node.lineno}: an f-string builds a sentence the catalogue never sees")
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
                and id(node) not in later):
            assert marked(node.func.value), f"{path.name}:{node.lineno}: .format on a template not said through _()"
        if marked(node) and id(node) not in later:
            assert isinstance(node, ast.Call)
            name = node.func.id if isinstance(node.func, ast.Name) else ""
            literals = node.args[:2] if name == "ngettext" else node.args
            assert all(_template(a, tables) for a in literals), \
                f"{path.name}:{node.lineno}: {name}() is given something other than a template"


def test_the_templates_of_a_table_are_said_through_underscore_when_they_are_used() -> None:
    """A table marks its templates with `N_`; each table is read inside `_(...)` and nowhere else."""
    for path in SOURCES:
        tree = parse(path)
        tables = _tables(tree)
        parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in tables and isinstance(node.ctx, ast.Load):
                up = parents[id(node)]
                while not marked(up):
                    assert not isinstance(up, ast.stmt), f"{path.name}:{node.lineno}: {node.id} read without _()"
                    up = parents[id(up)]


def test_there_are_templates_in_every_module_of_sentences() -> None:
    places = {Path(where.split(":")[0]).name for where, _template in templates() if "phrasebook" in where}
    no_sentences = {"__init__.py", "catalogue.py", "choosing.py", "notation.py"}
    assert places == {p.name for p in SOURCES} - no_sentences


@pytest.mark.parametrize(("where", "template"), templates(), ids=lambda v: str(v)[:40])
def test_every_placeholder_of_a_template_is_named(where: str, template: str) -> None:
    for _text, field, _spec, _conversion in string.Formatter().parse(template):
        if field is not None:
            assert field.isidentifier(), f"{where}: {template!r} has a placeholder without a name: {{{field}}}"


def test_the_catalogue_gives_the_english_back_for_now() -> None:
    assert _("You take {card} for free") == "You take {card} for free"
    assert ngettext("{n} card", "{n} cards", 1) == "{n} card"
    assert ngettext("{n} card", "{n} cards", 0) == "{n} cards"


def _noted(node: ast.expr) -> bool:
    """A template marked with `N_`, or a choice of two."""
    if isinstance(node, ast.IfExp):
        return _noted(node.body) and _noted(node.orelse)
    return marked(node) and isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_"


def test_every_sentence_said_later_is_marked_where_it_is_made() -> None:
    """`Later(template, …)` is given a template marked with `N_` (or a name bound to one in the same module), so
    the catalogue has every sentence one connection makes for another to read in its own language."""
    calls = 0
    for path in CATALOGUED:
        tree = parse(path)
        bound = {t.id for node in ast.walk(tree) if isinstance(node, ast.Assign) and _noted(node.value)
                 for t in node.targets if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Later":
                calls += 1
                first = node.args[0] if node.args else None
                assert first is not None and (_noted(first) or (isinstance(first, ast.Name) and first.id in bound)), \
                    f"{path.name}:{node.lineno}: Later() is given something other than a template marked with N_"
    assert calls > 5
