"""Issue 18 (items 2, 6, 9): Gin-jon-tan's hand controls, styled by consequence, and their wording."""

from __future__ import annotations

import re

from engine.ginjontan.cards import card
from render.ginjontan import card_words
from tests.discord_layer.test_ginjontan import current, play_one, settled, start_game
from tests.fake_discord.harness import components, message_text

PRIMARY, SECONDARY, DANGER = 1, 2, 4
EXCHANGES = ("exchange3", "exchange9", "turn")
SLASH_ONLY = {"swap", "aside", "act", "exchange3", "exchange9", "trim", "surplus", "turn", "reveal"}


def button(message, start: str) -> dict:
    return next(c for c in components(message) if c["type"] == 2 and c.get("label", "").startswith(start))


def is_defeat(c: int) -> bool:
    return card(c).special == "defeat"


async def take_the_defeat(harness, state, user) -> None:
    """Item 6: the exchange as two menus, give then take, the count said back."""
    seat = state.seat(user.id)
    given, taken = seat.hand[0], next(c for c in seat.reserve if is_defeat(c))
    hand = await harness.slash("ginjontan hand", user=user)
    step = await harness.choose(hand.message, [str(given)], user=user, custom_id="ct:gjt:s:exchange")
    assert step.message["id"] == hand.message["id"]
    assert "You give 1 card:" in step.text and "the 1 reserve card you take" in step.text
    assert await current(harness) == state, "giving alone changes nothing yet"
    await harness.choose(step.message, [str(taken)], user=user)
    after = (await current(harness)).seat(user.id)
    assert taken in after.hand and given in after.reserve and given not in after.hand


async def exchange_by_its_button(harness, state, user) -> None:
    """Item 6: the suggested best swap has a button; a stale one is refused and changes nothing."""
    seat = state.seat(user.id)
    hand = await harness.slash("ginjontan hand", user=user)
    older = await harness.slash("ginjontan hand", user=user)
    give, take = re.search(r"give (.+?), take (.+?): ", hand.text).groups()  # cards in words (item 5)
    pressed = button(hand.message, "Do this exchange")
    assert pressed["label"] == f"Do this exchange: give {give}, take {take}" and pressed["style"] == PRIMARY
    await harness.click(hand.message, user=user, label=pressed["label"])
    after = await current(harness)
    mine = after.seat(user.id)
    gave = next(c for c in seat.hand if card_words(c) == give)
    took = next(c for c in seat.reserve if card_words(c) == take)
    assert sorted(mine.hand) == sorted([c for c in seat.hand if c != gave] + [took])
    assert sorted(mine.reserve) == sorted([c for c in seat.reserve if c != took] + [gave])
    stale = await harness.click(older.message, user=user, label=pressed["label"])
    assert stale.ephemeral and "out of date" in stale.text and "My cards" in stale.text
    assert await current(harness) == after


async def show_with_a_defeat(harness, state, user) -> None:
    """Item 2: with a Defeat in hand the safe move is primary, the losing one is named, red and confirmed."""
    hand = await harness.slash("ginjontan hand", user=user)
    kat_oh, show = button(hand.message, "Kat oh!"), button(hand.message, "Show my hand")
    assert kat_oh["style"] == PRIMARY and "keep my points" in kat_oh["label"]
    assert show["style"] == DANGER and show["label"] == "Show my hand: the Defeat loses the round"
    ask = await harness.click(hand.message, user=user, label=show["label"])
    assert ask.ephemeral and "Defeat" in ask.text and "loses the round" in ask.text
    assert await current(harness) == state, "one press of the red button changes nothing"
    assert button(ask.message, "Kat oh!")["style"] == PRIMARY
    await harness.click(ask.message, user=user, label="Yes, show it: the Defeat loses the round")
    await settled(harness)
    assert (await current(harness)).seat(user.id).result == "defeat"
    shown = next(line for line in recent_lines(harness) if f"<@{user.id}> shows" in line)
    assert shown.endswith("— **Defeat!**")


def recent_lines(harness) -> list[str]:
    """The lines of the newest public messages (a round's end posts its summary, then the next round's panel)."""
    return [line for m in harness.public_messages()[-3:] for line in message_text(m).splitlines()]


async def show_without_a_defeat(harness, state, user) -> None:
    hand = await harness.slash("ginjontan hand", user=user)
    assert button(hand.message, "Show my hand")["style"] == PRIMARY
    assert button(hand.message, "Kat oh!")["style"] == SECONDARY
    await harness.click(hand.message, user=user, label="Show my hand")
    await settled(harness)
    shown = (f"<@{user.id}> shows", f"<@{user.id}> **")  # its line, or its place in the round's summary (the last)
    assert any(any(part in line for part in shown) for line in recent_lines(harness))


async def test_issue_18_a_game_with_a_defeat_in_hand_and_the_exchange_by_its_button(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    users = {p.id: p for p in players}
    await start_game(harness, players, rounds=3, duels="once")  # the fewest rounds /ginjontan new offers
    done: set[str] = set()
    while (state := await current(harness)) is not None and done != {"take", "button", "defeat", "shown"}:
        player, task = state.waiting[0]
        user, seat = users[player], state.seat(player)
        held = any(is_defeat(c) for c in seat.hand)
        if task in EXCHANGES and not held and len(seat.reserve) <= 22 and any(is_defeat(c) for c in seat.reserve):
            await take_the_defeat(harness, state, user)
            done.add("take")
        elif task in EXCHANGES and not held and "button" not in done and seat.hand and seat.reserve \
                and "Do this exchange" in str((await harness.slash("ginjontan hand", user=user)).data):
            await exchange_by_its_button(harness, state, user)
            done.add("button")
        elif task == "reveal":
            await (show_with_a_defeat if held else show_without_a_defeat)(harness, state, user)
            done.add("defeat" if held else "shown")
        else:
            await play_one(harness, state, users, SLASH_ONLY)
        after = await current(harness)
        assert after is None or after.moves == state.moves + 1
    assert done == {"take", "button", "defeat", "shown"}


async def test_issue_18_wording_singular_plural_waiting_the_duel_and_a_spectator_pressing_start(harness):
    ann, ben, zed = (harness.user(n) for n in ("ann", "ben", "zed"))
    lobby = await harness.slash("ginjontan new", user=ann)
    assert "1 player:" in lobby.text and "(s)" not in lobby.text
    spectator = await harness.click(lobby.message, user=zed, label="Start")
    assert spectator.ephemeral and "Press Join first" in spectator.text
    joined = await harness.click(lobby.message, user=ben, label="Join")
    assert "2 players:" in joined.text
    await harness.click(lobby.message, user=ann, label="Start")
    await harness.slash("ginjontan swap", user=ann, choice="keep")
    hand = await harness.slash("ginjontan hand", user=ann)
    assert f"**Now**: nothing for you; waiting for <@{ben.id}>" in hand.text and "⏳" not in hand.text
    await harness.slash("ginjontan swap", user=ben, choice="keep")
    for user in (ann, ben):
        state = await current(harness)
        await harness.slash("ginjontan aside", user=user,
                            cards=" ".join(card(c).notation for c in state.seat(user.id).hand[:3]))
    await settled(harness)
    duel = next(message_text(m) for m in harness.public_messages() if "⚔️ Duel" in message_text(m))
    assert "both draw" not in duel and "Each draws as many cards into their hand as they unfolded" in duel
