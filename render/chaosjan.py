"""How CHAOS;JAN looks on Discord: the public priority panel, the private hand, the setup, cards and rules.

Public text names only what every player at a physical table would see: cards played, cards in play, counts.
"""

from __future__ import annotations

from collections.abc import Container
from typing import Any

import discord

from engine.chaosjan import rulebook
from engine.chaosjan.catalogue import Card, CardType, Catalogue, Lasts
from engine.chaosjan.rules import hand_cards, hyper_effect
from engine.chaosjan.state import AutoMode, ChaosState, Phase, Window
from engine.table import TableState, chaos_table
from render import fairness
from render.common import COLOUR_INFO, mention, seed_lines, shorten
from render.events import Wording, shown_elsewhere

COLOUR = discord.Colour.dark_purple()
WINDOW = {Window.BEFORE_DRAW: "before the draw", Window.AFTER_DRAW: "after the draw",
          Window.RIICHI: "riichi declared"}
MODE = {AutoMode.AUTO: "🤖 auto", AutoMode.ASK: "✋ asked", AutoMode.UNTIL_PLAYED: "⏭️ until a card",
        AutoMode.UNTIL_MY_TURN: "💤 until their turn"}
MODE_TEXT = {
    AutoMode.AUTO: "Auto-pass: the bot passes for you when nothing you hold is playable.",
    AutoMode.ASK: "Auto-pass is off: you are asked every time priority comes to you.",
    AutoMode.UNTIL_PLAYED: "Passing until a card is played: then the bot asks you if you can answer it.",
    AutoMode.UNTIL_MY_TURN: "Passing until your turn, Negates too: then auto-pass as usual.",
}
TYPE_ICON = {CardType.ACTION: "⚡", CardType.STOCK: "📦", CardType.HYPER: "🌟", CardType.NEGATE: "🚫",
             CardType.MODIFIER: "🌀", CardType.CHARACTER: "🎭"}


def short(text: str | None, limit: int) -> str:
    return shorten((text or "").strip(), limit)


def symbol(card: Card) -> str:
    """" 中", " 發", " 白" after a coloured card's name (1.2d.1), else nothing."""
    return f" {card.colour.symbol}" if card.colour else ""


def card_label(card: Card) -> str:
    return f"{TYPE_ICON[card.type]} {card.name}{symbol(card)}"


def at_table(card: Card) -> str:
    """What the players carry out themselves, for a card's line when it is shown (empty if the bot does it all)."""
    return f"\n  🀄 At the table: {short(card.at_table, 300)}" if card.at_table else ""


def lasts_text(lasts: Lasts | None) -> str:
    return lasts.phrase if lasts is not None else "until the end of this hand (no active time, 1.6c.3)"


# -- events ------------------------------------------------------------------------------------------------------


PASSED = "Passed: "


def event_lines(state: ChaosState, events: list[dict[str, Any]], others: Container[str] = ()) -> str:
    """What happened, for everyone. Runs of passes are folded into one line. `others`: event types another
    renderer words (the table's, when a CHAOS;JAN move also changed the table)."""
    lines: list[str] = []
    passes: list[str] = []

    def flush() -> None:
        if passes:
            lines.append(PASSED + ", ".join(passes))
            passes.clear()

    for event in events:
        if event["type"] in others and event["type"] not in WORDING:
            continue
        if event["type"] == "passed":
            passes.append(_passer(event))
            continue
        line = WORDING.line(state, event)
        if line:
            flush()
            lines.append(line)
    flush()
    return "\n".join(lines)


def hyper_source(state: ChaosState, player: int) -> Card:
    return hyper_effect(state, state.seat_of(player))


def _name(state: ChaosState, card_id: str) -> str:
    return state.catalogue.card(card_id).name


def _who(event: dict[str, Any]) -> str:
    return mention(event["player"]) if "player" in event else ""


def _passer(event: dict[str, Any]) -> str:
    return mention(event["player"]) + (" (sub-priority)" if event["sub"] else "")


def _played(state: ChaosState, event: dict[str, Any]) -> str:
    text = f"{_who(event)} played **{_name(state, event['card'])}**"
    if "negates" in event:
        text += f", negating {mention(event['owner'])}'s {_name(state, event['negates'])} (1.5b)"
    if event.get("riichi"):
        text += " as they declared riichi (1.1e)"
    if "target" in event:
        text += f", naming {mention(event['target'])}"
    if "amount" in event:
        text += f", for {event['amount']:,} points"
    return text


def _occurs(state: ChaosState, event: dict[str, Any]) -> str:
    card = state.catalogue.card(event["card"])
    text = card.name
    if card.type is CardType.HYPER:  # 1.3a: the effect is the player's Character's
        card = hyper_source(state, event["player"])
        text += f" ({card.name})"
    bonus = " with its colour bonus (1.2d)" if event["bonus"] else ""
    return f"✨ {_who(event)}'s {text} occurs{bonus}{at_table(card)}"


def _in_play(state: ChaosState, event: dict[str, Any]) -> str:
    lasts = Lasts(event["lasts"]) if event["lasts"] else None
    return f"📦 {_name(state, event['card'])} stays in play {lasts_text(lasts)}"


def _card_pay(state: ChaosState, event: dict[str, Any]) -> str:
    where = "onto the table" if event["to"] is None else f"to {mention(event['to'])}"
    return f"{mention(event['from'])} pays {event['amount']:,} {where}"


def _modifier(state: ChaosState, event: dict[str, Any]) -> str:
    card = state.catalogue.card(event["card"])
    return f"🌀 New Modifier: **{card.name}** — {short(card.text, 200)}{at_table(card)}"


def _hand_draws(state: ChaosState, event: dict[str, Any]) -> str:
    extra = ", ".join(mention(p) for p in event["extra"])
    return "Everyone draws a card for the new hand (4.2)" + (
        f"; {extra} draw{'s' if len(event['extra']) == 1 else ''} one more for paying a point exchange (4.3)"
        if extra else "")


def _decks_built(state: ChaosState, event: dict[str, Any]) -> str:
    return (f"Decks built: {event['action_deck']} Action-Deck cards ({event['hypers']} Hypers, "
            f"{event['negates']} Negates) and {event['modifier_deck']} Modifiers. Five cards each (4.1).")


WORDING = Wording("chaosjan", {
    "played": _played,
    "negated": lambda s, e: (f"🚫 {mention(e['by'])}'s Negate discards {_who(e)}'s {_name(s, e['card'])} before it "
                             "occurs (1.5c)"),
    "occurs": _occurs,
    "in_play": _in_play,
    "stock_ended": lambda s, e: f"{_who(e)}'s {_name(s, e['card'])} is discarded: {e['why']} (1.6b.1)",
    "card_draw": lambda s, e: f"{_who(e)} draws {e['count']} card{'s' if e['count'] != 1 else ''}",
    "card_take": lambda s, e: f"{_who(e)} takes {e['amount']:,} from the table ({e['on_table']:,} left)",
    "card_take_ignored": lambda s, e: (f"{_who(e)} can't take {e['amount']:,}: there is less on the table, so "
                                       "nothing happens (3.1f.2)"),
    "card_pay": _card_pay,
    "card_pay_ignored": lambda s, e: f"{_who(e)} can't pay {e['amount']:,}, so nothing is paid (3.1g)",
    "doubled": lambda s, e: (f"The next point exchange is doubled, whoever pays whom (×{2 ** e['doubles']}, "
                             "3.2c.2)"),
    "sub_over": lambda s, e: ("Sub-priority is over"
                              + (": the Negates resolve, newest first (1.5d)" if e["negates"] else "")),
    "priority_over": lambda s, e: "Everyone passed: no one has priority, the mahjong game goes on (2.6)",
    "priority": shown_elsewhere,  # the panel says who holds priority
    "sub_priority": shown_elsewhere,
    "passed": lambda s, e: f"Passed: {_passer(e)}",
    "passed_ahead": lambda s, e: f"{_passer(e)} passes ahead: it counts when it reaches them, unless a card is played "
                                 "first (2.3, 2.5)",
    "draw_waits": lambda s, e: f"{_who(e)} drew: it counts once priority before the draw has gone round (2.1)",
    "turn": lambda s, e: f"▶️ {_who(e)}'s turn",
    "drew_tile": lambda s, e: f"{_who(e)} drew {'another tile (a replacement tile)' if e.get('again') else 'a tile'}",
    "half_deal_in": lambda s, e: (f"🛡️ {_who(e)}'s {_name(s, e['card'])}: they pay half of the point exchange, "
                                  f"{e['paid']:,} instead of {e['full']:,}"),
    "modifier": _modifier,
    "hand_draws": _hand_draws,
    "returned": lambda s, e: f"{_who(e)}'s {_name(s, e['card'])} goes back to their hand before it occurred (1.1b)",
    "deck_reshuffled": lambda s, e: f"The {e['deck'].title()} Deck ran out: its discards are shuffled into a new one",
    "deck_empty": lambda s, e: f"The Action Deck is empty: {_who(e)} draws nothing",
    "decks_built": _decks_built,
    "dealt": shown_elsewhere,  # decks_built says five cards each
    "chose": lambda s, e: f"{_who(e)} has chosen their cards." if e["ready"] else "",
    "catalogue": lambda s, e: f"Now playing with **{e['name']}** ({e['cards']} cards): everyone chooses again.",
    "chaos_over": lambda s, e: "The table's game is over, and CHAOS;JAN with it.",
})


# -- the public panel --------------------------------------------------------------------------------------------


def priority_line(state: ChaosState) -> str:
    if state.phase is Phase.SETUP:
        waiting = [mention(p) for p, c in zip(state.players, state.choices, strict=True) if not c.complete]
        return "Choosing cards: waiting for " + ", ".join(waiting)
    priority = state.priority
    if priority is None:
        if not state.drawn:
            return "No one has priority: the mahjong game goes on (2.6)."
        following = mention(state.players[state.next_seat(state.active)])
        return (f"No one has priority: the mahjong game goes on (2.6). {following}: press **I drew a tile** as you "
                "draw; your turn begins with it.")
    main = mention(state.players[priority.holder])
    ahead = (priority.sub or priority).ahead
    then = f"\nPassed ahead: {', '.join(mention(state.players[s]) for s in ahead)}" if ahead else ""
    if state.draw_waits:
        then += f"\n{mention(state.players[state.active])}'s draw counts once priority stops (2.1)."
    if priority.sub is not None:
        return (f"**Sub-priority: {mention(state.players[priority.sub.holder])}** — play a Negate or pass. "
                f"Main priority waits (2.7d).{then}")
    return f"**Priority: {main}** ({WINDOW[priority.window]}) — play a card or pass.{then}"


def panel_embed(table: TableState) -> discord.Embed:
    state = table.chaosjan
    assert state is not None
    active = mention(state.players[state.active])
    embed = discord.Embed(title=f"CHAOS;JAN · {table.round_name}", colour=COLOUR, description=priority_line(state))
    if state.phase is Phase.SETUP:
        embed.add_field(name="Catalogue", value=f"{state.catalogue.name} ({len(state.catalogue.cards)} cards)",
                        inline=False)
        _seed_field(embed, state)
        return embed
    embed.description = f"{active}'s turn{' (drawn)' if state.drawn else ''}\n{embed.description}"
    if state.priority is not None and state.priority.sub is not None:
        chain = " ← ".join(f"{state.card(p.card).name} ({mention(state.players[p.seat])})"
                           for p in state.priority.sub.chain)
        embed.add_field(name="Waiting to occur", value=short(chain, 1024), inline=False)
    modifier = state.modifier_card()
    if modifier is not None:
        matching = [mention(p) for i, p in enumerate(state.players) if state.bonus_applies(modifier, i)]
        text = f"**{modifier.name}**{symbol(modifier)}: {short(modifier.text, 300)}"
        if modifier.bonus and matching:
            text += f"\nBonus for {', '.join(matching)}: {short(modifier.bonus, 200)}"
        text += at_table(modifier)
        embed.add_field(name="Modifier (1.4)", value=short(text, 1024), inline=False)
    if state.stocks:
        lines = [f"{state.card(s.card).name} ({mention(state.players[s.seat])}"
                 f"{'' if s.target is None else ' → ' + mention(state.players[s.target])}): {lasts_text(s.lasts)}"
                 for s in state.stocks]
        embed.add_field(name="In play", value=short("\n".join(lines), 1024), inline=False)
    passing = " · ".join(f"{mention(p)} {MODE[state.mode(i)]}" for i, p in enumerate(state.players))
    embed.add_field(name="Passing", value=passing, inline=False)
    hands = " · ".join(f"{mention(p)} {len(h)}" for p, h in zip(state.players, state.hands, strict=True))
    embed.add_field(name="Hands", value=hands, inline=False)
    decks = (f"Action Deck {len(state.deck)} · discards {len(state.discard)} · Modifier Deck "
             f"{len(state.modifier_deck)}")
    if state.doubles:
        decks += f"\nNext point exchange ×{2 ** state.doubles} (3.2c.2)"
    embed.add_field(name="Decks", value=decks, inline=False)
    _seed_field(embed, state)
    return embed


# -- the private hand --------------------------------------------------------------------------------------------


def hand_embed(table: TableState, player: int) -> discord.Embed:
    state = table.chaosjan
    assert state is not None
    seat = state.seat_of(player)
    character = state.character(seat)
    embed = discord.Embed(title="Your CHAOS;JAN hand", colour=COLOUR)
    lines = [priority_line(state), ""]
    if character is not None:
        timing = " (at any time, 1.3d.1)" if character.hyper_timing.value == "any_time" else ""
        lines.append(f"🎭 **{character.name}**{symbol(character)} — Hyper{timing}: {short(character.hyper, 200)}")
    rows = hand_cards(state, chaos_table(table), seat)
    if not rows:
        lines.append("You hold no cards.")
    for card, count, error in rows:
        copies = f" ×{count}" if count > 1 else ""
        mark = "✅" if error is None else "⛔"
        text = card.text if card.type is not CardType.HYPER else character.hyper if character else card.text
        line = f"{mark} **{card_label(card)}**{copies}: {short(text, 160)}"
        if card.bonus and card.colour is not None and state.bonus_applies(card, seat):
            line += f"\n  {card.colour.symbol}: {short(card.bonus, 120)}"
        if error is not None:
            line += f"\n  ↳ {short(error.message, 180)}"
        lines.append(line)
    embed.description = short("\n".join(lines), 4000)
    embed.set_footer(text=MODE_TEXT[state.mode(seat)])
    return embed


def amount_choices(on_table: int) -> list[int]:
    """At most 25 amounts for an "any number" take (3.1f.4), in sticks (3.1f.5)."""
    steps = [100 * k for k in range(1, 11)] + [1500, 2000, 2500, 3000, 4000, 5000, 6000, 8000, 10000, 15000,
                                                20000, 30000, 50000]
    values = sorted({v for v in steps if v <= on_table} | ({on_table} if on_table >= 100 else set()))
    return values[-25:]


# -- setup, cards, rules ----------------------------------------------------------------------------------------


def setup_embed(table: TableState) -> discord.Embed:
    state = table.chaosjan
    assert state is not None
    ready = "\n".join(f"{'✅' if c.complete else '⏳'} {mention(p)}"
                      for p, c in zip(state.players, state.choices, strict=True))
    options = state.options
    embed = discord.Embed(title="CHAOS;JAN: choose your cards", colour=COLOUR, description=(
        "Each player privately chooses a Character (1.2a), three different Actions and three different Stocks "
        "for the Action Deck (5.1d.2), and three different Modifiers for the Modifier Deck (5.2d.1). "
        "Press **Choose my cards**.\n\n" + ready))
    embed.add_field(name="Catalogue", value=f"{state.catalogue.name} ({len(state.catalogue.cards)} cards)")
    when = "the dealer changes" if options.modifier_on == "dealer" else "the round wind changes"
    embed.add_field(name="Rules", value=(f"{options.hypers_per_player} Hypers per player, {options.negates} Negates; "
                                         f"a new Modifier when {when} (1.4b.1)"))
    _seed_field(embed, state)
    return embed


def _seed_field(embed: discord.Embed, state: ChaosState) -> None:
    lines = seed_lines(state.seed, chosen=state.seed_chosen, over=False, command="/chaosjan new")
    if lines:
        embed.add_field(name="Seed", value="\n".join(lines), inline=False)
    fairness.add_commitment(embed, state.seal, "chaosjan")  # the game ends with the table (its standings reveal it)


def choice_options(cards: tuple[Card, ...], chosen: tuple[str, ...]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=short(f"{c.name}{symbol(c)}", 100),
                                 value=c.id, default=c.id in chosen,
                                 description=short(c.hyper if c.type is CardType.CHARACTER else c.text, 100))
            for c in cards]


def taken_line(catalogue: Catalogue, taken: list[str]) -> str:
    """A Modifier choice refused as taken (5.2d.2); who took it stays private, as every choice is."""
    names = [catalogue.card(c).name for c in taken]
    one = len(names) == 1
    return (f"⚠️ **{' and '.join(names)}** {'is' if one else 'are'} taken: another player chose "
            f"{'it' if one else 'them'} first, and the Modifier Deck holds one copy of each (5.2d.2). "
            f"Your other picks are kept: pick {'another Modifier' if one else 'other Modifiers'} in "
            f"{'its' if one else 'their'} place.")


def card_embed(card: Card, state: ChaosState | None = None) -> discord.Embed:
    embed = discord.Embed(title=card_label(card), colour=COLOUR)
    kind = card.type.value.title()
    lines = [f"*{kind}{' · ' + card.colour.value + ' ' + card.colour.symbol if card.colour else ''}*"]
    if card.type is CardType.CHARACTER:
        when = "at any time" if card.hyper_timing.value == "any_time" else "your turn, before the draw"
        lasting = f", lasts {lasts_text(card.hyper_lasts)}" if card.hyper_lasts else ""
        lines.append(f"**Hyper** ({when}{lasting}): {card.hyper}")
        if card.text:
            lines.append(f"*{card.text}*")
    else:
        lines.append(card.text or "")
    if card.bonus and card.colour:
        lines.append(f"{card.colour.symbol}: {card.bonus}")
    if card.type is CardType.ACTION and card.timing.value != "any":
        lines.append(f"Timing: {card.timing.value.replace('_', ' ')} (1.1e, 1.1f)")
    if card.type is CardType.STOCK:
        lines.append(f"Lasts {lasts_text(card.lasts)}")
    if card.at_table:
        lines.append(f"🀄 At the table (the players do this; the bot records payments and draws): {card.at_table}")
    embed.description = short("\n".join(lines), 4000)
    return embed


def rules_embed(query: str | None) -> discord.Embed:
    if not query:
        lines = [f"**{n}** {title}" for n, title in rulebook.contents()]
        return discord.Embed(title="CHAOS;JAN full rules (beta), in our words", colour=COLOUR_INFO,
                             description="\n".join(lines) + "\n\nAsk for one: `/chaosjan rules rule:1.5d`.")
    found = rulebook.lookup(query)
    if not found:
        return discord.Embed(title=f"No rule matches {short(query, 80)!r}", colour=COLOUR_INFO,
                             description="Try a number such as `2.7` or a word such as `negate`.")
    text = "\n\n".join(f"**{number}** {summary}" for number, summary in found)
    return discord.Embed(title=f"CHAOS;JAN rules: {short(query, 80)}", colour=COLOUR_INFO,
                         description=short(text, 4000))
