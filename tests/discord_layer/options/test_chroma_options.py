"""The effect of each /chroma option, through the real discord.py code and the fake Discord (issue 15)."""

from __future__ import annotations

import re
from fractions import Fraction
from math import comb

import pytest

from engine.chroma.rules import Ability, ChromaRules
from engine.chroma.state import CHROMA
from engine.chroma.tiles import Chroma
from engine.table import TABLE
from tests.fake_discord.harness import message_text

HAND = "234m456p678s234s88p"  # closed, all simples; on 4s a two-sided wait (pinfu), on 3s a closed one


def rounded(points):
    return -(-points // 100) * 100


def ron(han, fu, *, dealer=False):
    """A ron's value below mangan: fu x 2^(2+han), x4 (x6 for the dealer), rounded up to 100."""
    return rounded(fu * 2 ** (2 + han) * (6 if dealer else 4))


def field(reply, name):
    return next(f["value"] for f in reply.embeds[0]["fields"] if f["name"] == name)


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


@pytest.mark.option_effect("chroma score", "win", "riichi", "ippatsu", "dora", "ura", "seat", "round", "honba",
                           "melds")
async def test_each_situation_option_changes_the_score(harness, players):
    south = {"seat": "South"}  # not the dealer, unless a case says so
    for options, han, fu, yaku, paid in (
        ({"hand": HAND, "win": "4s", **south}, 2, 30, "Pinfu", ron(2, 30)),
        ({"hand": HAND, "win": "3s", **south}, 1, 40, "Tanyao", ron(1, 40)),  # no pinfu on a closed wait
        ({"hand": HAND, "win": "4s", "riichi": True, **south}, 3, 30, "Riichi", ron(3, 30)),
        ({"hand": HAND, "win": "4s", "riichi": True, "ippatsu": True, **south}, 4, 30, "Ippatsu", ron(4, 30)),
        ({"hand": HAND, "win": "4s", "dora": "1m", **south}, 3, 30, "Dora", ron(3, 30)),  # 1m shows 2m
        ({"hand": HAND, "win": "4s", "riichi": True, "ura": "3p", **south}, 4, 30, "Ura Dora", ron(4, 30)),
        ({"hand": HAND, "win": "4s", "seat": "East"}, 2, 30, "Pinfu", ron(2, 30, dealer=True)),
        ({"hand": "456p678s234s88p", "melds": "234m", "win": "4s", **south}, 1, 30, "Tanyao", ron(1, 30)),
        ({"hand": "234m456p678s88p222z", "win": "8s", "riichi": True, "seat": "West", "round": "South"},
         2, 40, "round wind", ron(2, 40)),
        ({"hand": "234m456p678s88p222z", "win": "8s", "riichi": True, "seat": "West", "round": "East"},
         1, 40, "Riichi", ron(1, 40)),
    ):
        reply = await harness.slash("chroma score", user=players[0], **options)
        assert reply.embeds[0]["title"] == f"{han} han {fu} fu", options
        assert yaku in field(reply, "Yaku") and f"Ron: **{paid:,}**" in field(reply, "Payment"), options
    honba = await harness.slash("chroma score", user=players[0], hand=HAND, win="4s", honba=2, **south)
    assert f"Ron: **{ron(2, 30) + 600:,}** from the discarder ({ron(2, 30):,} + 600 honba)" in honba.text
    refused = await harness.slash("chroma score", user=players[0], hand=HAND, win="4s", melds="234m")
    assert refused.ephemeral  # 17 tiles with the meld: not a hand


@pytest.mark.option_effect("chroma score", "player")
async def test_the_named_player_is_the_winner_recorded_on_the_table(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    reply = await harness.slash("chroma score", user=east, player=south, hand=HAND, win="4s", tsumo=True)
    assert "South seat" in reply.text  # the seat comes from the table
    assert reply.embeds[0]["title"] == "3 han 20 fu"  # menzen tsumo, pinfu, tanyao
    base = 20 * 2 ** (2 + 3)
    await (await harness.click(reply.message, user=east, label="Record this tsumo on the table")).followed_up()
    state = (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state
    each, dealer = rounded(base), rounded(2 * base)
    assert [s.points for s in state.seats] == [25000 - dealer, 25000 + dealer + 2 * each, 25000 - each,
                                               25000 - each]


@pytest.mark.option_effect("chroma waits", "melds")
async def test_called_melds_count_towards_the_waiting_hand(harness, players):
    alone = await harness.slash("chroma waits", user=players[0], hand="456p678s234s8p")
    assert alone.ephemeral and "13 in hand" in alone.text  # ten tiles are no hand without the meld
    reply = await harness.slash("chroma waits", user=players[0], hand="456p678s234s8p", melds="234m")
    assert reply.embeds[0]["title"] == "Tenpai" and "**Waits (1):** 8p" in reply.embeds[0]["description"]


def at_least(k, tiles, wall, draws):
    return sum(Fraction(comb(tiles, i) * comb(wall - tiles, draws - i), comb(wall, draws))
               for i in range(k, min(tiles, draws) + 1))


@pytest.mark.option_effect("chroma odds", "tiles", "wall", "draws")
async def test_odds_are_the_hypergeometric_chances_of_the_given_wall(harness, players):
    tiles, wall, draws = 6, 20, 8
    reply = await harness.slash("chroma odds", user=players[0], tiles=tiles, wall=wall, draws=draws)
    rows = re.findall(r"^\s*(\d+)\s+([\d.]+)%", reply.embeds[0]["description"], re.M)
    assert [int(k) for k, _ in rows] == list(range(4, 7))
    for k, shown in rows:
        assert shown == f"{float(at_least(int(k), tiles, wall, draws)) * 100:.4f}"
    assert f"{tiles} chroma tiles in a {wall}-tile wall, {draws} draws" in reply.text


CHROMAS = {"silver": Chroma.SILVER, "gold": Chroma.GOLD, "red": Chroma.RED, "blue": Chroma.BLUE,
           "prismatic": Chroma.PRISMATIC, "fern_green": Chroma.FERN, "light_siam": Chroma.SIAM}


@pytest.mark.option_effect("chroma rules", "silver", "gold", "red", "blue", "prismatic", "fern_green", "light_siam",
                           "siam_limited", "rainbow_from", "open_tanyao", "chip_value", "reset")
async def test_rules_set_each_chromas_ability_and_the_options_and_reset_goes_back(harness, players):
    host = harness.user("mod", manager=True)  # no table here: a manager changes the channel's rules
    abilities = list(Ability)
    chosen = {name: abilities[-1 - i] for i, name in enumerate(CHROMAS)}  # none of them the seed's own
    default = ChromaRules()
    assert all(default.ability(CHROMAS[name]) is not a for name, a in chosen.items())
    changed = await harness.slash("chroma rules", user=host, **{n: a.value for n, a in chosen.items()},
                                  siam_limited=True, rainbow_from=3, open_tanyao=False, chip_value=2000)
    assert not changed.ephemeral, changed.text
    rules = (await harness.bot.games.get(harness.fake.default_channel, CHROMA)).state.rules
    assert {name: rules.ability(chroma) for name, chroma in CHROMAS.items()} == chosen
    assert (rules.siam_limited, rules.rainbow_from, rules.open_tanyao, rules.chip_value) == (True, 3, False, 2000)
    shown = message_text(changed.message)
    assert all(f"**{CHROMAS[n].value}**" in shown for n in CHROMAS)
    await harness.slash("chroma rules", user=host, gold=Ability.HAN.value)  # one change keeps the others
    kept = (await harness.bot.games.get(harness.fake.default_channel, CHROMA)).state.rules
    assert kept.ability(Chroma.GOLD) is Ability.HAN and kept.ability(Chroma.SILVER) is chosen["silver"]
    assert kept.rainbow_from == 3
    await harness.slash("chroma rules", user=host, reset=True, red=Ability.SUM_MOD_3.value)
    reset = (await harness.bot.games.get(harness.fake.default_channel, CHROMA)).state.rules
    assert reset == default.with_ability(Chroma.RED, Ability.SUM_MOD_3)
