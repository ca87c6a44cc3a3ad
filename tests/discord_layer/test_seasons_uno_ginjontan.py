"""Seasons and statistics of Uno and Gin-jon-tan (issue 21, item 4) through the fake Discord: games finish as the
games' own finishing transaction stores them (their play is tested elsewhere); the season, its statistics,
leaderboard and export are asked for as players would, and checked against numbers computed here."""

from __future__ import annotations

import csv
import io
import json

import pytest

from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN, new_lobby
from engine.uno.options import PRESETS
from engine.uno.rules import UNO
from engine.uno.rules import new_game as uno_game
from storage.results import Standing, store_results

# (places, points) of each player in each game, as the game's own results would give them
UNO_GAMES = [{"a": (1, 120), "b": (2, -40), "c": (3, -80)}, {"b": (1, 60), "a": (2, -60)},
             {"c": (1, 10), "a": (2, -5), "b": (3, -5)}]
GIN_GAMES = [{"a": (1, 500), "b": (2, -300)}, {"b": (1, 900), "c": (2, 100), "a": (3, -1000)}]


def rating(place: int, players: int) -> int:
    """Gin-jon-tan's tier points: last 1, last but one 3, 3 more each place up."""
    return 1 if place == players else 3 * (players - place)


@pytest.fixture
def people(harness):
    return {name: harness.user(name) for name in "abc"} | {"mod": harness.user("mod", manager=True)}


async def finish(harness, people, kind, games) -> None:
    store, channel = harness.bot.games, harness.fake.default_channel
    ids = [int(people[name].id) for name in "abc"]
    for game in games:
        state = uno_game(PRESETS["classic"], ids, seed=1) if kind is UNO else new_lobby(ids[0], GinjontanOptions(),
                                                                                         channel)
        await store.start(channel, kind, state, guild_id=harness.fake.guild_id, actor_id=ids[0])
        standings = [Standing(int(people[name].id), place, points) for name, (place, points) in game.items()]
        await store.finish(channel, kind, actor_id=None,
                           on_finish=lambda conn, record, s=standings: store_results(conn, record, s))


def tally(games) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for game in games:
        last = max(place for place, _ in game.values())
        for name, (place, points) in game.items():
            row = out.setdefault(name, {"games": 0, "places": [], "points": 0, "tier": 0, "lasts": 0})
            row["games"] += 1
            row["places"].append(place)
            row["points"] += points
            row["tier"] += rating(place, len(game))
            row["lasts"] += place == last
    return out


def check_stats(text: str, row: dict) -> None:
    games = row["games"]
    firsts = row["places"].count(1)
    assert f"Games: **{games}** · average place **{sum(row['places']) / games:.2f}**" in text
    assert f"First: **{firsts / games:.1%}** ({firsts}) · last: **{row['lasts'] / games:.1%}** ({row['lasts']})" in text
    assert f"Average points: **{round(row['points'] / games):,}**" in text


@pytest.mark.option_effect("uno season start", "name")
@pytest.mark.option_effect("uno stats", "player", "season")
@pytest.mark.option_effect("uno leaderboard", "season", "min_games")
@pytest.mark.option_effect("uno season export", "season", "format")
async def test_an_uno_season(harness, people):
    await finish(harness, people, UNO, UNO_GAMES[:1])  # before the season: all time only
    await harness.slash("uno season start", user=people["mod"], name="Cup")
    await finish(harness, people, UNO, UNO_GAMES[1:])
    season, everything = tally(UNO_GAMES[1:]), tally(UNO_GAMES)
    for name in "abc":
        check_stats((await harness.slash("uno stats", user=people["a"], player=people[name])).text, season[name])
        check_stats((await harness.slash("uno stats", user=people["a"], player=people[name], season="all")).text,
                    everything[name])
    check_stats((await harness.slash("uno stats", user=people["b"], season="Cup")).text, season["b"])
    board = (await harness.slash("uno leaderboard", user=people["c"], min_games=2)).text
    assert "Cup (open)" in board and all((f"<@{people[n].id}>" in board) == (season[n]["games"] >= 2) for n in "abc")
    said = await harness.slash("uno season export", user=people["c"], season="Cup")
    rows = list(csv.DictReader(io.StringIO(harness.fake.uploads[int(said.message["attachments"][0]["id"])]
                                           .decode("utf-8-sig"))))
    assert sorted((r["user_id"], int(r["place"]), int(r["points"])) for r in rows) == sorted(
        (str(people[n].id), place, points) for game in UNO_GAMES[1:] for n, (place, points) in game.items())
    assert "score" not in rows[0]  # a table's column only

    await harness.slash("uno season end", user=people["mod"])
    said = await harness.slash("uno season export", user=people["c"], season="Cup", format="json")
    document = json.loads(harness.fake.uploads[int(said.message["attachments"][0]["id"])])
    assert document["season"]["status"] == "ended" and len(document["results"]) == 5
    final = {r["user_id"]: r for r in document["final_table"]}
    for name, row in season.items():
        mine = final[int(people[name].id)]
        assert (mine["games"], mine["wins"], mine["lasts"], mine["points"]) == (
            row["games"], row["places"].count(1), row["lasts"], row["points"])
    archived = (await harness.slash("uno leaderboard", user=people["c"], season="Cup")).text
    assert "final table" in archived


@pytest.mark.option_effect("ginjontan season start", "name")
@pytest.mark.option_effect("ginjontan stats", "player", "season")
@pytest.mark.option_effect("ginjontan standings", "season", "min_games")
@pytest.mark.option_effect("ginjontan season export", "season", "format")
async def test_a_gin_jon_tan_season(harness, people):
    await harness.slash("ginjontan season start", user=people["mod"], name="Open")
    await finish(harness, people, GINJONTAN, GIN_GAMES)
    expected = tally(GIN_GAMES)
    for name in "abc":
        text = (await harness.slash("ginjontan stats", user=people["c"], player=people[name], season="Open")).text
        check_stats(text, expected[name])
        assert f"Rating points: **{expected[name]['tier']}**" in text
    standings = (await harness.slash("ginjontan standings", user=people["c"], min_games=2)).text
    order = sorted((n for n in "abc" if expected[n]["games"] >= 2),
                   key=lambda n: (-expected[n]["tier"], -expected[n]["points"]))
    assert [line.split("<@")[1].split(">")[0] for line in standings.splitlines() if "<@" in line] == [
        str(people[n].id) for n in order]
    said = await harness.slash("ginjontan season export", user=people["c"], season="Open", format="json")
    document = json.loads(harness.fake.uploads[int(said.message["attachments"][0]["id"])])
    assert {r["user_id"]: r["rating_points"] for r in document["final_table"]} == {
        int(people[n].id): expected[n]["tier"] for n in "abc"}
    empty = await harness.slash("ginjontan standings", user=people["c"], season="all", min_games=3)
    assert "Nobody has played 3 games in all time yet." in empty.text
