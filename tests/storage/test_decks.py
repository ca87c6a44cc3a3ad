"""A server's saved decks (storage/decks.py, migration 0011) on both backends: save, replace, list, load, delete,
the limit of each kind, servers and kinds apart, and a save that commits only with the move it goes with."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.library import MAX_SAVED
from storage import GameStore, decks
from storage.decks import LibraryFull, SavedDeck
from tests.support.tally import TALLY, Add, new_game

GUILD, OTHER_GUILD, ALICE, BOB = 7, 8, 1, 2
UNICODE = 'schema = 1\nname = "Ünïcode 牌"\n# a comment the file keeps\n'


def deck(name: str = "ours", *, guild: int = GUILD, kind: str = "cosmic", title: str = "Ours", cards: int = 2,
         content: str = UNICODE, by: int = ALICE) -> SavedDeck:
    return SavedDeck(guild, kind, name, title, cards, f"{name}.toml", content, by)


async def test_save_load_list_replace_and_delete(database):
    assert await database.write(lambda conn: decks.save(conn, deck())) is None
    loaded = await database.read(lambda conn: decks.load(conn, GUILD, "cosmic", "ours"))
    assert loaded is not None and loaded.content == UNICODE and loaded.title == "Ours" and loaded.cards == 2
    assert loaded.file_name == "ours.toml" and loaded.saved_by == ALICE and loaded.saved_at.startswith("20")

    replaced = await database.write(lambda conn: decks.save(conn, deck(title="Ours v2", cards=3, content="v2",
                                                                          by=BOB)))
    assert replaced is not None and replaced.content == UNICODE  # what it replaced
    again = await database.read(lambda conn: decks.load(conn, GUILD, "cosmic", "ours"))
    assert (again.title, again.cards, again.content, again.saved_by) == ("Ours v2", 3, "v2", BOB)

    await database.write(lambda conn: decks.save(conn, deck("a-first")))
    await database.write(lambda conn: decks.save(conn, deck("z_last")))
    await database.write(lambda conn: decks.save(conn, deck("b", kind="chaosjan")))
    await database.write(lambda conn: decks.save(conn, deck("c", guild=OTHER_GUILD)))
    listed = await database.read(lambda conn: decks.listing(conn, GUILD, "cosmic"))
    assert [d.name for d in listed] == ["a-first", "ours", "z_last"]  # one order on both databases
    assert all(d.content == "" for d in listed)  # a listing does not carry the files
    assert [d.name for d in await database.read(lambda conn: decks.listing(conn, GUILD, "chaosjan"))] == ["b"]
    assert await database.read(lambda conn: decks.load(conn, GUILD, "cosmic", "c")) is None  # another server's

    gone = await database.write(lambda conn: decks.delete(conn, GUILD, "cosmic", "ours"))
    assert gone is not None and gone.content == "v2"
    assert await database.write(lambda conn: decks.delete(conn, GUILD, "cosmic", "ours")) is None
    assert await database.read(lambda conn: decks.load(conn, GUILD, "cosmic", "ours")) is None


async def test_a_kind_holds_at_most_the_limit_and_replacing_still_works(database):
    def fill(conn):
        for number in range(MAX_SAVED):
            decks.save(conn, deck(f"deck-{number}"))

    await database.write(fill)
    with pytest.raises(LibraryFull) as refused:
        await database.write(lambda conn: decks.save(conn, deck("one-more")))
    assert refused.value.params["limit"] == MAX_SAVED and "/cosmic deletedeck" in refused.value.hint
    assert await database.write(lambda conn: decks.save(conn, deck("deck-3", content="edited"))) is not None
    await database.write(lambda conn: decks.save(conn, deck("one-more", kind="chaosjan")))  # another kind's room
    await database.write(lambda conn: decks.save(conn, deck("one-more", guild=OTHER_GUILD)))  # another server's
    assert len(await database.read(lambda conn: decks.listing(conn, GUILD, "cosmic"))) == MAX_SAVED


async def test_the_table_refuses_a_kind_it_does_not_know(database):
    with pytest.raises(Exception) as refused:
        await database.write(lambda conn: decks.save(conn, deck(kind="uno")))
    assert "check" in str(refused.value).lower()


async def test_a_save_along_a_move_commits_with_it_or_not_at_all(database):
    store = GameStore(database)
    await store.start(100, TALLY, new_game(ALICE, [ALICE, BOB]), guild_id=GUILD, actor_id=ALICE)
    with pytest.raises(IllegalMove):  # the move is refused: the deck is not saved either
        await store.apply(100, TALLY, Add(ALICE, 0), actor_id=ALICE,
                          along=lambda conn: decks.save(conn, deck("refused")))
    assert await database.read(lambda conn: decks.load(conn, GUILD, "cosmic", "refused")) is None

    await database.write(lambda conn: [decks.save(conn, deck(f"deck-{n}")) for n in range(MAX_SAVED)])
    with pytest.raises(LibraryFull):  # the save is refused: the move is not made either
        await store.apply(100, TALLY, Add(ALICE, 5), actor_id=ALICE, along=lambda conn: decks.save(conn, deck("x")))
    assert (await store.require(100, TALLY)).state.total == 0

    moved = await store.apply(100, TALLY, Add(ALICE, 5), actor_id=ALICE,
                              along=lambda conn: decks.save(conn, deck("deck-0", content="with the move")))
    assert moved.game.state.total == 5
    assert (await database.read(lambda conn: decks.load(conn, GUILD, "cosmic", "deck-0"))).content == "with the move"
