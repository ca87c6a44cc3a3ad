"""What /uno shows: event lines, the board embed and picture, the private hand, the rules pages."""

from __future__ import annotations

from typing import Any

import discord

from engine.uno.cards import CARDS, COLOUR_NAMES, Colour, sorted_hand
from engine.uno.legal import Options, PlayKind
from engine.uno.options import CLASSIC
from engine.uno.rules import options, waiting_on
from engine.uno.state import Phase, UnoState
from render import fairness
from render.common import COLOUR_INFO, mention, seed_lines
from render.common import leaderboard_embed as common_leaderboard
from render.events import Wording
from render.offload import Drawing
from render.uno_pictures import PileDrawing, board_png, hand_png
from storage.results import LeaderboardRow

COLOUR_UNO = discord.Colour.from_rgb(237, 28, 36)
BOARD_FILE = "uno-board.png"
HAND_FILE = "uno-hand.png"
_ARROW = {1: "clockwise ↻", -1: "counter-clockwise ↺"}


def card_name(card_id: int) -> str:
    return CARDS[card_id].name


def colour_name(value: str | None) -> str:
    return COLOUR_NAMES[Colour(value)] if value else "any colour"


def game_title(state: UnoState) -> str:
    return "Uno (classic)" if state.options == CLASSIC else "Uno: Chaos Edition"


def _who(players: list[int]) -> str:
    return ", ".join(mention(p) for p in players) or "nobody"


def _seats(n: int) -> str:
    return f"{n} seat{'s' if n != 1 else ''}"


def _p(e: dict[str, Any]) -> str:
    return mention(e["player"]) if e.get("player") is not None else ""


def _play(state: UnoState, e: dict[str, Any]) -> str:
    colour = f" (colour: {colour_name(e['colour'])})" if CARDS[e["card"]].is_wild else ""
    return f"{_p(e)} played **{card_name(e['card'])}** on pile {e['pile']}{colour}."


def _shift(state: UnoState, e: dict[str, Any]) -> str:
    way = "along" if e["direction"] == 1 else "against"
    return (f"Hands will move **{_seats(e['count'])}** {way} the clockwise order. Anyone may deflect; the turn "
            f"player lets it happen with /uno accept.")


def _deflected(state: UnoState, e: dict[str, Any]) -> str:
    lines = [f"{_p(e)} deflected the {e['what']} with **{card_name(e['card'])}**."]
    lines += [f"· pile {s['pile']}: +{s['total']} now aimed at {mention(s['target'])}" for s in e.get("stacks", [])]
    lines += [f"· trade: {mention(t['initiator'])} ⇄ {mention(t['target'])}" for t in e.get("trades", [])]
    return "\n".join(lines)


_WHY = {"stack": " from the stack", "callout": " (Uno rule)", "round": " for the new round", "timer": " (time ran out)"}


def _draw(state: UnoState, e: dict[str, Any]) -> str:
    left = f" ({e['left']} still on the stack)" if e.get("left") else ""
    return f"{_p(e)} drew {e['count']} card{'s' if e['count'] != 1 else ''}{_WHY.get(e['reason'], '')}{left}."


def _callout(state: UnoState, e: dict[str, Any]) -> str:
    loser = mention(e["loser"])
    result = (f"+{e['cards']} added to their stack, now aimed at {loser}" if e["stack"]
              else f"{loser} draws {e['cards']}")
    verdict = "caught!" if e["loser"] == e["target"] else "they had said Uno."
    return f"{mention(e['caller'])} called out {mention(e['target'])}: {verdict} {result}."


def _challenge(state: UnoState, e: dict[str, Any]) -> str:
    verdict = "they had another card to play" if e["guilty"] else "it was a fair play"
    return (f"{_p(e)} challenged {mention(e['against'])}'s Wild +4: {verdict}. The stack (+{e['total']}) is aimed "
            f"at {mention(e['loser'])}.")


def _round_won(state: UnoState, e: dict[str, Any]) -> str:
    points = ", ".join(f"{mention(int(k))}: {v}" for k, v in e["points"].items())
    return f"🎉 Round won by {_who(e['winners'])}! Points left: {points}."


WORDING = Wording("uno", {
    "play": _play,
    "stack": lambda s, e: f"Stack on pile {e['pile']}: **+{e['total']}** aimed at {mention(e['target'])}.",
    "skipped": lambda s, e: f"{_p(e)} is skipped.",
    "reversed": lambda s, e: f"Play now goes {_ARROW[e['direction']]}.",
    "shift": _shift,
    "shifted": lambda s, e: f"Every hand moved {_seats(e['count'])}." if e["count"] else "The shift came to nothing.",
    "trade": lambda s, e: (f"{mention(e['initiator'])} wants to trade hands with {mention(e['target'])}: "
                           f"{mention(e['target'])} accepts (/uno accept) or deflects."),
    "trade_cancelled": lambda s, e: (f"The trade between {mention(e['initiator'])} and {mention(e['target'])} is "
                                     f"cancelled."),
    "traded": lambda s, e: f"{mention(e['initiator'])} and {mention(e['target'])} traded hands.",
    "new_pile": lambda s, e: f"A new pile {e['pile']} is flipped: **{card_name(e['card'])}**.",
    "no_new_pile": lambda s, e: f"There are already {e['limit']} piles: no new pile.",
    "moved_pile": lambda s, e: f"Pile {e['pile']} moved onto pile {e['onto']}.",
    "prompt": lambda s, e: (f"{_p(e)} chooses "
                            f"{'a trade partner' if e['kind'] == 'partner' else 'the pile it moves onto'} "
                            f"(the menu below)."),
    "crazy_eights": lambda s, e: (f"**Crazy 8's!** {_who(e['victims'])} must each draw 8 (another 8 on pile "
                                  f"{e['pile']} cancels your own)."),
    "eights_cancelled": lambda s, e: f"{_p(e)} escaped their Crazy 8's.",
    "deflected": _deflected,
    "draw": _draw,
    "stack_dead": lambda s, e: f"The stack on pile {e['pile']} is dead.",
    "released": lambda s, e: f"{_p(e)} no longer has to play the card they drew.",
    "passed": lambda s, e: f"{_p(e)} keeps the card they drew.",
    "uno": lambda s, e: f"{_p(e)} says **UNO!**",
    "callout": _callout,
    "challenge": _challenge,
    "round_won": _round_won,
    "game_over": lambda s, e: f"🏆 {_who(e['winners'])} won the game!",
    "joined": lambda s, e: f"{_p(e)} joined.",
    "left": lambda s, e: f"{_p(e)} left the game; their {e['cards']} cards went under the draw pile.",
    "started": lambda s, e: f"The game starts with {len(e['players'])} players. Use /uno hand to see your cards.",
    "timer": lambda s, e: f"Turn timer: {e['seconds']} s." if e["seconds"] else "Turn timer off.",
    "timed_out": lambda s, e: f"⏰ Time ran out for {_p(e) or 'the round'}.",
    "reshuffled": lambda s, e: f"The draw pile ran out: {e['cards']} cards were shuffled into it.",
    "turn": lambda s, e: f"Turn: {_p(e)}." if e.get("player") is not None and s.phase is Phase.PLAY else "",
})


def event_lines(state: UnoState, events: list[dict[str, Any]]) -> str:
    """The public account of a move. Never names a drawn card: only the drawer learns those (privately)."""
    lines = [WORDING.line(state, e) for e in events]
    return "\n".join(_dedupe_turns([line for line in lines if line]))[:2000]


def _dedupe_turns(lines: list[str]) -> list[str]:
    """Only the last "Turn:" line of a move matters."""
    last = max((i for i, line in enumerate(lines) if line.startswith("Turn: ")), default=None)
    return [line for i, line in enumerate(lines) if not line.startswith("Turn: ") or i == last]


def drawn_for(events: list[dict[str, Any]], player: int) -> list[int]:
    """The cards `player` drew in these events: shown to them alone."""
    return [c for e in events if e["type"] == "draw" and e["player"] == player for c in e["cards"]]


# -- the board --------------------------------------------------------------------------------------------

def board_embed(state: UnoState, *, with_picture: bool = True) -> discord.Embed:
    if state.phase is Phase.LOBBY:
        return lobby_embed(state)
    embed = discord.Embed(title=f"{game_title(state)} · round {state.round}", colour=COLOUR_UNO)
    if state.phase is Phase.OVER:
        embed.description = f"🏆 Game over: {_who(list(state.winners))} won." if state.winners else "Game over."
    else:
        waiting = waiting_on(state)
        if state.prompt is not None:
            now = f"{mention(state.prompt.player)} is choosing."
        elif state.closing:
            now = ("Someone is out of cards! Jump in now, or press **Score the round**." if not state.pending
                   else "Someone is out of cards: resolve what is pending, then score the round.")
        else:
            now = f"Turn: {mention(state.turn_player())} · play goes {_ARROW[state.direction]}"
        others = [p for p in waiting if p != state.turn]
        embed.description = now + (f"\nWaiting on: {_who(others)}" if others and not state.closing else "")
    lines = []
    for s in state.seats:
        marks = " 🗣️UNO" if s.said_uno and len(s.hand) <= 1 else ""
        points = f" · {s.points} pt" if state.options.points else ""
        turn = " ◀" if s.player == state.turn and state.phase is Phase.PLAY else ""
        lines.append(f"{mention(s.player)}: {len(s.hand)} card{'s' if len(s.hand) != 1 else ''}{points}{marks}{turn}")
    embed.add_field(name="Players", value="\n".join(lines)[:1024], inline=False)
    piles = []
    for i, p in enumerate(state.piles):
        colour = f" ({colour_name(p.colour and p.colour.value)})" if CARDS[p.top].is_wild else ""
        piles.append(f"**{i + 1}**: {card_name(p.top)}{colour} · {len(p.cards)}")
    embed.add_field(name=f"Piles (draw pile: {len(state.draw_pile)})", value="\n".join(piles)[:1024] or "—",
                    inline=False)
    pending = _pending_lines(state)
    if pending:
        embed.add_field(name="Pending", value="\n".join(pending)[:1024], inline=False)
    _seed_field(embed, state)
    if state.timer:
        embed.set_footer(text=f"Turn timer: {state.timer} s · /uno rules for the rules and card notation")
    else:
        embed.set_footer(text="/uno hand for your cards · /uno rules for the rules and card notation")
    if with_picture and state.piles:
        embed.set_image(url=f"attachment://{BOARD_FILE}")
    return embed


def _pending_lines(state: UnoState) -> list[str]:
    lines = [f"Stack on pile {state.pile_number(s.pile)}: +{s.total} → {mention(s.target)}"
             + (" (Crazy 8's, can't grow)" if s.immutable else "") for s in state.stacks]
    lines += [f"Trade: {mention(t.initiator)} ⇄ {mention(t.target)} (waits for {mention(t.target)})"
              for t in state.trades]
    if state.shift is not None:
        lines.append(f"Shift: hands move {_seats(state.shift.count)} "
                     f"{'clockwise' if state.shift.direction == 1 else 'counter-clockwise'}")
    for p in state.piles:
        if p.wild4 is not None:
            lines.append(f"Wild +4 on pile {state.pile_number(p.id)} can be challenged (/uno challenge)")
    return lines


def board_picture(state: UnoState) -> Drawing | None:
    """The board's picture: what it shows is its key (render/offload.py); None before any pile is dealt."""
    if not state.piles:
        return None
    drawings = []
    for i, p in enumerate(state.piles):
        stacks = [s for s in state.stacks if s.pile == p.id]
        total = sum(s.total for s in stacks) or None
        note = ", ".join(dict.fromkeys(state.name(s.target) for s in stacks)) if stacks else None
        drawings.append(PileDrawing(i + 1, p.top, p.colour, len(p.cards), total, f"→ {note}" if note else None))
    return Drawing(BOARD_FILE, board_png, (tuple(drawings),), {"draw_pile": len(state.draw_pile)})


def lobby_embed(state: UnoState) -> discord.Embed:
    embed = discord.Embed(title=f"{game_title(state)} · lobby", colour=COLOUR_UNO,
                          description=f"Host: {mention(state.host)}. 2 to 10 players: press **Join**; the host "
                                      f"presses **Start**.")
    embed.add_field(name=f"Players ({len(state.seats)})", value="\n".join(mention(p) for p in state.players),
                    inline=False)
    _seed_field(embed, state)
    return embed


def _seed_field(embed: discord.Embed, state: UnoState) -> None:
    lines = seed_lines(state.seed, chosen=state.seed_chosen, over=state.phase is Phase.OVER, command="/uno new")
    if lines:
        embed.add_field(name="Seed", value="\n".join(lines), inline=False)
    if state.phase is Phase.OVER:
        fairness.add_reveal(embed, [("uno", state.seal)], "uno")
    elif state.phase is Phase.LOBBY or (state.round == 1 and not state.plays):  # the lobby and the deal
        fairness.add_commitment(embed, state.seal, "uno")


# -- the hand ---------------------------------------------------------------------------------------------

def hand_embed(state: UnoState, player: int) -> tuple[discord.Embed, Drawing]:
    cards = [c.id for c in sorted_hand(state.hand(player))]
    now, jumps = options(state, player).marked(state.hand(player))
    playable, jump = set(now), set(jumps)
    embed = discord.Embed(title=f"Your hand · {len(cards)} card{'s' if len(cards) != 1 else ''}", colour=COLOUR_INFO)
    lines = []
    for card_id in cards:
        mark = " ✅ now" if card_id in playable else " ⚡ jump in" if card_id in jump else ""
        lines.append(f"`{CARDS[card_id].notation}` {CARDS[card_id].name}{mark}")
    embed.description = "\n".join(lines)[:4000] or "No cards."
    if state.drawn is not None and state.drawn.player == player:
        embed.add_field(name="You drew", value=f"{card_name(state.drawn.card)}: play it"
                        + ("." if state.drawn.forced else ", or keep it with /uno pass."), inline=False)
    facing = [f"+{s.total} on pile {state.pile_number(s.pile)}" for s in state.stacks_on(player)]
    facing += [f"a trade from {mention(t.initiator)}" for t in state.trades_on(player)]
    if facing:
        embed.add_field(name="Aimed at you", value=", ".join(facing), inline=False)
    embed.set_image(url=f"attachment://{HAND_FILE}")
    embed.set_footer(text="Green: play now · orange: jump in · /uno play card:r5 or the menu below")
    return embed, Drawing(HAND_FILE, hand_png, (tuple(cards),), {"playable": frozenset(playable) & set(cards),
                                                                   "jump": frozenset(jump) & set(cards)})


HOW = {PlayKind.TURN: "your turn", PlayKind.JUMP: "jump in", PlayKind.STACK: "add to the stack",
       PlayKind.STACKS: "deflect", PlayKind.TRADES: "deflect the trade", PlayKind.SHIFT: "change the shift",
       PlayKind.EIGHTS: "cancel your 8s"}


def play_options(state: UnoState, player: int, legal: Options | None = None) -> list[tuple[str, str, str]]:
    """(label, value "card:pile", description) for each play the engine allows now, in hand order."""
    legal = legal or options(state, player)
    order = {(c.colour, c.rank): i for i, c in enumerate(sorted_hand(state.hand(player)))}
    number = {p.id: i + 1 for i, p in enumerate(state.piles)}
    plays = sorted(legal.plays, key=lambda o: (order[o.face], number[o.pile]))
    return [(f"{CARDS[o.card].name} → pile {number[o.pile]}", f"{o.card}:{o.pile}",
             f"{HOW[o.kind]}, on {card_name(state.pile(o.pile).top)}") for o in plays]


def card_choices(state: UnoState, player: int, current: str) -> list[tuple[str, str]]:
    """Autocomplete for /uno play card: (name, notation), one per face of the hand that matches what was typed,
    the cards playable now first, then jump-ins."""
    hand = state.hand(player)
    now, jump = (set(ids) for ids in options(state, player).marked(hand))
    wanted = current.strip().casefold()
    choices, seen = [], set()
    for c in sorted(sorted_hand(hand), key=lambda c: (c.id not in now, c.id not in jump)):
        if c.notation in seen or (wanted and wanted not in c.notation and wanted not in c.name.casefold()):
            continue
        seen.add(c.notation)
        mark = " · play now" if c.id in now else " · jump in" if c.id in jump else ""
        choices.append((f"{c.name} ({c.notation}){mark}", c.notation))
    return choices[:25]


# -- rules ------------------------------------------------------------------------------------------------

RULES: dict[str, tuple[str, str]] = {
    "basics": ("Basics", "7 cards each; the flipped first card acts as if the dealer played it. Match the top card "
               "of a pile by colour or symbol; Wilds go anywhere. Can't play? `/uno draw` draws until you can, and "
               "you play that card. Several discard piles may be open: choose one with `pile:`."),
    "notation": ("Card notation", "`/uno play card:` takes a colour letter and a rank: `r5`, `y0`, `g+2`, `bskip` "
                 "(or `bs`), `yrev` (or `yr`), `w` (Wild), `w+4` (Wild +4); `red 5` works too. Suggestions list your "
                 "hand. Missing choices (a Wild's colour, a 7's partner, a 1's pile) are asked with a menu."),
    "cards": ("Cards", "3, 4, 5: nothing. 6 = 9. Skip: next player skipped. Reverse: direction flips. +2 / Wild +4: a "
              "stack the next player takes. 0: every hand moves along the turn order (pending until the turn player "
              "accepts). 7: trade hands with someone (they accept or deflect). 2: a new pile is flipped, its effect "
              "is yours. 1: its pile moves onto another pile. 8: jumps in like a power card; four 8s = Crazy 8's."),
    "jumping": ("Jumping in", "Not your turn? Play the exact same card (same number and colour; power cards: same "
                "symbol; all plus cards count as the same) and play continues after you. The first card processed "
                "wins a race. After being forced to draw you can't jump in until someone else plays."),
    "stacking": ("Stacking", "Plus cards add up; the player whose turn follows takes the total with `/uno draw` "
                 "(`count:` for part of it) and skips their turn. Stacks on different piles are independent. A "
                 "taken stack is dead. Crazy 8's stacks can't grow."),
    "deflection": ("Deflection", "Facing a stack? A power card of its colour passes it: Skip → next player, Reverse → "
                   "reverse and next player, 7 → anyone, 2 → half to the next player, 1 → a half back to whoever "
                   "split it, 0 → every stack moves one seat. Trades: Skip/Reverse/7/0. A pending 0 shift: Skip "
                   "and 0 add one, Reverse turns it round, 2 doubles, 1 halves."),
    "challenge": ("Challenging a Wild +4", "`/uno challenge` while a Wild +4 tops a live stack: if its player could "
                  "have played something else, the stack turns on them, else on you (on a stack it also grows by 4)."),
    "uno": ("The Uno rule", "Down to one card? `/uno uno` (with two or one card left). Others may `/uno callout` "
            "you once the next card has been played: you draw 4 (8 at 1 point). A false call-out costs the caller 4. "
            "Played your last card without saying it? You can be called back: the card returns and you draw 4."),
    "winning": ("Winning", "Everyone starts with 7 points. When someone is out of cards and nothing is pending, "
                "press Score the round: each winner loses a point and draws that many cards. 0 points wins the "
                "game. Classic: the first empty hand wins."),
    "commands": ("Commands", "`/uno new` `join` `start` · `hand` `play` `draw` `pass` `accept` `uno` `callout` "
                 "`challenge` `score` · `status` `rules` · `leave` · host: `kick` `undo` `timer` `end`."),
}


def rules_embed(topic: str | None) -> discord.Embed:
    if topic in RULES:
        title, text = RULES[topic]
        return discord.Embed(title=f"Uno rules: {title}", description=text, colour=COLOUR_INFO)
    embed = discord.Embed(title="Uno: Chaos Edition rules", colour=COLOUR_INFO,
                          description="Pick a topic with `/uno rules topic:` for more.")
    for title, text in RULES.values():
        embed.add_field(name=title, value=text[:1024], inline=False)
    return embed


_MOVE_NOUNS = {"Join": "joining", "Start": "start", "Draw": "draw", "Pass": "pass", "Accept": "accept",
               "Choose": "choice", "SayUno": "call of UNO", "Callout": "callout", "Challenge": "challenge",
               "EndRound": "scoring of the round", "TimeOut": "time-out", "Leave": "leaving",
               "SetTimer": "timer setting"}


def undo_line(move: dict[str, Any] | None, actor_id: int | None) -> str:
    """The sentence for an undone move: "Undid <@x>'s play of Red 5."."""
    move = move or {}
    name = move.get("move")
    what = (f"play of {card_name(move['card'])}" if name == "Play" and "card" in move
            else _MOVE_NOUNS.get(name or "", "move"))
    player = move.get("player", actor_id)
    return f"Undid {mention(player)}'s {what}." if player is not None else f"Undid the {what}."


def standings_embed(standings: list[tuple[int, int, int]]) -> discord.Embed:
    embed = discord.Embed(title="Final standings", colour=COLOUR_UNO)
    embed.description = "\n".join(f"**{place}.** {mention(player)}: {points} points"
                                  for player, place, points in standings)[:4096] or "Nobody was seated."
    return embed


def leaderboard_embed(rows: list[LeaderboardRow]) -> discord.Embed:
    return common_leaderboard("Uno leaderboard", rows,
                              empty="No finished games yet: a game is stored when someone wins it.")
