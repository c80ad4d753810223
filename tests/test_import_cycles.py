"""No import circles: no module of famiglia imports one that imports it back, directly or through others.

A circle makes two modules one in all but name (neither can be read, tested or changed alone); the
server's modules once had two. Imports made only for type checking count too: they are dependencies
of the reader all the same.
"""

from __future__ import annotations

import grimp


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = grimp.build_graph("famiglia", include_external_packages=False)
    circles = []
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back:
                circles.append(" -> ".join((module, *back)))
    assert circles == []
