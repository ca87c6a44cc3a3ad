"""/uno through the real discord.py code and the fake Discord, the way players use it."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from engine.uno.cards import CARDS, COLOUR_NAMES
from engine.uno.moves import Accept, Choose, Draw, EndRound, Pass, Play, SayUno
from engine.uno.rules import UNO, card_count, legal_moves, waiting_on
from engine.uno.state import Phase, Pile, Seat
from tests.fake_discord.harness import components, message_text
from ui.uno import TurnTimers

SEED = 20261123



async def current(harness):
    record = await harness.bot.games.get(harness.fake.default_channel, UNO)
    return None if record is None else record.state


async def open_lobby(harness, host, others, **options):
    lobby = await harness.slash("uno new", user=host, seed=str(SEED), **options)
    assert not lobby.ephemeral and "lobby" in lobby.text
    for player in others:
        joined = await harness.click(lobby.message, user=player, label="Join")
        assert f"<@{player.id}> joined." in joined.text
    return lobby


async def start_game(harness, players, **options):
    lobby = await open_lobby(harness, players[0], players[1:], **options)
    started = await harness.click(lobby.message, user=players[0], label="Start")
    await started.followed_up()
    assert "The game starts with" in message_text(started.record.followups[0])
    return lobby


async def settle(harness):
    await harness.bot.uno_board.settle()


async def put_state(harness, state):
    """Set up a scenario: overwrite the stored state of the channel's game (tests only)."""
    data = json.dumps(state.to_dict())

    def write(conn):
        conn.execute("UPDATE games SET state = ? WHERE channel_id = ? AND kind = 'uno' AND status = 'active'",
                     (data, harness.fake.default_channel))
        conn.execute("INSERT OR REPLACE INTO game_snapshots (game_id, seq, state) SELECT id, version, state FROM games"
                     " WHERE channel_id = ? AND kind = 'uno' AND status = 'active'", (harness.fake.default_channel,))

    await harness.bot.db.write(write)
    harness.bot.games.forget()  # the same version, another state (the log replays from it)


def pick(state):
    """A plain player's policy: score, answer, say Uno, play the first legal card, else draw."""
    for player in waiting_on(state):
        moves = legal_moves(state, player)
        for kind in (EndRound, Choose, Accept, SayUno, Play, Draw, Pass):
            found = [m for m in moves if isinstance(m, kind)]
            if found:
                return found[0]
    raise AssertionError(f"nobody can act: {state}")


async def perform(harness, state, move, users, round_robin):
    """Send a move as a player would: slash commands, board buttons, the hand menu and the choice menus."""
    user = users[getattr(move, "player", None)]
    if isinstance(move, Play):
        c = CARDS[move.card]
        options = {"card": c.notation, "pile": state.pile_number(move.pile)}
        if move.colour is not None:
            options["color"] = COLOUR_NAMES[move.colour].lower()
        if move.target is not None:
            options["target"] = users[move.target]
        if move.onto is None and move.split is None and round_robin % 3 == 0 and move.target is None \
                and move.colour is None:
            hand = await harness.slash("uno hand", user=user)
            assert hand.ephemeral
            reply = await harness.choose(hand.message, [f"{move.card}:{move.pile}"], user=user)
            await reply.followed_up()
            return message_text(reply.record.followups[0])
        reply = await harness.slash("uno play", user=user, **options)
        if reply.ephemeral and "Which pile" in reply.text:  # a 1 asks where its pile goes
            reply = await harness.choose(reply.message, [str(move.onto)], user=user)
            await reply.followed_up()
            return message_text(reply.record.followups[0])
        assert not reply.ephemeral, reply.text
        return reply.text
    if isinstance(move, Draw) and round_robin % 2:
        board = await board_message(harness)
        reply = await harness.click(board, user=user, label="Draw")
    else:
        command = {Draw: "uno draw", Accept: "uno accept", SayUno: "uno uno", EndRound: "uno score",
                   Pass: "uno pass"}.get(type(move))
        if command is None:  # Choose: the prompt's menu on the public message
            prompt = next(m for m in reversed(harness.channel_messages())
                          if any(c["type"] == 3 and c["custom_id"].startswith("ct:uno:prompt") for c in components(m)))
            value = str(move.target if move.target is not None else move.onto)
            reply = await harness.choose(prompt, [value], user=user)
        else:
            reply = await harness.slash(command, user=user)
    assert not reply.ephemeral, reply.text
    return reply.text


async def board_message(harness):
    return next(m for m in harness.channel_messages()
                if any(c.get("custom_id") == "ct:uno:b:hand" for c in components(m)))


async def test_a_whole_classic_game_to_a_winner(harness):
    """Three players, from /uno new to a winner, by slash commands, buttons and menus."""
    players = [harness.user(n) for n in ("ann", "ben", "cat")]
    users = {p.id: p for p in players}
    await start_game(harness, players, preset="classic")
    state = await current(harness)
    assert [len(s.hand) for s in state.seats] == [7, 7, 7]
    for n in range(600):
        move = pick(state)
        await perform(harness, state, move, users, n)
        after = await harness.bot.games.get(harness.fake.default_channel, UNO)
        if after is None:
            break
        state = after.state
    else:
        raise AssertionError("the game did not end in 600 moves")
    await settle(harness)
    final = harness.newest_public()
    assert "won the game" in final["content"], "nobody was announced as the winner"
    assert "Game over" in message_text(final) and final["attachments"]
    assert not any(components(m) for m in harness.public_messages())
    again = await harness.slash("uno new", user=players[1])  # the channel is free again
    assert not again.ephemeral


async def test_hands_are_ephemeral_and_show_only_your_cards(harness):
    players = [harness.user(n) for n in ("ann", "ben", "cat")]
    await start_game(harness, players)
    state = await current(harness)
    for player in players:
        reply = await harness.slash("uno hand", user=player)
        assert reply.ephemeral and reply.message["attachments"]
        text = reply.text
        for other in state.seats:
            listed = [f"`{CARDS[c].notation}` {CARDS[c].name}" for c in other.hand]
            if other.player == player.id:
                assert all(line in text for line in listed)
    public = "\n".join(message_text(m) for m in harness.channel_messages() if not m["flags"] & 64)
    assert "`" not in re.sub(r"`/uno[^`]*`", "", public)  # no card list in public messages (commands aside)


async def test_outsiders_and_bad_input_get_kind_ephemeral_errors(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    outsider = harness.user("zed")
    await start_game(harness, players)
    before = (await current(harness)).to_dict()
    reply = await harness.slash("uno play", user=outsider, card="r5")
    assert reply.ephemeral and "not seated" in reply.text
    reply = await harness.slash("uno play", user=players[0], card="purple 12")
    assert reply.ephemeral and "can't read" in reply.text and "r5" in reply.text
    reply = await harness.slash("uno callout", user=players[0], player=players[1])
    assert reply.ephemeral and "nothing to call out" in reply.text
    reply = await harness.slash("uno callout", user=players[0], player=outsider)
    assert reply.ephemeral and f"<@{outsider.id}> is not playing in this game" in reply.text
    reply = await harness.slash("uno undo", user=players[1])
    assert reply.ephemeral and "host" in reply.text
    assert (await current(harness)).to_dict() == before


async def test_a_wild_asks_for_its_colour_with_a_menu(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    await start_game(harness, players)
    state = await current(harness)
    seats = [Seat(s.player, (100, *s.hand[1:]) if s.player == players[0].id else s.hand, s.points, name=s.name)
             for s in state.seats]
    others = [c for c in state.draw_pile if c != 100] + [state.seats[0].hand[0]]
    await put_state(harness, state.__class__(**{**_fields(state), "seats": tuple(seats), "draw_pile": tuple(others),
                                                "turn": players[0].id, "stacks": (), "trades": (), "shift": None,
                                                "prompt": None}))
    ask = await harness.slash("uno play", user=players[0], card="w")
    assert ask.ephemeral and "Which colour" in ask.text
    done = await harness.choose(ask.message, ["b"], user=players[0])
    await done.followed_up()
    assert "played **Wild** on pile 1 (colour: 🟦B Blue)" in message_text(done.record.followups[0])
    assert (await current(harness)).piles[0].colour.value == "b"


def _fields(state):
    return {f: getattr(state, f) for f in ("options", "seats", "host", "seed", "phase", "draw_pile", "piles",
                                           "direction", "turn", "stacks", "trades", "shift", "prompt", "drawn",
                                           "plays", "last_player", "round", "winners", "reshuffles", "next_id",
                                           "timer")}


async def test_a_jump_in_race_the_first_one_wins(harness):
    """Two players jump in on the same card at the same moment: the second is told who was first."""
    players = [harness.user(n) for n in ("ann", "ben", "cat")]
    ann, ben, cat = players
    await scenario(harness, players, {ann.id: [10], ben.id: [card_of("y", "skip"), 30, 31],
                                      cat.id: [card_of("b", "skip"), 40, 41]}, top=card_of("r", "skip"), turn=ann.id)
    first, second = await asyncio.gather(harness.slash("uno play", user=ben, card="yskip"),
                                         harness.slash("uno play", user=cat, card="bskip"))
    winner, loser = (first, second) if not first.ephemeral else (second, first)
    assert not winner.ephemeral and "Skip** on pile 1" in winner.text
    assert loser.ephemeral and "was first" in loser.text and "Nothing of yours changed" in loser.text
    after = await current(harness)
    lost_player = cat if winner is first else ben
    assert len(after.hand(lost_player.id)) == 3  # nothing of theirs changed
    assert after.turn == after.next_player((ben if winner is first else cat).id, 2)  # the skip skipped one


async def test_a_restart_in_the_middle_keeps_the_game_and_the_buttons(harness):
    players = [harness.user(n) for n in ("ann", "ben", "cat")]
    users = {p.id: p for p in players}
    await start_game(harness, players)
    state = await current(harness)
    for n in range(6):
        await perform(harness, state, pick(state), users, n + 1)
        state = await current(harness)
    await settle(harness)
    await harness.restart()
    assert (await current(harness)) == state
    board = await board_message(harness)
    reply = await harness.click(board, user=players[0], label="My hand")
    assert reply.ephemeral and "Your hand" in reply.text
    move = pick(state)
    await perform(harness, state, move, users, 1)
    assert (await current(harness)) != state


async def test_end_shows_the_final_board_without_buttons(harness):
    """/uno end: the final standings and board are the newest message, and no board keeps its buttons."""
    players = [harness.user(n) for n in ("ann", "ben")]
    await start_game(harness, players)
    ended = await harness.slash("uno end", user=players[0])
    assert "is over" in ended.text and "Final standings" in ended.text and "Game over" in ended.text
    await settle(harness)
    assert harness.newest_public()["id"] == ended.message["id"] and not components(ended.message)
    assert not any(components(m) for m in harness.public_messages())


@pytest.mark.option_effect("uno new", "timer")
async def test_the_turn_timer_draws_for_the_absent_player_and_survives_a_restart(harness, monkeypatch):
    monkeypatch.setattr(TurnTimers, "second", 0.1)
    players = [harness.user(n) for n in ("ann", "ben")]
    await start_game(harness, players, timer=10)
    state = await current(harness)
    assert state.timer == 10 and state.phase is Phase.PLAY
    await harness.restart()
    for _ in range(60):
        await asyncio.sleep(0.1)
        if any("Time ran out" in m["content"] for m in harness.channel_messages()):
            break
    else:
        raise AssertionError("the timer did not fire after the restart")
    after = await current(harness)
    assert after.turn != state.turn or after.plays != state.plays


async def test_rules_and_status(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    await start_game(harness, players)
    rules = await harness.slash("uno rules", user=players[0], topic="notation")
    assert rules.ephemeral and "w+4" in rules.text
    status = await harness.slash("uno status", user=players[1])
    assert status.ephemeral and "Piles" in status.text and status.message["attachments"]


def card_of(colour, rank, skip=()):
    return next(c.id for c in CARDS if (c.colour.value if c.colour else None) == colour and c.rank == rank
                and c.id not in skip)


async def scenario(harness, players, hands, top, turn, **changes):
    """Start a chaos game, then lay out the hands and a one-pile table exactly (the rest is the draw pile)."""
    await start_game(harness, players)
    state = await current(harness)
    used = {c for h in hands.values() for c in h} | {top}
    seats = tuple(Seat(s.player, tuple(hands[s.player]), s.points, name=s.name) for s in state.seats)
    draw = tuple(c for c in range(108) if c not in used)
    fields = {**_fields(state), "seats": seats, "draw_pile": draw, "piles": (Pile(1, (top,), CARDS[top].colour),),
              "turn": turn, "stacks": (), "trades": (), "shift": None, "prompt": None, "drawn": None, **changes}
    await put_state(harness, state.__class__(**fields))


@pytest.mark.option_effect("uno play", "card")
async def test_a_stack_deflected_from_the_hand_menu_then_taken(harness):
    """Stacking and Deflection, as players do it: +2, a Skip of its colour from the hand menu, /uno draw."""
    ann, ben, cat = players = [harness.user(n) for n in ("ann", "ben", "cat")]
    await scenario(harness, players, {ann.id: [card_of("r", "+2"), card_of("g", "3")],
                                      ben.id: [card_of("r", "skip"), card_of("b", "4")],
                                      cat.id: [card_of("y", "4"), card_of("y", "5")]},
                   top=card_of("r", "3"), turn=ann.id)
    reply = await harness.slash("uno play", user=ann, card="r+2")
    assert "+2** aimed at" in reply.text.replace("Stack on pile 1: **", "") and f"<@{ben.id}>" in reply.text
    hand = await harness.slash("uno hand", user=ben)
    assert hand.ephemeral and "+2 on pile 1" in hand.text and "✅ now" in hand.text
    skip = card_of("r", "skip")
    deflected = await harness.choose(hand.message, [f"{skip}:1"], user=ben)
    await deflected.followup_saying("deflected the stacks with 🟥R **Red Skip**")
    # the private hand was redrawn in place (updated at once, or a deferred update then an edit while it is drawn)
    assert deflected.record.callbacks[0]["type"] == 7 or (deflected.record.callbacks[0]["type"] == 6
                                                           and deflected.record.edits)
    assert deflected.record.original_message_id == hand.record.original_message_id and "+2 on pile" not in hand.text
    took = await harness.slash("uno draw", user=cat)
    assert f"<@{cat.id}> drew 2 cards from the stack" in took.text
    assert (await took.followup_saying("You drew"))["flags"] & 64
    state = await current(harness)
    assert len(state.hand(cat.id)) == 4 and not state.stacks and state.turn == ann.id


async def test_a_seven_asks_for_a_partner_and_the_target_accepts(harness):
    ann, ben, cat = players = [harness.user(n) for n in ("ann", "ben", "cat")]
    await scenario(harness, players, {ann.id: [card_of("g", "7"), card_of("g", "3")],
                                      ben.id: [card_of("b", "4"), card_of("b", "5"), card_of("b", "6")],
                                      cat.id: [card_of("y", "4")]},
                   top=card_of("g", "1"), turn=ann.id)
    ask = await harness.slash("uno play", user=ann, card="g7")
    assert ask.ephemeral and "trade hands with" in ask.text
    chosen = await harness.choose(ask.message, [str(ben.id)], user=ann)
    await chosen.followed_up()
    assert "wants to trade hands with" in message_text(chosen.record.followups[0])
    blocked = await harness.slash("uno play", user=ben, card="b4")
    assert blocked.ephemeral and "aimed at you" in blocked.text
    accepted = await harness.slash("uno accept", user=ben)
    assert "traded hands" in accepted.text
    state = await current(harness)
    assert state.hand(ann.id) == (card_of("b", "4"), card_of("b", "5"), card_of("b", "6"))
    assert state.hand(ben.id) == (card_of("g", "3"),)


@pytest.mark.option_effect("uno callout", "player")
async def test_uno_callout_too_early_then_caught(harness):
    ann, ben, cat = players = [harness.user(n) for n in ("ann", "ben", "cat")]
    await scenario(harness, players, {ann.id: [card_of("r", "4"), card_of("g", "3")],
                                      ben.id: [card_of("r", "5"), card_of("b", "5")],
                                      cat.id: [card_of("r", "6"), card_of("y", "6")]},
                   top=card_of("r", "3"), turn=ann.id)
    await harness.slash("uno play", user=ann, card="r4")
    early = await harness.slash("uno callout", user=cat, player=ann)
    assert early.ephemeral and "Too early" in early.text
    await harness.slash("uno play", user=ben, card="r5")
    caught = await harness.slash("uno callout", user=cat, player=ann)
    assert "caught!" in caught.text and f"<@{ann.id}> draws 4" in caught.text
    assert len((await current(harness)).hand(ann.id)) == 5


@pytest.mark.option_effect("uno kick", "player")
async def test_undo_kick_and_end_by_the_host(harness):
    ann, ben, cat = players = [harness.user(n) for n in ("ann", "ben", "cat")]
    await scenario(harness, players, {ann.id: [card_of("r", "4"), card_of("g", "3")],
                                      ben.id: [card_of("r", "5"), card_of("b", "5")],
                                      cat.id: [card_of("r", "6"), card_of("y", "6")]},
                   top=card_of("r", "3"), turn=ann.id)
    await harness.slash("uno play", user=ann, card="r4")
    before = await current(harness)
    await harness.slash("uno play", user=ben, card="r5")
    undone = await harness.slash("uno undo", user=ann)
    assert f"Undid <@{ben.id}>'s play of Red 5." in undone.text and (await current(harness)) == before
    kicked = await harness.slash("uno kick", user=ann, player=cat)
    assert f"<@{cat.id}> left the game" in kicked.text
    state = await current(harness)
    assert not state.seated(cat.id) and card_count(state) == 108
    refused = await harness.slash("uno end", user=ben)
    assert refused.ephemeral and "host" in refused.text
    ended = await harness.slash("uno end", user=ann)
    assert "is over" in ended.text and await current(harness) is None


async def test_a_slash_play_reads_the_game_once_and_plays_it(harness):
    """Issue 19: `/uno play` loads the game once; the cog's record goes on to the move (it was loaded twice)."""
    players = [harness.user(n) for n in ("ann", "ben")]
    users = {p.id: p for p in players}
    await start_game(harness, players, preset="classic")
    state = await current(harness)
    play = next(m for p in waiting_on(state) for m in legal_moves(state, p) if isinstance(m, Play))
    store = harness.bot.games
    reads = []
    original = store.require

    async def counted(*args, **kwargs):
        reads.append(args)
        return await original(*args, **kwargs)

    store.require = counted
    try:
        options = {"card": CARDS[play.card].notation, "pile": state.pile_number(play.pile)}
        if play.colour is not None:
            options["color"] = COLOUR_NAMES[play.colour].lower()
        reply = await harness.slash("uno play", user=users[play.player], **options)
    finally:
        del store.require
    assert not reply.ephemeral, reply.text
    assert len(reads) == 1
    assert len((await current(harness)).hand(play.player)) == len(state.hand(play.player)) - 1
