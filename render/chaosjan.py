"""How CHAOS;JAN looks on Discord: the public priority panel, the private hand, the setup, cards and rules.

Public text names only what every player at a physical table would see: cards played, cards in play, counts.
"""

from __future__ import annotations

from collections.abc import Container
from typing import Any

import discord

from engine.chaosjan import rulebook
from engine.chaosjan.catalogue import Card, CardType, Catalogue, Colour, Lasts
from engine.chaosjan.rules import hand_cards, hyper_effect
from engine.chaosjan.state import AutoMode, ChaosState, Phase, Window
from engine.table import TableState, chaos_table
from engine.text import command
from render.common import COLOUR_INFO, mention, seed_lines, shorten
from render.events import Wording, shown_elsewhere
from render.i18n import N_, _, n_, refusal, register_word, word

COLOUR = discord.Colour.dark_purple()
WINDOW = {Window.BEFORE_DRAW: N_("before the draw"), Window.AFTER_DRAW: N_("after the draw"),
          Window.RIICHI: N_("riichi declared")}
MODE = {AutoMode.AUTO: N_("🤖 auto"), AutoMode.ASK: N_("✋ asked"), AutoMode.UNTIL_PLAYED: N_("⏭️ until a card"),
        AutoMode.UNTIL_MY_TURN: N_("💤 until their turn")}
MODE_TEXT = {
    AutoMode.AUTO: N_("Auto-pass: the bot passes for you when nothing you hold is playable."),
    AutoMode.ASK: N_("Auto-pass is off: you are asked every time priority comes to you."),
    AutoMode.UNTIL_PLAYED: N_("Passing until a card is played: then the bot asks you if you can answer it."),
    AutoMode.UNTIL_MY_TURN: N_("Passing until your turn, Negates too: then auto-pass as usual."),
}
TYPE_ICON = {CardType.ACTION: "⚡", CardType.STOCK: "📦", CardType.HYPER: "🌟", CardType.NEGATE: "🚫",
             CardType.MODIFIER: "🌀", CardType.CHARACTER: "🎭"}
TYPE_WORDS = {  # engine.chaosjan.catalogue.card_type: (type, form) -> the word
    ("action", "one"): N_("action"), ("action", "many"): N_("actions"), ("action", "title"): N_("Action"),
    ("character", "one"): N_("character"), ("character", "many"): N_("characters"),
    ("character", "title"): N_("Character"),
    ("hyper", "one"): N_("hyper"), ("hyper", "many"): N_("hypers"), ("hyper", "title"): N_("Hyper"),
    ("modifier", "one"): N_("modifier"), ("modifier", "many"): N_("modifiers"), ("modifier", "title"): N_("Modifier"),
    ("negate", "one"): N_("negate"), ("negate", "many"): N_("negates"), ("negate", "title"): N_("Negate"),
    ("stock", "one"): N_("stock"), ("stock", "many"): N_("stocks"), ("stock", "title"): N_("Stock"),
}
register_word("chaosjan type", lambda value: _(TYPE_WORDS[tuple(value)]))
COLOUR_WORDS = {Colour.RED: N_("red"), Colour.GREEN: N_("green"), Colour.WHITE: N_("white")}
LASTS = {Lasts.HAND: N_("until the end of this hand"), Lasts.DEAL_IN: N_("until the next time its player deals in"),
         Lasts.WIN: N_("until the next time its player wins a hand"),
         Lasts.YOUR_NEXT_TURN: N_("until the start of its player's next turn"),
         Lasts.APPLIES: N_("until its effect no longer applies (1.6c.2)")}
ENDED_WHY = {"next_turn": N_("their next turn began"), "turn": N_("the turn passes"),
             "hand_ended": N_("the hand ended"), "ended": N_("its effect ended")}
TIMING = {"your_turn": N_("your turn"), "others_turn": N_("others' turn"), "after_draw": N_("after draw"),
          "riichi": N_("riichi")}


def short(text: str | None, limit: int) -> str:
    return shorten((text or "").strip(), limit)


def symbol(card: Card) -> str:
    """" 中", " 發", " 白" after a coloured card's name (1.2d.1), else nothing."""
    return f" {card.colour.symbol}" if card.colour else ""


def card_label(card: Card) -> str:
    return f"{TYPE_ICON[card.type]} {card.name}{symbol(card)}"


def at_table(card: Card) -> str:
    """What the players carry out themselves, for a card's line when it is shown (empty if the bot does it all)."""
    return "\n  " + _("🀄 At the table: {text}", text=short(card.at_table, 300)) if card.at_table else ""


def lasts_text(lasts: Lasts | None) -> str:
    return _(LASTS[lasts]) if lasts is not None else _("until the end of this hand (no active time, 1.6c.3)")


# -- events ------------------------------------------------------------------------------------------------------


PASSED = N_("Passed: ")


def event_lines(state: ChaosState, events: list[dict[str, Any]], others: Container[str] = ()) -> str:
    """What happened, for everyone. Runs of passes are folded into one line. `others`: event types another
    renderer words (the table's, when a CHAOS;JAN move also changed the table)."""
    lines: list[str] = []
    passes: list[str] = []

    def flush() -> None:
        if passes:
            lines.append(_(PASSED) + ", ".join(passes))
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
    return _("{player} (sub-priority)", player=mention(event["player"])) if event["sub"] else mention(event["player"])


def _played(state: ChaosState, event: dict[str, Any]) -> str:
    text = _("{player} played **{card}**", player=_who(event), card=_name(state, event["card"]))
    if "negates" in event:
        text += _(", negating {owner}'s {card} (1.5b)", owner=mention(event["owner"]),
                  card=_name(state, event["negates"]))
    if event.get("riichi"):
        text += _(" as they declared riichi (1.1e)")
    if "target" in event:
        text += _(", naming {player}", player=mention(event["target"]))
    if "amount" in event:
        text += _(", for {amount:,} points", amount=event["amount"])
    return text


def _occurs(state: ChaosState, event: dict[str, Any]) -> str:
    card = state.catalogue.card(event["card"])
    text = card.name
    if card.type is CardType.HYPER:  # 1.3a: the effect is the player's Character's
        card = hyper_source(state, event["player"])
        text += f" ({card.name})"
    if event["bonus"]:
        return _("✨ {player}'s {card} occurs with its colour bonus (1.2d)", player=_who(event),
                 card=text) + at_table(card)
    return _("✨ {player}'s {card} occurs", player=_who(event), card=text) + at_table(card)


def _in_play(state: ChaosState, event: dict[str, Any]) -> str:
    lasts = Lasts(event["lasts"]) if event["lasts"] else None
    return _("📦 {card} stays in play {lasts}", card=_name(state, event["card"]), lasts=lasts_text(lasts))


def _card_pay(state: ChaosState, event: dict[str, Any]) -> str:
    if event["to"] is None:
        return _("{player} pays {amount:,} onto the table", player=mention(event["from"]), amount=event["amount"])
    return _("{player} pays {amount:,} to {to}", player=mention(event["from"]), amount=event["amount"],
             to=mention(event["to"]))


def _modifier(state: ChaosState, event: dict[str, Any]) -> str:
    card = state.catalogue.card(event["card"])
    return _("🌀 New Modifier: **{card}** — {text}", card=card.name, text=short(card.text, 200)) + at_table(card)


def _hand_draws(state: ChaosState, event: dict[str, Any]) -> str:
    extra = ", ".join(mention(p) for p in event["extra"])
    return _("Everyone draws a card for the new hand (4.2)") + (
        n_("; {players} draws one more for paying a point exchange (4.3)",
           "; {players} draw one more for paying a point exchange (4.3)", len(event["extra"]), players=extra)
        if extra else "")


def _decks_built(state: ChaosState, event: dict[str, Any]) -> str:
    return _("Decks built: {action_deck} Action-Deck cards ({hypers} Hypers, {negates} Negates) and "
             "{modifier_deck} Modifiers. Five cards each (4.1).", action_deck=event["action_deck"],
             hypers=event["hypers"], negates=event["negates"], modifier_deck=event["modifier_deck"])


def _reshuffled(state: ChaosState, event: dict[str, Any]) -> str:
    if event["deck"] == "modifier":
        return _("The Modifier Deck ran out: its discards are shuffled into a new one")
    return _("The Action Deck ran out: its discards are shuffled into a new one")


WORDING = Wording("chaosjan", {
    "played": _played,
    "negated": lambda s, e: _("🚫 {by}'s Negate discards {player}'s {card} before it occurs (1.5c)",
                              by=mention(e["by"]), player=_who(e), card=_name(s, e["card"])),
    "occurs": _occurs,
    "in_play": _in_play,
    "stock_ended": lambda s, e: _("{player}'s {card} is discarded: {why} (1.6b.1)", player=_who(e),
                                  card=_name(s, e["card"]), why=_(ENDED_WHY[e["why"]])),
    "card_draw": lambda s, e: n_("{player} draws {count} card", "{player} draws {count} cards", e["count"],
                                 player=_who(e)),
    "card_take": lambda s, e: _("{player} takes {amount:,} from the table ({on_table:,} left)", player=_who(e),
                                amount=e["amount"], on_table=e["on_table"]),
    "card_take_ignored": lambda s, e: _("{player} can't take {amount:,}: there is less on the table, so "
                                        "nothing happens (3.1f.2)", player=_who(e), amount=e["amount"]),
    "card_pay": _card_pay,
    "card_pay_ignored": lambda s, e: _("{player} can't pay {amount:,}, so nothing is paid (3.1g)", player=_who(e),
                                       amount=e["amount"]),
    "doubled": lambda s, e: _("The next point exchange is doubled, whoever pays whom (×{factor}, 3.2c.2)",
                              factor=2 ** e["doubles"]),
    "sub_over": lambda s, e: (_("Sub-priority is over: the Negates resolve, newest first (1.5d)") if e["negates"]
                              else _("Sub-priority is over")),
    "priority_over": lambda s, e: _("Everyone passed: no one has priority, the mahjong game goes on (2.6)"),
    "priority": shown_elsewhere,  # the panel says who holds priority
    "sub_priority": shown_elsewhere,
    "passed": lambda s, e: _(PASSED) + _passer(e),
    "passed_ahead": lambda s, e: _("{player} passes ahead: it counts when it reaches them, unless a card is played "
                                   "first (2.3, 2.5)", player=_passer(e)),
    "draw_waits": lambda s, e: _("{player} drew: it counts once priority before the draw has gone round (2.1)",
                                 player=_who(e)),
    "turn": lambda s, e: _("▶️ {player}'s turn", player=_who(e)),
    "drew_tile": lambda s, e: (_("{player} drew another tile (a replacement tile)", player=_who(e)) if e.get("again")
                               else _("{player} drew a tile", player=_who(e))),
    "half_deal_in": lambda s, e: _("🛡️ {player}'s {card}: they pay half of the point exchange, "
                                   "{paid:,} instead of {full:,}", player=_who(e), card=_name(s, e["card"]),
                                   paid=e["paid"], full=e["full"]),
    "modifier": _modifier,
    "hand_draws": _hand_draws,
    "returned": lambda s, e: _("{player}'s {card} goes back to their hand before it occurred (1.1b)", player=_who(e),
                               card=_name(s, e["card"])),
    "deck_reshuffled": _reshuffled,
    "deck_empty": lambda s, e: _("The Action Deck is empty: {player} draws nothing", player=_who(e)),
    "decks_built": _decks_built,
    "dealt": shown_elsewhere,  # decks_built says five cards each
    "chose": lambda s, e: _("{player} has chosen their cards.", player=_who(e)) if e["ready"] else "",
    "catalogue": lambda s, e: _("Now playing with **{name}** ({cards}): everyone chooses again.", name=e["name"],
                                cards=n_("{count} card", "{count} cards", e["cards"])),
    "chaos_over": lambda s, e: _("The table's game is over, and CHAOS;JAN with it."),
})


# -- the public panel --------------------------------------------------------------------------------------------


def priority_line(state: ChaosState) -> str:
    if state.phase is Phase.SETUP:
        waiting = [mention(p) for p, c in zip(state.players, state.choices, strict=True) if not c.complete]
        return _("Choosing cards: waiting for {players}", players=", ".join(waiting))
    priority = state.priority
    if priority is None:
        if not state.drawn:
            return _("No one has priority: the mahjong game goes on (2.6).")
        following = mention(state.players[state.next_seat(state.active)])
        return _("No one has priority: the mahjong game goes on (2.6). {player}: press **I drew a tile** as you "
                 "draw; your turn begins with it.", player=following)
    main = mention(state.players[priority.holder])
    ahead = (priority.sub or priority).ahead
    then = ("\n" + _("Passed ahead: {players}", players=", ".join(mention(state.players[s]) for s in ahead))
            if ahead else "")
    if state.draw_waits:
        then += "\n" + _("{player}'s draw counts once priority stops (2.1).",
                          player=mention(state.players[state.active]))
    if priority.sub is not None:
        return _("**Sub-priority: {player}** — play a Negate or pass. Main priority waits (2.7d).",
                 player=mention(state.players[priority.sub.holder])) + then
    return _("**Priority: {player}** ({window}) — play a card or pass.", player=main,
             window=_(WINDOW[priority.window])) + then


def _catalogue_value(state: ChaosState) -> str:
    return _("{name} ({cards})", name=state.catalogue.name,
             cards=n_("{count} card", "{count} cards", len(state.catalogue.cards)))


def panel_embed(table: TableState) -> discord.Embed:
    state = table.chaosjan
    assert state is not None
    active = mention(state.players[state.active])
    embed = discord.Embed(title=f"CHAOS;JAN · {table.round_name}", colour=COLOUR, description=priority_line(state))
    if state.phase is Phase.SETUP:
        embed.add_field(name=_("Catalogue"), value=_catalogue_value(state), inline=False)
        _seed_field(embed, state)
        return embed
    turn = (_("{player}'s turn (drawn)", player=active) if state.drawn else
            _("{player}'s turn", player=active))
    embed.description = f"{turn}\n{embed.description}"
    if state.priority is not None and state.priority.sub is not None:
        chain = " ← ".join(f"{state.card(p.card).name} ({mention(state.players[p.seat])})"
                           for p in state.priority.sub.chain)
        embed.add_field(name=_("Waiting to occur"), value=short(chain, 1024), inline=False)
    modifier = state.modifier_card()
    if modifier is not None:
        matching = [mention(p) for i, p in enumerate(state.players) if state.bonus_applies(modifier, i)]
        text = f"**{modifier.name}**{symbol(modifier)}: {short(modifier.text, 300)}"
        if modifier.bonus and matching:
            text += "\n" + _("Bonus for {players}: {bonus}", players=", ".join(matching),
                              bonus=short(modifier.bonus, 200))
        text += at_table(modifier)
        embed.add_field(name=_("Modifier (1.4)"), value=short(text, 1024), inline=False)
    if state.stocks:
        lines = [f"{state.card(s.card).name} ({mention(state.players[s.seat])}"
                 f"{'' if s.target is None else ' → ' + mention(state.players[s.target])}): {lasts_text(s.lasts)}"
                 for s in state.stocks]
        embed.add_field(name=_("In play"), value=short("\n".join(lines), 1024), inline=False)
    passing = " · ".join(f"{mention(p)} {_(MODE[state.mode(i)])}" for i, p in enumerate(state.players))
    embed.add_field(name=_("Passing"), value=passing, inline=False)
    hands = " · ".join(f"{mention(p)} {len(h)}" for p, h in zip(state.players, state.hands, strict=True))
    embed.add_field(name=_("Hands"), value=hands, inline=False)
    decks = _("Action Deck {deck} · discards {discards} · Modifier Deck {modifiers}", deck=len(state.deck),
              discards=len(state.discard), modifiers=len(state.modifier_deck))
    if state.doubles:
        decks += "\n" + _("Next point exchange ×{factor} (3.2c.2)", factor=2 ** state.doubles)
    embed.add_field(name=_("Decks"), value=decks, inline=False)
    _seed_field(embed, state)
    return embed


# -- the private hand --------------------------------------------------------------------------------------------


def hand_embed(table: TableState, player: int) -> discord.Embed:
    state = table.chaosjan
    assert state is not None
    seat = state.seat_of(player)
    character = state.character(seat)
    embed = discord.Embed(title=_("Your CHAOS;JAN hand"), colour=COLOUR)
    lines = [priority_line(state), ""]
    if character is not None:
        hyper = (_("Hyper (at any time, 1.3d.1)") if character.hyper_timing.value == "any_time" else _("Hyper"))
        lines.append(f"🎭 **{character.name}**{symbol(character)} — {hyper}: {short(character.hyper, 200)}")
    rows = hand_cards(state, chaos_table(table), seat)
    if not rows:
        lines.append(_("You hold no cards."))
    for card, count, error in rows:
        copies = f" ×{count}" if count > 1 else ""
        mark = "✅" if error is None else "⛔"
        text = card.text if card.type is not CardType.HYPER else character.hyper if character else card.text
        line = f"{mark} **{card_label(card)}**{copies}: {short(text, 160)}"
        if card.bonus and card.colour is not None and state.bonus_applies(card, seat):
            line += f"\n  {card.colour.symbol}: {short(card.bonus, 120)}"
        if error is not None:
            line += f"\n  ↳ {short(refusal(error)[0], 180)}"
        lines.append(line)
    embed.description = short("\n".join(lines), 4000)
    embed.set_footer(text=_(MODE_TEXT[state.mode(seat)]))
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
    embed = discord.Embed(title=_("CHAOS;JAN: choose your cards"), colour=COLOUR, description=(
        _("Each player privately chooses a Character (1.2a), three different Actions and three different Stocks "
          "for the Action Deck (5.1d.2), and three different Modifiers for the Modifier Deck (5.2d.1). "
          "Press **Choose my cards**.") + "\n\n" + ready))
    embed.add_field(name=_("Catalogue"), value=_catalogue_value(state))
    rules = (_("{hypers} Hypers per player, {negates} Negates; a new Modifier when the dealer changes (1.4b.1)",
               hypers=options.hypers_per_player, negates=options.negates) if options.modifier_on == "dealer" else
             _("{hypers} Hypers per player, {negates} Negates; a new Modifier when the round wind changes (1.4b.1)",
               hypers=options.hypers_per_player, negates=options.negates))
    embed.add_field(name=_("Rules"), value=rules)
    _seed_field(embed, state)
    return embed


def _seed_field(embed: discord.Embed, state: ChaosState) -> None:
    lines = seed_lines(state.seed, chosen=state.seed_chosen, over=False, command="/chaosjan new")
    if lines:
        embed.add_field(name=_("Seed"), value="\n".join(lines), inline=False)


def choice_options(cards: tuple[Card, ...], chosen: tuple[str, ...]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=short(f"{c.name}{symbol(c)}", 100),
                                 value=c.id, default=c.id in chosen,
                                 description=short(c.hyper if c.type is CardType.CHARACTER else c.text, 100))
            for c in cards]


def taken_line(catalogue: Catalogue, taken: list[str]) -> str:
    """A Modifier choice refused as taken (5.2d.2); who took it stays private, as every choice is."""
    names = [catalogue.card(c).name for c in taken]
    if len(names) == 1:
        return _("⚠️ **{cards}** is taken: another player chose it first, and the Modifier Deck holds one copy of "
                 "each (5.2d.2). Your other picks are kept: pick another Modifier in its place.", cards=names[0])
    return _("⚠️ **{cards}** are taken: another player chose them first, and the Modifier Deck holds one copy of "
             "each (5.2d.2). Your other picks are kept: pick other Modifiers in their place.",
             cards=_(" and ").join(names))


def card_embed(card: Card, state: ChaosState | None = None) -> discord.Embed:
    embed = discord.Embed(title=card_label(card), colour=COLOUR)
    kind = type_word(card.type, "title")
    colour = f" · {_(COLOUR_WORDS[card.colour])} {card.colour.symbol}" if card.colour else ""
    lines = [f"*{kind}{colour}*"]
    if card.type is CardType.CHARACTER:
        when = _("at any time") if card.hyper_timing.value == "any_time" else _("your turn, before the draw")
        if card.hyper_lasts:
            when = _("{when}, lasts {lasts}", when=when, lasts=lasts_text(card.hyper_lasts))
        lines.append(_("**Hyper** ({when}): {text}", when=when, text=card.hyper))
        if card.text:
            lines.append(f"*{card.text}*")
    else:
        lines.append(card.text or "")
    if card.bonus and card.colour:
        lines.append(f"{card.colour.symbol}: {card.bonus}")
    if card.type is CardType.ACTION and card.timing.value != "any":
        lines.append(_("Timing: {timing} (1.1e, 1.1f)", timing=_(TIMING[card.timing.value])))
    if card.type is CardType.STOCK:
        lines.append(_("Lasts {lasts}", lasts=lasts_text(card.lasts)))
    if card.at_table:
        lines.append(_("🀄 At the table (the players do this; the bot records payments and draws): {text}",
                       text=card.at_table))
    embed.description = short("\n".join(lines), 4000)
    return embed


def rules_embed(query: str | None) -> discord.Embed:
    if not query:
        lines = [f"**{n}** {_(title)}" for n, title in rulebook.contents()]
        return discord.Embed(title=_("CHAOS;JAN full rules (beta), in our words"), colour=COLOUR_INFO,
                             description="\n".join(lines) + "\n\n" + _("Ask for one: {command}.", command=word(
                                 command("chaosjan rules", "rule:1.5d"))))
    found = rulebook.lookup(query, _)
    if not found:
        return discord.Embed(title=_("No rule matches {query}", query=repr(short(query, 80))), colour=COLOUR_INFO,
                             description=_("Try a number such as `2.7` or a word such as `negate`."))
    text = "\n\n".join(f"**{number}** {_(summary)}" for number, summary in found)
    return discord.Embed(title=_("CHAOS;JAN rules: {query}", query=short(query, 80)), colour=COLOUR_INFO,
                         description=short(text, 4000))


def rule_choices(current: str) -> list[tuple[str, str]]:
    """(label, rule number) of the rules `/chaosjan rules` suggests for what is typed: the number and the rule's
    summary in the language in force, shortened to a choice's 100 characters."""
    return [(short(f"{n} {_(rulebook.RULES[n])}", 100), n) for n in rulebook.suggest(current, _)]


def type_word(kind: CardType, form: str = "one") -> str:
    """A card type's name ("action", or with `title` "Action"), in the language in force."""
    return _(TYPE_WORDS[kind.value, form])
