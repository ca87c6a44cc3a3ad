"""What the Uno menus, buttons and autocomplete offer is exactly what the engine lists as legal (seed 003)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.uno.cards import CARDS
from engine.uno.legal import PlayKind
from engine.uno.moves import Accept, Draw, Pass, Play, SayUno
from engine.uno.rules import legal_moves, options
from engine.uno.state import Phase
from render import uno as render
from tests.engine.uno.test_legal import walk
from ui import uno as ui


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["chaos", "classic"]), players=st.integers(2, 5))
def test_menus_buttons_and_autocomplete_offer_exactly_the_legal_moves(seed, preset, players):
    for state in walk(preset, players, seed, 60):
        if state.phase is not Phase.PLAY:
            continue
        for player in state.players:
            moves = legal_moves(state, player)
            plays = {(m.card, m.pile) for m in moves if isinstance(m, Play)}
            menu = {tuple(int(v) for v in value.split(":")) for _, value, _ in render.play_options(state, player)}
            assert menu == plays
            for card, pile in plays:
                assert pile in options(state, player).piles_for(card)  # the pile menu of a chosen card
            buttons = {ui.HAND_ACTIONS[name] for name in ui.hand_actions(options(state, player))}
            assert buttons == {type(m) for m in moves if type(m) in (Draw, SayUno, Accept, Pass)}
            choices = render.card_choices(state, player, "")
            marked = {notation for name, notation in choices if " · play now" in name or " · jump in" in name}
            assert marked == {CARDS[c].notation for c, _ in plays} or len(choices) == 25
            assert marked <= {CARDS[c].notation for c, _ in plays}


def test_every_allowed_play_kind_has_words_in_the_play_menu():
    assert set(render.HOW) == {k for k in PlayKind if k.allowed}


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5))
def test_the_choice_menus_offer_exactly_the_answers_the_option_allows(seed, players):
    """A pile, a Wild's colour, a 7's partner, a 1's pile and a 2's split: the menu asks what the engine allows."""
    for state in walk("chaos", players, seed, 60):
        if state.phase is not Phase.PLAY:
            continue
        for player in state.players:
            for option in options(state, player).plays:
                asked = {"colour": {c.value for c in option.colours}, "target": {str(t) for t in option.targets},
                         "onto": {str(p) for p in option.ontos}, "split": set(option.splits)}
                for what, answers in asked.items():
                    if answers:
                        select = ui.ChoiceSelect.build(state, player, what, option.card, option.pile,
                                                       None, None, None, None)
                        assert {o.value for o in select.item.options} == answers, what
                pick = ui.ChoiceSelect.build(state, player, "pile", option.card, None, None, None, None, None)
                assert {int(o.value) for o in pick.item.options} == set(options(state, player).piles_for(option.card))
