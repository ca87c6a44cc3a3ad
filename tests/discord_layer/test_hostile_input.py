"""Issue 16: hostile values in every string and integer option of every slash command (read from the bot's
command tree), through the real discord.py code and the fake Discord. Each answer comes within 3 s and is a
move or an ephemeral refusal; a refusal changes nothing stored, nothing logs a traceback, and nothing the bot
sends is more than Discord accepts (the fake refuses it, and the harness fixture fails the test)."""

from __future__ import annotations

import itertools
import json
import time
from typing import Any

import pytest
from discord import AppCommandOptionType, app_commands
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine.chaosjan.catalogue import SHIPPED as CHAOSJAN_SHIPPED
from engine.ginjontan.rules import GINJONTAN
from engine.uno.rules import UNO
from render.common import COLOUR_ERROR
from tests.discord_layer.options.test_uno_options import deal
from tests.discord_layer.test_chaosjan import start as start_chaosjan
from tests.discord_layer.test_ginjontan import start_game as start_ginjontan

DISCORD_INT = 2**53  # Discord sends integers in -2^53..2^53
LONG = 6000  # the longest string option Discord sends
HOSTILE_TEXT = ["", "²", "٣", "#٣", "r²sun", "1２m", "9" * 4400, "#" + "9" * 5000, "\x00\x1b[2J\u202e\u2066",
                "x" * LONG, "r5 " * (LONG // 3)]
GOOD = {"hand": "123m456p789s1122z", "win": "2z", "card": "r5", "cards": "r1sun", "target": "x", "name": "x",
        "give": "r1sun"}


def sample(strategy: st.SearchStrategy[Any], count: int) -> list[Any]:
    """`count` values hypothesis draws from `strategy`, the same each run."""
    found: list[Any] = []

    @settings(max_examples=count, database=None, derandomize=True, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(value: Any) -> None:
        found.append(value)

    collect()
    return found[:count]


DRAWN_TEXT = sample(st.text(st.characters(codec="utf-8"), max_size=LONG) | st.from_regex(r"[#a-z]?[0-9]{1,60}[a-z]*"),
                    40)
DRAWN_INT = sample(st.integers(min_value=-DISCORD_INT, max_value=DISCORD_INT), 40)


def hostile_integers(parameter: app_commands.Parameter) -> list[int]:
    low = parameter.min_value if parameter.min_value is not None else -DISCORD_INT
    high = parameter.max_value if parameter.max_value is not None else DISCORD_INT
    return sorted({-DISCORD_INT, -1, 0, DISCORD_INT, int(low) - 1, int(high) + 1} - {1})  # 1 s would arm a timer


async def stored(harness) -> list[tuple]:
    def read(conn):
        games = [tuple(r) for r in conn.execute("SELECT id, kind, status, version, state FROM games ORDER BY id")]
        return [*games, tuple(conn.execute("SELECT COUNT(*) FROM game_events").fetchone())]

    return await harness.bot.db.read(read)


async def answer(log) -> dict[str, Any]:
    """The message that answers: the reply, or after a deferral the first followup or the edited original."""
    record = log.record
    if log.response_type == 5:
        await log.wait_for(lambda r: bool(r.followups or r.edits), timeout=3)
        if record.followups:
            return record.followups[0]
    return log.message


def refused(message: dict[str, Any]) -> bool:
    return bool(message.get("flags", 0) & 64) and any(e.get("color") == COLOUR_ERROR.value
                                                      for e in message.get("embeds") or [])


def commands_with_typed_options(bot) -> list[tuple[app_commands.Command, app_commands.Parameter]]:
    return [(c, p) for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)
            for p in c.parameters if p.type in (AppCommandOptionType.string,
                                                AppCommandOptionType.integer)]


def others(command: app_commands.Command, fuzzed: str, user) -> dict[str, Any]:
    """The command's other required options, with plausible values."""
    given: dict[str, Any] = {}
    for p in command.parameters:
        if not p.required or p.display_name == fuzzed:
            continue
        if p.type is AppCommandOptionType.user:
            given[p.display_name] = user
        elif p.choices:
            given[p.display_name] = p.choices[0].value
        elif p.type is AppCommandOptionType.integer:
            given[p.display_name] = int(p.min_value or 1)
        elif p.type is AppCommandOptionType.boolean:
            given[p.display_name] = False
        elif p.type is AppCommandOptionType.attachment:
            given[p.display_name] = ("deck.json", b"{}")
        else:
            given[p.display_name] = GOOD.get(p.display_name, "x")
    return given


async def setup_games(harness, players) -> None:
    """A table with CHAOS;JAN, an Uno game and a Gin-jon-tan game, all in the one channel."""
    await start_chaosjan(harness, players)
    await harness.slash("cosmic start", user=players[0])
    await deal(harness, players[:3])
    await start_ginjontan(harness, players[:3])


async def test_every_string_and_integer_option_survives_hostile_values(harness):
    players = [harness.user(name, manager=i == 0) for i, name in enumerate(("east", "south", "west", "north"))]
    await setup_games(harness, players)
    host = players[0]
    typed = commands_with_typed_options(harness.bot)
    assert len(typed) > 50  # the walk found the bot's commands
    drawn_text, drawn_int = itertools.cycle(DRAWN_TEXT), itertools.cycle(DRAWN_INT)  # as many as there are options
    for command, parameter in typed:
        name = parameter.display_name
        if parameter.type is AppCommandOptionType.string:
            values: list[Any] = [*HOSTILE_TEXT, next(drawn_text)]
        else:
            values = [*hostile_integers(parameter), next(drawn_int)]
        for value in values:
            before = await stored(harness)
            started = time.monotonic()
            log = await harness.slash(command.qualified_name, user=host, **others(command, name, host), **{name: value})
            message = await answer(log)
            elapsed = time.monotonic() - started
            where = f"/{command.qualified_name} {name}={value!r:.40}"
            assert elapsed < 3, f"{where}: answered after {elapsed:.1f} s"
            if refused(message):
                assert await stored(harness) == before, f"{where}: refused, yet the stored games changed: {message}"
            if parameter.autocomplete and isinstance(value, str):
                choices = await harness.autocomplete(command.qualified_name, name, value, user=host)
                assert len(choices) <= 25 and all(len(c["name"]) <= 100 for c in choices), where



# -- item 9: the hint names the command that opens a game -------------------------------------------------------

@pytest.mark.parametrize("command, opener, kind", [("uno hand", "uno new", UNO),
                                                   ("ginjontan status", "ginjontan new", GINJONTAN)])
async def test_no_game_here_names_the_command_that_opens_one(harness, command, opener, kind):
    refused = await harness.slash(command, user=harness.user("ann"))
    assert refused.ephemeral and f"`/{opener}`" in refused.text
    await harness.slash(opener, user=harness.user("ben"))
    assert await harness.bot.games.get(harness.fake.default_channel, kind) is not None  # it does open one


# -- item 4: a refusal quoting 6,000 characters still fits one message ------------------------------------------

@pytest.mark.parametrize("command, option, text, quoted", [
    ("chroma waits", "hand", "1m" * 100 + "x" + "2m" * 2949, "x"),
    ("ginjontan score", "cards", "r1sun " + "q" * 5994, "q"),
])
async def test_a_caret_refusal_of_a_long_option_quotes_a_short_window(harness, command, option, text, quoted):
    refused = await harness.slash(command, user=harness.user("ann"), **{option: text})
    description = refused.embeds[0]["description"]
    assert refused.ephemeral and len(description) <= 1000 and "…" in description and quoted in description


@pytest.mark.parametrize("card", ["#" + "٣" * 3, "#" + "9" * 5000, "r" * 6000])
async def test_uno_play_refuses_a_hostile_card_briefly(harness, card):
    players = [harness.user(n) for n in ("ann", "ben", "cat")]
    await deal(harness, players)
    before = await stored(harness)
    refused = await harness.slash("uno play", user=players[0], card=card)
    assert refused.ephemeral and "can't read" in refused.text and len(refused.text) < 1000
    assert await stored(harness) == before


# -- item 5: uploaded files ------------------------------------------------------------------------------------

HOSTILE_FILES = [
    pytest.param("deep.json", '{"schema": 1,\n"name": ' + "[" * 3000 + "]" * 3000 + "}", "line 2", id="nesting"),
    pytest.param("deep.toml", "schema = 1\n\nname = " + "[" * 3000 + "]" * 3000, "line 3", id="toml-nesting"),
    pytest.param("big.json", '{"schema":\n 1' + "0" * 5000 + "}", "line 2", id="5000-digits"),
    pytest.param("dup.json", '{"schema": 1,\n "schema": 1}', "line 2", id="duplicate-key"),
]


@pytest.mark.option_effect("cosmic import", "file")
@pytest.mark.parametrize("filename, text, where", HOSTILE_FILES)
async def test_cosmic_import_refuses_hostile_files_naming_the_line(harness, filename, text, where):
    east, south, west, north = (harness.user(n) for n in ("east", "south", "west", "north"))
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    await harness.slash("cosmic start", user=east)
    before = await stored(harness)
    refused = await harness.slash("cosmic import", user=east, file=(filename, text.encode()))
    await refused.followed_up()
    assert refused.ephemeral and where in refused.text
    assert await stored(harness) == before


@pytest.mark.option_effect("chaosjan import", "file")
@pytest.mark.parametrize("amount, complaint", [(10**12, "up to 1,000,000"), ("1" + "0" * 4000, "digits")])
async def test_chaosjan_import_refuses_an_amount_no_table_can_pay(harness, amount, complaint):
    players = [harness.user(n) for n in ("east", "south", "west", "north")]
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    await harness.slash("chaosjan new", user=east)
    text = CHAOSJAN_SHIPPED.read_text(encoding="utf-8").replace('"amount": 2000', f'"amount": {amount}', 1)
    before = await stored(harness)
    refused = await harness.slash("chaosjan import", user=east, file=("ours.json", text.encode()))
    await refused.followed_up()
    assert refused.ephemeral and complaint in refused.text
    assert await stored(harness) == before


@pytest.mark.option_effect("cosmic import", "file")
async def test_a_name_with_a_direction_override_is_refused(harness):
    east, south, west, north = (harness.user(n) for n in ("east", "south", "west", "north"))
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    await harness.slash("cosmic start", user=east)
    deck = {"schema": 1, "name": "Ours", "description": "", "cards": [
        {"id": "x", "name": "Fine\u202eenif", "type": "event", "text": "Ok.", "lasts": "instant"}]}
    refused = await harness.slash("cosmic import", user=east, file=("ours.json", json.dumps(deck).encode()))
    await refused.followed_up()
    assert refused.ephemeral and "U+202E" in refused.text and "\u202e" not in refused.text
