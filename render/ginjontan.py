"""Gin-jon-tan's words: public event lines, the status, the private hand, the calculator and the rules.
Pictures are in render/ginjontan_pictures.py."""

from __future__ import annotations

from typing import Any

import discord

from engine.ginjontan.cards import NOTATION_HINT, SYMBOLS, Colour, card, clash, sort_key
from engine.ginjontan.options import RESERVE, RESERVE_CAP
from engine.ginjontan.rules import TASK_TEXT, standings
from engine.ginjontan.scoring import HandAdvice, HandScore, score_hand
from engine.ginjontan.state import GinjontanState, Phase
from render import fairness
from render.common import COLOUR_INFO, COLOUR_OK, mention, seed_lines
from render.events import Wording, shown_elsewhere

COLOUR = discord.Colour.dark_teal()
PHASE_TEXT = {
    Phase.LOBBY: "Lobby: press Join; the host presses Start",
    Phase.SWAP: "Step 2: keep your hand or swap it with your reserve",
    Phase.SETUP: "Step 3: everyone chooses 3 cards to unfold",
    Phase.DUEL: "Steps 3.2-3.7: duels",
    Phase.EXCHANGE: "Step 4: exchanges of up to 9 cards",
    Phase.REFILL: "Step 5: reserves back to 9",
    Phase.COMBINATION: "Step 6: the combination round",
    Phase.EVALUATION: "Step 7: evaluation",
    Phase.OVER: "The game is over",
}


COLOUR_MARK = {Colour.WHITE: "⚪", Colour.RED: "🔴", Colour.ORANGE: "🟠", Colour.YELLOW: "🟡", Colour.GREEN: "🟢",
               Colour.BLUE: "🔵", Colour.VIOLET: "🟣"}


def card_words(cid: int) -> str:
    """A card as every message and menu writes it: colour mark, copy number, symbol ("🟠 29 Executioner").
    Notation (`o29executioner`) is for typing."""
    c = card(cid)
    return f"{COLOUR_MARK[c.colour]} {c.copy} {c.symbol.name}"


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    return " · ".join(card_words(c) for c in cards) or "—"


def points(n: int) -> str:
    return f"{n:,}"


def waiting_line(state: GinjontanState) -> str:
    if state.phase in (Phase.LOBBY, Phase.OVER) or not state.waiting:
        return ""
    who: dict[str, list[int]] = {}
    for p, task in state.waiting:
        who.setdefault(task, []).append(p)
    parts = [f"{' '.join(mention(p) for p in ps)}: {TASK_TEXT[task]}" for task, ps in who.items()]
    return "⏳ " + "; ".join(parts)


def _who(e: dict[str, Any]) -> str:
    return mention(e["player"]) if "player" in e else ""


def _plural(n: int) -> str:
    return "s" * (n != 1)


def _order(state: GinjontanState, e: dict[str, Any]) -> str:
    turned = ", ".join(f"{mention(p)} {' then '.join(card_words(c) for c in cs)}" for p, cs in e["turned"])
    return f"🔀 Turned from the reserves: {turned}. Order: {' → '.join(mention(p) for p in e['order'])}."


def _duel(state: GinjontanState, e: dict[str, Any]) -> str:
    shown = " · ".join(f"{mention(p)} unfolds {cards_text(cs)}" for p, cs in e["unfolded"])
    return (f"⚔️ Duel {mention(e['active'])} vs {mention(e['opponent'])}: {shown}. Each draws as many cards into "
            "their hand as they unfolded; the duel begins.")


def _clash(state: GinjontanState, e: dict[str, Any]) -> str:
    gain = f" {mention(e['owner'])} +{points(e['points'])}" if e["winner"] is not None else ""
    return f"{_who(e)}: {card_words(e['acting'])} on {card_words(e['target'])}. {e['text']}.{gain}"


def _exchange(state: GinjontanState, e: dict[str, Any]) -> str:
    if not e["count"]:
        return f"{_who(e)} made no exchange."
    return f"{_who(e)} exchanged {e['count']} card{_plural(e['count'])} between hand and reserve."


def _shown(state: GinjontanState, e: dict[str, Any]) -> str:
    return (f"{_who(e)} shows {cards_text(e['cards'])}: **{e['title']}**, {points(e['points'])}"
            + (" — **Defeat!**" if e["defeat"] else ""))


def _evaluated(state: GinjontanState, e: dict[str, Any]) -> str:
    changes = ", ".join(f"{mention(p)} {v:+,}" for p, v in e["changes"])
    return f"📊 Round {e['round']}: {changes or 'nobody showed a hand'}."


def _over(state: GinjontanState, e: dict[str, Any]) -> str:
    table = ", ".join(f"{place}. {mention(p)} {points(pts)}" for p, place, pts in e["standings"])
    return f"🏁 **Game over.** {table}"


WORDING = Wording("ginjontan", {
    "joined": lambda s, e: f"{_who(e)} joined ({len(s.seats)} player{_plural(len(s.seats))}).",
    "left": lambda s, e: (f"🚪 {_who(e)} left the game; the {e['cards']} card{_plural(e['cards'])} they held are "
                          "out of play."
                          if e.get("started") else f"{_who(e)} left the lobby."),
    "timeout": lambda s, e: (f"⏰ Time ran out for {', '.join(mention(p) for p in e['players'])}: the bot made "
                             "their default moves."),
    "dealt": lambda s, e: (f"🃏 Round {e['round']} of {s.options.rounds}: 9 cards dealt to each hand and 9 to each "
                           "reserve."),
    "swap": lambda s, e: f"{_who(e)} {'swapped hand and reserve' if e['swapped'] else 'kept their hand'}.",
    "order": _order,
    "aside": lambda s, e: f"{_who(e)} set 3 cards aside.",
    "duel": _duel,
    "drew": shown_elsewhere,  # private cards: the duel line says each draws
    "clash": _clash,
    "reserve_lost": lambda s, e: (f"🕳️ Black hole: {_who(e)}'s reserve ({e['count']} card{_plural(e['count'])}) "
                                  "goes back to the deck."),
    "exchange": _exchange,
    "trim": lambda s, e: f"{_who(e)} put {e['count']} reserve card{_plural(e['count'])} back in the deck.",
    "filled": lambda s, e: f"{_who(e)}'s reserve was filled with {e['count']} card{_plural(e['count'])}.",
    "phase": lambda s, e: f"**{PHASE_TEXT[Phase(e['phase'])]}.**",
    "call": lambda s, e: f"{_who(e)}: “Gin jon tan!”{' (already satisfied)' if e['auto'] else ''}",
    "ask": lambda s, e: (f"{_who(e)} gives {e['count']} card{_plural(e['count'])} and asks {mention(e['target'])} "
                         f"for as many from their {e['source']}."),
    "give": lambda s, e: (f"{_who(e)} handed {e['count']} card{_plural(e['count'])} from their {e['source']} to "
                          f"{mention(e['asker'])}."),
    "kat_oh": lambda s, e: f"{_who(e)}: “Kat oh!” (cards face down).",
    "shown": _shown,
    "defeat": lambda s, e: f"💀 {_who(e)} revealed a Defeat and loses the round: its {e['lost']:+,} points are void.",
    "evaluated": _evaluated,
    "over": _over,
})


def may_exchange(state: GinjontanState, player: int) -> bool:
    """Whether the player's hand offers the best one-card exchange: they may exchange now."""
    return any(t in state.tasks(player) for t in ("exchange3", "exchange9", "turn"))


def combination_cards(cards: list[int] | tuple[int, ...], state: GinjontanState) -> set[int]:
    """The cards of `cards` that make up the combinations the hand scores with."""
    return {c for combination in score_hand(cards, state.options).combinations for c in combination.cards}


def round_summary(state: GinjontanState, e: dict[str, Any]) -> tuple[str, list[tuple[str, list[int]]], dict[int, str]]:
    """A round's end (the "evaluated" event): its text (each revealed hand by place with its combination, the
    change and the running total), and the picture's rows (the hands by place, sorted) and marks (the cards that
    score)."""
    change = {p: v for p, v in e["changes"]}
    scores = {p: score_hand(cards, state.options) for p, cards in e["hands"]}
    lines = [f"📊 **Round {e['round']} of {state.options.rounds}: the hands**"]
    rows: list[tuple[str, list[int]]] = []
    marks: dict[int, str] = {}
    for p, cards in e["hands"]:
        score = scores[p]
        total = points(state.seat(p).points) if state.seated(p) else "—"
        if p in change:
            place = 1 + sum(1 for q in change if scores[q].points > score.points)
            lines.append(f"{place}. {mention(p)} **{score.title}**, {points(score.points)} → {change[p]:+,} · "
                         f"total **{total}**")
            rows.append((f"{place}. {state.name(p)}: {score.title}, {points(score.points)}",
                         sorted(cards, key=sort_key)))
            marks.update(dict.fromkeys(combination_cards(cards, state), "combo"))
        else:
            lines.append(f"💀 {mention(p)} revealed a Defeat: the round's points are void · total **{total}**")
            rows.append((f"{state.name(p)}: Defeat", sorted(cards, key=sort_key)))
    shown = {p for p, _ in e["hands"]}
    lines += [f"{mention(s.player)} Kat oh! · total **{points(s.points)}**"
              for s in state.seats if s.player not in shown]
    return "\n".join(lines)[:2000], rows, marks


def event_lines(state: GinjontanState, events: list[dict[str, Any]]) -> str:
    """What happened, for everyone: no private card is named (drawn cards, reserves, cards set aside). Who is
    awaited is the panel's to say."""
    text = "\n".join(line for line in (WORDING.line(state, e) for e in events) if line)
    return text if len(text) <= 2000 else text[:1990] + "\n…"


def lobby_embed(state: GinjontanState) -> discord.Embed:
    o = state.options
    embed = discord.Embed(title="Gin-jon-tan", colour=COLOUR, description=(
        f"{len(state.seats)} player{_plural(len(state.seats))}: {', '.join(mention(s.player) for s in state.seats)}\n"
        f"Rounds: {o.rounds} · deck: {o.deck} · combinations: {o.combinations} · duels: {o.duels}"
        + (" · prize rule" if o.prize else "") + (f" · turn timer {state.timer} s" if state.timer else "")))
    _seed_field(embed, state)
    embed.set_footer(text="Press Join to play (2-8 players); the host presses Start.")
    return embed


def _seed_field(embed: discord.Embed, state: GinjontanState, *, over: bool = False) -> None:
    over = over or state.phase is Phase.OVER
    lines = seed_lines(state.seed, chosen=state.seed_chosen, over=over, command="/ginjontan new")
    if lines:
        embed.add_field(name="Seed", value="\n".join(lines), inline=False)
    if over:
        fairness.add_reveal(embed, [("ginjontan", state.seal)], "ginjontan")
    elif state.phase is Phase.LOBBY:  # posted before the deal, and kept once the game starts
        fairness.add_commitment(embed, state.seal, "ginjontan")


def status_embed(state: GinjontanState) -> discord.Embed:
    embed = discord.Embed(title=f"Gin-jon-tan — round {max(state.round, 1)} of {state.options.rounds}",
                          colour=COLOUR, description=PHASE_TEXT[state.phase])
    if state.order:
        embed.add_field(name="Order (3.1)", value=" → ".join(mention(p) for p in state.order), inline=False)
    if state.duel is not None:
        d = state.duel
        done = "\n".join(f"{mention(c.actor)}: {card_words(c.acting)} on {card_words(c.target)}"
                         + (f" → +{points(c.points)}" if c.winner is not None else " → standoff")
                         for c in d.clashes)
        embed.add_field(name=f"Duel {state.duel_index + 1} of {len(state.schedule)}",
                        value=(f"{mention(d.active)} {cards_text(state.seat(d.active).unfolded)}\n"
                               f"{mention(d.opponent)} {cards_text(state.seat(d.opponent).unfolded)}\n{done}")[:1024],
                        inline=False)
    rows = []
    for s in sorted(state.seats, key=lambda s: -s.points):
        extra = ""
        if s.result:
            extra = f" · {s.result}" + (f" {points(s.hand_points)}" if s.result == "shown" else "")
        elif s.called:
            extra = " · Gin jon tan!"
        rows.append(f"{mention(s.player)} **{points(s.points)}** · hand {len(s.hand)} · reserve {len(s.reserve)}"
                    + extra)
    embed.add_field(name="Scores", value="\n".join(rows)[:1024], inline=False)
    if state.last_round is not None:
        embed.add_field(name=f"Round {state.last_round.round}", value="\n".join(state.last_round.lines)[:1024],
                        inline=False)
    wait = waiting_line(state)
    if wait:
        embed.add_field(name="Waiting for", value=wait[:1024], inline=False)
    _seed_field(embed, state)
    return embed


def panel_embed(state: GinjontanState) -> discord.Embed:
    """The live panel at the bottom of the channel: the lobby, the game's public state, or the final standings."""
    if state.phase is Phase.LOBBY:
        return lobby_embed(state)
    return final_embed(state) if state.phase is Phase.OVER else status_embed(state)


def final_embed(state: GinjontanState) -> discord.Embed:
    lines = [f"{place}. {mention(p)} — {points(pts)}" for p, place, pts in standings(state)]
    embed = discord.Embed(title="Gin-jon-tan — final standings (step 10)", colour=COLOUR_OK,
                          description="\n".join(lines))
    _seed_field(embed, state, over=True)
    return embed


def ended_text(state: GinjontanState) -> str:
    """`/ginjontan end`: the game stops; its seed is no secret any more."""
    return "\n".join(["The Gin-jon-tan game in this channel is over (not rated). `/ginjontan new` starts another.",
                      *seed_lines(state.seed, chosen=False, over=True, command="/ginjontan new"),
                      *fairness.reveal_lines([("ginjontan", state.seal)], "ginjontan")])


def hand_text(state: GinjontanState, player: int) -> str:
    seat = state.seat(player)
    lines = [f"**Hand** ({len(seat.hand)}): {cards_text(seat.hand)}",
             f"**Reserve** ({len(seat.reserve)}/{RESERVE_CAP if state.phase is Phase.DUEL else RESERVE}): "
             f"{cards_text(seat.reserve)}"]
    if seat.active:
        lines.append(f"**Set aside**: {cards_text(seat.active)}")
    if seat.unfolded:
        lines.append(f"**Unfolded**: {cards_text(seat.unfolded)}")
    tasks = state.tasks(player)
    waiting = waiting_line(state).removeprefix("⏳ ")
    lines.append("**Now**: " + ("; ".join(TASK_TEXT[t] for t in tasks) if tasks else "nothing for you"
                                + (f"; waiting for {waiting}" if waiting else "")))
    if "act" in tasks:
        lines.append(duel_forecast(state, player))
    text = "\n".join(lines)
    return text[:4000]


def duel_forecast_one(acting: int, target: int) -> str:
    c = clash(acting, target)
    if c.winner is None:
        return "standoff"
    gain = card(c.winner).value + card(c.loser).value
    return (f"you win +{gain:,}" if c.winner == acting else f"you lose, they get +{gain:,}") + f" ({c.reason})"


def duel_forecast(state: GinjontanState, player: int) -> str:
    other = state.duel_opponent(player)
    rows = []
    for a in state.seat(player).unfolded:
        for t in state.seat(other).unfolded:
            c = clash(a, t)
            verdict = "standoff" if c.winner is None else ("you win" if c.winner == a else "you lose")
            rows.append(f"{card_words(a)} → {card_words(t)}: {verdict}")
    return "**Your options**: " + " · ".join(rows)


def hand_embed(state: GinjontanState, player: int, advice: HandAdvice, *, with_picture: bool) -> discord.Embed:
    seat = state.seat(player)
    score = advice.score
    embed = discord.Embed(title=f"Your cards — {PHASE_TEXT[state.phase]}", colour=COLOUR,
                          description=hand_text(state, player))
    embed.add_field(name=f"Your hand now: {score.title}, {points(score.points)}",
                    value="\n".join(score.lines)[:1024], inline=False)
    if may_exchange(state, player):
        hint = advice.swap
        embed.add_field(name="Best one-card exchange", inline=False, value=(
            f"give {card_words(hint[0])}, take {card_words(hint[1])}: {points(hint[2])} points"
            if hint else "none beats your hand as it is"))
    if score.defeat:
        embed.add_field(name="⚠️ Defeat in hand", value="Showing it at evaluation loses the round; unfold it in a "
                        "duel, exchange it, or say Kat oh! instead.", inline=False)
    embed.set_footer(text=f"Your points: {points(seat.points)} · only you see this")
    if with_picture:
        embed.set_image(url="attachment://hand.png")
    return embed


def score_embed(cards: list[int], score: HandScore) -> discord.Embed:
    embed = discord.Embed(title=f"{score.title}: {points(score.points)} points", colour=COLOUR_INFO,
                          description=f"{cards_text(cards)}\n\n" + "\n".join(score.lines))
    embed.set_image(url="attachment://cards.png")
    return embed


RULES = {
    "basics": ("The game", (
        "Each player gets 9 cards in hand and 9 face down in the reserve (step 1), and may swap the two once "
        "(step 2). Every round: everyone sets 3 cards aside; reserve cards turned decide the order (3.1); each "
        "player in turn duels every other player (3.2-3.7); exchanges (4); reserves back to 9 (5); the "
        "combination round (6); evaluation (7). The highest hand adds its points, the others deduct theirs "
        "(second 1x, third 2x ...). After the chosen number of rounds the highest score wins.")),
    "duels": ("Duels (3.2-3.3)", (
        "Both duellists unfold the 3 cards they set aside and draw 3. They take turns, the active player "
        "first: pick one of your unfolded cards and one of theirs. A Black hole beats anything; a card whose "
        "verb names the other's symbol overcomes it (Righteous judges Prisoner ...; if both do, the acting "
        "card wins); else the higher colour; else the higher value; else a standoff. The winner gains both "
        "cards' values. Losing cards go to the deck, the others to the reserve (at most 33 there). A winning "
        "Black hole sends both reserves back to the deck. Then the active player may exchange up to 3 cards "
        "between hand and reserve and sets 3 new cards aside.")),
    "combinations": ("Combinations", (
        "Pair..nine: 2-9 cards of one symbol, x2 x3 x9 x12 x15 x18 x21 x33 the sum of values. "
        "Order 3..9: consecutive copy numbers, x3 x6 x9 x12 x21 x33 x99 the sum x the value of the highest. "
        "One colour: also x that colour (White 1, Red 3, Orange 9, Yellow 12, Green 15, Blue 33, Violet 99). "
        "Multicolour: at least two colours with a pair: x the lowest of them x how many. Full colours: all "
        "six non-white colours in the hand: 9 x the sum x (count of the most present colour x its "
        "multiplier). A card's value is symbol value x copy number x colour.")),
    "specials": ("Special cards", (
        "Black hole (33): beats any card, and empties both duellists' reserves. Bonus: adds its own value "
        "(1 x copy x colour) and triples the hand's combination. Universal (99): stands for any card in a "
        "combination and keeps its own value. Defeat (0): shown at evaluation, it loses the round and voids "
        "the round's points — unfold it, exchange it, or say Kat oh!.")),
    "round": ("Combination round and evaluation (6-7)", (
        "In the order of 3.1 each player either says “Gin jon tan!” (and can't exchange again until asked), "
        "exchanges 1-3 cards with their reserve, or asks another player for 1-3 cards from that player's hand "
        "or reserve (the asked player picks). The round ends when everyone has said it in a row. Then, in "
        "order, each player shows their hand or says “Kat oh!” (keeps their points, no ranking).")),
    "notation": ("Card notation", NOTATION_HINT + " Symbols: " + ", ".join(s.code for s in SYMBOLS) + "."),
    "rating": ("Tournament rating and prize", (
        "Each finished game gives the last player 1 point, the last but one 3, and 3 more per place up "
        "(3+(n-2)*3 for the winner of n). /ginjontan standings sorts by these, then by total points. With the "
        "prize rule (personal decks), the winner takes 3 cards from each other player, the second 2 from each "
        "player below, the third 1.")),
}


def rules_embed(topic: str | None) -> discord.Embed:
    if topic is None:
        embed = discord.Embed(title="Gin-jon-tan — rules", colour=COLOUR_INFO)
        for title, text in RULES.values():
            embed.add_field(name=title, value=text[:1024], inline=False)
        embed.set_footer(text="The rules as the bot plays them, with its decisions where the card text is loose. "
                              "/ginjontan rules topic: shows one part in full.")
        return embed
    title, text = RULES[topic]
    return discord.Embed(title=f"Gin-jon-tan — {title}", description=text, colour=COLOUR_INFO)


def standings_embed(rows: list[Any]) -> discord.Embed:
    embed = discord.Embed(title="Gin-jon-tan — tournament rating", colour=COLOUR_INFO)
    if not rows:
        embed.description = "No rated game has finished in this server yet."
        return embed
    embed.description = "\n".join(
        f"{i}. {mention(r.user_id)} — **{r.tier}** rating points · {points(r.total)} game points · "
        f"{r.games} game{'s' * (r.games != 1)}, {r.wins} won" for i, r in enumerate(rows, start=1))
    embed.set_footer(text="Rating: last 1, last but one 3, +3 per place up; ties broken by total points.")
    return embed


def collection_embed(owned: tuple[int, ...]) -> discord.Embed:
    embed = discord.Embed(title=f"Your collection — {len(owned)} card{_plural(len(owned))}", colour=COLOUR_INFO)
    text = cards_text(sorted(owned, key=lambda c: -card(c).value))
    embed.description = (text if len(text) <= 4000 else text[:3990] + " …") if owned else (
        "No cards yet. Games with personal decks draft 33 cards from your collection, topped up from the full "
        "set; the prize rule adds the cards you win.")
    return embed
