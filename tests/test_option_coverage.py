"""Every slash-command option has a test asserting its effect (issue 15).

The options are read from the bot's real command tree; the tests that cover them say so with
`@pytest.mark.option_effect("group command", "option", ...)`, found here by reading the test files (decorators on
test functions and classes, and `pytestmark`). An option no test names fails, and so does a marker naming a
command or option the bot does not have, so the markers stay true when commands change."""

from __future__ import annotations

import ast
from pathlib import Path

from discord import app_commands

from bot import create_bot
from settings import Settings

TESTS = Path(__file__).parent

async def command_options() -> tuple[set[str], set[tuple[str, str]]]:
    """Every command path, and every (command path, option name as Discord shows it), from the bot's tree."""
    bot = create_bot(Settings(token=None, database_path=None, dev_guild_id=None, log_level="INFO"))
    for name in bot.extension_names:
        await bot.load_extension(name)
    commands = [c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)]
    return ({c.qualified_name for c in commands},
            {(c.qualified_name, p.display_name) for c in commands for p in c.parameters})


def _is_marker(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "option_effect"
            and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "mark")


def _marks(node: ast.expr) -> list[ast.Call]:
    """The option_effect markers in a decorator or a `pytestmark` value (one marker, or a list or tuple)."""
    items = node.elts if isinstance(node, (ast.List, ast.Tuple)) else [node]
    return [item for item in items if _is_marker(item)]


def _tests(body: list[ast.stmt]) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The test functions of a module or class body, those of its Test classes included."""
    found = []
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            found.append(node)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            found += _tests(node.body)
    return found


def markers_in(source: str, filename: str) -> list[tuple[str, str, tuple, bool]]:
    """(where, what it marks, marker arguments, whether every test it marks runs through the fake Discord's
    `harness`) for each option_effect marker in this source."""
    found = []

    def add(call: ast.Call, owner: str, tests: list) -> None:
        where = f"{filename}:{call.lineno}"
        args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                     for a in call.args)
        harnessed = bool(tests) and all("harness" in [a.arg for a in t.args.args] for t in tests)
        found.append((where, owner, args, harnessed))

    def visit(body: list[ast.stmt], owner: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                tests = _tests(node.body) if isinstance(node, ast.ClassDef) else [node]
                for decorator in node.decorator_list:
                    for call in _marks(decorator):
                        add(call, node.name, tests)
                if isinstance(node, ast.ClassDef):
                    visit(node.body, node.name)
            elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark"
                                                      for t in node.targets):
                for call in _marks(node.value):
                    add(call, owner, _tests(body))

    visit(ast.parse(source, filename).body, "<module>")
    return found


def all_markers() -> list[tuple[str, str, tuple, bool]]:
    return [m for path in sorted(TESTS.rglob("*.py"))
            for m in markers_in(path.read_text(), str(path.relative_to(TESTS.parent)))]


def problems(markers: list[tuple[str, str, tuple, bool]], commands: set[str],
             options: set[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """(options no marker covers, markers that are wrong)."""
    covered, wrong = set(), []
    for where, owner, args, harnessed in markers:
        if not owner.startswith(("test", "Test", "<module>")):
            wrong.append(f"{where}: on {owner}, which is not a test")
            continue
        if not harnessed:
            wrong.append(f"{where}: {owner} does not take the `harness` fixture: an option's effect is asserted "
                         "through the real bot and the fake Discord")
            continue
        if len(args) < 2 or None in args:
            wrong.append(f"{where}: give a command and at least one option, as literal strings: {args}")
            continue
        command, *names = args
        if command not in commands:
            wrong.append(f"{where}: there is no command /{command}")
            continue
        for name in names:
            if (command, name) in options:
                covered.add((command, name))
            else:
                wrong.append(f"{where}: /{command} has no option {name!r}")
    missing = sorted(options - covered)
    return [f"/{c} {o}" for c, o in missing], wrong


async def test_every_option_has_a_test_of_its_effect_and_every_marker_is_true():
    commands, options = await command_options()
    assert options, "no options found: the command tree was not read"
    missing, wrong = problems(all_markers(), commands, options)
    assert not wrong, "markers that are not true:\n" + "\n".join(wrong)
    assert not missing, ("options with no test asserting their effect (mark one with "
                         "@pytest.mark.option_effect):\n" + "\n".join(missing))


SAMPLE = '''
import pytest
pytestmark = [pytest.mark.slow, pytest.mark.option_effect("g c", "a")]

@pytest.mark.option_effect("g c", "b", "c")
async def test_one(harness): ...

class TestGroup:
    pytestmark = pytest.mark.option_effect("g d", "x")

    @pytest.mark.option_effect("g c", "nope")
    def test_two(self, harness, players): ...

@pytest.mark.option_effect("g c", "d")
def helper(harness): ...

@pytest.mark.option_effect("g c", OPTION)
def test_three(harness): ...
'''

NO_HARNESS = '''
@pytest.mark.option_effect("g c", "a")
def test_pure(): ...
'''


def test_the_scan_reads_every_form_of_marker_and_finds_what_is_wrong():
    found = markers_in(SAMPLE, "sample.py")
    assert [(owner, args) for _, owner, args, _ in found] == [
        ("<module>", ("g c", "a")), ("test_one", ("g c", "b", "c")), ("TestGroup", ("g d", "x")),
        ("test_two", ("g c", "nope")), ("helper", ("g c", "d")), ("test_three", ("g c", None))]
    options = {("g c", o) for o in "abcde"} | {("g d", "x"), ("g d", "y")}
    missing, wrong = problems(found, {"g c", "g d"}, options)
    assert missing == ["/g c d", "/g c e", "/g d y"]
    assert len(wrong) == 3 and "no option 'nope'" in wrong[0] and "helper, which is not a test" in wrong[1]
    assert "literal strings" in wrong[2]
    missing, wrong = problems(markers_in(NO_HARNESS, "pure.py"), {"g c"}, {("g c", "a")})
    assert missing == ["/g c a"] and len(wrong) == 1 and "test_pure does not take the `harness`" in wrong[0]
