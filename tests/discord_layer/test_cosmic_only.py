"""The Cosmic Deck without a score sheet (issue 21, item 1), through the real bot and the fake Discord, as a group
playing with real sticks uses it: /cosmic start with no /table, Join, rolls that say what to pay, Next hand, and a
/table started later taking the deck over."""

from __future__ import annotations

import copy
import random
import re
import sys

import pytest

from engine import cosmic
from engine.cosmic_only import COSMIC
from engine.deck import CardType, load_shipped
from engine.table import TABLE
from tests.fake_discord.harness import components

SHIPPED = load_shipped("cosmic")


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


def seed_where(dice: list[bool], top: CardType | str | None = None) -> int:
    """A seed whose first dice are odd (True) or even (False) as given, and whose shuffled Library has a card of
    `top`'s type (or the card `top`) on top."""
    for seed in range(200_000):
        if [random.Random(f"{seed}:die:{k}").randint(1, 6) % 2 == 1 for k in range(len(dice))] != dice:
            continue
        first = SHIPPED.card(cosmic.start(SHIPPED, 1, seed).library[0])
        if top is None or first.type is top or first.id == top:
            return seed
    raise AssertionError("no such seed")


def use_seed(monkeypatch, seed: int) -> None:
    monkeypatch.setattr(sys.modules["ui.cosmic_only"], "new_seed", lambda: seed)


async def deck_state(harness):
    record = await harness.bot.games.get(harness.fake.default_channel, COSMIC)
    return None if record is None else record.state


async def table_state(harness):
    return (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state


def cost(reply) -> int:
    return int(re.search(r"pay \*\*([\d,]+)\*\* onto the table with your sticks", reply.text).group(1).replace(",", ""))


def button(message, label: str) -> dict:
    return next(c for c in components(message) if c.get("label") == label)


async def press_old(harness, message, user, label: str):
    """Press a button of `message` as it was when copied (an old message a client still shows)."""
    data = {"custom_id": button(message, label)["custom_id"], "component_type": 2}
    return await harness._send(harness._envelope(3, data, user, int(message["channel_id"]), message=message))


async def test_a_deck_only_hand_with_rolls_and_next_hand_then_a_table_takes_the_deck_over(harness, monkeypatch,
                                                                                          players):
    """The issue's check: a hand with rolls costing 1,000, 2,000 and 4,000, Next hand resetting them and keeping the
    Modifier; then /table start takes the deck over with the same Library and Modifier."""
    east, south, west, north = players
    use_seed(monkeypatch, seed_where([True, False, False], CardType.MODIFIER))
    opened = await harness.slash("cosmic start", user=east)
    assert not opened.ephemeral and "without a score sheet" in opened.text and f"<@{east.id}> is in" in opened.text
    assert [c.get("label") for c in components(opened.message)] == ["Join", "Leave", "Next hand"]

    joined = await harness.click(opened.message, user=south, label="Join")
    assert not joined.ephemeral and f"<@{south.id}> joined" in joined.text
    costs = []
    for _ in range(3):
        reply = await harness.slash("cosmic roll", user=east)
        assert not reply.ephemeral
        costs.append(cost(reply))
    assert costs == [1000, 2000, 4000]
    south_roll = await harness.slash("cosmic roll", user=south)
    assert cost(south_roll) == 1000  # each player's own count
    state = await deck_state(harness)
    modifier = state.cosmic.active
    assert modifier is not None and SHIPPED.card(modifier).type is CardType.MODIFIER  # the first, odd, roll
    assert dict(zip(state.players, state.cosmic.rolls, strict=True)) == {east.id: 3, south.id: 1}

    ended = await harness.click(south_roll.message, user=south, label="Next hand")  # the newest message's button
    await ended.followed_up()
    public = ended.record.followups[0]
    assert "every roll count is back to zero" in public["content"] and SHIPPED.card(modifier).name in str(public)
    assert components(harness.fake.messages[int(south_roll.message["id"])]) == []  # the pressed button is gone
    state = await deck_state(harness)
    assert state.cosmic.rolls == (0, 0) and state.cosmic.active == modifier and state.hands == 1
    assert cost(await harness.slash("cosmic roll", user=east)) == 1000
    before = await deck_state(harness)

    started = await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    assert "takes over this channel's Cosmic Deck" in started.text and SHIPPED.card(modifier).name in started.text
    table = await table_state(harness)
    assert table.cosmic.library == before.cosmic.library and table.cosmic.active == modifier
    assert table.cosmic.discards == before.cosmic.discards and table.cosmic.rolls == (1, 0, 0, 0)
    assert await deck_state(harness) is None  # finished in the same transaction
    rolled = await harness.slash("cosmic roll", user=east)  # now paid from the score sheet
    assert "paid 2,000 onto the table" in rolled.text
    assert (await table_state(harness)).seat(east.id).points == 23000


async def test_only_joined_players_roll_and_the_deck_survives_a_restart(harness, players):
    east, south, west, _ = players
    opened = await harness.slash("cosmic start", user=east)
    refused = await harness.slash("cosmic roll", user=south)
    assert refused.ephemeral and "hasn't joined" in refused.text and "Join" in refused.text
    await harness.click(opened.message, user=south, label="Join")
    again = await harness.click(opened.message, user=south, label="Join")
    assert again.ephemeral and "already joined" in again.text
    await harness.slash("cosmic roll", user=south)
    before = await deck_state(harness)

    await harness.restart()
    assert await deck_state(harness) == before
    status = await harness.slash("cosmic status", user=west)
    assert status.ephemeral and "next costs 2,000" in status.text and "Library: " in status.text
    ended = await harness.click(opened.message, user=south, label="Next hand")  # a button from before the restart
    assert ended.ephemeral and "earlier moment" in ended.text  # south has rolled since it was offered
    fresh = await harness.click(status.message, user=south, label="Next hand")
    await fresh.followed_up()
    assert (await deck_state(harness)).cosmic.rolls == (0, 0)
    await harness.click(opened.message, user=west, label="Join")  # Join carries no version: it still works
    assert (await deck_state(harness)).players == (east.id, south.id, west.id)


async def test_a_stale_or_second_next_hand_ends_one_hand_only(harness, players):
    east, south, *_ = players
    opened = await harness.slash("cosmic start", user=east)
    await harness.click(opened.message, user=south, label="Join")
    rolled = await harness.slash("cosmic roll", user=south)
    old = copy.deepcopy(rolled.message)
    first = await harness.click(rolled.message, user=south, label="Next hand")
    await first.followed_up()
    assert (await deck_state(harness)).hands == 1
    second = await press_old(harness, old, east, "Next hand")  # the same hand's button, pressed again
    assert second.ephemeral and "earlier moment" in second.text
    assert (await deck_state(harness)).hands == 1
    watcher = harness.user("watcher")
    newest = harness.newest_public()
    refused = await harness.click(newest, user=watcher, label="Next hand")
    assert refused.ephemeral and "hasn't joined" in refused.text and (await deck_state(harness)).hands == 1
    command = await harness.slash("cosmic next", user=east)
    assert not command.ephemeral and (await deck_state(harness)).hands == 2


async def test_a_forged_next_hand_is_refused_and_changes_nothing(harness, players):
    east = players[0]
    opened = await harness.slash("cosmic start", user=east)
    before = await deck_state(harness)
    for custom_id in ("ct:cosmic:next:" + "9" * 30, "ct:cosmic:next:12345"):
        forged = copy.deepcopy(opened.message)
        forged["components"] = [{"type": 1, "components": [
            {"type": 2, "custom_id": custom_id, "style": 1, "label": "forged"}]}]
        data = {"custom_id": custom_id, "component_type": 2}
        log = await harness._send(harness._envelope(3, data, east, int(forged["channel_id"]), message=forged))
        assert log.ephemeral and log.embeds, custom_id
        assert ("doesn't match anything" in log.text) or ("earlier moment" in log.text), log.text
        assert await deck_state(harness) == before


async def test_a_card_that_moves_points_says_what_to_pay_and_has_no_pay_button(harness, monkeypatch, players):
    east, south, *_ = players
    use_seed(monkeypatch, seed_where([True], "cosmic-tribute"))
    opened = await harness.slash("cosmic start", user=east)
    await harness.click(opened.message, user=south, label="Join")
    reply = await harness.slash("cosmic roll", user=south)
    assert f"Each other player pays <@{south.id}> 1,000 with their sticks." in reply.text
    assert reply.embeds and "Cosmic Tribute" in reply.text
    assert [c.get("label") for c in components(reply.message)] == ["Next hand"]  # no Pay button: sticks pay
    assert (await deck_state(harness)).cosmic.owed == ()


@pytest.mark.option_effect("cosmic start", "players")
async def test_players_3_plays_the_sanma_texts_and_seats_three(harness, monkeypatch, players):
    east, south, west, north = players
    use_seed(monkeypatch, seed_where([True], "cosmic-tribute"))
    opened = await harness.slash("cosmic start", user=east, players=3)
    for player in (south, west):
        await harness.click(opened.message, user=player, label="Join")
    full = await harness.click(opened.message, user=north, label="Join")
    assert full.ephemeral and "already has its 3 players" in full.text
    reply = await harness.slash("cosmic roll", user=west)
    assert f"pays <@{west.id}> 1,500" in reply.text and "1500 points" in reply.text  # Sanma: 1500
    card = await harness.slash("cosmic card", user=north, name="cosmic-tribute")
    assert card.ephemeral and "1500" in card.text and "1000" not in card.text
    assert "sanma" in (await harness.slash("cosmic status", user=north)).text

    await harness.slash("cosmic end", user=east)
    opened = await harness.slash("cosmic start", user=east)  # default: yonma
    for player in (south, west, north):
        await harness.click(opened.message, user=player, label="Join")
    assert len((await deck_state(harness)).players) == 4
    await harness.slash("cosmic end", user=east)

    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    refused = await harness.slash("cosmic start", user=east, players=3)  # a table's seats decide
    assert refused.ephemeral and "has 4 players" in refused.text and (await table_state(harness)).cosmic is None


@pytest.mark.option_effect("cosmic start", "chombo")
@pytest.mark.option_effect("cosmic chombo", "player")
async def test_chombo_says_the_mangan_to_pay_or_nothing(harness, players):
    east, south, west, _ = players
    opened = await harness.slash("cosmic start", user=east)
    await harness.click(opened.message, user=south, label="Join")
    await harness.slash("cosmic roll", user=south)
    reply = await harness.slash("cosmic chombo", user=east, player=west)  # west never joined: still at the table
    assert not reply.ephemeral and f"<@{west.id}> has a dead hand and chombo" in reply.text
    assert "4,000 to each other player" in reply.text and "4,000 to the dealer and 2,000" in reply.text
    state = await deck_state(harness)
    assert state.cosmic.dead == (west.id,) and state.cosmic.rolls == (0, 1)  # the hand goes on
    await harness.slash("cosmic end", user=east)
    await harness.slash("cosmic start", user=east, chombo="none")
    reply = await harness.slash("cosmic chombo", user=east, player=south)
    assert "costs nothing" in reply.text and "4,000" not in reply.text


async def test_cosmic_start_while_the_deck_is_out_is_refused_kindly(harness, players):
    east, south, *_ = players
    await harness.slash("cosmic start", user=east)
    again = await harness.slash("cosmic start", user=south)
    assert again.ephemeral and "already out" in again.text and "Join" in again.text
    assert (await deck_state(harness)).players == (east.id,)


async def test_undo_by_the_author_or_the_host_and_end_by_the_host(harness, players):
    east, south, west, _ = players
    opened = await harness.slash("cosmic start", user=east)
    for player in (south, west):
        await harness.click(opened.message, user=player, label="Join")
    await harness.slash("cosmic roll", user=south)
    refused = await harness.slash("cosmic undo", user=west)
    assert refused.ephemeral and "Only the deck's host" in refused.text
    undone = await harness.slash("cosmic undo", user=south)
    assert not undone.ephemeral and "Taken back: " in undone.text and f"<@{south.id}>'s roll of" in undone.text
    assert f"<@{south.id}> takes the 1,000 paid for that roll back from the table." in undone.text
    assert (await deck_state(harness)).cosmic.rolls == (0, 0, 0)
    undone = await harness.slash("cosmic undo", user=east)  # the host takes back west's joining
    assert (await deck_state(harness)).players == (east.id, south.id)

    not_host = await harness.slash("cosmic end", user=south)
    assert not_host.ephemeral and "Only the deck's host" in not_host.text and await deck_state(harness) is not None
    ended = await harness.slash("cosmic end", user=east)
    assert not ended.ephemeral and "put away" in ended.text and await deck_state(harness) is None
    gone = await harness.slash("cosmic roll", user=east)
    assert gone.ephemeral and "no Cosmic Deck in this channel" in gone.text


async def test_table_only_commands_point_to_the_table(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    await harness.slash("cosmic start", user=east)
    for command, instead in (("cosmic next", "/table draw"), ("cosmic undo", "/table undo"),
                             ("cosmic end", "/table end")):
        reply = await harness.slash(command, user=east)
        assert reply.ephemeral and instead in reply.text, (command, reply.text)


async def test_a_table_in_a_thread_takes_the_channel_s_deck(harness, players):
    east, south, west, north = players
    opened = await harness.slash("cosmic start", user=east)
    await harness.click(opened.message, user=south, label="Join")
    await harness.slash("cosmic roll", user=south)
    library = (await deck_state(harness)).cosmic.library
    reply = await harness.slash("table start", user=east, east=east, south=south, west=west, north=north, thread=True)
    assert "open in" in reply.text and await deck_state(harness) is None
    thread = int(re.search(r"<#(\d+)>", reply.text).group(1))
    table = (await harness.bot.games.get(thread, TABLE)).state
    assert table.cosmic.library == library and table.cosmic.rolls == (0, 1, 0, 0)
    assert any("takes over this channel's Cosmic Deck" in (m["content"] or "")
               for m in harness.channel_messages(thread))


async def test_a_japanese_player_reads_the_deck_in_japanese(harness, players):
    east = players[0]
    payload = harness.slash_payload("cosmic start", user=east)
    payload["locale"] = "ja"
    opened = await harness._send(payload)
    assert "点棒" in opened.text and "参加" in [c.get("label") for c in components(opened.message)]
    payload = harness.slash_payload("cosmic roll", user=players[1])
    payload["locale"] = "ja"
    refused = await harness._send(payload)
    assert refused.ephemeral and "参加" in refused.text


@pytest.mark.option_effect("cosmic dismiss", "card")
@pytest.mark.option_effect("cosmic deck", "page")
@pytest.mark.option_effect("cosmic import", "file")
async def test_dismiss_reshuffle_import_and_look_ups_work_on_the_deck_alone(harness, monkeypatch, players):
    east, south, *_ = players
    use_seed(monkeypatch, seed_where([True], "silent-night"))  # an Event lasting until dismissed
    opened = await harness.slash("cosmic start", user=east)
    await harness.click(opened.message, user=south, label="Join")
    await harness.slash("cosmic roll", user=south)
    offered = await harness.autocomplete("cosmic dismiss", "card", "night", user=south)
    assert [c["value"] for c in offered] == ["silent-night"]
    ended = await harness.slash("cosmic next", user=south)
    assert "Silent Night" in ended.text  # still in effect after the hand (until dismissed)
    dismissed = await harness.slash("cosmic dismiss", user=south, card="silent-night")
    assert "Silent Night is dismissed" in dismissed.text and (await deck_state(harness)).cosmic.in_effect == ()

    refused = await harness.slash("cosmic reshuffle", user=south)
    assert refused.ephemeral and "Only the deck's host" in refused.text
    reshuffled = await harness.slash("cosmic reshuffle", user=east)
    assert "shuffled together (30 cards)" in reshuffled.text and (await deck_state(harness)).cosmic.discards == ()

    page = await harness.slash("cosmic deck", user=south, page=2)
    assert page.ephemeral and "Page 2 of 3" in page.text
    ours = b'schema = 1\nname = "Ours"\ndescription = ""\n[[cards]]\nid = "x"\nname = "Fine"\ntype = "event"\n' \
           b'text = "Ok."\nlasts = "instant"\n'
    not_host = await harness.slash("cosmic import", user=south, file=("ours.toml", ours))
    assert not_host.ephemeral and "Only the deck's host" in not_host.text
    done = await harness.slash("cosmic import", user=east, file=("ours.toml", ours))
    await done.followed_up()
    assert done.ephemeral and "Ours is imported" in done.text
    assert any("The deck is now **Ours**" in (m["content"] or "") for m in harness.channel_messages())
    assert (await deck_state(harness)).cosmic.library == ("x",)

    await harness.slash("cosmic end", user=east)
    undo = await harness.slash("cosmic undo", user=east)  # an ended deck is not reopened
    assert undo.ephemeral and "no Cosmic Deck" in undo.text and await deck_state(harness) is None


async def test_leave_waits_for_the_end_of_a_hand_the_player_rolled_in(harness, players):
    east, south, *_ = players
    opened = await harness.slash("cosmic start", user=east)
    await harness.click(opened.message, user=south, label="Join")
    await harness.slash("cosmic roll", user=south)
    refused = await harness.click(opened.message, user=south, label="Leave")
    assert refused.ephemeral and "roll count this hand is 1" in refused.text
    assert (await deck_state(harness)).players == (east.id, south.id)
    ended = await harness.slash("cosmic next", user=east)
    left = await harness.click(ended.message, user=south, label="Leave")
    assert not left.ephemeral and f"<@{south.id}> left" in left.text
    assert (await deck_state(harness)).players == (east.id,)
