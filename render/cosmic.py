"""Cards, rolls and the deck's status for /cosmic."""

from __future__ import annotations

from typing import Any

import discord

from engine.cosmic import Owed, roll_cost
from engine.deck import Card, CardType, Deck, Lasts
from engine.table import TableState, require_cosmic
from render.common import COLOUR_INFO, mention
from render.i18n import N_, _, command_words, n_
from render.table import describe_event

COLOUR_MODIFIER = discord.Colour.purple()
COLOUR_EVENT = discord.Colour.gold()
CARDS_PER_PAGE = 10


def card_embed(card: Card, sanma: bool, revealer: int | None = None) -> discord.Embed:
    kind = _("Modifier") if card.type is CardType.MODIFIER else _("Event ({lasts})", lasts=_lasts(card))
    embed = discord.Embed(title=card.name, colour=COLOUR_MODIFIER if card.type is CardType.MODIFIER else COLOUR_EVENT,
                          description=card.text_for(sanma))
    embed.set_author(name=kind)
    if card.on_reveal:
        embed.add_field(name=_("Do this now, before the tile is drawn"),
                        value=_("When this is revealed, {text}", text=card.on_reveal), inline=False)
    if revealer is not None:
        embed.add_field(name=_("Revealed by"), value=_("{player} (\"you\" on this card)", player=mention(revealer)),
                        inline=False)
    return embed


LASTS_TEXT = {Lasts.INSTANT: N_("at once"), Lasts.HAND: N_("lasts this hand"),
              Lasts.UNTIL_DISMISSED: N_("lasts until dismissed")}
TYPE_TEXT = {CardType.MODIFIER: N_("modifier"), CardType.EVENT: N_("event")}


def _lasts(card: Card) -> str:
    assert card.lasts is not None, "only an event lasts, and every event says how long"
    return _(LASTS_TEXT[card.lasts])


def roll_message(state: TableState, events: list[dict[str, Any]]) -> dict[str, Any]:
    """The public reply to a roll: the die, what it cost, and the revealed card if any."""
    roll = events[0]
    lines = [_("🎲 {player} paid {cost:,} onto the table and rolled a **{die}**.", player=mention(roll["player"]),
               cost=roll["cost"], die=roll["die"])]
    embeds = []
    deck = require_cosmic(state)
    for event in events[1:]:
        kind = event["type"]
        if kind == "refilled":
            lines.append(n_("The Library was empty: the {count} discarded card was shuffled into it.",
                            "The Library was empty: the {count} discarded cards were shuffled into it.",
                            event["cards"]))
        elif kind == "library_empty":
            lines.append(_("Every card is in play: there is nothing to reveal."))
        elif kind == "revealed":
            card = deck.deck.card(event["card"])
            if "replaced" in event:
                lines.append(_("It replaces the active Modifier, {card}.",
                               card=deck.deck.card(event["replaced"]).name))
            embeds.append(card_embed(card, state.sanma, event["revealer"]))
            if card.payments and owed_by_roll(state) is not None:
                lines.append(_("Press **{button}** to make {card}'s payment on the table (one "
                               "entry: {undo} takes it back).", button=pay_label(card.name), card=card.name,
                               undo=command_words(("table undo", ""))))
        elif kind == "take":
            lines.append(_("{player} takes {amount:,} from the table.", player=mention(event["player"]),
                           amount=event["amount"]))
        elif kind == "take_ignored":
            lines.append(_("The table holds less than {amount:,}: {card} takes nothing.", amount=event["amount"],
                           card=event["card"]))
        else:
            lines.append(describe_event(event))
    if roll["die"] % 2 == 0:
        lines.append(_("Even: no card."))
    lines.append(_("Their next roll this hand costs {cost:,}.", cost=roll["next_cost"]))
    return {"content": "\n".join(lines), "embeds": embeds}


def pay_label(card: str) -> str:
    return _("Pay: {card}", card=card)[:80]


def owed_by_roll(state: TableState) -> Owed | None:
    """The payment the roll just made revealed, if it is still owed (a roll is the newest die rolled)."""
    deck = require_cosmic(state)
    return next((o for o in deck.owed if o.reveal == deck.dice_rolled), None)


def status_embed(state: TableState) -> discord.Embed:
    deck = require_cosmic(state)
    embed = discord.Embed(title=_("Cosmic Deck: {deck}", deck=deck.deck.name), colour=COLOUR_INFO)
    active = deck.active_card
    embed.add_field(name=_("Active Modifier"),
                    value=f"**{active.name}**: {active.text_for(state.sanma)}"[:1024] if active else _("none"),
                    inline=False)
    if deck.in_effect:
        value = "\n".join(_("**{card}** ({lasts}), revealed by {player}", card=deck.deck.card(e.card).name,
                            lasts=_lasts(deck.deck.card(e.card)), player=mention(e.revealer))
                          for e in deck.in_effect)
        embed.add_field(name=_("Events in effect"), value=value[:1024], inline=False)
    if deck.owed:
        value = "\n".join(_("**{card}**, revealed by {player}", card=deck.deck.card(o.card).name,
                            player=mention(o.revealer)) for o in deck.owed)
        embed.add_field(name=_("Payments to make (their buttons are below)"), value=value[:1024], inline=False)
    rolls = "\n".join(n_("{player}: {count} roll, next costs {cost:,}", "{player}: {count} rolls, next costs {cost:,}",
                         n, player=mention(seat.player), cost=roll_cost(n))
                      + (_(" (dead hand)") if seat.player in deck.dead else "")
                      for seat, n in zip(state.seats, deck.rolls, strict=True))
    embed.add_field(name=_("Rolls this hand"), value=rolls, inline=False)
    embed.set_footer(text=_("Library: {library} · Discards: {discards}", library=len(deck.library),
                            discards=len(deck.discards)))
    return embed


def deck_page(deck: Deck, page: int, sanma: bool) -> discord.Embed:
    pages = max(1, -(-len(deck.cards) // CARDS_PER_PAGE))
    page = min(max(page, 1), pages)
    chunk = deck.cards[(page - 1) * CARDS_PER_PAGE: page * CARDS_PER_PAGE]
    lines = [f"**{c.name}** ({_(TYPE_TEXT[c.type])}): {c.text_for(sanma)}"[:380] for c in chunk]
    embed = discord.Embed(title=_("{deck}: {cards}", deck=deck.name,
                                  cards=n_("{count} card", "{count} cards", len(deck.cards))),
                          colour=COLOUR_INFO, description="\n".join(lines)[:4096])
    more = (_(" · next: {command}", command=command_words(("cosmic deck", f"page:{page + 1}")).strip("`"))
            if page < pages else "")
    embed.set_footer(text=_("Page {page} of {pages}", page=page, pages=pages) + more)
    return embed
