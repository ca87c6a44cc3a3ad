"""Forged components (issue 16, item 7): a custom_id or a menu value that matches nothing the bot offers, sent as
a real INTERACTION_CREATE, gets a friendly ephemeral refusal and changes nothing. Every registered DynamicItem
is walked, so a new one without forged cases fails here."""

from __future__ import annotations

import copy
import re
import sqlite3
import typing

import discord
import pytest

from engine.uno.cards import CARDS
from engine.uno.rules import UNO

BIG = "9" * 30  # past every id or version the bot writes (2**63)

# custom_ids that match each template but name nothing the bot would offer
FORGED_IDS = {
    "ui.uno.ChoiceSelect": ["ct:uno:ch:bogus:5:-:-:-:-:-", f"ct:uno:ch:colour:{len(CARDS)}:-:-:-:-:-",
                            "ct:uno:ch:pile:5:-:-:-:-:zzz", f"ct:uno:ch:pile:5:{BIG}:-:-:-:-",
                            "ct:uno:ch:pile:5:-:-:-:-:-:p1", "ct:uno:ch:pile:5:-:-:-:-:-:p99"],
    "ui.uno.PromptSelect": ["ct:uno:prompt:bogus", "ct:uno:prompt:partner:p1", "ct:uno:prompt:partner:p99"],
    "ui.uno.BoardButton": ["ct:uno:b:bogus", "ct:uno:h:join", "ct:uno:l:draw"],
    "ui.uno.PlaySelect": ["ct:uno:play:p99"],
    "ui.uno.DrawnButton": [f"ct:uno:drawn:{len(CARDS)}:1", f"ct:uno:drawn:1:{BIG}"],
    "ui.chaosjan.PanelButton": [f"ct:cj:p:pass:{BIG}"],
    "ui.chaosjan.ChooseButton": [],
    "ui.chaosjan.PickSelect": ["ct:cj:pick:action:p99", "ct:cj:pick:action:p1.0123abcd.7"],
    "ui.chaosjan.HandButton": [],
    "ui.chaosjan.PlaySelect": ["ct:cj:play:p99", "ct:cj:play:p1"],
    "ui.chaosjan.DetailSelect": [f"ct:cj:t:hyper:{BIG}", "ct:cj:t:hyper:0:p1", "ct:cj:a:hyper:0:p99"],
    "ui.ginjontan.LobbyButton": ["ct:gjt:l:bogus"],
    "ui.ginjontan.HandButton": [],
    "ui.ginjontan.MoveButton": ["ct:gjt:m:bogus"],
    "ui.ginjontan.CardSelect": ["ct:gjt:s:bogus", f"ct:gjt:s:askgive:{BIG}:hand", "ct:gjt:s:exchange:p99",
                                "ct:gjt:s:exchange:p1.0123abcd.Zz", "ct:gjt:s:take:g1.6237"],
    "ui.ginjontan.BestExchange": ["ct:gjt:x:6237:1", "ct:gjt:x:1:9999"],
    "ui.ginjontan.AskSelect": ["ct:gjt:ask:p99", "ct:gjt:ask:p1"],
    "ui.ginjontan.ShareScore": ["ct:gjt:share:best:9999", "ct:gjt:share:all:1.6237"],
    "cogs.chroma.RecordTsumo": [f"ct:chroma:tsumo:1:{BIG}:3:30:0", "ct:chroma:tsumo:1:2:5000:30:0",
                                "ct:chroma:tsumo:1:2:3:30:99999"],
    "cogs.chroma.RecordRon": ["ct:chroma:ron:1:2:-5000:30:0", "ct:chroma:ron:1:2:3:30:0:p1",
                              "ct:chroma:ron:1:2:3:30:0:p99"],
    "cogs.table.TenpaiSelect": [f"ct:table:tenpai:{BIG}", "ct:table:tenpai:1:p1.0123abcd.3",
                                "ct:table:tenpai:1:p99"],
    "cogs.table.DrawButton": [f"ct:table:noten:{BIG}", f"ct:table:abort:{BIG}"],
    "cogs.cosmic.PayButton": [f"ct:cosmic:pay:{BIG}"],
    "ui.cosmic_only.DeckButton": [],
    "ui.cosmic_only.NextHandButton": [f"ct:cosmic:next:{BIG}"],
    "cogs.help.HelpTopic": [],
    "ui.table_end.EndButton": [f"ct:table:end:end:{BIG}:1:1:none:25000",
                               "ct:table:end:end:1:1:1:1-2:25000", "ct:table:end:end:1:1:1:none:0",
                               f"ct:table:end:keep:1:1:1:none:{BIG}", "ct:table:end:end:1:1:1:none:25000"],
    "ui.table_history.HistoryButton": [f"ct:table:history:{BIG}:1:1", "ct:table:history:1:1:1",
                                       "ct:table:history:1:1:0", f"ct:table:history:1:1:{BIG}"],
}

# for each menu: a custom_id its template accepts, and values it offered that the bot cannot read
SELECTS = {
    "ui.uno.ChoiceSelect": ("ct:uno:ch:pile:5:-:-:-:-:-", ["abc", f"{BIG}"]),
    "ui.uno.PromptSelect": ("ct:uno:prompt:partner", ["abc"]),
    "ui.uno.PlaySelect": ("ct:uno:play", ["abc", "1:2:3", f"{len(CARDS)}:1", "-1:1"]),
    "ui.chaosjan.PickSelect": ("ct:cj:pick:character", ["no-such-card"]),
    "ui.chaosjan.PlaySelect": ("ct:cj:play", ["no-such-card"]),
    "ui.chaosjan.DetailSelect": ("ct:cj:t:hyper:0", ["abc"]),
    "ui.ginjontan.CardSelect": ("ct:gjt:s:act", ["abc", "1:2:3"]),
    "ui.ginjontan.AskSelect": ("ct:gjt:ask", ["abc", "1:nowhere", f"{BIG}:hand"]),
    "cogs.chroma.RecordRon": ("ct:chroma:ron:1:2:3:30:0", ["abc"]),
    "cogs.table.TenpaiSelect": ("ct:table:tenpai:1", ["abc"]),
    "cogs.help.HelpTopic": ("ct:help:topic", ["abc"]),
}


def registered(harness) -> dict[str, type]:
    store = harness.bot._connection._view_store
    return {f"{c.__module__}.{c.__qualname__}": c for c in store._dynamic_items.values()}


def snapshot(harness) -> list[tuple]:
    with sqlite3.connect(harness.database_path) as conn:
        return conn.execute("SELECT id, status, version, state FROM games ORDER BY id").fetchall()


async def send(harness, message, user, component: dict, values: list[str] | None = None):
    forged = copy.deepcopy(message)
    forged["components"] = [{"type": 1, "components": [component]}]
    data = {"custom_id": component["custom_id"], "component_type": component["type"]}
    if values is not None:
        data["values"] = values
    return await harness._send(harness._envelope(3, data, user, int(forged["channel_id"]), message=forged))


def is_select(cls) -> bool:
    return any(typing.get_args(base) == (discord.ui.Select,) for base in cls.__orig_bases__)


def component_for(cls, custom_id: str, values: list[str]) -> dict:
    if is_select(cls):
        return {"type": 3, "custom_id": custom_id, "min_values": 1, "max_values": max(1, len(values)),
                "options": [{"label": v[:100], "value": v} for v in values or ["x"]]}
    return {"type": 2, "custom_id": custom_id, "style": 1, "label": "forged"}


@pytest.fixture
async def table_message(harness):
    """A channel with an Uno lobby and a /table game, and a message of the bot's to forge components on."""
    host, other, third = (harness.user(n) for n in ("host", "other", "third"))
    await harness.slash("table start", user=host, east=host, south=other, west=third)
    lobby = await harness.slash("uno new", user=host, seed="1")
    return lobby.message, host


def refused(log) -> bool:
    return log.ephemeral and bool(log.embeds)


async def test_every_dynamic_item_has_forged_cases(harness):
    assert set(registered(harness)) == set(FORGED_IDS)
    for name, cls in registered(harness).items():
        if not FORGED_IDS[name]:  # nothing to forge: every part of its template is a list of fixed names
            groups = re.findall(r"\(\?P<\w+>([^)]*)\)", cls.__discord_ui_compiled_template__.pattern)
            assert all(re.fullmatch(r"[a-z]+(\|[a-z]+)*", g) for g in groups), (name, groups)
        for custom_id in FORGED_IDS[name]:
            assert cls.__discord_ui_compiled_template__.fullmatch(custom_id), (name, custom_id)
    assert set(SELECTS) == {name for name, cls in registered(harness).items() if is_select(cls)}


@pytest.mark.parametrize("name", sorted(n for n, ids in FORGED_IDS.items() if ids))
async def test_a_forged_custom_id_is_refused_and_changes_nothing(harness, table_message, name):
    message, host = table_message
    cls = registered(harness)[name]
    for custom_id in FORGED_IDS[name]:
        before = snapshot(harness)
        log = await send(harness, message, host, component_for(cls, custom_id, ["1"]),
                         ["1"] if is_select(cls) else None)
        assert refused(log), (custom_id, log.response)
        assert "doesn't match anything" in log.text, (custom_id, log.text)
        assert snapshot(harness) == before


@pytest.mark.parametrize("name", sorted(SELECTS))
async def test_forged_menu_values_are_refused_and_change_nothing(harness, table_message, name):
    message, host = table_message
    cls = registered(harness)[name]
    custom_id, offered_values = SELECTS[name]
    assert cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    component = component_for(cls, custom_id, offered_values)
    for values in [["never-offered"], *([v] for v in offered_values)]:
        before = snapshot(harness)
        log = await send(harness, message, host, component, values)
        assert refused(log), (values, log.response)
        assert snapshot(harness) == before
    log = await send(harness, message, host, component, ["never-offered"])
    assert "doesn't match anything" in log.text


async def test_a_real_menu_with_a_forged_value(harness):
    """Through the harness's own menu: a play the hand's menu never offered."""
    host, other = harness.user("host"), harness.user("other")
    lobby = await harness.slash("uno new", user=host, seed="5")
    await harness.click(lobby.message, user=other, label="Join")
    await (await harness.click(lobby.message, user=host, label="Start")).followed_up()
    hand = await harness.click(harness.newest_public(), user=host, label="My hand")  # the board, under the lobby
    before = (await harness.bot.games.get(harness.fake.default_channel, UNO)).version
    log = await harness.choose(hand.message, ["0:0"], user=host, custom_id="ct:uno:play", forge=True)
    assert refused(log) and "doesn't match anything" in log.text
    assert (await harness.bot.games.get(harness.fake.default_channel, UNO)).version == before
