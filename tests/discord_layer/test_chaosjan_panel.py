"""Issue 17, item 2 for CHAOS;JAN: one live panel, always the channel's newest public message. A seeded hand
played through the fake Discord as players would; after every move the newest public message is the panel for
the stored state, no older public message keeps buttons, and the move added at most one public message."""

from __future__ import annotations

import asyncio

import pytest

from engine.table import TABLE
from tests.discord_layer.test_chaosjan import CHOICES, EAST_STOCK, KINDS, SEED, WAREME_SEAT, ask_everyone
from tests.fake_discord.harness import components
from tests.support.table import end_table
from ui.chaosjan import more_lines


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def settle(harness) -> None:
    """Wait for the handlers in flight: after answering, a move's handler still moves the panel down."""
    in_flight = set(harness.bot._in_flight)
    if in_flight:
        await asyncio.wait(in_flight, timeout=5)


def expected_buttons(state, version: int) -> set[str]:
    """The panel's buttons for this moment, from the rules' state: 2.1 drawing, 2.7 passing and negating."""
    if state.priority is None:
        names = {"drew", "next"} | ({"again"} if state.drawn else set())
    elif state.priority.sub is not None:
        names = {"negate", "pass"}
    else:
        names = {"pass"}
    return {f"ct:cj:p:{name}:{version}" for name in names} | {"ct:cj:p:hand:0", "ct:cj:p:played:0", "ct:cj:p:turn:0"}


class Watch:
    """Counts the channel's public messages and checks the panel after each move."""

    def __init__(self, harness) -> None:
        self.harness = harness
        self.start = self.count = len(harness.public_messages())
        self.moves = 0

    def other(self) -> None:
        """A command that posted one message of its own (not the panel)."""
        assert len(self.harness.public_messages()) == self.count + 1
        self.count += 1
        self.moves += 1

    async def check(self) -> dict:
        await settle(self.harness)
        public = self.harness.public_messages()
        assert len(public) <= self.count + 1, "a move added more than one public message"
        self.count = len(public)
        self.moves += 1
        assert not [m["id"] for m in public[:-1] if components(m)], "an older public message kept its buttons"
        newest = public[-1]
        record = await self.harness.bot.games.get(self.harness.fake.default_channel, TABLE)
        state = record.state.chaosjan
        panel = next(e for e in newest["embeds"] if e["title"].startswith("CHAOS;JAN"))
        buttons = {c["custom_id"] for c in components(newest)}
        if state.phase.value == "setup":
            for player, choice in zip(state.players, state.choices, strict=True):
                assert f"{'✅' if choice.complete else '⏳'} <@{player}>" in panel["description"]
            assert buttons == {"ct:cj:choose"}
            return newest
        assert f"<@{state.players[state.active]}>'s turn" in panel["description"]
        if state.priority is None:
            assert "No one has priority" in panel["description"]
        else:
            holder = state.priority.sub.holder if state.priority.sub else state.priority.holder
            assert f"riority: <@{state.players[holder]}>**" in panel["description"]
        hands = next(f["value"] for f in panel["fields"] if f["name"] == "Hands")
        assert all(f"<@{p}> {len(h)}" in hands for p, h in zip(state.players, state.hands, strict=True))
        assert buttons == expected_buttons(state, record.version)
        return newest


async def holder(harness):
    state = (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state.chaosjan
    return None if state.holder is None else state.holder[1]


async def test_the_panel_is_always_the_newest_message_and_each_move_adds_at_most_one(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    watch = Watch(harness)
    setup = (await harness.slash("chaosjan new", user=east, seed=str(SEED))).message
    assert (await watch.check())["id"] == setup["id"]
    await ask_everyone(harness, players)  # everyone passes by hand here
    assert (await watch.check())["id"] == setup["id"]

    # Choosing (5.1d.2, 5.2d.1): the one setup panel is edited in place; picks add no public message.
    for seat, user in enumerate(players):
        menus = await harness.click(harness.newest_public(), user=user, label="Choose my cards")
        assert menus.ephemeral
        for (name, _), cards in zip(KINDS, CHOICES[seat], strict=True):
            await harness.choose(menus.message, [cards] if isinstance(cards, str) else list(cards), user=user,
                                 custom_id=f"ct:cj:pick:{name}")
            newest = await watch.check()
            if seat < 3:
                assert newest["id"] == setup["id"]
    assert int(setup["id"]) not in harness.fake.messages  # the choosing panel had nothing else to say: deleted
    assert "Decks built" in newest["content"]

    # 1.6a, 2.7: East plays a Stock, South negates from the panel, the rest pass by button or command.
    played = await harness.slash("chaosjan play", user=east, card=EAST_STOCK)
    await watch.check()
    await harness.click(harness.newest_public(), user=east, label="Pass")
    newest = await watch.check()  # the panel was the newest message: edited in place, its lines growing
    assert newest["id"] == played.message["id"] and "played" in newest["content"] and "Passed: " in newest["content"]
    await harness.click(harness.newest_public(), user=south, label="Negate")
    await watch.check()
    await harness.restart()  # the live panel's id is stored: the next move still retires it

    async def pass_round(stop_at=None):
        turn = 0
        while (seat := await holder(harness)) is not None and seat != stop_at:
            if turn % 2:
                await harness.slash("chaosjan pass", user=players[seat])
            else:
                panel = harness.newest_public()["id"]
                await harness.click(harness.newest_public(), user=players[seat], label="Pass")
                assert harness.newest_public()["id"] == panel
            turn += 1
            await watch.check()

    await pass_round()
    await harness.click(harness.newest_public(), user=east, label="I drew a tile")  # 2.1
    await watch.check()
    await pass_round(stop_at=WAREME_SEAT)
    wareme = players[WAREME_SEAT]
    hand = await harness.slash("chaosjan hand", user=wareme)
    await harness.choose(hand.message, ["wandering-wareme"], user=wareme)  # from the private hand's menu
    newest = await watch.check()
    assert "Wandering Wareme" in newest["content"]
    await pass_round()
    await harness.click(harness.newest_public(), user=east, label="Next turn")
    turn = await watch.check()
    assert turn["content"]
    status = await harness.slash("chaosjan status", user=west)  # brings the panel down
    assert (await watch.check())["id"] == status.message["id"]

    # The hand ends on the table (3.2c.2, 4.3): the ron's message carries the panel for the next hand.
    ron = await harness.slash("table ron", user=south, winner=south, loser=east, han=3, fu=30)
    newest = await watch.check()
    assert newest["id"] == ron.message["id"] and "7,800" in newest["content"]
    kept = harness.fake.messages[int(turn["id"])]  # an old panel keeps its lines of what happened, nothing else
    assert kept["content"] == turn["content"] and not kept["embeds"] and not kept["components"]
    assert status.record.original_message_id not in harness.fake.messages  # status said nothing but the panel
    await harness.click(newest, user=south, label="Pass")
    newest = await watch.check()
    assert newest["id"] == ron.message["id"] and "7,800" in newest["content"] and "Passed: " in newest["content"]

    # Something else posted below the panel: the next click on it moves the panel down.
    shown = await harness.slash("table show", user=west)
    assert harness.newest_public()["id"] == shown.message["id"]
    watch.other()
    await harness.click(ron.message, user=west, label="Pass")
    newest = await watch.check()
    assert newest["id"] not in (ron.message["id"], shown.message["id"])
    assert "7,800" in harness.fake.messages[int(ron.message["id"])]["content"]  # its lines stay above
    tsumo = await harness.slash("table tsumo", user=west, winner=west, han=1, fu=30)
    assert (await watch.check())["id"] == tsumo.message["id"]
    undone = await harness.slash("table undo", user=west)  # the panel as it was before the tsumo
    assert (await watch.check())["id"] == undone.message["id"]

    await end_table(harness, east)  # nothing is left to press
    await settle(harness)
    assert not [m["id"] for m in harness.public_messages() if components(m)]

    assert watch.count - watch.start <= watch.moves
    print(f"\nCHAOS;JAN hand: {watch.moves} moves, {watch.count - watch.start} public messages")


@pytest.mark.parametrize(("old", "new", "joined"), [
    ("<@1> played **X**\nPassed: <@1>", "Passed: <@2>\nNo one has priority",
     "<@1> played **X**\nPassed: <@1>, <@2>\nNo one has priority"),
    ("Passed: <@1>", "<@2> played **Y**", "Passed: <@1>\n<@2> played **Y**"),
    ("", "Passed: <@2>", "Passed: <@2>"),
    ("Passed: <@1>", None, "Passed: <@1>"),
])
def test_a_panel_edited_in_place_keeps_its_lines_and_a_run_of_passes_on_one_line(old, new, joined):
    assert more_lines(old, new) == joined
