"""Seasons in storage (storage/seasons.py, storage/corrections.py, migration 0012) on both backends: one open season
a server and game, games counted in the season open when they finish, each player's season totals beside the all-time
ones, a past hand's correction recounting both (and an ended season's archived table), and an ended season's games
kept from being taken back."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.errors import GameError
from engine.table import TABLE, Correct, HandValue, Ron, Tsumo, Win, new_game
from engine.table_correction import corrected
from storage import GameStore, seasons
from storage.corrections import correct
from storage.results import leaderboard, player_totals
from storage.seasons import NoOpenSeason, SeasonNameTaken, SeasonStillOpen, Settlement

GUILD, OTHER = 7, 8
A, B, C, D = 1, 2, 3, 4


async def play_table(store: GameStore, channel: int, moves, *, uma: str = "none") -> int:
    record = await store.start(channel, TABLE, new_game(A, [A, B, C, D]), guild_id=GUILD, actor_id=A)
    for move in moves:
        await store.apply(channel, TABLE, move, actor_id=A)
    await store.finish(channel, TABLE, actor_id=A, results=True,
                       end={"uma": uma, "return_points": 25000, "starting_points": 25000})
    return record.id


RON_B_OFF_C = Ron(C, (Win(B, HandValue(han=3, fu=30)),))  # non-dealer 3 han 30 fu: 3,900
TSUMO_D = Tsumo(Win(D, HandValue(han=2, fu=30)))  # non-dealer tsumo, B deals: 1,000 from B, 500 each from A and C


async def test_one_open_season_a_server_and_game(database):
    spring = await seasons.start(database, GUILD, "table", "Spring", actor_id=A)
    assert spring.open and spring.games == 0
    with pytest.raises(SeasonStillOpen):
        await seasons.start(database, GUILD, "table", "Summer", actor_id=A)
    await seasons.start(database, GUILD, "uno", "Spring", actor_id=A)  # another game: its own seasons
    await seasons.start(database, OTHER, "table", "Spring", actor_id=A)  # another server
    ended = await seasons.end(database, GUILD, "table", actor_id=B, settlement=Settlement("10-20", 30000))
    assert not ended.open and ended.ended_by == B and ended.standings == []
    assert ended.settlement == Settlement("10-20", 30000)
    with pytest.raises(NoOpenSeason):
        await seasons.end(database, GUILD, "table", actor_id=B)
    with pytest.raises(SeasonNameTaken):
        await seasons.start(database, GUILD, "table", "Spring", actor_id=A)
    assert [s.name for s in await seasons.listing(database, GUILD, "table")] == ["Spring"]
    assert await seasons.current(database, GUILD, "table") is None


async def test_games_count_in_the_season_open_when_they_finish(database):
    store = GameStore(database)
    before = await play_table(store, 1, [RON_B_OFF_C])
    spring = await seasons.start(database, GUILD, "table", "Spring", actor_id=A)
    during = await play_table(store, 1, [RON_B_OFF_C, TSUMO_D])
    assert before != during
    season_b = await player_totals(database, GUILD, "table", B, season_id=spring.id)
    all_b = await player_totals(database, GUILD, "table", B)
    assert season_b is not None and all_b is not None
    # in the season: one game, 2 hands, 1 win of 3,900, no deal-in; B paid 1,000 of D's tsumo
    assert (season_b.games, season_b.hands, season_b.hand_wins, season_b.win_points, season_b.deal_ins) == (
        1, 2, 1, 3900, 0)
    assert season_b.points == 25000 + 3900 - 1000
    assert (all_b.games, all_b.hands, all_b.hand_wins, all_b.win_points) == (2, 3, 2, 7800)
    season_c = await player_totals(database, GUILD, "table", C, season_id=spring.id)
    assert season_c is not None and (season_c.deal_ins, season_c.lasts, season_c.wins) == (1, 1, 0)
    assert (await seasons.current(database, GUILD, "table")).games == 1
    board = await leaderboard(database, GUILD, "table", season_id=spring.id, min_games=2)
    assert board == []


async def test_a_correction_of_a_finished_table_recounts_the_season_and_its_archive(database):
    store = GameStore(database)
    spring = await seasons.start(database, GUILD, "table", "Spring", actor_id=A)
    game = await play_table(store, 1, [RON_B_OFF_C, TSUMO_D], uma="10-20")
    await seasons.end(database, GUILD, "table", actor_id=A)
    archived = {row.user_id: row for row in (await seasons.named(database, GUILD, "table", "Spring")).standings}
    # B: 27,900 first (uma +20, no oka) -> 2.9 + 20; C: 25,000 - 3,900 - 500 = 20,600 last -> -4.4 - 20
    assert archived[B].score == Fraction(229, 10) and archived[C].score == Fraction(-244, 10)

    record = await store.game(TABLE, game)
    fixed = await correct(store, TABLE, record, 1,
                          lambda move: corrected(move, 1, value=HandValue(han=4, fu=30)), Correct, actor_id=A,
                          check=lambda game: None)
    assert fixed.game.status != "active" and fixed.events[0]["type"] == "corrected"
    b = await player_totals(database, GUILD, "table", B, season_id=spring.id)
    assert b is not None and (b.points, b.win_points, b.hand_wins) == (25000 + 7700 - 1000, 7700, 1)
    c = await player_totals(database, GUILD, "table", C)
    assert c is not None and c.points == 25000 - 7700 - 500
    archived = {row.user_id: row for row in (await seasons.named(database, GUILD, "table", "Spring")).standings}
    assert archived[B].score == Fraction(267, 10) and archived[C].score == Fraction(-282, 10)
    results = await seasons.results(database, await seasons.named(database, GUILD, "table", "Spring"))
    assert {r.user_id: r.points for r in results} == {A: 24500, B: 31700, C: 16800, D: 27000}

    with pytest.raises(GameError):  # a correction that changes nothing is refused, and changes nothing
        await correct(store, TABLE, await store.game(TABLE, game), 1,
                      lambda move: corrected(move, 1, value=HandValue(han=4, fu=30)), Correct, actor_id=A,
                      check=lambda game: None)
    assert (await player_totals(database, GUILD, "table", B)).points == 31700
