"""Seed 000 sections 4 (drawing cards) and 5 (the decks), with the setup refusals and the bot's reshuffle."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from engine.chaosjan import rules
from engine.chaosjan.catalogue import CardType
from engine.chaosjan.moves import Choose, Drew, UseCatalogue
from engine.chaosjan.options import ChaosOptions
from engine.chaosjan.rules import HandEnd
from engine.chaosjan.state import Phase
from engine.errors import GameError
from tests.engine.chaosjan.notation import (
    CAT,
    E,
    N,
    S,
    W,
    catalogue,
    choices_for,
    game,
    hand,
    of,
    pass_sub,
    play,
    refused,
    run,
    started,
    table,
)

EMPTY4 = "E: - | S: - | W: - | N: -"
CHAR = Choose(E, CardType.CHARACTER, ("red",))  # always accepted during setup


def setup(n: int = 4):
    return rules.new_game(CAT, ChaosOptions(), list(range(1, n + 1)), E, seed=3), table(n)


# -- 4 drawing cards ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 4])
def test_4_1_players_begin_with_five_cards(n):
    s, _, ev = started(n)
    assert [len(h) for h in s.hands] == [5] * n and of(ev, "dealt") == [{"type": "dealt", "each": 5}]
    assert len(s.deck) == len(s.cards) - 5 * n


def test_4_2_first_hand_draw_option_draws_at_the_first_hand_too():
    s, _, _ = started(4, options=ChaosOptions(first_hand_draw=True))
    assert [len(h) for h in s.hands] == [6] * 4


def test_4_2_each_player_draws_one_card_at_a_new_hand_in_turn_order_from_the_dealer():
    s, t = game(EMPTY4, deck="act-a act-b act-c stk-hand act-b")
    s, t, ev = rules.end_hand(s, replace(t, dealer=1), HandEnd(dealer_changed=True))
    assert [hand(s, w) for w in "ESWN"] == [["stk-hand"], ["act-a"], ["act-b"], ["act-c"]]
    assert of(ev, "hand_draws") == [{"type": "hand_draws", "each": 1, "extra": []}]
    assert s.hands_begun == 2 and s.holder == ("main", 1) and s.active == 1


@pytest.mark.parametrize(("end", "extra"), [
    (HandEnd(winners=(S,), loser=W, payers=(W,), exchange=True), [W]),
    (HandEnd(winners=(S,), payers=(E, W, N), exchange=True), [E, W, N]),
    (HandEnd(winners=(S, N), loser=W, payers=(W,), exchange=True), [W]),
    (HandEnd(), []),  # an exhaustive draw: noten payments are not a point exchange
])
def test_4_3_players_who_paid_a_point_exchange_draw_one_more(end, extra):
    s, t = game(EMPTY4)
    s, t, ev = rules.end_hand(s, t, end)
    assert [len(h) for h in s.hands] == [1 + (p in extra) for p in (E, S, W, N)]
    assert of(ev, "hand_draws")[0]["extra"] == extra


def test_4_4_a_card_that_draws_draws_from_the_action_deck():
    s, t = game("E: hyper | S: - | W: - | N: -", chars="E: green", deck="act-c stk-none act-b")
    s, t, ev = run(s, t, play("E", "hyper"))
    assert hand(s, "E") == ["act-c", "stk-none"] and len(s.deck) == 1
    assert of(ev, "card_draw") == [{"type": "card_draw", "player": E, "count": 2, "card": "hyper"}]


def test_4_4_empty_action_deck_is_refilled_from_its_discard():
    s, t = game("E: act-a | S: - | W: - | N: -", deck="act-c act-b")
    s = replace(s, deck=(), discard=s.deck)
    s, t, _ = run(s, t, play("E", "act-a"))
    s, t, ev = pass_sub(s, t)
    assert of(ev, "deck_reshuffled") == [{"type": "deck_reshuffled", "deck": "action", "cards": 2}]
    assert len(s.hands[0]) == 1 and len(s.deck) == 1 and [s.cards[c] for c in s.discard] == ["act-a"]
    assert s.shuffles == 2
    assert sorted(s.all_cards()) == list(range(len(s.cards)))


def test_4_4_nothing_to_draw_when_deck_and_discard_are_empty():
    s, t = game("E: act-a | S: - | W: - | N: -", deck="")
    s, t, _ = run(s, t, play("E", "act-a"))
    s, t, ev = pass_sub(s, t)
    assert of(ev, "deck_empty") == [{"type": "deck_empty", "player": E}] and of(ev, "card_draw")[0]["count"] == 0
    assert s.hands[0] == () and [s.cards[c] for c in s.discard] == ["act-a"]


def test_4_5_players_never_draw_from_the_modifier_deck():
    s, t = game(EMPTY4, deck="")
    modifiers = (s.modifier, s.modifier_deck, s.modifier_discard)
    s, t, _ = rules.end_hand(s, t, HandEnd(payers=(S,)))
    assert (s.modifier, s.modifier_deck, s.modifier_discard) == modifiers and s.hands == ((),) * 4


# -- 5.1 the Action Deck ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "hypers", "negates"), [(4, 2, 10), (3, 2, 10), (4, 3, 12), (3, 0, 0), (4, 1, 5)])
def test_5_1_5_1b_5_1d_1_action_deck_holds_the_chosen_cards_hypers_and_negates(n, hypers, negates):
    s, _, ev = started(n, options=ChaosOptions(hypers_per_player=hypers, negates=negates))
    counts = Counter(s.card(c).type for c in range(len(s.cards)))
    assert counts == Counter({CardType.ACTION: 3 * n, CardType.STOCK: 3 * n, CardType.HYPER: hypers * n,
                              CardType.NEGATE: negates}) - Counter()
    assert of(ev, "decks_built")[0] == {"type": "decks_built", "action_deck": 6 * n + hypers * n + negates,
                                        "modifier_deck": 3 * n, "hypers": hypers * n, "negates": negates}


def test_5_1c_one_shared_action_deck():
    s, _, _ = started(4)
    assert sorted(s.all_cards()) == list(range(len(s.cards))) and len(s.deck) + 20 == len(s.cards)


@pytest.mark.parametrize(("kind", "cards", "code"), [
    (CardType.ACTION, ("act-a", "act-b"), "choose_three"),
    (CardType.ACTION, ("act-a", "act-b", "act-c", "act-mine"), "choose_three"),
    (CardType.STOCK, ("stk-hand",), "choose_three"),
    (CardType.ACTION, ("act-a", "act-b", "stk-hand"), "wrong_type"),
    (CardType.STOCK, ("stk-hand", "stk-win", "no-such"), "wrong_type"),
    (CardType.NEGATE, ("negate",), "wrong_type"),
    (CardType.CHARACTER, ("red", "green"), "choose_one"),
])
def test_5_1d_2_three_different_actions_and_stocks(kind, cards, code):
    s, t = setup()
    refused(s, t, Choose(E, kind, cards), code, then=CHAR)


@pytest.mark.parametrize("kind", [CardType.ACTION, CardType.STOCK, CardType.MODIFIER])
def test_5_1d_3_5_2d_2_one_player_cannot_choose_the_same_card_twice(kind):
    ids = {CardType.ACTION: ("act-a", "act-a", "act-b"), CardType.STOCK: ("stk-win", "stk-hand", "stk-win"),
           CardType.MODIFIER: ("mod-1", "mod-1", "mod-2")}[kind]
    s, t = setup()
    refused(s, t, Choose(E, kind, ids), "duplicate_choice", then=CHAR)


def test_5_1d_3_two_players_may_bring_the_same_card():
    s, _, _ = started(4)  # every player chose act-a, act-b, act-c and the same three Stocks
    counts = Counter(s.cards)
    assert all(counts[c] == 4 for c in ("act-a", "act-b", "act-c", "stk-hand", "stk-deal", "stk-win"))


# -- 5.2 the Modifier Deck -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 4])
def test_5_2_5_2d_1_modifier_deck_holds_each_players_three_modifiers(n):
    s, _, _ = started(n)
    chosen = [m for c in s.choices for m in c.modifiers]
    assert len(set(chosen)) == 3 * n and sorted(s.all_modifiers()) == sorted(chosen)
    assert s.modifier is not None and len(s.modifier_deck) == 3 * n - 1 and s.modifier_discard == ()


@pytest.mark.parametrize("picks", [
    ("mod-10", "mod-2", "mod-11"),  # West's mod-2 in the middle
    ("mod-1", "mod-10", "mod-12"),  # East's mod-1 first
    ("mod-4", "mod-5", "mod-12"),  # two of South's
    ("mod-7", "mod-8", "mod-9"),  # all three of West's
])
def test_5_2d_2_only_the_modifier_another_player_chose_is_refused_the_others_are_kept(picks):
    moves = choices_for(CAT, 4)
    s, t = setup()
    s, t, _ = run(s, t, *moves[:-1])  # everything but North's Modifiers (mod-10, mod-11, mod-12)
    others = [m for c in s.choices[:3] for m in c.modifiers]
    s, t, ev = run(s, t, Choose(N, CardType.MODIFIER, picks))
    taken = [p for p in picks if p in others]
    assert of(ev, "chose")[0]["taken"] == taken and not of(ev, "chose")[0]["ready"]
    assert s.choices[3].modifiers == tuple(p for p in picks if p not in others) and s.phase is Phase.SETUP
    assert [m for c in s.choices[:3] for m in c.modifiers] == others  # the first chooser keeps theirs


def test_5_2d_2_a_player_fills_the_refused_place_and_the_game_goes_on():
    moves = choices_for(CAT, 4)
    s, t = setup()
    s, t, _ = run(s, t, *moves[:-1], Choose(N, CardType.MODIFIER, ("mod-10", "mod-2", "mod-11")))
    s, t, ev = run(s, t, Choose(N, CardType.MODIFIER, ("mod-10", "mod-12", "mod-11")))
    assert "taken" not in of(ev, "chose")[0] and s.phase is Phase.PLAYING and of(ev, "decks_built")
    assert sorted(s.all_modifiers()) == sorted(m for c in s.choices for m in c.modifiers)


@pytest.mark.parametrize("kind", [CardType.MODIFIER, CardType.ACTION, CardType.STOCK, CardType.CHARACTER])
@pytest.mark.parametrize("player", [E, N])
def test_5_2d_2_choosable_leaves_out_only_modifiers_other_players_chose(kind, player):
    moves = choices_for(CAT, 4)
    s, t = setup()
    s, t, _ = run(s, t, *moves[:-1])  # North has no Modifiers yet
    seat = s.seat_of(player)
    others = {m for i, c in enumerate(s.choices) if i != seat for m in c.modifiers}
    ids = [c.id for c in rules.choosable(s, player, kind)]
    assert ids == [c.id for c in CAT.of_type(kind) if kind is not CardType.MODIFIER or c.id not in others]
    if kind is CardType.MODIFIER:
        assert set(s.choices[seat].modifiers) <= set(ids)  # one's own picks stay offered, to keep or change
        _, _, ev = run(s, t, Choose(player, kind, tuple(ids[-3:])))
        assert "taken" not in of(ev, "chose")[0]


def test_5_2d_2_a_player_may_change_their_own_modifiers():
    s, t = setup()
    s, t, _ = run(s, t, Choose(E, CardType.MODIFIER, ("mod-1", "mod-2", "mod-3")),
                  Choose(E, CardType.MODIFIER, ("mod-1", "mod-2", "mod-4")))
    assert s.choices[0].modifiers == ("mod-1", "mod-2", "mod-4")


@pytest.mark.parametrize(("n", "modifiers", "ok"), [(4, 11, False), (4, 12, True), (3, 8, False), (3, 9, True)])
def test_5_2d_2_too_few_modifiers_in_the_catalogue_is_refused(n, modifiers, ok):
    cat = catalogue(modifiers=modifiers)
    if ok:
        assert rules.new_game(cat, ChaosOptions(), list(range(1, n + 1)), E, 1).phase is Phase.SETUP
        return
    with pytest.raises(GameError) as info:
        rules.new_game(cat, ChaosOptions(), list(range(1, n + 1)), E, 1)
    assert info.value.code == "too_few_modifiers"


def test_5_2d_2_importing_a_catalogue_without_enough_modifiers_is_refused():
    s, t = setup()
    refused(s, t, UseCatalogue(catalogue(modifiers=9)), "too_few_modifiers", then=CHAR)


# -- setup ---------------------------------------------------------------------------------------------------------


def test_5_1d_a_catalogue_imported_during_setup_starts_the_choices_over():
    s, t = setup()
    s, t, _ = run(s, t, CHAR)
    s, t, ev = run(s, t, UseCatalogue(catalogue(actions=["act-a", "act-b", "act-c"])))
    assert s.choices[0].character is None and of(ev, "catalogue")[0]["cards"] == len(s.catalogue.cards)


def test_5_1d_decks_are_built_once():
    s, t, _ = started(4)
    refused(s, t, UseCatalogue(CAT), "game_started")
    refused(s, t, Choose(E, CardType.ACTION, ("act-a", "act-b", "act-c")), "game_started")


@pytest.mark.parametrize("move", [play("E", "act-a"), Drew(E)])
def test_1_2a_nothing_is_played_while_players_choose(move):
    s, t = setup()
    refused(s, t, move, "setup", then=CHAR)
    assert rules.legal_moves(s, t, E) == [] and rules.view_for(s, E)["hand"] == []


def test_1_2a_hand_cards_during_setup_are_empty():
    s, t = setup()
    assert rules.hand_cards(s, t, 0) == []
