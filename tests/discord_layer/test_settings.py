"""/settings (issue 21, item 5) through the real discord.py code and the fake Discord, as a server uses it: house
rules saved as presets and applied by each game's `new`/`start` (the options given winning), the start showing the
rules in force, a running game keeping its own, who may change them (Manage Server or the role /settings names),
a channel's language, and forged values refused."""

from __future__ import annotations

import asyncio
import json
import re
from enum import Enum
from typing import Any

import pytest

from engine.chaosjan import catalogue as chaos_catalogue
from engine.chroma.state import CHROMA
from engine.chroma.tiles import Chroma
from engine.ginjontan.rules import GINJONTAN
from engine.table import TABLE
from engine.uno.options import PRESETS
from engine.uno.rules import UNO
from storage.presets import list_presets, save_preset
from tests.support.table import end_table
from ui.house_rules import MAX_PRESETS

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
OWN_DECK = json.dumps({"schema": 1, "name": "Ours", "description": "Two storms.", "cards": [
    {"id": "alpha", "name": "Alpha Storm", "type": "event", "text": "Stays.", "lasts": "until_dismissed"},
    {"id": "beta", "name": "Beta Storm", "type": "event", "text": "Stays too.", "lasts": "until_dismissed"}]}).encode()
OWN_CATALOGUE = json.dumps(chaos_catalogue.load_shipped().to_dict() | {"name": "Our Cards"}).encode()


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


@pytest.fixture
def admin(harness):
    """Manage Server, and no seat at any table."""
    return harness.user("admin", server_manager=True)


async def state(harness, kind=TABLE, channel=None):
    record = await harness.bot.games.get(channel or harness.fake.default_channel, kind)
    return record.state if record else None


async def start_table(harness, players, channel=None, **options):
    east, south, west, north = players
    return await harness.slash("table start", user=east, channel=channel, east=east, south=south, west=west,
                               north=north, **options)


async def presets(harness):
    return await list_presets(harness.bot.db, harness.fake.guild_id)


async def first_message(harness, channel):
    """The first message in a channel the bot posts to after answering (a game's thread): waited for, as a guard
    against a hang, not a check of speed."""
    for _ in range(200):
        if found := harness.public_messages(channel):
            return found[0]
        await asyncio.sleep(0.05)
    raise AssertionError(f"nothing was posted in <#{channel}>")


def plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


# -- the checks -------------------------------------------------------------------------------------------

@pytest.mark.option_effect("settings preset table", "name", "points", "length", "uma", "return_points")
@pytest.mark.option_effect("settings default", "game", "preset")
async def test_a_preset_applied_by_start_shows_the_rules_in_force_and_an_option_given_wins(harness, players, admin):
    saved = await harness.slash("settings preset table", user=admin, name="league", points=30000, length="east",
                                uma="10-20", return_points=30000)
    assert not saved.ephemeral and "league" in saved.text and "saved" in saved.text
    assert [(p.game, p.name, p.options) for p in await presets(harness)] == [
        ("table", "league", {"points": 30000, "length": "east", "uma": "10-20", "return_points": 30000})]
    chosen = await harness.slash("settings default", user=admin, game="table", preset="league")
    assert not chosen.ephemeral and "league" in chosen.text

    started = await start_table(harness, players, points=25000)
    options = (await state(harness)).options
    assert options.starting_points == 25000  # given with the command: it wins over the preset
    assert (options.length.value, options.uma, options.return_points) == ("east", "10-20", 30000)
    line = started.text.splitlines()[0]
    assert "House rules" in line and "**league** (this channel)" in line
    assert "`length`: east" in line and "`uma`: 10-20" in line and "`return_points`: 30,000" in line
    assert "Given with the command instead: `points`" in line


@pytest.mark.option_effect("settings preset table", "name")
async def test_a_running_game_keeps_its_rules_when_the_preset_is_edited(harness, players, admin):
    await harness.slash("settings preset table", user=admin, name="league", points=30000, uma="10-20")
    await harness.slash("settings default", user=admin, game="table", preset="league")
    await start_table(harness, players)
    before = (await state(harness)).options

    edited = await harness.slash("settings preset table", user=admin, name="league", points=40000, uma="5-10")
    assert "replaced" in edited.text and "keep the options they started with" in edited.text
    running = await state(harness)
    assert running.options == before and [s.points for s in running.seats] == [30000] * 4
    ended = await end_table(harness, players[0])
    assert "uma 10-20" in ended.text  # the table's own uma, from its start

    again = await start_table(harness, players)  # a new table takes the preset as it is now
    assert (await state(harness)).options.starting_points == 40000 and "`uma`: 5-10" in again.text


async def test_someone_without_manage_server_is_refused_kindly_and_nothing_changes(harness, players):
    player = players[0]
    for command, options in (("settings preset table", {"name": "mine", "points": 1000}),
                             ("settings default", {"game": "table"}),
                             ("settings language", {"language": "ja"})):
        refused = await harness.slash(command, user=player, **options)
        assert refused.ephemeral and "Only someone with Manage Server (or the server's manager role)" in refused.text
        assert "/settings manager_role" in refused.text  # what to do instead
    assert await presets(harness) == []
    assert await harness.bot.preferences.get("channel", harness.fake.default_channel, "language") is None
    assert not harness.public_messages()


@pytest.mark.option_effect("settings manager_role", "role")
async def test_the_configured_role_manages_and_only_manage_server_names_it(harness, players, admin):
    role = await harness.fake.create_role("Referees")
    referee = harness.user("referee", roles=(role,))
    refused = await harness.slash("settings preset uno", user=referee, name="house", preset="classic")
    assert refused.ephemeral and "Manage Server" in refused.text

    named = await harness.slash("settings manager_role", user=referee, role=role)  # can't name itself
    assert named.ephemeral and "Only someone with Manage Server can choose the manager role" in named.text
    named = await harness.slash("settings manager_role", user=admin, role=role)
    assert not named.ephemeral and f"<@&{role}>" in named.text

    saved = await harness.slash("settings preset uno", user=referee, name="house", preset="classic")
    assert not saved.ephemeral and [p.name for p in await presets(harness)] == ["house"]
    assert (await harness.slash("settings default", user=referee, game="uno", preset="house")).ephemeral is False
    refused = await harness.slash("settings preset uno", user=players[0], name="mine", preset="classic")
    assert refused.ephemeral  # a member without the role still can't

    cleared = await harness.slash("settings manager_role", user=admin)
    assert "only members with Manage Server" in cleared.text
    assert (await harness.slash("settings preset uno", user=referee, name="again", preset="chaos")).ephemeral


@pytest.mark.option_effect("settings language", "language", "where")
async def test_a_channel_s_language_makes_the_bot_answer_in_japanese(harness, players, admin):
    """The players' Discord is in English (en-US): the channel's language, else the server's, wins over theirs."""
    here, other, third = harness.fake.default_channel, harness.fake.add_channel("other"), harness.fake.add_channel("c")
    chosen = await harness.slash("settings language", user=admin, language="ja")
    assert "日本語" in chosen.text and JAPANESE.search(chosen.text.replace("日本語", "")), chosen.text

    opened = await harness.slash("cosmic start", user=players[0])  # the deck on its own: its words are translated
    assert "Cosmic Deck is out" not in opened.text and JAPANESE.search(opened.text), opened.text
    english = await harness.slash("cosmic start", user=players[0], channel=other)
    assert "Cosmic Deck is out" in english.text  # another channel: each player's own language
    shown = await harness.slash("settings show", user=players[0])
    assert "Settings in force here" not in shown.text and JAPANESE.search(shown.text)

    await harness.slash("settings language", user=admin, language="ja", where="server", channel=other)
    assert JAPANESE.search((await harness.slash("cosmic start", user=players[0], channel=third)).text)
    cleared = await harness.slash("settings language", user=admin)  # this channel's own: the server's applies
    assert JAPANESE.search(cleared.text)
    assert await harness.bot.preferences.get("channel", here, "language") is None
    await harness.slash("settings language", user=admin, where="server")
    assert "Settings in force here" in (await harness.slash("settings show", user=players[0], channel=third)).text


@pytest.mark.option_effect("settings default", "where")
async def test_a_server_default_applies_everywhere_and_a_channel_s_own_wins(harness, players, admin):
    other = harness.fake.add_channel("other")
    await harness.slash("settings preset table", user=admin, name="short", length="east")
    await harness.slash("settings preset table", user=admin, name="long", length="hanchan", points=30000)
    await harness.slash("settings default", user=admin, game="table", preset="short", where="server")
    await harness.slash("settings default", user=admin, game="table", preset="long")
    started = await start_table(harness, players, channel=other)
    assert (await state(harness, channel=other)).options.length.value == "east"
    assert "**short** (this server)" in started.text
    await start_table(harness, players)
    assert (await state(harness)).options.starting_points == 30000

    cleared = await harness.slash("settings default", user=admin, game="table")  # this channel's: the server's again
    assert "own rules again" in cleared.text
    await end_table(harness, players[0])
    again = await start_table(harness, players)
    assert (await state(harness)).options.length.value == "east" and "**short**" in again.text


@pytest.mark.option_effect("settings preset list", "game")
@pytest.mark.option_effect("settings preset show", "game", "preset")
@pytest.mark.option_effect("settings preset delete", "game", "preset")
async def test_show_list_and_delete(harness, players, admin):
    await harness.slash("settings preset table", user=admin, name="league", points=30000, kiriage=True)
    await harness.slash("settings preset uno", user=admin, name="house", preset="classic", timer=60)
    await harness.slash("settings default", user=admin, game="table", preset="league")

    shown = await harness.slash("settings show", user=players[0])
    assert shown.ephemeral and "Mahjong table: **league** (this channel)" in shown.text
    assert "Each player's own" in shown.text and "house" in shown.text
    listed = await harness.slash("settings preset list", user=players[0])
    assert listed.ephemeral and "league" in listed.text and "house" in listed.text
    only = await harness.slash("settings preset list", user=players[0], game="uno")
    assert "house" in only.text and "league" not in only.text and "`timer`: 60" in only.text
    one = await harness.slash("settings preset show", user=players[0], game="uno", preset="house")
    assert one.ephemeral and "`preset`: classic" in one.text and "`timer`: 60" in one.text
    missing = await harness.slash("settings preset show", user=players[0], game="table", preset="house")
    assert missing.ephemeral and "no preset" in missing.text

    refused = await harness.slash("settings preset delete", user=players[0], game="table", preset="league")
    assert refused.ephemeral and len(await presets(harness)) == 2
    deleted = await harness.slash("settings preset delete", user=admin, game="table", preset="league")
    assert "deleted" in deleted.text and [p.name for p in await presets(harness)] == ["house"]
    assert "deleted" in (await harness.slash("settings show", user=players[0])).text
    started = await start_table(harness, players)  # the default names a preset that is gone: the game's own rules
    assert "no longer exists" in started.text and (await state(harness)).options.starting_points == 25000


# -- every option a preset holds, applied by its game's start -----------------------------------------------------

async def _table(harness, players, option):
    await start_table(harness, players)
    return (await state(harness)).options


async def _cosmic(harness, players, option):
    await start_table(harness, players)
    await harness.slash("cosmic start", user=players[0])
    return (await state(harness)).cosmic


async def _chaosjan(harness, players, option):
    await start_table(harness, players)
    await harness.slash("chaosjan new", user=players[0])
    return (await state(harness)).chaosjan


async def _uno(harness, players, option):
    await harness.slash("uno new", user=players[0])
    return await state(harness, UNO)


async def _ginjontan(harness, players, option):
    await harness.slash("ginjontan new", user=players[0])
    return await state(harness, GINJONTAN)


async def _chroma(harness, players, option):
    shown = await harness.slash("chroma abilities", user=players[0])
    assert "House rules" in shown.text
    manager = harness.user("manager", manager=True)  # a first change of the channel's own starts from the preset
    change = {"chip_value": 1} if option == "open_tanyao" else {"open_tanyao": False}
    changed = await harness.slash("chroma rules", user=manager, **change)
    assert not changed.ephemeral, changed.text
    return (await state(harness, CHROMA)).rules


def chroma(name):
    return lambda rules: rules.ability(Chroma[name]).value


STARTS = {"table": _table, "cosmic": _cosmic, "chaosjan": _chaosjan, "uno": _uno, "ginjontan": _ginjontan,
          "chroma": _chroma}
CASES = [  # (game, option, value, what the started game holds)
    ("table", "points", 30000, lambda o: o.starting_points),
    ("table", "length", "east", lambda o: o.length.value),
    ("table", "kiriage", True, lambda o: o.kiriage),
    ("table", "kazoe", "sanbaiman", lambda o: o.kazoe.value),
    ("table", "aotenjou", True, lambda o: o.aotenjou),
    ("table", "bust", False, lambda o: o.bust),
    ("table", "sanma_honba", 300, lambda o: o.sanma_honba),
    ("table", "uma", "5-10", lambda o: o.uma),
    ("table", "return_points", 30000, lambda o: o.return_points),
    ("cosmic", "chombo", "none", lambda c: plain(c.chombo)),
    ("cosmic", "deck", "ours", lambda c: c.deck.name),
    ("chaosjan", "hypers", 3, lambda c: c.options.hypers_per_player),
    ("chaosjan", "negates", 5, lambda c: c.options.negates),
    ("chaosjan", "modifier_on", "round", lambda c: plain(c.options.modifier_on)),
    ("chaosjan", "first_hand_draw", True, lambda c: c.options.first_hand_draw),
    ("chaosjan", "applies_ends_with_hand", False, lambda c: c.options.applies_ends_with_hand),
    ("chaosjan", "catalogue", "ours", lambda c: c.catalogue.name),
    ("uno", "preset", "classic", lambda s: "classic" if s.options == PRESETS["classic"] else "chaos"),
    ("uno", "timer", 30, lambda s: s.timer),
    ("ginjontan", "rounds", 6, lambda s: s.options.rounds),
    ("ginjontan", "deck", "personal", lambda s: s.options.deck),
    ("ginjontan", "combinations", "all", lambda s: s.options.combinations),
    ("ginjontan", "duels", "once", lambda s: s.options.duels),
    ("ginjontan", "prize", True, lambda s: s.options.prize),
    ("ginjontan", "order_same_symbol", True, lambda s: s.options.order_same_symbol),
    ("ginjontan", "winners_to", "deck", lambda s: s.options.winners_to),
    ("ginjontan", "black_hole", "opponent", lambda s: s.options.black_hole),
    ("ginjontan", "timer", 30, lambda s: s.timer),
    ("chroma", "silver", "call-wild", chroma("SILVER")),
    ("chroma", "gold", "han", chroma("GOLD")),
    ("chroma", "red", "trade-off", chroma("RED")),
    ("chroma", "blue", "zero-han-yaku", chroma("BLUE")),
    ("chroma", "prismatic", "terminal-blocks", chroma("PRISMATIC")),
    ("chroma", "fern_green", "suitless", chroma("FERN")),
    ("chroma", "light_siam", "han", chroma("SIAM")),
    ("chroma", "siam_limited", True, lambda r: r.siam_limited),
    ("chroma", "rainbow_from", 3, lambda r: r.rainbow_from),
    ("chroma", "open_tanyao", False, lambda r: r.open_tanyao),
    ("chroma", "chip_value", 500, lambda r: r.chip_value),
    ("chroma", "gold_reading", "loose", lambda r: plain(r.gold_reading)),
]
EXPECTED = {("cosmic", "deck"): "Ours", ("chaosjan", "catalogue"): "Our Cards"}  # the saved decks' own names
EXTRA = {("ginjontan", "prize"): {"deck": "personal"}}  # the prize needs personal decks


@pytest.mark.option_effect("settings preset table", "points", "length", "kiriage", "kazoe", "aotenjou", "bust",
                           "sanma_honba", "uma", "return_points")
@pytest.mark.option_effect("settings preset cosmic", "name", "deck", "chombo")
@pytest.mark.option_effect("settings preset chaosjan", "name", "catalogue", "hypers", "negates", "modifier_on",
                           "first_hand_draw", "applies_ends_with_hand")
@pytest.mark.option_effect("settings preset uno", "name", "preset", "timer")
@pytest.mark.option_effect("settings preset ginjontan", "name", "rounds", "deck", "combinations", "duels", "prize",
                           "order_same_symbol", "winners_to", "black_hole", "timer")
@pytest.mark.option_effect("settings preset chroma", "name", "silver", "gold", "red", "blue", "prismatic",
                           "fern_green", "light_siam", "siam_limited", "rainbow_from", "open_tanyao", "chip_value",
                           "gold_reading")
@pytest.mark.parametrize(("game", "option", "value", "held"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
async def test_each_option_of_a_preset_reaches_the_game_it_starts(harness, players, admin, game, option, value, held):
    if (game, option) == ("cosmic", "deck"):
        await harness.slash("cosmic import", user=admin, file=("ours.json", OWN_DECK), save_as="ours")
    if (game, option) == ("chaosjan", "catalogue"):
        await harness.slash("chaosjan import", user=admin, file=("ours.json", OWN_CATALOGUE), save_as="ours")
    saved = await harness.slash(f"settings preset {game}", user=admin, name="house",
                                **{option: value, **EXTRA.get((game, option), {})})
    assert not saved.ephemeral, saved.text
    await harness.slash("settings default", user=admin, game=game, preset="house")
    started = await STARTS[game](harness, players, option)
    assert held(started) == EXPECTED.get((game, option), value)


# -- forged and bad values ------------------------------------------------------------------------------------------

def raw(**options):
    kinds = {str: 3, int: 4, bool: 5}
    return [{"name": name, "type": kinds[type(value)], "value": value} for name, value in options.items()]


async def settings_rows(harness):
    return await harness.bot.db.read(lambda conn: [tuple(row) for row in conn.execute(
        "SELECT scope, scope_id, key, value FROM settings ORDER BY scope, key").fetchall()])


@pytest.mark.parametrize(("command", "options", "said"), [
    ("settings default", raw(game="poker"), "`game` can't be"),
    ("settings default", raw(game="table", where="everywhere"), "`where`"),
    ("settings language", raw(language="fr"), "`language` can't be"),
    ("settings preset table", raw(name="house", uma="99-99"), "uma"),
    ("settings preset table", raw(name="house", points=5), "points"),
    ("settings preset table", raw(name="house", points=25050), "multiple of 100"),
    ("settings preset ginjontan", raw(name="house", rounds=7), "rounds"),
    ("settings preset ginjontan", raw(name="house", prize=True), "personal"),  # needs personal decks
    ("settings preset uno", raw(name="house", timer=5), "10"),
    ("settings preset chroma", raw(name="house", gold="wild"), "gold"),
    ("settings preset table", raw(name="../etc", points=30000), "preset's name"),
    ("settings preset table", raw(name="   ", points=30000), "preset's name"),
    ("settings preset show", raw(game="table", preset="nothing"), "no preset"),
    ("settings preset delete", raw(game="table", preset="nothing"), "no preset"),
])
async def test_forged_or_bad_values_are_refused_and_change_nothing(harness, admin, command, options, said):
    refused = await harness.slash(command, user=admin, raw_options=options)
    assert refused.ephemeral and said in refused.text, refused.text
    assert await presets(harness) == [] and await settings_rows(harness) == []
    assert not harness.public_messages()


async def test_a_server_keeps_a_bounded_number_of_presets_of_a_game(harness, admin):
    for number in range(MAX_PRESETS):
        assert not (await harness.slash("settings preset uno", user=admin, name=f"p{number}", timer=0)).ephemeral
    refused = await harness.slash("settings preset uno", user=admin, name="one more", timer=0)
    assert refused.ephemeral and "/settings preset delete" in refused.text
    assert not (await harness.slash("settings preset uno", user=admin, name="p0", preset="classic")).ephemeral
    assert not (await harness.slash("settings preset table", user=admin, name="other game")).ephemeral
    assert len(await presets(harness)) == MAX_PRESETS + 1


async def test_a_default_the_rules_no_longer_accept_is_refused_at_the_start_and_nothing_starts(harness, players,
                                                                                               admin):
    await harness.slash("settings preset table", user=admin, name="league", points=30000)
    await harness.slash("settings default", user=admin, game="table", preset="league")
    await save_preset(harness.bot.db, harness.fake.guild_id, "table", "league", {"points": 30050}, by=None,
                      limit=MAX_PRESETS)  # as if the rules had changed since it was saved
    refused = await start_table(harness, players)
    assert refused.ephemeral and "**league** can't be used" in refused.text, refused.text
    assert await state(harness) is None
    given = await start_table(harness, players, points=25000)  # the options given with the command still can't save it
    assert given.ephemeral


async def test_a_game_in_a_thread_shows_its_house_rules_and_the_thread_follows_its_channel(harness, players, admin):
    await harness.slash("settings preset table", user=admin, name="league", points=30000)
    await harness.slash("settings preset cosmic", user=admin, name="soft", chombo="none")
    await harness.slash("settings default", user=admin, game="table", preset="league")
    await harness.slash("settings default", user=admin, game="cosmic", preset="soft")
    await start_table(harness, players, thread=True)
    thread, = harness.fake.threads_of(harness.fake.default_channel)
    opening = await first_message(harness, thread)
    assert "**league** (this channel)" in opening["content"]
    assert (await state(harness, channel=thread)).options.starting_points == 30000

    rolled = await harness.slash("cosmic start", user=players[0], channel=thread)  # the parent channel's default
    assert "**soft** (this channel)" in rolled.text
    assert (await state(harness, channel=thread)).cosmic.chombo.value == "none"
    await harness.slash("settings language", user=admin, language="ja")
    assert JAPANESE.search((await harness.slash("settings show", user=players[0], channel=thread)).text)


async def test_the_deck_on_its_own_and_an_uno_lobby_in_a_thread_show_their_house_rules(harness, players, admin):
    await harness.slash("settings preset cosmic", user=admin, name="soft", chombo="none")
    await harness.slash("settings default", user=admin, game="cosmic", preset="soft", where="server")
    opened = await harness.slash("cosmic start", user=players[0])  # no table: the deck on its own
    assert opened.text.startswith("📜 House rules: the preset **soft** (this server)"), opened.text

    await harness.slash("settings preset uno", user=admin, name="classic", preset="classic")
    await harness.slash("settings default", user=admin, game="uno", preset="classic")
    await harness.slash("uno new", user=players[0], thread=True)
    thread, = harness.fake.threads_of(harness.fake.default_channel)
    assert "**classic**" in (await first_message(harness, thread))["content"]
    assert (await state(harness, UNO, channel=thread)).options == PRESETS["classic"]
