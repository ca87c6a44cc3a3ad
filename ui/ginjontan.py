"""/ginjontan on Discord: the flows every entry point shares (slash commands, buttons, menus) and the
components. No rule lives here: the engine decides, this module asks it and shows the answer.

Every button and menu is a DynamicItem, so it keeps working after a restart; the engine refuses a move
that no longer answers what the game waits for, so a stale click changes nothing.
"""

from __future__ import annotations

import re
from typing import Any, Literal, cast

import discord

from engine.errors import IllegalMove
from engine.ginjontan.cards import FULL_SET_SIZE, card
from engine.ginjontan.moves import (
    Act,
    AskCards,
    Call,
    Evaluate,
    Exchange,
    Give,
    Join,
    Leave,
    SetAside,
    Start,
    Swap,
    Trim,
)
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN, new_lobby, surplus
from engine.ginjontan.scoring import MAX_CARDS, score_hand
from engine.ginjontan.state import GinjontanState, Phase
from engine.seeds import new_seed
from render import ginjontan as render
from render import ginjontan_pictures as pictures
from storage.games import GameRecord, MoveResult
from storage.ginjontan import collections
from ui.custom_ids import custom_id, number, numbers, one_of, parsed, split
from ui.errors import ReportsErrors, note_change
from ui.permissions import require_channel, require_seated
from ui.types import Interaction

# -- moves through storage -----------------------------------------------------------------------------------

async def load(interaction: Interaction) -> GameRecord[GinjontanState]:
    return await interaction.client.games.require(require_channel(interaction), GINJONTAN)


async def apply(interaction: Interaction, move: Any, *, seated: bool = True) -> MoveResult[GinjontanState]:
    bot = interaction.client
    if seated:
        require_seated(interaction, (await load(interaction)).state.players)
    channel_id = require_channel(interaction)
    result = await bot.games.apply(channel_id, GINJONTAN, move, actor_id=interaction.user.id)
    note_change(interaction)
    bot.ginjontan_timers.arm(channel_id, result.game)
    return result


def public_view(state: GinjontanState) -> discord.ui.View | None:
    if state.phase is Phase.OVER:
        return None
    view = discord.ui.View(timeout=None)
    if state.phase is Phase.LOBBY:
        for name in ("join", "leave", "start"):
            view.add_item(LobbyButton(name))
    else:
        view.add_item(HandButton())
    return view


def public_message(state: GinjontanState, events: list[dict[str, Any]]) -> dict[str, Any]:
    """The public answer to a move: what happened, who is next, a "My cards" button, and the duel's picture
    when one began."""
    message: dict[str, Any] = {"content": render.event_lines(state, events) or "Done."}
    view = public_view(state)
    if view is not None:
        message["view"] = view
    duel = next((e for e in reversed(events) if e["type"] == "duel"), None)
    if duel is not None:
        (left, left_cards), (right, right_cards) = duel["unfolded"]
        png = pictures.duel_picture(state.name(left), left_cards, state.name(right), right_cards)
        message["files"] = [pictures.picture_file(png, "duel.png")]
    if state.phase is Phase.OVER:
        message["embed"] = render.final_embed(state)
    return message


async def move(interaction: Interaction, move_: Any, *, from_hand: bool = False, seated: bool = True) -> None:
    """Apply a move and answer: publicly, and (from a private hand) by redrawing that hand first."""
    result = await apply(interaction, move_, seated=seated)
    state = result.game.state
    public = public_message(state, result.events)
    if from_hand:
        if state.phase is Phase.OVER or not state.seated(interaction.user.id):
            await interaction.response.edit_message(content="✅ Done.", embed=None, attachments=[], view=None)
        else:
            hand = hand_message(state, interaction.user.id)
            await interaction.response.edit_message(embed=hand["embed"], attachments=hand["files"],
                                                    view=hand["view"])
        await interaction.followup.send(**public)
    else:
        await interaction.response.send_message(**public)


# -- lobby ----------------------------------------------------------------------------------------------------

async def new(interaction: Interaction, options: GinjontanOptions, seed: int | None, timer: int = 0) -> None:
    if interaction.user.bot:
        raise IllegalMove("Bots can't host a game.", "Ask a person to start it.")
    state = new_lobby(interaction.user.id, options, new_seed() if seed is None else seed,
                      interaction.user.display_name, seed_chosen=seed is not None, timer=timer)
    await interaction.client.games.start(require_channel(interaction), GINJONTAN, state,
                                         guild_id=interaction.guild_id, actor_id=interaction.user.id)
    note_change(interaction)
    await interaction.response.send_message(embed=render.lobby_embed(state),
                                            view=public_view(state) or discord.utils.MISSING)


async def join(interaction: Interaction) -> None:
    if interaction.user.bot:
        raise IllegalMove("Bots can't play.", "Invite a person.")
    result = await apply(interaction, Join(interaction.user.id, interaction.user.display_name), seated=False)
    await interaction.response.send_message(**public_message(result.game.state, result.events))


async def start(interaction: Interaction) -> None:
    record = await load(interaction)
    state = record.state
    owned: dict[int, tuple[int, ...]] = {}
    if state.options.deck == "personal":
        owned = await collections(interaction.client.db, interaction.guild_id, list(state.players))
    await move(interaction, Start(interaction.user.id, owned))


LOBBY_BUTTONS = {"join": ("Join", discord.ButtonStyle.primary), "leave": ("Leave", discord.ButtonStyle.secondary),
                 "start": ("Start", discord.ButtonStyle.success)}
PLACEHOLDERS = {"aside": "Choose 3 cards to unfold…", "act": "Act with… on…",
                "exchange": "Exchange: pick hand cards and as many reserve cards…",
                "return": "Cards back to the deck…", "give": "Cards to hand over…",
                "askgive": "Cards you give in exchange…"}


class LobbyButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button], template=r"ct:gjt:l:(?P<name>\w+)"):
    def __init__(self, name: str) -> None:
        label, style = LOBBY_BUTTONS[name]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id("gjt", "l", name)))
        self.name = name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LobbyButton:
        return parsed(cls, item, lambda: cls(one_of(match["name"], LOBBY_BUTTONS)))

    async def handle(self, interaction: Interaction) -> None:
        if self.name == "join":
            await join(interaction)
        elif self.name == "leave":
            await move(interaction, Leave(interaction.user.id))
        else:
            await start(interaction)


# -- the private hand ------------------------------------------------------------------------------------------

def hand_message(state: GinjontanState, player: int) -> dict[str, Any]:
    seat = state.seat(player)
    rows = [("Hand", list(seat.hand)), ("Reserve", list(seat.reserve))]
    if seat.active:
        rows.append(("Set aside", list(seat.active)))
    if seat.unfolded:
        rows.append(("Unfolded", list(seat.unfolded)))
    png = pictures.cards_picture(rows)
    return {"embed": render.hand_embed(state, player, with_picture=True),
            "files": [pictures.picture_file(png, "hand.png")], "view": HandView(state, player)}


async def show_hand(interaction: Interaction) -> None:
    record = await load(interaction)
    state = record.state
    require_seated(interaction, state.players)
    if state.phase is Phase.LOBBY:
        raise IllegalMove("The cards aren't dealt yet.", "The host presses Start.", code="not_started")
    await interaction.response.send_message(**hand_message(state, interaction.user.id), ephemeral=True)


class HandButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button], template=r"ct:gjt:hand"):
    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="My cards", style=discord.ButtonStyle.primary,
                                           custom_id=custom_id("gjt", "hand")))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandButton:
        return cls()

    async def handle(self, interaction: Interaction) -> None:
        await show_hand(interaction)


BUTTONS = {
    "swap": ("Swap hand and reserve", discord.ButtonStyle.secondary),
    "keep": ("Keep my hand", discord.ButtonStyle.primary),
    "none": ("No exchange", discord.ButtonStyle.secondary),
    "call": ("Gin jon tan!", discord.ButtonStyle.success),
    "reveal": ("Show my hand", discord.ButtonStyle.primary),
    "katoh": ("Kat oh!", discord.ButtonStyle.danger),
    "lowest": ("Return my lowest cards", discord.ButtonStyle.secondary),
}


POOL_TASKS = {"hand": {"aside", "exchange3", "exchange9", "turn"},
              "reserve": {"exchange3", "exchange9", "turn", "trim", "surplus"},
              "unfolded": {"act"}, "theirs": {"act"}, "asked": {"give"}}


def card_pool(state: GinjontanState, player: int, where: str) -> list[int]:
    """The cards a command's autocomplete suggests: only from a zone that a task the game waits for from
    `player` uses (the same tasks the hand's controls are built from)."""
    if not state.seated(player) or not POOL_TASKS[where] & set(state.tasks(player)):
        return []
    seat = state.seat(player)
    if where in ("unfolded", "theirs"):
        return list((seat if where == "unfolded" else state.seat(state.duel_opponent(player))).unfolded)
    if where == "asked":
        return list(seat.hand if state.pending_ask().source == "hand" else seat.reserve)
    return list(getattr(seat, where))


def lowest_surplus(state: GinjontanState, player: int) -> tuple[int, ...]:
    """The "Return my lowest cards" button's choice: the surplus, lowest values first."""
    return tuple(sorted(state.seat(player).reserve, key=lambda c: card(c).value)[:surplus(state, player)])


class MoveButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button], template=r"ct:gjt:m:(?P<name>\w+)"):
    def __init__(self, name: str, label: str | None = None) -> None:
        text, style = BUTTONS[name]
        super().__init__(discord.ui.Button(label=label or text, style=style, custom_id=custom_id("gjt", "m", name)))
        self.name = name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MoveButton:
        return parsed(cls, item, lambda: cls(one_of(match["name"], BUTTONS)))

    async def handle(self, interaction: Interaction) -> None:
        player = interaction.user.id
        if self.name in ("swap", "keep"):
            m: Any = Swap(player, self.name == "swap")
        elif self.name == "none":
            m = Exchange(player)
        elif self.name == "call":
            m = Call(player)
        elif self.name in ("reveal", "katoh"):
            m = Evaluate(player, kat_oh=self.name == "katoh")
        else:  # "lowest"
            m = Trim(player, lowest_surplus((await load(interaction)).state, player))
        await move(interaction, m, from_hand=True)


def _option(cid: int, prefix: str = "", value: str | None = None) -> discord.SelectOption:
    c = card(cid)
    return discord.SelectOption(label=f"{prefix}{c.name}"[:100], value=value or str(cid),
                                description=f"{c.notation} · value {c.value:,}"[:100])


class CardSelect(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select],
                 template=r"ct:gjt:s:(?P<what>\w+)(?::(?P<target>\d+):(?P<source>hand|reserve))?"):
    """A menu of cards for one move: what = aside, act, exchange, return, give, askgive (+ target, source)."""

    def __init__(self, select: discord.ui.Select, what: str, target: int | None = None,
                 source: str | None = None) -> None:
        super().__init__(select)
        self.what, self.target, self.source = what, target, source

    @classmethod
    def build(cls, what: str, options: list[discord.SelectOption], low: int, high: int,
              target: int | None = None, source: str | None = None) -> CardSelect:
        parts = ["gjt", "s", what] + ([target, source] if target is not None else [])
        options = options[:25]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id(*parts), options=options, placeholder=PLACEHOLDERS[what],
            min_values=min(low, len(options)), max_values=min(high, len(options)))
        return cls(select, what, target, source)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> CardSelect:
        target = match["target"]
        return parsed(cls, item, lambda: cls(cast(discord.ui.Select, item), one_of(match["what"], PLACEHOLDERS),
                                             None if target is None else number(target), match["source"]))

    async def handle(self, interaction: Interaction) -> None:
        player, values = interaction.user.id, self.item.values
        if self.what == "aside":
            m: Any = SetAside(player, numbers(values))
        elif self.what == "act":
            acting, target = numbers(split(values[0], 2))
            m = Act(player, acting, target)
        elif self.what == "exchange":
            give = numbers(v[2:] for v in values if v.startswith("h:"))
            take = numbers(v[2:] for v in values if v.startswith("r:"))
            m = Exchange(player, give, take)
        elif self.what == "return":
            m = Trim(player, numbers(values))
        elif self.what == "give":
            m = Give(player, numbers(values))
        else:  # askgive
            assert self.target is not None and self.source is not None  # an askgive menu names both
            m = AskCards(player, self.target, self.source, numbers(values))
            result = await apply(interaction, m)
            await interaction.response.edit_message(content="✅ Asked.", view=None)
            await interaction.followup.send(**public_message(result.game.state, result.events))
            return
        await move(interaction, m, from_hand=True)


class AskSelect(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select], template=r"ct:gjt:ask"):
    """6.1c, first step: whom to ask and from where. The second step is a menu of your own hand cards."""

    def __init__(self, select: discord.ui.Select) -> None:
        super().__init__(select)

    @classmethod
    def build(cls, state: GinjontanState, player: int) -> AskSelect:
        options = [discord.SelectOption(label=f"Ask {state.name(p)} for {source} cards"[:100], value=f"{p}:{source}",
                                        description=f"{len(getattr(state.seat(p), source))} cards there")
                   for p in state.order if p != player for source in ("hand", "reserve")
                   if getattr(state.seat(p), source)]
        return cls(discord.ui.Select(custom_id=custom_id("gjt", "ask"), options=options[:25],
                                     placeholder="Ask another player (6.1c)…"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> AskSelect:
        return cls(cast(discord.ui.Select, item))

    async def handle(self, interaction: Interaction) -> None:
        who, source = split(self.item.values[0], 2)
        target = number(who)
        one_of(source, ("hand", "reserve"))
        state = (await load(interaction)).state
        require_seated(interaction, state.players)
        if "turn" not in state.tasks(interaction.user.id):
            raise IllegalMove("It isn't your turn in the combination round.", "Wait for your turn.",
                              code="not_your_turn")
        if target not in state.players or target == interaction.user.id:
            raise IllegalMove("You can ask another player at the table only.", "Pick one from the menu.",
                              code="not_seated")
        pool = getattr(state.seat(target), source)
        hand = state.seat(interaction.user.id).hand
        view = discord.ui.View(timeout=None)
        view.add_item(CardSelect.build("askgive", [_option(c) for c in hand], 1, min(3, len(pool)),
                                       target, source))
        await interaction.response.send_message(
            f"Which 1-3 of your hand cards do you give {render.mention(target)}? They pick as many from their "
            f"{source} for you.", view=view, ephemeral=True)


class HandView(discord.ui.View):
    """The controls for what the game waits for from this player now (nothing else is offered)."""

    def __init__(self, state: GinjontanState, player: int) -> None:
        super().__init__(timeout=None)
        seat = state.seat(player)
        tasks = state.tasks(player)
        if "swap" in tasks:
            self.add_item(MoveButton("keep"))
            self.add_item(MoveButton("swap"))
        if "aside" in tasks:
            n = min(3, len(seat.hand))
            self.add_item(CardSelect.build("aside", [_option(c) for c in seat.hand], n, n))
        if "act" in tasks:
            other = state.seat(state.duel_opponent(player))
            options = [discord.SelectOption(label=f"{card(a).notation} on {card(t).notation}", value=f"{a}:{t}",
                                            description=render.duel_forecast_one(a, t))
                       for a in seat.unfolded for t in other.unfolded]
            self.add_item(CardSelect.build("act", options, 1, 1))
        exchange = next((t for t in tasks if t in ("exchange3", "exchange9", "turn")), None)
        if exchange is not None and seat.hand and seat.reserve:
            limit = 9 if exchange == "exchange9" else 3
            hand = [_option(c, "Hand: ", f"h:{c}") for c in seat.hand]
            reserve = [_option(c, "Reserve: ", f"r:{c}") for c in
                       sorted(seat.reserve, key=lambda c: -card(c).value)][:25 - len(hand)]
            self.add_item(CardSelect.build("exchange", hand + reserve, 2, 2 * limit))
        if exchange in ("exchange3", "exchange9"):  # also with an empty hand or reserve: the game waits for it
            self.add_item(MoveButton("none"))
        if "turn" in tasks:
            self.add_item(MoveButton("call"))
            ask = AskSelect.build(state, player)
            if ask.item.options and seat.hand:
                self.add_item(ask)
        if "trim" in tasks or "surplus" in tasks:
            need = surplus(state, player)
            if len(seat.reserve) <= 25:
                self.add_item(CardSelect.build("return", [_option(c) for c in seat.reserve], need, need))
            self.add_item(MoveButton("lowest", f"Return my {need} lowest cards"))
        if "give" in tasks:
            asked = state.pending_ask()
            pool = seat.hand if asked.source == "hand" else seat.reserve
            n = len(asked.give)
            self.add_item(CardSelect.build("give", [_option(c) for c in pool], n, n))
        if "reveal" in tasks:
            self.add_item(MoveButton("reveal"))
            self.add_item(MoveButton("katoh"))


# -- /ginjontan score: private first, shared on request ----------------------------------------------------------

Combinations = Literal["best", "all"]


def score_message(cards: list[int], combinations: Combinations) -> dict[str, Any]:
    """The calculator's answer for these cards; it may be someone's hand, so the caller decides who sees it."""
    if not 1 <= len(cards) <= MAX_CARDS or not all(0 <= c < FULL_SET_SIZE for c in cards):
        raise IllegalMove(f"The calculator scores 1 to {MAX_CARDS} cards.", "Name the cards again.",
                          code="bad_cards")
    result = score_hand(cards, GinjontanOptions(combinations=combinations))
    png = pictures.cards_picture([("Cards", cards)])
    return {"embed": render.score_embed(cards, result), "file": pictures.picture_file(png, "cards.png")}


async def score_privately(interaction: Interaction, cards: list[int], combinations: Combinations) -> None:
    message = score_message(cards, combinations)  # refuses a bad hand before the Share button is built
    view = discord.ui.View(timeout=None)
    view.add_item(ShareScore(cards, combinations))
    await interaction.response.send_message(**message, view=view, ephemeral=True)


class ShareScore(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"ct:gjt:share:(?P<mode>best|all):(?P<cards>\d{1,4}(?:\.\d{1,4}){0,8})"):
    """Posts a private `/ginjontan score` answer in the channel, when the one who asked wants it seen."""

    def __init__(self, cards: list[int], combinations: Combinations) -> None:
        super().__init__(discord.ui.Button(label="Share in the channel", style=discord.ButtonStyle.secondary,
                                           custom_id=custom_id("gjt", "share", combinations,
                                                               ".".join(map(str, cards)))))
        self.cards, self.combinations = cards, combinations

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ShareScore:
        return parsed(cls, item, lambda: cls([number(c, high=FULL_SET_SIZE - 1) for c in match["cards"].split(".")],
                                             cast(Combinations, match["mode"])))

    async def handle(self, interaction: Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.mention} shares a score:",
                                                **score_message(self.cards, self.combinations))


COMPONENTS = (LobbyButton, HandButton, MoveButton, CardSelect, AskSelect, ShareScore)
