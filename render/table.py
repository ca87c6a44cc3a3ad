"""Embeds for the /table score sheet."""

from __future__ import annotations

import csv
import io
import itertools
import re
from datetime import datetime
from typing import Any

import discord

from engine.table import Kazoe, TableState, standings
from render import fairness
from render.chaosjan import WORDING as CHAOSJAN
from render.common import COLOUR_INFO, COLOUR_OK, mention, seed_lines
from render.common import leaderboard_embed as common_leaderboard
from render.events import Wording
from render.i18n import N_, _, command_words, n_, p_, refusal, register_word
from storage.games import EventRecord
from storage.results import LeaderboardRow

KAZOE = {Kazoe.YAKUMAN: N_("kazoe yakuman"), Kazoe.SANBAIMAN: N_("kazoe sanbaiman"),
         Kazoe.COUNTED: N_("kazoe counted (a yakuman per 13 han)")}
WIND = {"East": N_("East"), "South": N_("South"), "West": N_("West"), "North": N_("North")}
LIMITS = {"mangan": N_("mangan"), "haneman": N_("haneman"), "baiman": N_("baiman"), "sanbaiman": N_("sanbaiman"),
          "yakuman": N_("yakuman")}
LENGTH = {"east": N_("east"), "hanchan": N_("hanchan")}
_ROUND = re.compile(r"(East|South|West|North) (\d+)")
_HAN_FU = re.compile(r"(-?\d+) han (\d+) fu")
_POINTS = re.compile(r"(\d+) points")


def points(value: int) -> str:
    return f"{value:,}"


def wind(name: str) -> str:
    return _(WIND[name]) if name in WIND else name


def round_words(name: str | None) -> str:
    """A round as the engine names it ("East 1"), in the language in force."""
    found = _ROUND.fullmatch(name or "")
    return _("{wind} {number}", wind=wind(found[1]), number=found[2]) if found else name or ""


def value_words(value: str) -> str:
    """A hand's value as the engine labels it ("3 han 30 fu", "mangan", "3900 points"), in the language in force."""
    if found := _HAN_FU.fullmatch(value):
        return _("{han} han {fu} fu", han=found[1], fu=found[2])
    if found := _POINTS.fullmatch(value):
        return _("{points} points", points=found[1])
    return _(LIMITS[value]) if value in LIMITS else value


def table_embed(state: TableState, *, started: bool = False) -> discord.Embed:
    kind = _("Sanma") if state.sanma else _("Yonma")
    status = (_("Game over: record it with {command}", command=command_words(("table end", ""))) if state.over else
              _("{round}, {honba} honba", round=round_words(state.round_name), honba=state.honba))
    title = _("{kind} table started", kind=kind) if started else f"{kind}: {status}"
    embed = discord.Embed(title=title, colour=COLOUR_INFO)
    lines = []
    for index, seat in enumerate(state.seats):
        marks = []
        if index == state.dealer:
            marks.append(_("dealer"))
        if seat.riichi:
            marks.append(_("riichi"))
        if seat.yakitori and state.plays_yakitori:
            marks.append(_("yakitori"))
        extra = f" ({', '.join(marks)})" if marks else ""
        lines.append(f"**{wind(state.seat_wind(index))}** {mention(seat.player)}: **{points(seat.points)}**{extra}")
    embed.description = "\n".join(lines)
    embed.add_field(name=_("On the table"), value=points(state.on_table))
    embed.add_field(name=_("Honba"), value=str(state.honba))
    options = state.options
    length = options.length.value
    rules = [_(LENGTH[length]) if length in LENGTH else length, _(KAZOE[options.kazoe])]
    if state.sanma:
        rules.append(_("ron honba {honba}", honba=options.sanma_honba))
    rules += [name for name, on in ((_("kiriage"), options.kiriage), (_("aotenjou"), options.aotenjou),
                                    (_("bust"), options.bust)) if on]
    embed.set_footer(text=_("Rules: {rules} · hands played: {hands}", rules=", ".join(rules),
                            hands=state.hands_played))
    return embed


def _pay(state: Any, e: dict[str, Any]) -> str:
    if e["to"] is None:
        return _("{player} paid {amount} onto the table", player=mention(e["from"]), amount=points(e["amount"]))
    return _("{player} paid {amount} to {to}", player=mention(e["from"]), amount=points(e["amount"]),
             to=mention(e["to"]))


def _paid(payments: list[dict[str, Any]]) -> str:
    return ", ".join(_("{player} paid {amount}", player=mention(p["player"]), amount=points(p["amount"]))
                     for p in payments)


def _tsumo(state: Any, e: dict[str, Any]) -> str:
    line = _("{player} tsumo: {value}, {paid} in all", player=mention(e["winner"]), value=value_words(e["value"]),
             paid=points(e["paid"]))
    return f"{line} ({_paid(e['payments'])})" if e.get("payments") else line


def _draw(state: Any, e: dict[str, Any]) -> str:
    line = _("Draw. Tenpai: {players}", players=", ".join(mention(p) for p in e["tenpai"]) or _("nobody"))
    moves = e.get("payments", [])
    if not moves:
        return line
    paid = _paid([{"player": p["player"], "amount": -p["amount"]} for p in moves if p["amount"] < 0])
    received = ", ".join(_("{player} received {amount}", player=mention(p["player"]), amount=points(p["amount"]))
                         for p in moves if p["amount"] > 0)
    return _("{line}. Noten payments: {payments}", line=line,
             payments="; ".join(part for part in (paid, received) if part))


def _card_payment(state: Any, e: dict[str, Any]) -> str:
    paid = ", ".join(_pay(state, p) for p in e["payments"])
    short = ", ".join(_("{player} has less than {amount} and pays nothing (rule 3.1g)", player=mention(p["player"]),
                        amount=points(p["amount"])) for p in e["skipped"])
    return f"{e['card']}: " + ("; ".join(part for part in (paid, short) if part) or _("nobody pays"))


def _corrected(states: Any, e: dict[str, Any]) -> str:
    """A correction (issue 21): the entry's hand as it now stands, what it said before, and each player's change."""
    def hand(events: list[dict[str, Any]]) -> str:
        return "; ".join(line for line in (describe_event(x, states) for x in events
                                           if x.get("type") in ("ron", "tsumo")) if line)

    changes = ", ".join(f"{mention(c['player'])} {c['amount']:+,}" for c in e["changes"])
    line = _("Entry {entry} corrected: {now} (it said: {was})", entry=e["entry"], now=hand(e["now"]) or "—",
             was=hand(e["was"]) or "—")
    return f"{line}. {_('Points: {changes}', changes=changes)}" if changes else \
        f"{line}. {_('No points change.')}"


def _rolls_reset(state: Any, e: dict[str, Any]) -> str:
    if e["expired"]:
        return _("Roll counts reset; expired: {cards}", cards=", ".join(e["expired"]))
    return _("Roll counts reset")


def _shuffled(state: Any, e: dict[str, Any]) -> str:
    return _("Cosmic Deck: {deck} shuffled ({cards})", deck=e["deck"],
             cards=n_("{count} card", "{count} cards", e["cards"]))


WORDING = Wording("table", {
    "riichi": lambda s, e: _("{player} declared riichi ({cost} onto the table)", player=mention(e["player"]),
                             cost=points(e.get("cost", 1000))),
    "pay": _pay,
    "take": lambda s, e: _("{player} took {amount} from the table", player=mention(e["player"]),
                           amount=points(e["amount"])),
    "set": lambda s, e: _("{player}'s points set from {old} to {new}", player=mention(e["player"]),
                          old=points(e["from"]), new=points(e["to"])),
    "ron": lambda s, e: _("{winner} ron off {loser}: {value}, {paid} paid", winner=mention(e["winner"]),
                          loser=mention(e["loser"]), value=value_words(e["value"]), paid=points(e["paid"])),
    "tsumo": _tsumo,
    "table_points": lambda s, e: (_("{player} takes the {amount} on the table", player=mention(e["player"]),
                                    amount=points(e["amount"])) if e["amount"] else ""),
    "draw": _draw,
    "abortive_draw": lambda s, e: _("Abortive draw: no payments, the dealer keeps the deal"),
    "exchange_doubled": lambda s, e: _("The point exchange was multiplied by {factor} (CHAOS;JAN 3.2c.2)",
                                       factor=e["factor"]),
    "rolls_reset": _rolls_reset,
    "card_payment": _card_payment,
    "roll": lambda s, e: _("{player} paid {cost} and rolled {die}", player=mention(e["player"]),
                           cost=points(e["cost"]), die=e["die"]),
    "revealed": lambda s, e: _("{player} revealed {card}", player=mention(e["revealer"]),
                               card=card_name(s, e["card"])),
    "library_empty": lambda s, e: _("Every Cosmic Deck card is in play: nothing to reveal"),
    "cosmic_started": _shuffled,
    "deck_imported": _shuffled,
    "reshuffled": lambda s, e: _("The Library was shuffled ({cards})",
                                 cards=n_("{count} card", "{count} cards", e["cards"])),
    "refilled": lambda s, e: _("The Library was shuffled ({cards})",
                               cards=n_("{count} card", "{count} cards", e["cards"])),
    "dismissed": lambda s, e: _("{card} dismissed", card=card_name(s, e["card"])),
    "chombo": lambda s, e: _("{player}: dead hand and chombo ({paid} paid)", player=mention(e["player"]),
                             paid=points(e["paid"])),
    "take_ignored": lambda s, e: _("{card}: too little on the table, nothing taken", card=e["card"]),
    "hand_end": lambda s, e: (_("The game is over.") if e["over"] else
                              _("Next: {round}, {honba} honba", round=round_words(e["next"]), honba=e["honba"])),
    "chaosjan_started": lambda s, e: _("CHAOS;JAN starts with {catalogue}: everyone chooses their cards",
                                       catalogue=e["catalogue"]),
    "corrected": _corrected,
})


register_word("refusal", lambda error: refusal(error)[0])  # a refusal named inside another (a correction's)


def describe_event(event: dict[str, Any], states: list[TableState] | None = None) -> str:
    """The table's line for one event; CHAOS;JAN's events on the table are worded by its own lines. `states`: where
    to look up the names of cards the event names by id."""
    if event.get("type") in CHAOSJAN and event.get("type") not in WORDING:
        return ""
    return WORDING.line(states or [], event)


def seat_options(state: TableState, *, leave_out: int | None = None) -> list[discord.SelectOption]:
    """One select option per seated player (name, wind, points), for menus that ask who."""
    return [discord.SelectOption(label=(s.name or _("Seat {number}", number=i + 1))[:100], value=str(s.player),
                                 description=_("{wind}, {points:,} points", wind=wind(state.seat_wind(i)),
                                               points=s.points))
            for i, s in enumerate(state.seats) if s.player != leave_out]


def describe_events(events: list[dict[str, Any]], states: list[TableState] | None = None) -> str:
    return "\n".join(line for line in (describe_event(e, states) for e in events) if line)


def card_name(states: list[TableState], card_id: str) -> str:
    """A card's name from the first of `states` whose Cosmic Deck or CHAOS;JAN catalogue holds it (events carry
    ids); the id if none does."""
    for state in states:
        for cards in (state.cosmic and state.cosmic.deck, state.chaosjan and state.chaosjan.catalogue):
            card = cards.find(card_id) if cards else None
            if card is not None and card.id == card_id:
                return card.name
    return card_id


def hand_name(state: TableState) -> str:
    return _("Game over") if state.over else _("{round}, {honba} honba", round=round_words(state.round_name),
                                                 honba=state.honba)


def _entry_text(entry: EventRecord, states: list[TableState]) -> str:
    if entry.type == "start":
        return _("Table started")
    if entry.type == "end":
        return _("Table ended")
    if entry.type == "undo" and entry.move is not None:
        return _("Undo of entry {entry}", entry=entry.move["undoes"])
    if entry.move and entry.move.get("chaosjan"):  # never the cards of a private choice
        move = entry.move
        card = f" {card_name(states, move['card'])}" if move["type"] == "play" else ""
        return f"CHAOS;JAN: {move['type']}{card}"
    text = describe_events(entry.events, states).replace("\n", "; ") or entry.type
    if entry.move and entry.move.get("type") == "correct":  # when it was corrected, in the reader's time zone
        return f"{text} (<t:{int(datetime.fromisoformat(entry.created_at).timestamp())}:f>)"
    return text


def history_embed(entries: list[EventRecord], states: list[TableState], *, viewer: int | None = None, page: int = 1,
                  pages: int = 1) -> discord.Embed:
    """`states`: the state before the first entry, then the state after each. A header names the hand each run of
    entries was made in; an entry's author is named unless it is the viewer."""
    lines, hand = [], None
    for entry, (before, after) in zip(entries, itertools.pairwise(states), strict=True):
        if hand_name(before) != hand:
            hand = hand_name(before)
            lines.append(f"**{hand}**")
        text = _entry_text(entry, [after, before])
        text = _("~~{text}~~ (undone)", text=text) if entry.undone else text
        actor = entry.actor_id if entry.type != "start" and entry.actor_id != viewer else None
        lines.append(f"`{entry.seq:>3}` {text}" + (_(" by {player}", player=mention(actor)) if actor else ""))
    embed = discord.Embed(title=_("Table history, page {page}", page=page), colour=COLOUR_INFO,
                          description="\n".join(lines)[-4096:])
    older = (_(" · Older entries: {command}", command=command_words(("table history", f"page:{page + 1}")).strip("`"))
             if page < pages else "")
    embed.set_footer(text=_("Page {page} of {pages}", page=page, pages=pages) + older
                     + _(" · entries without a name are yours"))
    return embed


def _cell(text: str) -> str:
    """A text cell a spreadsheet shows as text: never the start of a formula (names are typed by players)."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _move_kind(entry: EventRecord) -> str:
    move = entry.move or {}
    if move.get("chaosjan"):
        return f"CHAOS;JAN {move['type']}"
    return str(move.get("type", entry.type))


def _kind_words() -> dict[str, str]:
    """Each kind of score sheet entry (the stable code of the `kind` column) in the language in force."""
    return {
        "start": p_("score sheet entry", "Table started"),
        "end": p_("score sheet entry", "Table ended"),
        "riichi": p_("score sheet entry", "Riichi"),
        "pay": p_("score sheet entry", "Payment"),
        "take": p_("score sheet entry", "Taken from the table"),
        "ron": p_("score sheet entry", "Ron"),
        "tsumo": p_("score sheet entry", "Tsumo"),
        "draw": p_("score sheet entry", "Exhaustive draw"),
        "abortivedraw": p_("score sheet entry", "Abortive draw"),
        "setpoints": p_("score sheet entry", "Points set"),
        "chombo": p_("score sheet entry", "Chombo"),
        "cosmicstart": p_("score sheet entry", "Cosmic Deck started"),
        "newdeck": p_("score sheet entry", "New Cosmic Deck"),
        "roll": p_("score sheet entry", "Cosmic Deck roll"),
        "dismiss": p_("score sheet entry", "Cosmic Deck card dismissed"),
        "reshuffle": p_("score sheet entry", "Library reshuffled"),
        "cardpayment": p_("score sheet entry", "Cosmic Deck card payment"),
        "chaosstart": p_("score sheet entry", "CHAOS;JAN started"),
        "CHAOS;JAN choose": p_("score sheet entry", "CHAOS;JAN: cards chosen"),
        "CHAOS;JAN usecatalogue": p_("score sheet entry", "CHAOS;JAN: catalogue chosen"),
        "CHAOS;JAN play": p_("score sheet entry", "CHAOS;JAN: card played"),
        "CHAOS;JAN pass": p_("score sheet entry", "CHAOS;JAN: pass"),
        "CHAOS;JAN drew": p_("score sheet entry", "CHAOS;JAN: tile drawn"),
        "CHAOS;JAN next": p_("score sheet entry", "CHAOS;JAN: next turn"),
        "CHAOS;JAN endeffect": p_("score sheet entry", "CHAOS;JAN: effect ended"),
        "CHAOS;JAN autopass": p_("score sheet entry", "CHAOS;JAN: auto-pass changed"),
    }


def score_sheet_csv(entries: list[tuple[EventRecord, TableState]]) -> str:
    """The score sheet, one row per entry that stands (oldest first, each with the state after it): the round and
    honba it was made in, its kind, winners, payers (every seat whose points went down), the hand's value or the
    points moved, and each seat's change and running total.

    Written for the reader: the headers, the round, the value and the kind's words (`description`) are in the
    language in force; the `kind` column holds the entry's stable code (`ron`, `CHAOS;JAN play`, ...) in every
    language, and the numbers are plain numbers, so that a program can read the sheet whatever its language."""
    first = entries[0][1]
    names = {s.player: s.name or str(s.player) for s in first.seats}
    kinds = _kind_words()
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([p_("score sheet column", "entry"), p_("score sheet column", "round"),
                     p_("score sheet column", "honba"), p_("score sheet column", "kind"),
                     p_("score sheet column", "description"), p_("score sheet column", "winners"),
                     p_("score sheet column", "payers"), p_("score sheet column", "value")]
                    + [_cell(header) for s in first.seats
                       for header in (p_("score sheet column", "{name} change", name=names[s.player]),
                                      p_("score sheet column", "{name} total", name=names[s.player]))]
                    + [p_("score sheet column", "on the table")])
    before = first
    for entry, after in entries:
        changes = [a.points - b.points for a, b in zip(after.seats, before.seats, strict=True)]
        events = entry.events
        winners = [e["winner"] for e in events if e.get("type") in ("ron", "tsumo")]
        winners += [p for e in events if e.get("type") == "draw" and e.get("payments") for p in e["tenpai"]]
        kind = _move_kind(entry)
        payers = [] if kind == "setpoints" else [s.player for s, c in zip(after.seats, changes, strict=True) if c < 0]
        values = [value_words(e["value"]) for e in events if e.get("type") in ("ron", "tsumo")]
        moved = max(sum(c for c in changes if c > 0), -sum(c for c in changes if c < 0),
                    abs(after.on_table - before.on_table))
        value = " / ".join(values) if values else (str(moved) if moved else "")
        writer.writerow([entry.seq, round_words(before.round_name), before.honba, kind, kinds.get(kind, kind),
                         _cell(", ".join(names[p] for p in winners)), _cell(", ".join(names[p] for p in payers)),
                         _cell(value)]
                        + [n for s, change in zip(after.seats, changes, strict=True) for n in (change, s.points)]
                        + [after.on_table])
        before = after
    return out.getvalue()


def standings_embed(state: TableState, final: tuple[list[float], str] | None = None, *,
                    preview: bool = False) -> discord.Embed:
    """`final`: each seat's score after uma and oka (in seat order) and the rule's words, shown beside the points.
    `preview`: the standings `/table end` asks to confirm, not stored yet."""
    medal = {1: "🥇", 2: "🥈", 3: "🥉"}
    score = {} if final is None else dict(zip((s.player for s in state.seats), final[0], strict=True))
    lines = [f"{medal.get(place, f'{place}.')} {mention(seat.player)}: **{points(seat.points)}**"
             + (f" ({score[seat.player]:+.1f})" if score else "")
             for place, seat in standings(state)]
    embed = discord.Embed(title=_("Standings if the game ends now") if preview else _("Final standings"),
                          colour=COLOUR_INFO if preview else COLOUR_OK, description="\n".join(lines))
    if state.chaosjan is not None and not preview:  # the game may go on: its seed stays secret until it is over
        embed.add_field(name=_("CHAOS;JAN seed"), value="\n".join(seed_lines(
            state.chaosjan.seed, chosen=state.chaosjan.seed_chosen, over=True, command="/chaosjan new")))
    if not preview:
        seals = [("cosmic", None if state.cosmic is None else state.cosmic.seal),
                 ("chaosjan", None if state.chaosjan is None else state.chaosjan.seal)]
        fairness.add_reveal(embed, seals, "cosmic" if state.cosmic is not None else "chaosjan")
    rule = f" · {final[1]}" if final else ""
    board = command_words(("table leaderboard", "")).strip("`")
    stored = (_("stored for {command} once confirmed", command=board) if preview else
              _("stored for {command}", command=board))
    embed.set_footer(text=n_("{count} hand played", "{count} hands played", state.hands_played) + f"{rule} · {stored}")
    return embed


def leaderboard_embed(rows: list[LeaderboardRow]) -> discord.Embed:
    return common_leaderboard(_("Mahjong leaderboard"), rows,
                              empty=_("No finished games yet: finish one with {command}.",
                                      command=command_words(("table end", ""))))
