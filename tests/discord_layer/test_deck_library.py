"""A server's deck library (issue 21, item 2) through the real discord.py code and the fake Discord, as players use
it: a deck saved in one channel and started in another, then edited while the first game runs; export and import;
who may save and delete; the limit; forged names and bad files."""

from __future__ import annotations

import copy
import json

import discord
import pytest

from engine.chaosjan import catalogue as chaos_catalogue
from engine.deck import DECKS_FOLDER, MAX_FILE_BYTES, parse_file
from engine.library import MAX_SAVED
from engine.table import TABLE
from storage import decks
from storage.decks import SavedDeck
from tests.discord_layer.test_chaosjan import choose_all
from tests.fake_discord.harness import PLAYER_PERMISSIONS, message_text

V1 = {"schema": 1, "name": "Ours", "description": "Two storms.", "cards": [
    {"id": "alpha", "name": "Alpha Storm", "type": "event", "text": "Stays.", "lasts": "until_dismissed"},
    {"id": "beta", "name": "Beta Storm", "type": "event", "text": "Stays too.", "lasts": "until_dismissed"}]}
V2 = {**V1, "cards": [{**V1["cards"][0], "text": "Edited."}, V1["cards"][1],
                      {"id": "gamma", "name": "Gamma Storm", "type": "event", "text": "New.", "lasts": "hand"}]}
V1_FILE, V2_FILE = json.dumps(V1).encode(), json.dumps(V2).encode()
V1_TOML = (b'# our house deck, kept as written\nschema = 1\nname = "Ours"\ndescription = "Two storms."\n\n'
           b'[[cards]]\nid = "alpha"\nname = "Alpha Storm"\ntype = "event"\ntext = "Stays."\n'
           b'lasts = "until_dismissed"\n'
           b'\n[[cards]]\nid = "beta"\nname = "Beta Storm"\ntype = "event"\ntext = "Stays too."\n'
           b'lasts = "until_dismissed"\n')


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


@pytest.fixture
def admin(harness):
    """Manage Server, and no seat at any table."""
    user = harness.user("admin")
    harness.permissions[user.id] = PLAYER_PERMISSIONS | discord.Permissions(manage_guild=True)
    return user


async def state(harness, channel=None):
    return (await harness.bot.games.get(channel or harness.fake.default_channel, TABLE)).state


async def seat(harness, players, channel=None):
    east, south, west, north = players
    await harness.slash("table start", user=east, channel=channel, east=east, south=south, west=west, north=north)


async def saved(harness, kind="cosmic"):
    return await harness.bot.db.read(lambda conn: decks.listing(conn, harness.fake.guild_id, kind))


async def answered(log):
    """A deferred reply, once its text has come."""
    await log.followed_up()
    return log


def attachment(harness, log) -> tuple[str, bytes]:
    found, = log.message["attachments"]
    return found["filename"], harness.fake.uploads[int(found["id"])]


# -- the check ----------------------------------------------------------------------------------------

@pytest.mark.option_effect("cosmic import", "save_as")
@pytest.mark.option_effect("cosmic start", "deck")
async def test_a_deck_saved_in_one_channel_plays_in_another_and_an_edit_leaves_the_running_game_alone(
        harness, players, admin):
    east, south = players[:2]
    first, second, third = harness.fake.default_channel, harness.fake.add_channel("b"), harness.fake.add_channel("c")
    reply = await answered(await harness.slash("cosmic import", user=admin, channel=first, file=("ours.json", V1_FILE),
                                               save_as="Ours"))
    assert reply.ephemeral and "Saved **Ours** (2 cards) as `ours` for this whole server." in reply.text
    assert "`/cosmic start deck:ours`" in reply.text  # no game in that channel: it says how to play it
    assert not harness.public_messages(first)

    await seat(harness, players, second)
    offered = {c["value"]: c["name"] for c in await harness.autocomplete("cosmic start", "deck", "", user=east,
                                                                            channel=second)}
    assert set(offered) == {"cosmic", "ours"}
    assert "shipped" in offered["cosmic"] and "30 cards" in offered["cosmic"]
    assert "this server's" in offered["ours"] and "Ours (2 cards)" in offered["ours"]
    started = await harness.slash("cosmic start", user=east, channel=second, deck="ours")
    assert not started.ephemeral and "Ours" in started.text
    running = (await state(harness, second)).cosmic
    assert running.deck == parse_file(V1_FILE, "ours.json") and sorted(running.library) == ["alpha", "beta"]

    edited = await answered(await harness.slash("cosmic import", user=admin, channel=first,
                                                file=("ours-v2.json", V2_FILE), save_as="ours"))
    assert "Replaced the server's `ours` with **Ours** (3 cards)" in edited.text
    assert "games already playing it keep their copy" in edited.text
    assert (await state(harness, second)).cosmic == running  # the game in B plays its own copy
    card = await harness.slash("cosmic card", user=south, channel=second, name="alpha")
    assert "Stays." in card.text and "Edited." not in card.text
    await harness.restart()
    assert (await state(harness, second)).cosmic == running

    await seat(harness, players, third)  # a new game gets the edited deck
    await harness.slash("cosmic start", user=east, channel=third, deck="OURS")
    fresh = (await state(harness, third)).cosmic
    assert fresh.deck == parse_file(V2_FILE, "ours.json") and sorted(fresh.library) == ["alpha", "beta", "gamma"]


@pytest.mark.option_effect("chaosjan import", "save_as")
@pytest.mark.option_effect("chaosjan new", "catalogue")
async def test_a_catalogue_saved_in_one_channel_plays_in_another_and_keeps_its_copy(harness, players, admin):
    east, south = players[:2]
    first, second, third = harness.fake.default_channel, harness.fake.add_channel("b"), harness.fake.add_channel("c")
    own = chaos_catalogue.load_shipped().to_dict() | {"name": "Our Cards"}
    edited = copy.deepcopy(own)
    edited["cards"][0]["text"] = "Rewritten flavour."
    own_file, edited_file = json.dumps(own).encode(), json.dumps(edited).encode()
    reply = await answered(await harness.slash("chaosjan import", user=admin, channel=first,
                                               file=("ours.json", own_file), save_as="ours"))
    assert "Saved **Our Cards**" in reply.text and "`/chaosjan new catalogue:ours`" in reply.text

    await seat(harness, players, second)
    forged = await harness.slash("chaosjan new", user=east, channel=second, catalogue="../cards")
    assert forged.ephemeral and "There is no shipped catalogue or saved catalogue called '../cards'" in forged.text
    assert (await state(harness, second)).chaosjan is None
    offered = {c["value"]: c["name"] for c in await harness.autocomplete("chaosjan new", "catalogue", "", user=east,
                                                                            channel=second)}
    assert "shipped" in offered["starter"] and "this server's" in offered["ours"]
    await harness.slash("chaosjan new", user=east, channel=second, catalogue="ours")
    running = (await state(harness, second)).chaosjan
    assert running.catalogue == chaos_catalogue.parse_file(own_file, "ours.json")

    await answered(await harness.slash("chaosjan import", user=admin, channel=first,
                                       file=("ours.json", edited_file), save_as="ours"))
    assert (await state(harness, second)).chaosjan == running
    first_card = own["cards"][0]["id"]
    card = await harness.slash("chaosjan card", user=south, channel=second, name=first_card)
    assert "Rewritten flavour." not in card.text

    await seat(harness, players, third)
    await harness.slash("chaosjan new", user=east, channel=third, catalogue="ours")
    assert (await state(harness, third)).chaosjan.catalogue.card(first_card).text == "Rewritten flavour."


# -- who may save, and where it plays -----------------------------------------------------------------------

async def test_saving_needs_manage_server_and_plays_here_only_for_the_table_s_host(harness, players, admin):
    east = players[0]
    await seat(harness, players)
    await harness.slash("cosmic start", user=east)
    refused = await harness.slash("cosmic import", user=east, file=("ours.json", V1_FILE), save_as="ours")
    assert refused.ephemeral and "Only someone with Manage Server" in refused.text
    assert await saved(harness) == [] and (await state(harness)).cosmic.deck.name != "Ours"

    reply = await answered(await harness.slash("cosmic import", user=admin, file=("ours.json", V1_FILE),
                                               save_as="ours"))
    assert "Saved **Ours**" in reply.text and "keeps the cards it has: only its host" in reply.text
    assert (await state(harness)).cosmic.deck.name != "Ours" and [d.name for d in await saved(harness)] == ["ours"]

    harness.permissions[east.id] = harness.permissions[admin.id]  # the table's host, with Manage Server too
    both = await answered(await harness.slash("cosmic import", user=east, file=("ours.json", V2_FILE),
                                              save_as="ours"))
    assert "Replaced the server's `ours`" in both.text and "This channel's game plays it now." in both.text
    assert any("Now playing **Ours** (3 cards)" in message_text(m) for m in harness.public_messages())
    assert (await state(harness)).cosmic.deck == parse_file(V2_FILE, "x.json")


async def test_a_catalogue_saved_after_the_decks_are_built_leaves_the_game_alone(harness, players, admin):
    east = players[0]
    await seat(harness, players)
    await harness.slash("chaosjan new", user=east)
    harness.permissions[east.id] = harness.permissions[admin.id]
    own = json.dumps(chaos_catalogue.load_shipped().to_dict() | {"name": "Our Cards"}).encode()
    during = await answered(await harness.slash("chaosjan import", user=east, file=("ours.json", own),
                                                save_as="ours"))
    assert "This channel's game plays it now." in during.text
    assert (await state(harness)).chaosjan.catalogue.name == "Our Cards"
    panel = [m for m in harness.public_messages() if "Choose my cards" in json.dumps(m["components"])][-1]
    await choose_all(harness, players, panel)
    built = await state(harness)
    after = await answered(await harness.slash("chaosjan import", user=east, file=("spare.json", own),
                                               save_as="spare"))
    assert "Saved **Our Cards** (" in after.text and "its decks are already built" in after.text
    assert [d.name for d in await saved(harness, "chaosjan")] == ["ours", "spare"]
    assert await state(harness) == built  # the game goes on untouched


# -- the list, export and delete --------------------------------------------------------------------------------

@pytest.mark.option_effect("cosmic export", "deck")
@pytest.mark.option_effect("cosmic deletedeck", "name")
async def test_export_gives_the_file_back_and_a_deleted_deck_stays_in_running_games(harness, players, admin):
    east, south = players[:2]
    other = harness.fake.add_channel("b")
    await answered(await harness.slash("cosmic import", user=admin, file=("Our House.toml", V1_TOML), save_as="ours"))

    exported = await harness.slash("cosmic export", user=south, deck="ours")
    assert exported.ephemeral and "**Ours** (2 cards)" in exported.text
    assert attachment(harness, exported) == ("ours.toml", V1_TOML)  # the file as uploaded, comment and all
    shipped = await harness.slash("cosmic export", user=south, deck="cosmic")
    assert attachment(harness, shipped) == ("cosmic.json", (DECKS_FOLDER / "cosmic.json").read_bytes())
    nothing = await harness.slash("cosmic export", user=south)
    assert nothing.ephemeral and "no Cosmic Deck to export" in nothing.text and "/cosmic export deck:" in nothing.text

    await seat(harness, players)
    await harness.slash("cosmic start", user=east, deck="ours")
    in_game = await harness.slash("cosmic export", user=south)
    name, data = attachment(harness, in_game)
    assert name == "ours.json" and parse_file(data, name) == (await state(harness)).cosmic.deck
    await seat(harness, players, other)  # the exported file imports as the same deck
    await harness.slash("cosmic start", user=east, channel=other)
    await answered(await harness.slash("cosmic import", user=east, channel=other, file=(name, data)))
    assert (await state(harness, other)).cosmic.deck == (await state(harness)).cosmic.deck

    listed = await harness.slash("cosmic decks", user=south)
    assert listed.ephemeral and "`cosmic`: Cosmic Deck (Chaos Table edition) (30 cards)" in listed.text
    assert "`ours`: Ours (2 cards), saved by" in listed.text and "(1 of 25)" in listed.text
    offered = await harness.autocomplete("cosmic deletedeck", "name", "", user=admin)
    assert [c["value"] for c in offered] == ["ours"]  # only the server's own can be deleted

    refused = await harness.slash("cosmic deletedeck", user=east, name="ours")
    assert refused.ephemeral and "Manage Server" in refused.text and len(await saved(harness)) == 1
    deleted = await harness.slash("cosmic deletedeck", user=admin, name="ours")
    assert deleted.ephemeral and "Deleted `ours` (Ours)" in deleted.text
    assert attachment(harness, deleted) == ("ours.toml", V1_TOML)  # to save it again if that was a mistake
    assert await saved(harness) == [] and "None yet." in (await harness.slash("cosmic decks", user=south)).text
    assert (await state(harness)).cosmic.deck.name == "Ours"  # the running game keeps its copy
    again = await harness.slash("cosmic deletedeck", user=admin, name="ours")
    assert again.ephemeral and "has no saved deck called 'ours'" in again.text


@pytest.mark.option_effect("chaosjan export", "catalogue")
@pytest.mark.option_effect("chaosjan deletecatalogue", "name")
async def test_catalogues_list_export_and_delete(harness, players, admin):
    east, south = players[:2]
    own = json.dumps(chaos_catalogue.load_shipped().to_dict() | {"name": "Our Cards"}).encode()
    await answered(await harness.slash("chaosjan import", user=admin, file=("ours.json", own), save_as="ours"))
    listed = await harness.slash("chaosjan catalogues", user=south)
    assert "`starter`: CHAOS;JAN Starter Catalogue" in listed.text and "`ours`: Our Cards" in listed.text
    assert attachment(harness, await harness.slash("chaosjan export", user=south, catalogue="ours")) == \
        ("ours.json", own)
    starter = await harness.slash("chaosjan export", user=south, catalogue="starter")
    assert attachment(harness, starter)[1] == chaos_catalogue.SHIPPED.read_bytes()

    await seat(harness, players)
    await harness.slash("chaosjan new", user=east, catalogue="ours")
    name, data = attachment(harness, await harness.slash("chaosjan export", user=south))
    assert name == "our-cards.json"
    assert chaos_catalogue.parse_file(data, name) == (await state(harness)).chaosjan.catalogue

    deleted = await harness.slash("chaosjan deletecatalogue", user=admin, name="ours")
    assert "Deleted `ours`" in deleted.text and attachment(harness, deleted) == ("ours.json", own)
    assert await saved(harness, "chaosjan") == []
    assert (await state(harness)).chaosjan.catalogue.name == "Our Cards"


# -- limits and hostile input -------------------------------------------------------------------------------

async def test_a_server_keeps_at_most_25_decks_of_a_kind(harness, admin):
    guild = harness.fake.guild_id
    await harness.bot.db.write(lambda conn: [decks.save(conn, SavedDeck(
        guild, "cosmic", f"deck-{n}", "Ours", 2, "ours.json", V1_FILE.decode(), admin.id)) for n in range(MAX_SAVED)])
    full = await harness.slash("cosmic import", user=admin, file=("ours.json", V2_FILE), save_as="one-more")
    await full.followed_up()
    assert full.ephemeral and f"already keeps {MAX_SAVED} saved decks" in full.text
    assert "/cosmic deletedeck" in full.text and len(await saved(harness)) == MAX_SAVED
    replaced = await answered(await harness.slash("cosmic import", user=admin, file=("ours.json", V2_FILE),
                                                  save_as="deck-3"))
    assert "Replaced the server's `deck-3`" in replaced.text
    offered = await harness.autocomplete("cosmic start", "deck", "", user=admin)
    assert len(offered) == 25  # the most Discord shows; typing narrows it
    assert [c["value"] for c in await harness.autocomplete("cosmic start", "deck", "deck-2", user=admin)] == \
        ["deck-2", "deck-20", "deck-21", "deck-22", "deck-23", "deck-24"]


async def test_forged_names_and_bad_files_are_refused_and_change_nothing(harness, players, admin):
    east = players[0]
    for name in ("../secrets", "our deck", "ours.json", "<@&1>"):
        reply = await harness.slash("cosmic import", user=admin, file=("ours.json", V1_FILE), save_as=name)
        assert reply.ephemeral and "can't be a deck's name: a name is 1-32 letters" in reply.text, name
    shipped_name = await harness.slash("chaosjan import", user=admin, file=("ours.json", V1_FILE), save_as="Starter")
    assert shipped_name.ephemeral and "`starter` is the name of a deck the bot ships." in shipped_name.text
    too_long = await harness.slash("cosmic import", user=admin, file=("ours.json", V1_FILE), save_as="a" * 40)
    assert too_long.ephemeral and "1 to 32 characters" in too_long.text

    big = await harness.slash("cosmic import", user=admin, file=("big.json", b" " * (MAX_FILE_BYTES + 1)),
                              save_as="big")
    assert big.ephemeral and "at most 64 KB" in big.text
    for file_name, data, says in (("bad.json", json.dumps({**V1, "schema": 2}).encode(), "`schema` must be 1"),
                                  ("nul.json", V1_FILE[:-1] + b"\x00}", "not valid JSON"),
                                  ("latin.json", "{\"name\": \"caf\xe9\"}".encode("latin-1"), "not UTF-8"),
                                  ("deck.exe", V1_FILE, "neither .json nor .toml"),
                                  ("catalogue.json", V1_FILE, None)):
        kind = "chaosjan" if file_name == "catalogue.json" else "cosmic"  # a Cosmic Deck is no catalogue
        reply = await answered(await harness.slash(f"{kind} import", user=admin, file=(file_name, data),
                                                   save_as="fine"))
        assert reply.ephemeral and (says is None or says in reply.text), reply.text
    assert await saved(harness) == [] and await saved(harness, "chaosjan") == []
    await answered(await harness.slash("cosmic import", user=admin, file=("A" * 300 + ".TOML", V1_TOML),
                                       save_as="long"))
    long, = await saved(harness)
    assert long.file_name == "A" * 95 + ".TOML"  # kept short, and still a TOML file
    assert attachment(harness, await harness.slash("cosmic export", user=east, deck="long")) == ("long.toml", V1_TOML)
    await harness.slash("cosmic deletedeck", user=admin, name="long")

    theirs = SavedDeck(harness.fake.guild_id + 1, "cosmic", "theirs", "Theirs", 2, "t.json", V1_FILE.decode(), 1)
    await harness.bot.db.write(lambda conn: decks.save(conn, theirs))  # another server's deck
    await seat(harness, players)
    for name in ("../secrets", "theirs", "x" * 500):
        start = await harness.slash("cosmic start", user=east, deck=name)
        assert start.ephemeral and "There is no shipped deck or saved deck called" in start.text
        assert "/cosmic decks" in start.text and (await state(harness)).cosmic is None
    assert [c["value"] for c in await harness.autocomplete("cosmic start", "deck", "", user=east)] == ["cosmic"]
    stolen = await harness.slash("cosmic export", user=east, deck="theirs")
    assert stolen.ephemeral and not stolen.message["attachments"]
    deleted = await harness.slash("cosmic deletedeck", user=admin, name="theirs")
    assert deleted.ephemeral and "has no saved deck" in deleted.text
    assert await harness.bot.db.read(lambda conn: decks.load(conn, theirs.guild_id, "cosmic", "theirs")) is not None
