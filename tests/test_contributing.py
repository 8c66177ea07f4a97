"""CONTRIBUTING.md's recipes are kept true: each checklist item names tests that exist, and
every test of the files that enforce a recipe is named by one of its items.

A checklist item is a line ``- [ ] what to do: `tests/x.py::test_name`, ...``. If a test is
renamed, removed or added to one of the enforcing files below, the recipe must follow.
"""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
CITED_TEST = re.compile(r"`(tests/[\w/]+\.py)::(test_\w+)`")

#: recipe -> the test files whose every test its checklist names (the checks that enforce it)
ENFORCED_BY = {
    "add a measure": ["tests/test_layout.py"],
    "add a dashboard": ["tests/widgets/test_registry.py"],
    "add a chapter": ["tests/test_chapters.py", "tests/test_collection.py"],
}
#: tests of an enforcing file that check the checker itself, not a step of the recipe
SELF_TESTS = {"tests/test_layout.py::test_the_private_import_check_can_fail"}


def recipe_section(text: str, recipe: str) -> str:
    match = re.search(
        rf"^### Recipe: {recipe}\n(.*?)(?=^#{{2,3}} )", text, re.MULTILINE | re.DOTALL
    )
    assert match, f"CONTRIBUTING.md has no section '### Recipe: {recipe}'"
    return match.group(1)


def checklist(section: str) -> list[str]:
    return [line for line in section.splitlines() if line.startswith("- [ ] ")]


def defined_tests(path: str) -> set[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }


@pytest.mark.parametrize("recipe", sorted(ENFORCED_BY))
def test_every_checklist_item_names_tests_that_exist(recipe):
    items = checklist(recipe_section(CONTRIBUTING.read_text(encoding="utf-8"), recipe))
    assert items, f"the recipe '{recipe}' has no checklist"
    for item in items:
        cited = CITED_TEST.findall(item)
        assert cited, f"a checklist item names no test: {item}"
        for path, name in cited:
            assert (ROOT / path).is_file(), f"{path} does not exist (cited by: {item[:60]}...)"
            assert name in defined_tests(path), f"{path} has no {name} (cited by: {item[:60]}...)"


@pytest.mark.parametrize("recipe", sorted(ENFORCED_BY))
def test_every_test_that_enforces_a_recipe_is_in_its_checklist(recipe):
    section = recipe_section(CONTRIBUTING.read_text(encoding="utf-8"), recipe)
    cited = {
        f"{path}::{name}" for item in checklist(section) for path, name in CITED_TEST.findall(item)
    }
    enforcing = {
        f"{path}::{name}" for path in ENFORCED_BY[recipe] for name in defined_tests(path)
    } - SELF_TESTS
    missing = sorted(enforcing - cited)
    assert not missing, f"the recipe '{recipe}' names no step these tests check: {missing}"


def test_the_item_parser_reads_names_and_rejects_prose():
    section = (
        "- [ ] one: `tests/test_layout.py::test_one_all_and_imports_at_the_top`, "
        "`tests/test_chapters.py::test_the_command_line_prints_the_table`\n"
        "- [ ] two, with no test named\n"
        "not an item: `tests/test_layout.py::test_no_module_is_over_the_line_limit`\n"
    )
    items = checklist(section)
    assert len(items) == 2
    assert CITED_TEST.findall(items[0]) == [
        ("tests/test_layout.py", "test_one_all_and_imports_at_the_top"),
        ("tests/test_chapters.py", "test_the_command_line_prints_the_table"),
    ]
    assert CITED_TEST.findall(items[1]) == []
