"""A server's presets of a game's options (storage/presets.py, migration 0010) on both backends: save, replace,
find, list, delete, the limit of each game, and servers and games kept apart."""

from __future__ import annotations

from storage.presets import delete_preset, find_preset, list_presets, save_preset

GUILD, OTHER_GUILD, ALICE, BOB = 7, 8, 1, 2
OPTIONS = {"points": 30000, "uma": "10-20", "kiriage": True, "name": "Ünïcode 牌"}


async def test_save_find_replace_list_and_delete(database):
    assert await save_preset(database, GUILD, "table", "league", OPTIONS, by=ALICE, limit=3) == "saved"
    found = await find_preset(database, GUILD, "table", "league")
    assert found is not None and found.options == OPTIONS and found.updated_by == ALICE
    assert found.updated_at.startswith("20")

    assert await save_preset(database, GUILD, "table", "league", {"points": 40000}, by=BOB, limit=3) == "replaced"
    again = await find_preset(database, GUILD, "table", "league")
    assert again.options == {"points": 40000} and again.updated_by == BOB

    await save_preset(database, GUILD, "table", "A first", {}, by=ALICE, limit=3)
    await save_preset(database, GUILD, "uno", "house", {"preset": "classic"}, by=ALICE, limit=3)
    await save_preset(database, OTHER_GUILD, "table", "theirs", {}, by=ALICE, limit=3)
    assert [(p.game, p.name) for p in await list_presets(database, GUILD)] == [
        ("table", "A first"), ("table", "league"), ("uno", "house")]  # one order on both databases
    assert [p.name for p in await list_presets(database, GUILD, "uno")] == ["house"]
    assert await find_preset(database, GUILD, "uno", "league") is None  # a name belongs to one game
    assert await find_preset(database, OTHER_GUILD, "table", "league") is None

    assert await delete_preset(database, GUILD, "table", "league") is True
    assert await delete_preset(database, GUILD, "table", "league") is False
    assert [p.name for p in await list_presets(database, GUILD, "table")] == ["A first"]
    assert [p.name for p in await list_presets(database, OTHER_GUILD)] == ["theirs"]


async def test_a_game_s_presets_stop_at_the_limit_but_may_be_replaced(database):
    for name in ("a", "b"):
        assert await save_preset(database, GUILD, "uno", name, {}, by=ALICE, limit=2) == "saved"
    assert await save_preset(database, GUILD, "uno", "c", {}, by=ALICE, limit=2) == "full"
    assert await find_preset(database, GUILD, "uno", "c") is None
    assert await save_preset(database, GUILD, "uno", "a", {"timer": 30}, by=ALICE, limit=2) == "replaced"
    assert await save_preset(database, GUILD, "table", "c", {}, by=ALICE, limit=2) == "saved"  # another game
    assert await save_preset(database, OTHER_GUILD, "uno", "c", {}, by=ALICE, limit=2) == "saved"  # another server
