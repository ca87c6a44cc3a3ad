"""Issue 18, item 1: CHAOS;JAN at one press a turn, counted through the fake Discord. The group plays its own
catalogue, in which every card but one Action and the Negates costs more points than anyone has (3.1g), so who has a
choice follows from the dealt hands alone: the holder of that Action, and Negate holders once a card is played."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.chaosjan.catalogue import CardType, parse_catalogue
from engine.chaosjan.moves import Choose
from engine.chaosjan.options import ChaosOptions
from engine.chaosjan.rules import apply, new_game
from engine.chaosjan.state import Table
from engine.table import TABLE
from tests.discord_layer.test_chaosjan import latest_panel, press
from tests.discord_layer.test_chaosjan_panel import settle
from tests.engine.chaosjan.notation import CHARACTERS, MODIFIERS, SPECIAL

DEAR = [{"kind": "pay", "amount": 1_000_000}]  # more than any player has: never playable (3.1g)
CARDS = [*CHARACTERS, {"id": "act-b", "name": "Act B", "type": "action", "text": "Nothing happens."},
         *({"id": f"act-dear-{i}", "name": f"Dear Action {i}", "type": "action", "text": "Pay.", "effects": DEAR}
           for i in (1, 2, 3)),
         *({"id": f"stk-dear-{i}", "name": f"Dear Stock {i}", "type": "stock", "text": "Pay.", "lasts": "hand",
            "effects": DEAR} for i in (1, 2, 3)),
         *MODIFIERS, *SPECIAL]
CATALOGUE = {"schema": 1, "name": "Dear", "description": "", "cards": CARDS}
EAST, SOUTH, WEST, NORTH = range(4)


def picks(seat: int) -> dict[str, tuple[str, ...]]:
    """West alone brings the one playable Action."""
    actions = ("act-b", "act-dear-1", "act-dear-2") if seat == WEST else ("act-dear-1", "act-dear-2", "act-dear-3")
    return {"character": ("white",), "action": actions, "stock": ("stk-dear-1", "stk-dear-2", "stk-dear-3"),
            "modifier": tuple(f"mod-{3 * seat + i}" for i in (1, 2, 3))}


def dealt(seed: int) -> list[list[str]]:
    state = new_game(parse_catalogue(CATALOGUE), ChaosOptions(hypers_per_player=0), [1, 2, 3, 4], 1, seed)
    table = Table((25000,) * 4)
    for seat in range(4):
        for kind, cards in picks(seat).items():
            state, table, _ = apply(state, table, Choose(seat + 1, CardType(kind), cards))
    return [[state.cards[c] for c in hand] for hand in state.hands]


def scenario(hands: list[list[str]]) -> bool:
    """West holds the Action and no Negate; South and North hold Negates; East none."""
    return ("act-b" in hands[WEST] and "negate" not in hands[WEST] + hands[EAST]
            and "negate" in hands[SOUTH] and "negate" in hands[NORTH])


SEED = next(seed for seed in range(3000) if scenario(dealt(seed)))


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def chaos(harness):
    return (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state.chaosjan


def passing(harness) -> str:
    """The live panel's line of everyone's auto-pass setting."""
    embed = next(e for e in latest_panel(harness)["embeds"] if e["title"].startswith("CHAOS;JAN"))
    return next(f["value"] for f in embed["fields"] if f["name"] == "Passing")


async def begin(harness, players) -> None:
    east = players[EAST]
    await harness.slash("table start", user=east, east=east, south=players[SOUTH], west=players[WEST],
                        north=players[NORTH])
    await harness.slash("chaosjan new", user=east, seed=str(SEED), hypers=0)
    imported = await harness.slash("chaosjan import", user=east, file=("dear.json", json.dumps(CATALOGUE).encode()))
    await imported.followed_up()
    assert "Imported Dear" in imported.text, imported.text
    for seat, user in enumerate(players):
        menus = await harness.click(harness.newest_public(), user=user, label="Choose my cards")
        for name, cards in picks(seat).items():
            chosen = await harness.choose(menus.message, list(cards), user=user, custom_id=f"ct:cj:pick:{name}")
            assert "Chosen so far" in chosen.text or "All chosen" in chosen.text or seat == NORTH, chosen.text
    await chosen.followed_up()  # the last pick deals the cards and posts the panel


async def until_stopped(harness, players, presses: Counter, plays: dict[int, str]) -> None:
    """Whoever the bot waits for plays their card of `plays` or presses Pass, until priority stops (2.6)."""
    while (state := await chaos(harness)).holder is not None:
        seat = state.holder[1]
        if seat in plays:
            reply = await harness.slash("chaosjan play", user=players[seat], card=plays.pop(seat))
            assert not reply.ephemeral, reply.text
        else:
            await press(harness, players[seat], "Pass")
        presses[seat] += 1


async def draw(harness, players, seat: int, presses: Counter) -> None:
    await press(harness, players[seat], "I drew a tile")
    presses[seat] += 1


async def test_presses_per_turn(harness, players):
    await begin(harness, players)
    hands = dealt(SEED)
    assert [len(h) for h in hands] == [len(h) for h in (await chaos(harness)).hands]

    # North holds Negates but asks not to be asked until their turn: one press, before any turn is counted.
    switched = await harness.click(latest_panel(harness), user=players[NORTH], label="Pass until my turn")
    assert switched.ephemeral and "until your turn" in switched.text
    await settle(harness)  # the panel is edited after the answer
    assert f"<@{players[NORTH].id}> 💤 until their turn" in passing(harness)  # the panel shows it

    # East's turn, one card played: West plays it, each Negate holder who did not switch is asked once (2.7),
    # and East reports the draw (2.1).
    presses: Counter = Counter()
    await until_stopped(harness, players, presses, {WEST: "act-b"})
    await draw(harness, players, EAST, presses)
    await until_stopped(harness, players, presses, {})
    with_choice = {WEST} | {s for s in (SOUTH, EAST) if "negate" in hands[s]}  # not North: switched
    assert presses == Counter({EAST: 1}) + Counter(with_choice)
    assert presses[NORTH] == 0

    # South's, West's and North's turns, nothing played: one press each, the draw, which also passes the turn.
    for seat in (SOUTH, WEST, NORTH):
        presses = Counter()
        await draw(harness, players, seat, presses)
        await until_stopped(harness, players, presses, {})
        state = await chaos(harness)
        assert (state.active, state.drawn, state.holder) == (seat, True, None)
        assert presses == Counter({seat: 1})
    assert f"<@{players[NORTH].id}> 🤖 auto" in passing(harness)  # North's turn came: the switch is off again


async def test_a_pass_out_of_turn_counts_when_priority_reaches_the_player(harness, players):
    await begin(harness, players)
    assert (await chaos(harness)).holder == ("main", WEST)  # West alone may play, before East's draw
    ahead = await press(harness, players[NORTH], "Pass")  # 2.3: North's pass waits for West's
    assert f"<@{players[NORTH].id}> passes ahead" in ahead.text and (await chaos(harness)).holder == ("main", WEST)
    again = await harness.click(latest_panel(harness), user=players[NORTH], label="Pass")
    assert again.ephemeral and "already passed" in again.text
    done = await press(harness, players[WEST], "Pass")
    assert (await chaos(harness)).holder is None  # the last pass of the round was North's, made ahead (2.5)
    assert f"<@{players[WEST].id}>, <@{players[NORTH].id}>" in done.text, done.text  # in turn order


async def test_the_hand_offers_every_other_setting(harness, players):
    await begin(harness, players)
    hand = await harness.slash("chaosjan hand", user=players[SOUTH])
    labels = {c.get("label") for row in hand.message["components"] for c in row["components"]}
    assert {"Always ask me", "Pass until a card is played", "Pass until my turn"} <= labels
    assert "Auto-pass" not in labels  # the one in force
    assert "Pass" in labels  # West holds priority: South may pass ahead from the hand too
    asked = await harness.click(hand.message, user=players[SOUTH], label="Always ask me")
    assert (await chaos(harness)).mode(SOUTH).value == "ask"
    assert "Auto-pass is off" in asked.text
