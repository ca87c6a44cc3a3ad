"""The effect of each /ginjontan option, through the real discord.py code and the fake Discord (issue 15)."""

from __future__ import annotations

import re
import typing

import pytest

from cogs.ginjontan import Topic
from engine.ginjontan.cards import card, clash
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.state import Phase
from render.ginjontan import RULES, rule_text
from tests.discord_layer.test_ginjontan import current, notation, play_one, start_game

EVERY_TASK = {"swap", "aside", "act", "exchange3", "exchange9", "trim", "surplus", "turn", "reveal"}


def hands(state):
    return [(s.hand, s.reserve) for s in state.seats]


@pytest.mark.option_effect("ginjontan new", "rounds", "seed", "combinations", "duels", "order_same_symbol",
                           "winners_to", "black_hole")
async def test_the_new_games_options_are_its_rules_and_the_seed_fixes_the_deal(harness):
    players = [harness.user(n) for n in ("ann", "ben", "cat")]
    chosen = {"rounds": 6, "duels": "once", "combinations": "all", "order_same_symbol": True, "winners_to": "deck",
              "black_hole": "opponent"}
    dealt = {}
    for seed, options in ((11, chosen), (11, {}), (12, {})):
        rules = GinjontanOptions(**options)
        lobby = await harness.slash("ginjontan new", user=players[0], seed=str(seed), **options)
        assert f"Rounds: {rules.rounds} · deck: common · combinations: {rules.combinations} · duels: {rules.duels}" \
               in lobby.text
        for player in players[1:]:
            await harness.click(lobby.message, user=player, label="Join")
        started = await harness.click(lobby.message, user=players[0], label="Start")
        assert f"Round 1 of {rules.rounds}" in started.text
        dealt[seed, bool(options)] = hands(await current(harness))
        for player in players:
            await harness.slash("ginjontan swap", user=player, choice="keep")
        state = await current(harness)
        assert state.options == rules and state.seed == seed
        pairs = len(players) * (len(players) - 1)  # 3.6: each duels every other as the active player
        assert len(state.schedule) == (pairs // 2 if rules.duels == "once" else pairs)
        await harness.slash("ginjontan end", user=players[0])
    assert dealt[11, True] == dealt[11, False] != dealt[12, False]


def offered(choices):
    return {c["value"] for c in choices}


def own(cards):
    """What autocomplete may offer from these cards: all of them, or the 25 most valuable."""
    return {card(c).notation for c in sorted(cards, key=lambda c: -card(c).value)[:25]}


@pytest.mark.option_effect("ginjontan aside", "cards")
@pytest.mark.option_effect("ginjontan act", "card", "target")
@pytest.mark.option_effect("ginjontan new", "winners_to")
@pytest.mark.option_effect("ginjontan exchange", "give", "take")
@pytest.mark.option_effect("ginjontan return", "cards")
@pytest.mark.option_effect("ginjontan ask", "player", "source", "give")
@pytest.mark.option_effect("ginjontan give", "cards")
async def test_moves_by_slash_command_move_exactly_the_cards_named(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    ann = players[0]
    users = {p.id: p for p in players}
    for winners_to in ("deck", "reserve"):
        picked, state = await unfold(harness, players, winners_to)
        active, _ = state.waiting[0]
        other = next(p for p in picked if p != active)
        mine, theirs = state.seat(active).unfolded, state.seat(other).unfolded
        assert offered(await harness.autocomplete("ginjontan act", "card", "", user=users[active])) == own(mine)
        assert offered(await harness.autocomplete("ginjontan act", "target", "", user=users[active])) == own(theirs)
        acting, target = next((a, t) for a in mine for t in theirs if clash(a, t).winner is not None)
        await harness.slash("ginjontan act", user=users[active], card=card(acting).notation,
                            target=card(target).notation)
        state = await current(harness)
        (done,) = state.duel.clashes
        assert (done.actor, done.acting, done.target) == (active, acting, target)
        winner = active if done.winner == acting else other
        assert (done.winner in state.seat(winner).reserve) == (winners_to == "reserve")  # or back to the deck
        if winners_to == "deck":
            await harness.slash("ginjontan end", user=ann)

    exchanged = returned = asked = False
    while not (exchanged and returned and asked):
        player, task = state.waiting[0]
        user, seat = users[player], state.seat(player)
        if task in ("exchange3", "exchange9") and not exchanged:
            hand = await harness.autocomplete("ginjontan exchange", "give", "", user=user)
            reserve = await harness.autocomplete("ginjontan exchange", "take", "", user=user)
            assert offered(hand) == own(seat.hand) and offered(reserve) == own(seat.reserve)
            give, take = seat.hand[-1], seat.reserve[-1]
            await harness.slash("ginjontan exchange", user=user, give=card(give).notation, take=card(take).notation)
            after = (await current(harness)).seat(player)
            assert take in after.hand and give in after.reserve and take not in after.reserve
            exchanged = True
        elif task in ("trim", "surplus") and not returned:
            cap = 33 if task == "trim" else 9
            back = seat.reserve[:len(seat.reserve) - cap]  # the first ones, where play_one returns the last
            choices = await harness.autocomplete("ginjontan return", "cards", "", user=user)
            assert offered(choices) == own(seat.reserve)
            await harness.slash("ginjontan return", user=user, cards=notation(back))
            after = (await current(harness)).seat(player)
            assert not set(back) & set(after.reserve) and len(after.reserve) == cap
            returned = True
        elif task == "turn" and not asked:
            target = next(p for p in picked if p != player)
            give = seat.hand[-2:]
            choices = await harness.autocomplete("ginjontan ask", "give", "", user=user)
            assert offered(choices) == own(seat.hand)
            await harness.slash("ginjontan ask", user=user, player=users[target], source="reserve",
                                give=notation(give))
            state = await current(harness)
            assert state.waiting == ((target, "give"),) and state.ask.source == "reserve"
            theirs = state.seat(target)
            choices = await harness.autocomplete("ginjontan give", "cards", "", user=users[target])
            assert offered(choices) == own(theirs.reserve)  # only the pile that was asked for
            taken = theirs.reserve[:2]
            await harness.slash("ginjontan give", user=users[target], cards=notation(taken))
            state = await current(harness)
            assert set(taken) <= set(state.seat(player).hand) and set(give) <= set(state.seat(target).reserve)
            asked = True
            continue
        else:
            await play_one(harness, state, users, EVERY_TASK)
        state = await current(harness)
        assert state is not None, (exchanged, returned, asked)


async def unfold(harness, players, winners_to):
    """A two-player game up to its first duel, each player unfolding the last three cards of their hand."""
    ann, ben = players
    await start_game(harness, players, duels="once", winners_to=winners_to)
    for p in players:
        await harness.slash("ginjontan swap", user=p, choice="keep")
    state = await current(harness)
    picked = {p.id: state.seat(p.id).hand[-3:] for p in players}  # not the first three: the option decides
    await harness.slash("ginjontan aside", user=ann, cards=notation(picked[ann.id]))
    assert (await current(harness)).seat(ann.id).active == picked[ann.id]
    await harness.slash("ginjontan aside", user=ben, cards=notation(picked[ben.id]))
    state = await current(harness)
    assert state.phase is Phase.DUEL and {p: state.seat(p).unfolded for p in picked} == picked
    return picked, state


def total(reply):
    return int(re.search(r"([\d,]+) points", reply.embeds[0]["title"])[1].replace(",", ""))


@pytest.mark.option_effect("ginjontan score", "combinations")
async def test_all_combinations_add_up_where_best_takes_the_highest(harness):
    ann = harness.user("ann")
    low, high = "w1sun w2sun", "r12fire r13fire"
    alone = [total(await harness.slash("ginjontan score", user=ann, cards=pair)) for pair in (low, high)]
    best = await harness.slash("ginjontan score", user=ann, cards=f"{low} {high}", combinations="best")
    every = await harness.slash("ginjontan score", user=ann, cards=f"{low} {high}", combinations="all")
    assert total(best) == max(alone) and total(every) == sum(alone)


@pytest.mark.option_effect("ginjontan rules", "topic")
async def test_each_topic_shows_its_own_rules(harness):
    ann = harness.user("ann")
    for topic in typing.get_args(Topic):
        reply = await harness.slash("ginjontan rules", user=ann, topic=topic)
        title, text = RULES[topic][0], rule_text(topic)
        assert reply.ephemeral and title in reply.embeds[0]["title"] and text[:200] in reply.text
        assert not [t for other in RULES if other != topic and (t := rule_text(other))[:200] in reply.text]
    everything = await harness.slash("ginjontan rules", user=ann)
    assert all(title in everything.text for title, _ in RULES.values())
