"""/uno around the game (issue 17, item 7): the standings at /uno end, the server leaderboard, undo in words."""

from __future__ import annotations

import pytest

from engine.uno.cards import CARDS
from engine.uno.options import CLASSIC
from engine.uno.rules import UNO
from tests.engine.uno.notation import played, scenario
from tests.fake_discord.harness import components, message_text

CARDS_BY_NAME = {c.name: c.id for c in reversed(CARDS)}


async def start(harness, state):
    await harness.bot.games.start(harness.fake.default_channel, UNO, state, guild_id=harness.fake.guild_id,
                                  actor_id=state.host)


def lines_with(text, users):
    return [next(i for i, line in enumerate(text.splitlines()) if f"<@{u.id}>" in line) for u in users]


async def test_end_shows_the_standings_fewest_points_first(harness):
    # seed 003, "Winning the game": nobody has won, so fewer points place higher, then fewer cards
    a, b, c = (harness.user(n) for n in ("ann", "bob", "cy"))
    points = {a.id: 30, b.id: 10, c.id: 10}
    await start(harness, scenario({a.id: "r5 g3", b.id: "r4 b4 b5", c.id: "g6"}, points=points))
    ended = await harness.slash("uno end", user=a)
    assert not ended.ephemeral and "is over" in ended.text and "Final standings" in ended.text
    order = sorted((a, b, c), key=lambda u: (points[u.id], {a.id: 2, b.id: 3, c.id: 1}[u.id]))
    rows = lines_with(ended.text, order)
    assert rows == sorted(rows)
    for user in order:
        assert f"<@{user.id}>: {points[user.id]} points" in ended.text


async def test_the_leaderboard_lists_the_won_games_of_this_server(harness):
    a, b, c = (harness.user(n) for n in ("ann", "bob", "cy"))
    empty = await harness.slash("uno leaderboard", user=b)
    assert "Uno leaderboard" in empty.text and "No game has finished" in empty.text
    # seed 003, "Winning the game": a plays their last card with 1 point left; scoring ends the game
    state = played(scenario({a.id: "r5", b.id: "r4 b4 b5", c.id: "g6"}, draw="y1 y2 y3", points={a.id: 1},
                            seat={a.id: {"said_uno": True}}), a.id, "r5")
    await start(harness, state)
    await harness.slash("uno score", user=b)
    board = await harness.slash("uno leaderboard", user=b)
    assert not board.ephemeral
    order = [a, c, b]  # the winner, then fewer cards left
    rows = lines_with(board.text, order)
    assert rows == sorted(rows)
    line = board.text.splitlines()[rows[0]]
    assert "average place 1.00" in line and "1 game, first in 1," in line
    for place, user in enumerate(order[1:], start=2):
        line = board.text.splitlines()[rows[place - 1]]
        assert f"average place {place:.2f}" in line and "1 game, never first," in line
        assert f"average {state.seat(user.id).points:,} points" in line


async def test_undo_says_whose_move_it_took_back(harness):
    a, b = (harness.user(n) for n in ("ann", "bob"))
    await start(harness, scenario({a.id: "r5 g3", b.id: "b4 g7"}, draw="y1 y2 y3"))
    await harness.slash("uno play", user=a, card="r5")
    undone = await harness.slash("uno undo", user=a)
    assert f"Undid <@{a.id}>'s play of Red 5." in undone.text
    await harness.slash("uno play", user=a, card="r5")
    drew = await harness.slash("uno draw", user=b)
    assert not drew.ephemeral
    undone = await harness.slash("uno undo", user=a)
    assert f"Undid <@{b.id}>'s draw." in undone.text


@pytest.mark.parametrize("preset, title", [("classic", "Uno (classic)"), ("chaos", "Uno: Chaos Edition")])
async def test_the_lobby_and_board_are_titled_by_the_preset(harness, preset, title):
    # seed 003 is the Chaos Edition; the classic preset plays official Uno and is not called by its name
    a, b = (harness.user(n) for n in ("ann", "bob"))
    lobby = await harness.slash("uno new", user=a, preset=preset)
    await harness.click(lobby.message, user=b, label="Join")
    assert lobby.text.startswith(f"{title} · lobby")
    await harness.click(lobby.message, user=a, label="Start")
    await harness.bot.uno_board.settle()
    status = await harness.slash("uno status", user=a)
    assert status.text.startswith(f"{title} · round 1")
    assert ("Chaos Edition" in lobby.text + status.text) == (preset == "chaos")


async def test_a_drawn_playable_card_has_a_play_button_that_works_once(harness):
    # seed 003, "Drawing": draw until you can play, then play the card drawn (here Red 5 on Red 3)
    a, b = (harness.user(n) for n in ("ann", "bob"))
    await start(harness, scenario({a.id: "g4 b6", b.id: "b4 g7"}, draw="y1 r5"))
    drew = await harness.slash("uno draw", user=a)
    note = await drew.followup_saying("You drew")
    assert [c["label"] for c in components(note)] == ["Play Red 5"]
    played_it = await harness.click(note, user=a, label="Play Red 5")
    assert not played_it.ephemeral and "Red 5" in played_it.text
    state = (await harness.bot.games.require(harness.fake.default_channel, UNO)).state
    assert state.piles[0].cards[-1] == CARDS_BY_NAME["Red 5"] and len(state.hand(a.id)) == 3
    again = await harness.click(note, user=a, label="Play Red 5")
    assert again.ephemeral and "moved on" in again.text
    assert (await harness.bot.games.require(harness.fake.default_channel, UNO)).state == state


async def test_no_play_button_when_the_drawn_card_cannot_be_played(harness):
    # seed 003, "Drawing", classic: one card is drawn; Yellow 1 does not go on Red 3, so there is nothing to play
    a, b = (harness.user(n) for n in ("ann", "bob"))
    await start(harness, scenario({a.id: "g4 b6", b.id: "b4 g7"}, draw="y1 r5", options=CLASSIC))
    drew = await harness.slash("uno draw", user=a)
    note = await drew.followup_saying("You drew")
    assert "Yellow 1" in message_text(note) and not components(note)
