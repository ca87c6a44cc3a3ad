"""Seasons and statistics through the fake Discord (issue 21, item 4; rulings, "Seasons and statistics"): a season of
two tables in two channels, its statistics, leaderboard, settlement and export checked against numbers this test
computes itself from the hands it enters; a past hand corrected after its table ended, everything recounted."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from tests.support.table import end_table

START = 25_000


def user_id(user) -> int:
    return int(user.id)


@pytest.fixture
def people(harness):
    names = ("east", "south", "west", "north", "fifth", "sixth")
    return {name: harness.user(name) for name in names} | {"mod": harness.user("mod", manager=True)}


# Each hand as entered: the command (or a draw), and its consequences as the rules give them, written out here
# independently of the code under test: who won and was paid how much (honba included, riichi sticks not), who dealt
# in, who declared riichi, and every seat's change of points (sticks included).
TABLE_A = [  # seats east, south, west, north; east deals first
    {"riichi": ["south"], "ron": ("south", "west", 3, 30), "won": [("south", 3900)], "loser": "west",
     "delta": {"south": -1000 + 3900 + 1000, "west": -3900}},  # non-dealer 3 han 30 fu ron: 3,900; the stick
    {"tsumo": ("east", 2, 30), "won": [("east", 2000)],  # non-dealer tsumo, south deals: 1,000 + 500 + 500
     "delta": {"east": 2000, "south": -1000, "west": -500, "north": -500}},
    {"draw": "noten", "won": [], "delta": {}},  # nobody tenpai: no payments, the deal passes, one honba
    {"ron": ("west", "north", 1, 30), "won": [("west", 1300)], "loser": "north",  # 1,000 + 300 for the honba
     "delta": {"west": 1300, "north": -1300}},
]
TABLE_B = [  # seats fifth, south, sixth, east; fifth deals first
    {"ron": ("fifth", "south", 2, 30), "won": [("fifth", 2900)], "loser": "south",  # dealer 2 han 30 fu: 2,900
     "delta": {"fifth": 2900, "south": -2900}},
    {"riichi": ["east"], "ron": ("south", "sixth", 1, 30), "won": [("south", 1300)], "loser": "sixth",  # 1 honba
     "delta": {"south": 1300 + 1000, "sixth": -1300, "east": -1000}},
]


def tally(tables: list[tuple[list[str], list[dict]]]) -> dict[str, dict]:
    """Each player's numbers over the given tables, from the hands alone."""
    out: dict[str, dict] = {}
    for table, (seats, hands) in enumerate(tables):
        points = dict.fromkeys(seats, START)
        for hand in hands:
            for name, change in hand["delta"].items():
                points[name] += change
        order = sorted(seats, key=lambda s: -points[s])
        for place, name in enumerate(order, start=1):
            row = out.setdefault(name, {"games": 0, "places": [], "points": [], "hands": 0, "wins": [],
                                        "deal_ins": 0, "riichi": 0, "tables": []})
            row["tables"].append(table)
            row["games"] += 1
            row["places"].append(place)
            row["points"].append(points[name])
            row["hands"] += len(hands)
            row["wins"] += [paid for hand in hands for who, paid in hand["won"] if who == name]
            row["deal_ins"] += sum(hand.get("loser") == name for hand in hands)
            row["riichi"] += sum(name in hand.get("riichi", []) for hand in hands)
    return out


def settled(points: list[int], place: int, uma=(10, 20), back=30_000) -> Fraction:
    """One game's final score in thousands: points less the return points, uma by place, oka to first (no ties)."""
    uma_by_place = {1: uma[1], 2: uma[0], 3: -uma[0], 4: -uma[1]}[place]
    oka = Fraction((back - START) * 4, 1000) if place == 1 else 0
    return Fraction(points - back, 1000) + uma_by_place + oka


def percent(count: int, out_of: int) -> str:
    return f"{count / out_of:.1%}"


def stats_line_check(text: str, row: dict) -> None:
    games, hands, wins = row["games"], row["hands"], row["wins"]
    assert f"Games: **{games}** · average place **{sum(row['places']) / games:.2f}**" in text
    firsts, lasts = row["places"].count(1), row["places"].count(4)
    assert f"First: **{percent(firsts, games)}** ({firsts}) · last: **{percent(lasts, games)}** ({lasts})" in text
    assert (f"Hands: **{hands}** · win rate **{percent(len(wins), hands)}** ({len(wins)}) · deal-in rate "
            f"**{percent(row['deal_ins'], hands)}** ({row['deal_ins']})") in text
    average = f"{round(Fraction(sum(wins), len(wins))):,}" if wins else "—"
    assert f"Riichi rate **{percent(row['riichi'], hands)}** ({row['riichi']}) · average win **{average}** points" \
        in text


async def play(harness, people, seats: list[str], hands: list[dict], channel: int) -> None:
    host = people[seats[0]]
    await harness.slash("table start", user=host, channel=channel,
                        **{wind: people[name] for wind, name in zip(("east", "south", "west", "north"), seats,
                                                                      strict=True)})
    for hand in hands:
        for name in hand.get("riichi", []):
            said = await harness.slash("table riichi", user=people[name], channel=channel)
            assert not said.ephemeral, said.text
        if "ron" in hand:
            winner, loser, han, fu = hand["ron"]
            said = await harness.slash("table ron", user=host, channel=channel, winner=people[winner],
                                       loser=people[loser], han=han, fu=fu)
        elif "tsumo" in hand:
            winner, han, fu = hand["tsumo"]
            said = await harness.slash("table tsumo", user=host, channel=channel, winner=people[winner], han=han,
                                       fu=fu)
        else:
            asked = await harness.slash("table draw", user=host, channel=channel)
            said = await harness.click(asked.message, user=host, label="Nobody was tenpai")
        assert not said.ephemeral, said.text


async def season_of_two_tables(harness, people):
    other = harness.fake.add_channel("table-2")
    started = await harness.slash("table season start", user=people["mod"], name="  2026   Spring ")
    assert not started.ephemeral and "2026 Spring" in started.text
    await play(harness, people, ["east", "south", "west", "north"], TABLE_A, harness.fake.default_channel)
    await play(harness, people, ["fifth", "south", "sixth", "east"], TABLE_B, other)
    first = await end_table(harness, people["east"], uma="10-20")
    second = await end_table(harness, people["fifth"], uma="5-10", channel=other)
    assert "table number" in first.text and "table number" in second.text
    return other


@pytest.mark.option_effect("table season start", "name")
@pytest.mark.option_effect("table stats", "player", "season")
@pytest.mark.option_effect("table leaderboard", "season", "min_games")
async def test_a_season_of_two_tables_counts_every_hand(harness, people):
    expected = tally([(["east", "south", "west", "north"], TABLE_A), (["fifth", "south", "sixth", "east"], TABLE_B)])
    await season_of_two_tables(harness, people)
    for name, row in expected.items():
        shown = await harness.slash("table stats", user=people["west"], player=people[name])
        assert f"<@{user_id(people[name])}>" in shown.text and "2026 Spring (open)" in shown.text
        stats_line_check(shown.text, row)
    mine = await harness.slash("table stats", user=people["south"])  # no player: the asker's own
    stats_line_check(mine.text, expected["south"])

    board = (await harness.slash("table leaderboard", user=people["west"])).text
    assert "2026 Spring (open)" in board
    assert all(f"<@{user_id(people[name])}>" in board for name in expected)
    regulars = (await harness.slash("table leaderboard", user=people["west"], min_games=2)).text
    twice = {name for name, row in expected.items() if row["games"] >= 2}
    assert twice == {"east", "south"}
    assert all((f"<@{user_id(people[name])}>" in regulars) == (name in twice) for name in expected)
    assert "at least 2 games to appear" in regulars

    await harness.slash("table season end", user=people["mod"])
    later = tally([(["east", "south", "west", "north"], TABLE_A[:1])])
    await play(harness, people, ["east", "south", "west", "north"], TABLE_A[:1], harness.fake.default_channel)
    await end_table(harness, people["east"])  # after the season: counts in all time only
    in_season = await harness.slash("table stats", user=people["west"], player=people["west"], season="2026 Spring")
    stats_line_check(in_season.text, expected["west"])
    all_time = await harness.slash("table stats", user=people["west"], player=people["west"], season="all")
    west = expected["west"]
    stats_line_check(all_time.text, {key: value + later["west"][key] for key, value in west.items() if key != "tables"})
    assert "all time" in all_time.text
    current = await harness.slash("table stats", user=people["west"], player=people["west"])  # no season open
    assert "all time" in current.text and "Games: **2**" in current.text


@pytest.mark.option_effect("table season end", "uma", "return_points")
async def test_a_season_settles_with_its_uma_and_oka(harness, people):
    expected = tally([(["east", "south", "west", "north"], TABLE_A), (["fifth", "south", "sixth", "east"], TABLE_B)])
    await season_of_two_tables(harness, people)
    odd = await harness.slash("table season end", user=people["mod"], uma="10-20", return_points=30_050)
    assert odd.ephemeral and "30,050 can't be the return points" in odd.text  # and the season is still open:
    ended = await harness.slash("table season end", user=people["mod"], uma="10-20", return_points=30_000)
    assert not ended.ephemeral and "final table" in ended.text
    scores = {name: sum(settled(points, place) for points, place in zip(row["points"], row["places"], strict=True))
              for name, row in expected.items()}
    ranking = sorted(scores, key=lambda name: -scores[name])
    lines = [line for line in ended.text.splitlines() if line.startswith("**") and "." in line[:6]]
    assert [line.split("<@")[1].split(">")[0] for line in lines] == [str(user_id(people[n])) for n in ranking]
    for name in expected:
        assert f"<@{user_id(people[name])}>: **{float(scores[name]):+.1f}**" in ended.text
    assert "uma 10-20, return points 30,000" in ended.text
    # the archived table is the season's leaderboard from now on, whatever is played later
    board = await harness.slash("table leaderboard", user=people["west"], season="2026 Spring")
    assert f"<@{user_id(people[ranking[0]])}>: **{float(scores[ranking[0]]):+.1f}**" in board.text


async def test_each_table_settles_with_its_own_uma_when_the_season_names_none(harness, people):
    expected = tally([(["east", "south", "west", "north"], TABLE_A), (["fifth", "south", "sixth", "east"], TABLE_B)])
    await season_of_two_tables(harness, people)
    ended = await harness.slash("table season end", user=people["mod"])
    for name, row in expected.items():  # table A ended with uma 10-20, table B with 5-10; return = start points
        score = sum(settled(points, place, uma=(10, 20) if table == 0 else (5, 10), back=START)
                    for points, place, table in zip(row["points"], row["places"], row["tables"], strict=True))
        assert f"<@{user_id(people[name])}>: **{float(score):+.1f}**" in ended.text


@pytest.mark.option_effect("table correct", "entry", "table", "han", "fu")
@pytest.mark.option_effect("table history", "table")
async def test_a_past_hand_corrected_recounts_totals_and_stats(harness, people):
    await season_of_two_tables(harness, people)
    table_a = 1
    refused = await harness.slash("table correct", user=people["west"], entry=2, table=table_a, han=4)
    assert refused.ephemeral and ("host" in refused.text.lower() or "Manage Channel" in refused.text)
    fixed = await harness.slash("table correct", user=people["east"], entry=2, table=table_a, han=4, fu=30)
    assert not fixed.ephemeral, fixed.text
    assert "Entry 2 corrected" in fixed.text and "7,700" in fixed.text
    corrected = [dict(hand) for hand in TABLE_A]
    corrected[0] = {**TABLE_A[0], "ron": ("south", "west", 4, 30), "won": [("south", 7700)],
                    "delta": {"south": -1000 + 7700 + 1000, "west": -7700}}
    expected = tally([(["east", "south", "west", "north"], corrected), (["fifth", "south", "sixth", "east"], TABLE_B)])
    for name in ("south", "west", "east"):
        shown = await harness.slash("table stats", user=people["west"], player=people[name])
        stats_line_check(shown.text, expected[name])
    sheet = await harness.slash("table history", user=people["north"], table=table_a)
    assert "Entry 2 corrected" in sheet.text and "it said" in sheet.text
    board = await harness.slash("table leaderboard", user=people["west"])
    for name in ("south", "west"):
        line = next(line for line in board.text.splitlines() if f"<@{user_id(people[name])}>" in line)
        points = expected[name]["points"]
        assert f"average {round(Fraction(sum(points), len(points))):,} points" in line


async def test_only_the_host_or_a_moderator_corrects_and_forged_numbers_are_refused(harness, people):
    await season_of_two_tables(harness, people)
    by_player = await harness.slash("table correct", user=people["north"], entry=2, table=1, han=4)
    assert by_player.ephemeral
    by_mod = await harness.slash("table correct", user=people["mod"], entry=2, table=1, han=4)
    assert not by_mod.ephemeral, by_mod.text
    for entry, table, words in ((2, 99, "no table number 99"), (999, 1, "no entry 999"), (1, 1, "not a win")):
        refused = await harness.slash("table correct", user=people["east"], entry=entry, table=table, han=2)
        assert refused.ephemeral and words in refused.text, refused.text
    stats = await harness.slash("table stats", user=people["south"])
    assert "average win **4,500** points" in stats.text  # (7,700 + 1,300) / 2: unchanged by the refusals


def attachment(harness, said) -> bytes:
    return harness.fake.uploads[int(said.message["attachments"][0]["id"])]


@pytest.mark.option_effect("table season export", "season", "format")
async def test_a_season_exports_as_csv_and_json(harness, people):
    expected = tally([(["east", "south", "west", "north"], TABLE_A), (["fifth", "south", "sixth", "east"], TABLE_B)])
    await season_of_two_tables(harness, people)
    await harness.slash("table season end", user=people["mod"], uma="10-20", return_points=30_000)
    await harness.slash("table season start", user=people["mod"], name="Summer")  # now the open one, empty
    said = await harness.slash("table season export", user=people["west"], season="2026 Spring")
    assert said.ephemeral and said.message["attachments"][0]["filename"].endswith(".csv")
    rows = list(csv.DictReader(io.StringIO(attachment(harness, said).decode("utf-8-sig"))))
    assert len(rows) == 8 and {row["season"] for row in rows} == {"2026 Spring"}
    by_name = {name: [row for row in rows if row["user_id"] == str(user_id(people[name]))] for name in expected}
    for name, row in expected.items():
        mine = by_name[name]
        assert sorted(int(r["points"]) for r in mine) == sorted(row["points"])
        assert sorted(int(r["place"]) for r in mine) == sorted(row["places"])
        assert sum(int(r["hands"]) for r in mine) == row["hands"]
        assert sum(int(r["hand_wins"]) for r in mine) == len(row["wins"])
        assert sum(int(r["win_points"]) for r in mine) == sum(row["wins"])
        assert sum(int(r["deal_ins"]) for r in mine) == row["deal_ins"]
        assert sum(int(r["riichi"]) for r in mine) == row["riichi"]
        for r in mine:
            assert float(r["score"]) == round(float(settled(int(r["points"]), int(r["place"]))), 2)

    said = await harness.slash("table season export", user=people["west"], season="2026 Spring", format="json")
    document = json.loads(attachment(harness, said))
    assert document["season"]["name"] == "2026 Spring" and document["season"]["games"] == 2
    assert document["season"]["settlement"] == {"uma": "10-20", "return_points": 30_000}
    scores = {name: sum(settled(p, place) for p, place in zip(row["points"], row["places"], strict=True))
              for name, row in expected.items()}
    final = document["final_table"]
    assert [r["user_id"] for r in final] == [user_id(people[n]) for n in sorted(scores, key=lambda n: -scores[n])]
    for r in final:
        name = next(n for n in expected if user_id(people[n]) == r["user_id"])
        assert r["score"] == round(float(scores[name]), 2) and r["games"] == expected[name]["games"]
        assert r["points"] == sum(expected[name]["points"])
    assert len(document["results"]) == 8

    empty = await harness.slash("table season export", user=people["west"], format="json")  # the open season
    assert json.loads(attachment(harness, empty))["season"]["name"] == "Summer"
    assert json.loads(attachment(harness, empty))["results"] == []


async def test_seasons_are_started_by_moderators_one_at_a_time_with_names_unique(harness, people):
    refused = await harness.slash("table season start", user=people["east"], name="Mine")
    assert refused.ephemeral and "Manage Channel" in refused.text
    assert (await harness.slash("table season end", user=people["mod"])).ephemeral  # none open
    await harness.slash("table season start", user=people["mod"], name="Spring")
    again = await harness.slash("table season start", user=people["mod"], name="Autumn")
    assert again.ephemeral and "still open" in again.text
    assert (await harness.slash("table season end", user=people["east"])).ephemeral
    await harness.slash("table season end", user=people["mod"])
    for name, words in (("Summer", None), ("Spring", "already had"), ("all", "every game"),
                        ("a\u202eb", "control")):
        said = await harness.slash("table season start", user=people["mod"], name=name)
        if words is None:
            assert not said.ephemeral, said.text
            await harness.slash("table season end", user=people["mod"])
        else:
            assert said.ephemeral and words in said.text, said.text
    listed = await harness.slash("table season list", user=people["west"])
    assert listed.ephemeral and listed.text.index("**Summer**") < listed.text.index("**Spring**")
    unknown = await harness.slash("table leaderboard", user=people["west"], season="Winter")
    assert unknown.ephemeral and "no season named Winter" in unknown.text
    suggested = await harness.autocomplete("table stats", "season", "S", user=people["west"])
    assert [choice["value"] for choice in suggested] == ["Summer", "Spring"]  # newest first
    suggested = await harness.autocomplete("table stats", "season", "al", user=people["west"])
    assert [choice["value"] for choice in suggested] == ["all"]
    forged = await harness.slash("table leaderboard", user=people["west"], min_games=0)
    assert forged.ephemeral


@pytest.mark.option_effect("table correct", "which_winner", "winner", "loser", "points", "yakuman", "limit")
async def test_each_part_of_a_win_can_be_corrected_on_the_running_table(harness, people):
    east, south, west, north = (people[n] for n in ("east", "south", "west", "north"))
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    await harness.slash("table ron", user=east, winner=south, loser=west, han=1, fu=30, winner2=north, han2=2, fu2=30)

    def changed(text: str, changes: dict) -> None:
        assert "Entry 1 corrected" in text, text
        for who, amount in changes.items():
            assert f"<@{user_id(who)}> {amount:+,}" in text, text

    # non-dealer values, worked out by hand: 1 han 30 fu 1,000; 2 han 2,000; 3 han 3,900; mangan 8,000; yakuman 32,000
    steps = [({"which_winner": 2, "han": 3}, {north: 1900, west: -1900}),  # 2,000 -> 3,900, fu 30 kept
             ({"loser": east}, {west: 1000 + 3900, east: -(1000 + 3900)}),  # both winners' loser
             ({"points": 2000}, {south: 1000, east: -1000}),  # the first win, 1,000 -> 2,000
             ({"yakuman": 1}, {south: 30000, east: -30000}),
             ({"limit": "mangan"}, {south: -24000, east: 24000}),
             ({"winner": west}, {south: -8000, west: 8000})]
    for options, changes in steps:
        said = await harness.slash("table correct", user=east, entry=1, **options)
        assert not said.ephemeral, said.text
        changed(said.text, changes)
    shown = await harness.slash("table show", user=west)
    expected = {east: 25000 - 3900 - 8000, south: 25000, west: 25000 + 8000, north: 25000 + 3900}
    for who, points in expected.items():
        assert f"<@{user_id(who)}>" in shown.text and f"{points:,}" in shown.text
    same = await harness.slash("table correct", user=east, entry=1, winner=west)
    assert same.ephemeral and "already says that" in same.text
    loser_of_a_tsumo = await harness.slash("table correct", user=east, entry=1, which_winner=2, loser=west)
    assert loser_of_a_tsumo.ephemeral  # west is the first winner now: can't deal into his own ron


async def test_a_correction_is_undone_like_an_entry_and_an_ended_seasons_table_stays_ended(harness, people):
    east, south, west, north = (people[n] for n in ("east", "south", "west", "north"))
    await harness.slash("table season start", user=people["mod"], name="Spring")
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    await harness.slash("table ron", user=east, winner=south, loser=west, han=1, fu=30)
    await harness.slash("table correct", user=east, entry=1, han=3)
    undone = await harness.slash("table undo", user=east)
    assert not undone.ephemeral, undone.text
    shown = await harness.slash("table show", user=west)
    assert "26,000" in shown.text and "24,000" in shown.text  # the 1,000 of the ron as first entered
    await end_table(harness, east)
    await harness.slash("table season end", user=people["mod"])
    reopened = await harness.slash("table undo", user=east)
    assert reopened.ephemeral and "has ended" in reopened.text
    stats = await harness.slash("table stats", user=south, season="Spring")
    assert "Games: **1**" in stats.text and "average win **1,000** points" in stats.text
