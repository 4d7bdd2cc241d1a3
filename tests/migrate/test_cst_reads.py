"""The codemod's fast reads of LibCST trees give what LibCST's own slower ones give, on
every third module of the codemod's foreign corpus (packages with relative imports, star
imports, re-exports, nested scopes) and of fluidphi's legacy operators:

* `cst_walk.find_all` finds the very nodes `libcst.matchers.findall` finds;
* `qualified_names.fully_qualified` gives each Name and Attribute node the qualified
  names `FullyQualifiedNameProvider` gives it (through `FullRepoManager`);
* `qualified_names.qualified_at_end`, asked by name, gives each name the module's code
  spells what the provider gives a read of it in a statement appended to the module."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import libcst as cst
import libcst.matchers as m
import pytest
from libcst.metadata import FullRepoManager, FullyQualifiedNameProvider, MetadataWrapper
from migrate_helpers import CORPUS, REPO

from migrate import static_refs
from migrate.cst_walk import find_all
from migrate.qualified_names import fully_qualified, qualified_at_end
from migrate.tree_names import package_root

FILES = [*sorted(CORPUS.rglob("*.py"))[::3],
         *sorted((REPO / "legacy_fluid" / "operators").rglob("*.py"))[::9]]

MATCHERS = [
    m.Call(func=m.Name() | m.Attribute()),
    m.Name() | m.Attribute(),
    m.Import() | m.ImportFrom(),
    m.Name(m.MatchIfTrue(lambda v: v.startswith("s"))),
    m.MatchIfTrue(lambda n: isinstance(n, cst.Comparison)),
    m.Call(func=m.Attribute(value=m.Name(), attr=m.Name("compute"))),
]


def _parsed(path: Path) -> cst.Module:
    try:
        return cst.parse_module(path.read_bytes())
    except cst.ParserSyntaxError:
        pytest.skip(f"{path.name} is written not to parse")


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_find_all_finds_what_findall_finds(path: Path) -> None:
    module = _parsed(path)
    for matcher in MATCHERS:
        mine = find_all(module, matcher)
        theirs = m.findall(module, matcher)
        assert Counter(map(id, mine)) == Counter(map(id, theirs)), matcher
        for stmt in module.body[:3]:  # a part of a tree searched on its own
            assert {id(n) for n in find_all(stmt, matcher)} == {
                id(n) for n in m.findall(stmt, matcher)}, matcher


def test_find_all_refuses_matchers_it_cannot_read() -> None:
    with pytest.raises(TypeError, match="node matchers"):
        find_all(cst.parse_module("x = 1\n"), m.DoesNotMatch(m.Name()))


@pytest.mark.parametrize("path", FILES[::2], ids=lambda p: str(p.relative_to(REPO)))
def test_fully_qualified_names_are_the_providers(path: Path) -> None:
    module = _parsed(path)
    root, where = package_root(path), str(path.resolve())
    manager = FullRepoManager(str(root), [where], {FullyQualifiedNameProvider})
    theirs = MetadataWrapper(module, unsafe_skip_copy=True,
                             cache=manager.get_cache_for_path(where)).resolve(
        FullyQualifiedNameProvider)
    mine = fully_qualified(module, path, root)
    assert set(mine) == {n for n in theirs if isinstance(n, (cst.Name, cst.Attribute))}
    assert all(mine[n] == set(theirs[n]) for n in mine)


def _provider(module: cst.Module, path: Path) -> dict[cst.CSTNode, set]:
    root, where = package_root(path), str(path.resolve())
    manager = FullRepoManager(str(root), [where], {FullyQualifiedNameProvider})
    return dict(MetadataWrapper(module, unsafe_skip_copy=True,
                                cache=manager.get_cache_for_path(where)).resolve(
        FullyQualifiedNameProvider))


@pytest.mark.parametrize("path", FILES[1::2], ids=lambda p: str(p.relative_to(REPO)))
def test_names_asked_at_the_end_are_read_as_an_appended_statement_reads_them(
        path: Path) -> None:
    module = _parsed(path)
    names = sorted({n.value for n in find_all(module, m.Name())} | {"None", "print", "zzz"})
    probe = cst.parse_statement(f"_probe = ({', '.join(names)},)\n")
    probed = module.with_changes(body=[*module.body, probe])
    elements = probed.body[-1].body[0].value.elements  # type: ignore[attr-defined]
    theirs = _provider(probed, path)
    mine = qualified_at_end(module, path, package_root(path), names)
    assert {n: mine[n] for n in names} == {
        n: set(theirs.get(e.value, ())) for n, e in zip(names, elements)}



def test_the_tree_of_a_file_is_shared_only_for_the_text_it_was_parsed_from(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.py"
    path.write_text("A = 1\n")
    key = static_refs.file_state(path)
    first = static_refs.parsed_source("A = 1\n", path)
    assert first is static_refs.load_module(path)[0]  # one tree for the module and sibling
    assert static_refs.parsed_source("A = 2\n", path).code == "A = 2\n"  # not the file's
    path.write_text("B = 2\n")  # as long, and (a coarse mtime) under the same state key
    monkeypatch.setattr(static_refs, "file_state", lambda _: key)
    again = static_refs.parsed_source("B = 2\n", path)
    assert again is not first and again.code == "B = 2\n"
