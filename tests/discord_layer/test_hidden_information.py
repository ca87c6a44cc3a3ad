"""Hidden hands stay hidden (issue 16, item 10; docs/rulings.md, "Table-wide"): no number in any public text of a
running game deals the seated players' cards, a seed a player chose is said publicly, the seed is shown once the
game is over, and a calculator that may be fed one's own hand answers privately."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from engine import cosmic
from engine.chaosjan.catalogue import CardType
from engine.chaosjan.moves import Choose
from engine.chaosjan.rules import apply as chaos_apply
from engine.chaosjan.rules import new_game as chaos_game
from engine.chaosjan.state import Table
from engine.errors import IllegalMove
from engine.ginjontan.cards import FULL_SET_SIZE
from engine.ginjontan.rules import GINJONTAN
from engine.ginjontan.rules import new_game as ginjontan_game
from engine.table import TABLE
from engine.uno.cards import CARDS
from engine.uno.rules import UNO
from engine.uno.rules import new_game as uno_game
from render.common import CHOSEN_SEED
from tests.discord_layer.test_chaosjan import CHOICES, choose_all
from tests.fake_discord.harness import components, message_text
from tests.support.table import end_table
from ui.ginjontan import score_message


def _public(harness) -> list[dict]:
    return [m for m in harness.channel_messages() if not (m.get("flags") or 0) & 64]


def _all_text(message: dict) -> str:
    """What anyone in the channel (or a modified client) can read of a message: its text, and its components'
    labels, placeholders, options and custom_ids."""
    parts = [message_text(message)]
    for item in components(message):
        parts += [str(item.get(k) or "") for k in ("label", "placeholder", "custom_id")]
        parts += [str(o.get(k) or "") for o in item.get("options") or [] for k in ("label", "value", "description")]
    parts += [a.get("filename") or "" for a in message.get("attachments") or []]
    return "\n".join(parts)


def public_text(harness) -> str:
    return "\n".join(_all_text(m) for m in _public(harness))


def numbers(text: str) -> set[int]:
    """Every integer in the text, written plainly or with thousands separators."""
    return {int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", text) if n.replace(",", "")}


def assert_no_number_deals(harness, deals: Callable[[int], bool], real_seed: int) -> None:
    assert deals(real_seed), "the check must recognise the real seed"
    found = sorted(n for n in numbers(public_text(harness)) if deals(n))
    assert not found, f"public text holds a number that deals the hands: {found}"


async def _seat(harness, lobby, host, others, *, followup: bool = False) -> None:
    for player in others:
        await harness.click(lobby.message, user=player, label="Join")
    started = await harness.click(lobby.message, user=host, label="Start")
    if followup:  # Uno posts the first hand privately after the board
        await started.followed_up()


async def _state(harness, kind):
    record = await harness.bot.games.get(harness.fake.default_channel, kind)
    return record.state


@pytest.fixture
def four(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def test_uno_public_texts_never_deal_the_hands_and_the_seed_shows_when_it_ends(harness, four):
    ann, *others = four[:3]
    lobby = await harness.slash("uno new", user=ann)
    await _seat(harness, lobby, ann, others, followup=True)
    dealt = await _state(harness, UNO)
    hands = [s.hand for s in dealt.seats]

    def deals(seed: int) -> bool:
        return [s.hand for s in uno_game(dealt.options, dealt.players, seed, host=dealt.host).seats] == hands

    await harness.slash("uno status", user=others[0])
    await harness.slash("uno draw", user=next(p for p in four if p.id == dealt.turn))
    held = {CARDS[c].notation for c in dealt.seat(others[1].id).hand}
    missing = next(c.notation for c in CARDS if c.notation not in held)
    refused = await harness.slash("uno play", user=others[1], card=missing)  # refusals are private (rulings)
    assert refused.ephemeral
    assert dealt.seed.bit_length() > 64 and CHOSEN_SEED not in public_text(harness)
    assert_no_number_deals(harness, deals, dealt.seed)
    await harness.slash("uno end", user=ann)
    await harness.bot.uno_board.settle()
    assert str(dealt.seed) in public_text(harness)  # for replays, once it is over


async def test_gin_jon_tan_public_texts_never_deal_the_hands_and_the_seed_shows_when_it_ends(harness, four):
    ann, *others = four[:3]
    lobby = await harness.slash("ginjontan new", user=ann)
    await _seat(harness, lobby, ann, others)
    dealt = await _state(harness, GINJONTAN)
    cards = [(s.hand, s.reserve) for s in dealt.seats]

    def deals(seed: int) -> bool:
        return [(s.hand, s.reserve) for s in ginjontan_game(dealt.options, dealt.players, seed).seats] == cards

    await harness.slash("ginjontan status", user=others[0])
    assert CHOSEN_SEED not in public_text(harness)
    assert_no_number_deals(harness, deals, dealt.seed)
    ended = await harness.slash("ginjontan end", user=ann)
    assert str(dealt.seed) in ended.text


def _chaos_deals(state) -> Callable[[int], bool]:
    def deals(seed: int) -> bool:
        fresh, table = chaos_game(state.catalogue, state.options, state.players, state.host, seed), Table((0,) * 4)
        for player, choice in zip(state.players, state.choices, strict=True):
            for kind, cards in ((CardType.CHARACTER, (choice.character,)), (CardType.ACTION, choice.actions),
                                (CardType.STOCK, choice.stocks), (CardType.MODIFIER, choice.modifiers)):
                fresh, table, _ = chaos_apply(fresh, table, Choose(player, kind, cards))
        return fresh.hands == state.hands and fresh.deck == state.deck
    return deals


async def test_the_table_with_the_cosmic_deck_and_chaosjan_never_deals_in_public(harness, four):
    east = four[0]
    await harness.slash("table start", user=east, east=four[0], south=four[1], west=four[2], north=four[3])
    await harness.slash("cosmic start", user=east)
    library = (await _state(harness, TABLE)).cosmic
    for _ in range(3):  # public draws: what a player could search a small seed from
        await harness.slash("cosmic roll", user=east)
    await harness.slash("cosmic status", user=four[1])
    await harness.slash("table undo", user=east)
    setup = await harness.slash("chaosjan new", user=east)
    await choose_all(harness, four, setup.message, CHOICES)
    await harness.slash("chaosjan status", user=four[2])
    history = await harness.slash("table history", user=four[3])
    state = (await _state(harness, TABLE)).chaosjan

    def library_from(seed: int) -> bool:
        return cosmic.start(library.deck, 4, seed, library.chombo).library == library.library

    assert library.seed.bit_length() > 64 and state.seed.bit_length() > 64
    assert_no_number_deals(harness, library_from, library.seed)
    assert_no_number_deals(harness, _chaos_deals(state), state.seed)
    assert not {library.seed, state.seed} & numbers(history.text)  # nor in the (private) history
    await end_table(harness, east)
    assert str(state.seed) in public_text(harness)  # CHAOS;JAN's seed, for replays


@pytest.mark.option_effect("uno new", "seed")
@pytest.mark.option_effect("ginjontan new", "seed")
async def test_a_chosen_seed_deals_replays_and_is_announced_but_never_shown(harness, four):
    ann, *others = four[:3]
    seed = 2**128 - 1  # the largest a finished game shows
    for game, kind in (("uno", UNO), ("ginjontan", GINJONTAN)):
        lobby = await harness.slash(f"{game} new", user=ann, seed=f" {seed} ")
        assert CHOSEN_SEED in lobby.text and str(seed) not in lobby.text
        await _seat(harness, lobby, ann, others, followup=kind is UNO)
        state = await _state(harness, kind)
        assert state.seed == seed and state.seed_chosen
        if kind is UNO:  # the board is the newest message
            await harness.bot.uno_board.settle()
            running = message_text(harness.newest_public())
        else:
            running = (await harness.slash("ginjontan status", user=others[0])).text
        assert CHOSEN_SEED in running and str(seed) not in running
        await harness.slash(f"{game} end", user=ann)
    refused = await harness.slash("uno new", user=ann, seed="12ab")
    assert refused.ephemeral and "isn't a seed" in refused.text
    assert await harness.bot.games.get(harness.fake.default_channel, UNO) is None


@pytest.mark.option_effect("chaosjan new", "seed")
async def test_a_chosen_chaosjan_seed_is_on_the_setup_and_every_panel(harness, four):
    east = four[0]
    await harness.slash("table start", user=east, east=four[0], south=four[1], west=four[2], north=four[3])
    setup = await harness.slash("chaosjan new", user=east, seed="1234567")
    assert CHOSEN_SEED in setup.text and "1234567" not in setup.text
    await choose_all(harness, four, setup.message, CHOICES)
    status = await harness.slash("chaosjan status", user=four[1])
    assert CHOSEN_SEED in status.text and "1234567" not in status.text
    state = (await _state(harness, TABLE)).chaosjan
    assert state.seed == 1234567 and state.seed_chosen and _chaos_deals(state)(1234567)


@pytest.mark.option_effect("ginjontan score", "cards", "combinations")
async def test_the_gin_jon_tan_calculator_answers_privately_and_shares_on_request(harness, four):
    ann = four[0]
    reply = await harness.slash("ginjontan score", user=ann, cards="w1sun w2sun", combinations="all")
    assert reply.ephemeral and "Pair: 54 points" in reply.text
    assert not [m for m in _public(harness) if "Pair" in message_text(m)]
    shared = await harness.click(reply.message, user=ann, label="Share in the channel")
    assert not shared.ephemeral and "Pair: 54 points" in shared.text and f"<@{ann.id}>" in shared.text
    assert shared.message["attachments"][0]["filename"] == "cards.png"


@pytest.mark.parametrize("cards", [[], [FULL_SET_SIZE], [-1], [0] * 10])
def test_a_forged_share_button_is_refused(cards):
    """The Share button carries the cards in its custom_id: what it names is checked again, like any input."""
    with pytest.raises(IllegalMove):
        score_message(cards, "best")
