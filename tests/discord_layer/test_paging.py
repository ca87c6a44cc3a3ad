"""Menus over 25 options are paged (issue 17, item 4): every option reachable, through the fake Discord."""

from __future__ import annotations

import json
from dataclasses import replace

import discord
import pytest

from engine.chaosjan.catalogue import load_shipped
from engine.ginjontan.cards import card
from engine.ginjontan.rules import GINJONTAN
from engine.table import TABLE
from engine.uno.cards import CARDS
from engine.uno.rules import options as uno_options
from engine.uno.state import Pile, Seat
from tests.discord_layer.test_forged_components import refused, send, snapshot
from tests.discord_layer.test_ginjontan import current as current_ginjontan
from tests.discord_layer.test_ginjontan import play_one, settled
from tests.discord_layer.test_ginjontan import start_game as start_ginjontan
from tests.discord_layer.test_uno import _fields, card_of, current, put_state, start_game
from tests.fake_discord.harness import components, message_text
from tests.fake_discord.limits import SELECT_OPTIONS
from ui import paging

NAV = {paging.PREVIOUS, paging.NEXT, paging.DONE}


def menu_of(message, prefix):
    return next(c for c in components(message) if c["type"] == 3 and c["custom_id"].startswith(prefix))


def real_values(select):
    return [o["value"] for o in select["options"] if o["value"] not in NAV]


async def every_page(harness, message, prefix, user):
    """Turn a menu's pages from the first to the last, as a player does: the values of each page."""
    seen = []
    while True:
        select = menu_of(harness.fake.messages[int(message["id"])], prefix)
        assert len(select["options"]) <= SELECT_OPTIONS
        seen.append(real_values(select))
        if paging.NEXT not in {o["value"] for o in select["options"]}:
            return seen
        turned = await harness.choose(message, [paging.NEXT], user=user, custom_id=select["custom_id"])
        assert turned.response_type == 7 and not turned.record.followups, "a page turns in place, nothing posted"


# -- the pager on its own ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("count", [1, 25, 26, 30, 46, 47, 100, paging.MAX_OPTIONS])
@pytest.mark.parametrize("high", [1, 3])
def test_every_option_appears_once_across_pages_of_at_most_25(count, high):
    menu = paging.Menu([discord.SelectOption(label=f"card {i}", value=str(i)) for i in range(count)], high=high)
    first = paging.select("ct:test", menu)
    if count <= 25:
        assert first.custom_id == "ct:test" and [o.value for o in first.options] == [str(i) for i in range(count)]
        return
    size = 25 - (3 if high > 1 else 2)
    expected_pages = -(-count // size)
    shown: list[str] = []
    for number in range(expected_pages):
        page = paging.select("ct:test", menu, paging.Page(number, paging.fingerprint(menu.options) if high > 1
                                                          else None))
        assert len(page.options) <= 25 and len(page.custom_id) <= 100
        assert page.custom_id.startswith(f"ct:test:p{number}")
        shown += [o.value for o in page.options if o.value not in NAV]
        assert (paging.PREVIOUS in {o.value for o in page.options}) == (number > 0)
        assert (paging.NEXT in {o.value for o in page.options}) == (number < expected_pages - 1)
    assert shown == [str(i) for i in range(count)]


def test_picks_on_other_pages_ride_in_the_custom_id():
    options = [discord.SelectOption(label=f"card {i}", value=str(i), default=i in (3, 40)) for i in range(60)]
    menu = paging.Menu(options, low=2, high=6)
    first = paging.select("ct:test", menu)
    match = paging._SUFFIX.search(first.custom_id)
    assert paging.Page.read(match).picks == {3, 40}
    assert [o.value for o in first.options if o.default] == ["3"]


# -- Uno: a 30-card hand -------------------------------------------------------------------------------------------

def faces(colour):
    """One card of each face of a colour (13 faces), by the deck's own list."""
    found = {}
    for c in CARDS:
        if c.colour is not None and c.colour.value == colour:
            found.setdefault(c.rank, c.id)
    return list(found.values())


def thirty_card_state(state, player, hand, tops):
    """`player` holds `hand` and it is their turn; two piles show `tops`; the others hold one card each."""
    used = set(hand) | set(tops)
    rest = [c for c in range(108) if c not in used]
    seats = tuple(Seat(s.player, tuple(hand) if s.player == player else (rest.pop(),), s.points, name=s.name)
                  for s in state.seats)
    fields = {**_fields(state), "seats": seats, "draw_pile": tuple(rest),
              "piles": (Pile(1, (tops[0],), CARDS[tops[0]].colour), Pile(2, (tops[1],), CARDS[tops[1]].colour)),
              "turn": player, "stacks": (), "trades": (), "shift": None, "prompt": None, "drawn": None}
    return state.__class__(**fields)


async def test_a_30_card_uno_hand_plays_its_last_card_by_paging(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    ann = players[0]
    await start_game(harness, players)
    state = await current(harness)
    hand = faces("r") + faces("b") + [card_of(c, r) for c in "gy" for r in "57"]
    assert len(hand) == 30
    tops = (card_of("r", "5", skip=hand), card_of("b", "7", skip=hand))  # a red 5 and a blue 7: 32 plays
    await put_state(harness, thirty_card_state(state, ann.id, hand, tops))
    state = await current(harness)
    plays = {f"{o.card}:{o.pile}" for o in uno_options(state, ann.id).plays}
    assert len(plays) > 25

    shown = await harness.slash("uno hand", user=ann)
    pages = await every_page(harness, shown.message, "ct:uno:play", ann)
    assert len(pages) == 2
    offered = [v for page in pages for v in page]
    assert sorted(offered) == sorted(plays), "every play exactly once across the pages"
    last = pages[-1][-1]
    assert last not in pages[0]
    card_id, pile_id = (int(x) for x in last.split(":"))
    played = await harness.choose(shown.message, [last], user=ann)
    await played.followed_up()
    assert f"**{CARDS[card_id].name}**" in message_text(played.record.followups[0])
    after = await current(harness)
    assert card_id not in after.hand(ann.id) and after.pile(pile_id).top == card_id


async def test_a_forged_page_number_is_refused_and_changes_nothing(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    ann = players[0]
    await start_game(harness, players)
    state = await current(harness)
    hand = faces("r") + faces("b") + [card_of(c, r) for c in "gy" for r in "57"]
    tops = (card_of("r", "5", skip=hand), card_of("b", "7", skip=hand))
    await put_state(harness, thirty_card_state(state, ann.id, hand, tops))
    shown = await harness.slash("uno hand", user=ann)
    select = menu_of(shown.message, "ct:uno:play")
    assert select["custom_id"] == "ct:uno:play:p0"
    for page in ("p2", "p17"):  # the hand has 2 pages; p17 is the most a menu can have
        before = snapshot(harness)
        forged = {**select, "custom_id": f"ct:uno:play:{page}"}
        log = await send(harness, shown.message, ann, forged, [paging.NEXT])
        assert refused(log) and "doesn't match anything" in log.text, log.text
        assert snapshot(harness) == before


# -- Gin-jon-tan: a 33-card reserve --------------------------------------------------------------------------------

async def put_ginjontan_state(harness, state):
    data = json.dumps(GINJONTAN.state_to_dict(state))

    def write(conn):
        conn.execute("UPDATE games SET state = ? WHERE channel_id = ? AND kind = 'ginjontan' AND status = 'active'",
                     (data, harness.fake.default_channel))
        conn.execute("INSERT OR REPLACE INTO game_snapshots (game_id, seq, state) SELECT id, version, state FROM games"
                     " WHERE channel_id = ? AND kind = 'ginjontan' AND status = 'active'",
                     (harness.fake.default_channel,))

    await harness.bot.db.write(write)
    harness.bot.games.forget()  # the same version, another state (the log replays from it)


async def exchange_with_a_33_card_reserve(harness):
    """Two players reach step 4 (exchange up to 9); the first to exchange gets a reserve of 33 from the deck."""
    players = [harness.user(n) for n in ("ann", "ben")]
    users = {p.id: p for p in players}
    await start_ginjontan(harness, players, duels="once")
    ui_used = {"swap", "aside", "act", "exchange3", "exchange9", "trim", "surplus", "turn", "reveal"}
    state = await current_ginjontan(harness)
    while not any(t == "exchange9" for _, t in state.waiting):
        await play_one(harness, state, users, ui_used)
        state = await current_ginjontan(harness)
    player = next(p for p, t in state.waiting if t == "exchange9")
    seat = state.seat(player)
    deck, drawn = state.deck.draw(33 - len(seat.reserve))
    seats = tuple(replace(s, reserve=s.reserve + drawn) if s.player == player else s for s in state.seats)
    await put_ginjontan_state(harness, replace(state, deck=deck, seats=seats))
    return users[player], await current_ginjontan(harness)


async def test_an_exchange_picks_across_two_pages_of_a_33_card_reserve(harness):
    user, state = await exchange_with_a_33_card_reserve(harness)
    seat = state.seat(user.id)
    assert len(seat.reserve) == 33 and len(seat.hand) >= 2
    shown = await harness.slash("ginjontan hand", user=user)
    give = seat.hand[:2]
    await harness.choose(shown.message, [str(c) for c in give], user=user, custom_id="ct:gjt:s:exchange")
    take = "ct:gjt:s:take:g" + ".".join(map(str, give))
    pages = await every_page(harness, shown.message, take, user)
    assert len(pages) == 2
    offered = [v for page in pages for v in page]
    assert sorted(offered) == sorted(str(c) for c in seat.reserve)
    by_value = sorted(seat.reserve, key=lambda c: card(c).value)  # the menu lists the reserve highest first
    lowest, highest = by_value[0], by_value[-1]
    assert str(lowest) in pages[-1] and str(lowest) not in pages[0] and str(highest) in pages[0]
    back = await harness.choose(shown.message, [str(lowest), paging.PREVIOUS], user=user,
                                custom_id=menu_of(harness.fake.messages[int(shown.message["id"])], take)["custom_id"])
    assert back.response_type == 7
    first = menu_of(back.message, take)
    assert first["custom_id"].startswith(take + ":p0.")
    done = next(o for o in first["options"] if o["value"] == paging.DONE)
    assert "the 1 on other pages" in done["description"]
    assert await current_ginjontan(harness) == state, "giving and turning pages change nothing"
    await harness.choose(shown.message, [str(highest)], user=user, custom_id=first["custom_id"])
    await settled(harness)  # the hand is redrawn; the public panel is edited or posted after it
    after = (await current_ginjontan(harness)).seat(user.id)
    assert {lowest, highest} <= set(after.hand) and set(give) <= set(after.reserve)
    assert len(after.hand) == len(seat.hand) and len(after.reserve) == 33


async def test_a_paged_pick_of_too_few_cards_is_refused_kindly(harness):
    user, state = await exchange_with_a_33_card_reserve(harness)
    shown = await harness.slash("ginjontan hand", user=user)
    give = state.seat(user.id).hand[:2]
    await harness.choose(shown.message, [str(c) for c in give], user=user, custom_id="ct:gjt:s:exchange")
    take = "ct:gjt:s:take:g" + ".".join(map(str, give))
    first = menu_of(harness.fake.messages[int(shown.message["id"])], take)
    one = real_values(first)[0]
    await harness.choose(shown.message, [one, paging.NEXT], user=user, custom_id=first["custom_id"])
    second = menu_of(harness.fake.messages[int(shown.message["id"])], take)
    assert one not in real_values(second)
    log = await harness.choose(shown.message, [paging.DONE], user=user, custom_id=second["custom_id"])
    assert refused(log) and "Pick 2: you have 1 picked" in log.text, log.text
    assert await current_ginjontan(harness) == state


# -- CHAOS;JAN: a catalogue of 30 Actions --------------------------------------------------------------------------

async def test_three_actions_picked_across_two_pages_of_a_long_catalogue(harness):
    east, south, west, north = (harness.user(n) for n in ("east", "south", "west", "north"))
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    await harness.slash("chaosjan new", user=east, seed="7")
    own = load_shipped().to_dict() | {"name": "Long"}
    action = next(c for c in own["cards"] if c["type"] == "action")
    extra = [{**action, "id": f"extra-{i}", "name": f"Extra Action {i}"} for i in range(18)]
    own["cards"] = own["cards"] + extra
    done = await harness.slash("chaosjan import", user=east, file=("long.json", json.dumps(own).encode()))
    await done.followed_up()
    assert "Imported Long" in done.text, done.text
    actions = [c["id"] for c in own["cards"] if c["type"] == "action"]
    assert len(actions) == 30
    menus = await harness.click(latest_chaosjan_panel(harness), user=east, label="Choose my cards")
    assert len([c for c in components(menus.message) if c["type"] == 3]) == 4, "four menus, no row for pages"
    pages = await every_page(harness, menus.message, "ct:cj:pick:action", east)
    assert [v for page in pages for v in page] == actions
    picked = [pages[1][-1], pages[1][0], pages[0][0]]
    back = menu_of(harness.fake.messages[int(menus.message["id"])], "ct:cj:pick:action")
    await harness.choose(menus.message, [*picked[:2], paging.PREVIOUS], user=east, custom_id=back["custom_id"])
    first = menu_of(harness.fake.messages[int(menus.message["id"])], "ct:cj:pick:action")
    await harness.choose(menus.message, [picked[2]], user=east, custom_id=first["custom_id"])
    state = (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state.chaosjan
    assert set(state.choices[0].actions) == set(picked)
    menu = menu_of(harness.fake.messages[int(menus.message["id"])], "ct:cj:pick:action")
    assert {o["value"] for o in menu["options"] if o.get("default")} == {picked[2]}, "the redrawn menu ticks them"


def latest_chaosjan_panel(harness):
    return [m for m in harness.public_messages()
            if any(c.get("custom_id", "").startswith("ct:cj:") for c in components(m))][-1]
