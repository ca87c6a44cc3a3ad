"""/chaosjan on Discord: the flows every entry point shares (slash commands, panel buttons, hand menus) and the
components. No rule lives here: the engine decides, this module asks it and shows the answer.

CHAOS;JAN lives inside the channel's `/table`, so every move is a table move. Every button and menu is a
DynamicItem (it works after a restart). Panel buttons carry the table's version, so a click on an old panel is
refused as stale instead of passing for the wrong moment.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any, cast

import discord

from engine.chaosjan.catalogue import CardType
from engine.chaosjan.moves import AutoPass, Choose, Drew, Next, Pass, Play
from engine.chaosjan.rules import choosable, hand_cards, legal_moves, needs
from engine.chaosjan.state import AutoMode, ChaosState, Phase
from engine.errors import IllegalMove
from engine.table import TABLE, TableState, chaos_table, require_chaosjan
from render import chaosjan as render
from render import table as render_table
from render.i18n import N_, _, command_words
from storage.games import GameRecord, MoveResult
from ui import mentions
from ui.custom_ids import custom_id, number, parsed
from ui.errors import ReportsErrors, note_change
from ui.live_panel import CONTENT_LIMIT, LivePanel, edit, grown, retire
from ui.paging import SUFFIX, Menu, Page, chosen
from ui.paging import select as paged
from ui.permissions import require_channel, require_seated
from ui.types import Interaction

PANEL_MESSAGE = LivePanel("chaosjan")  # the live panel's message, in game_messages


# -- moves through storage -----------------------------------------------------------------------------------------

async def load(interaction: Interaction) -> GameRecord[TableState]:
    record = await interaction.client.games.require(require_channel(interaction), TABLE)
    require_chaosjan(record.state)
    return record


async def apply(interaction: Interaction, move: Any, *, version: int | None = None,
                seated: bool = True) -> MoveResult[TableState]:
    if seated:
        require_seated(interaction, (await load(interaction)).state.players)
    result = await interaction.client.games.apply(require_channel(interaction), TABLE, move,
                                                  actor_id=interaction.user.id, expected_version=version)
    note_change(interaction)
    return result


def chaos(record: GameRecord[TableState] | MoveResult[TableState]) -> ChaosState:
    state = record.game.state if isinstance(record, MoveResult) else record.state
    return require_chaosjan(state)


# -- the public panel ----------------------------------------------------------------------------------------------

def panel_view(table: TableState, version: int) -> discord.ui.View | None:
    state = table.chaosjan
    if state is None or table.over:
        return None
    view = discord.ui.View(timeout=None)
    if state.phase is Phase.SETUP:
        view.add_item(ChooseButton())
        return view
    holder = state.holder
    if holder is None:
        view.add_item(PanelButton("drew", version))
        if state.drawn:
            view.add_item(PanelButton("again", version))
        view.add_item(PanelButton("next", version))
    else:
        if holder[0] == "sub":
            view.add_item(PanelButton("negate", version))
        view.add_item(PanelButton("pass", version))
    view.add_item(PanelButton("hand", 0))
    view.add_item(PanelButton("played", 0))
    view.add_item(PanelButton("turn", 0))
    return view


def panel_message(table: TableState, version: int, events: list[dict[str, Any]] | None = None,
                  prefix: str = "") -> dict[str, Any]:
    """A public message: what happened, then the panel (who holds priority now) and its buttons."""
    state = require_chaosjan(table)
    lines = render.event_lines(state, events or [], render_table.WORDING)
    content = render.short("\n".join(part for part in (prefix, lines) if part), CONTENT_LIMIT) or None
    embed = render.setup_embed(table) if state.phase is Phase.SETUP else render.panel_embed(table)
    message: dict[str, Any] = {"content": content, "embed": embed}
    view = panel_view(table, version)
    return message if view is None else {**message, "view": view}


async def answer(interaction: Interaction, result: MoveResult[TableState], *, hand: bool = False,
                 prefix: str = "") -> None:
    """Show a move's result. A click on the live panel while it is still the channel's newest message edits it in
    place, its lines of what happened growing; otherwise the panel is re-posted as the move's one public message
    (from a private hand, the hand is redrawn first)."""
    if hand:
        await interaction.response.edit_message(**hand_message(result.game.state, interaction.user.id))
    elif await edited_in_place(interaction, result):
        return
    await post_panel(interaction, result.game, result.events, prefix)


async def edited_in_place(interaction: Interaction, result: MoveResult[TableState]) -> bool:
    message, record, bot = interaction.message, result.game, interaction.client
    if message is None or message.flags.ephemeral:
        return False
    live = await PANEL_MESSAGE.editable(bot, record.id, record.channel_id, message)
    if live is None or live[0] != message.id:  # another message, or something was posted below it
        return False
    public = panel_message(record.state, record.version, result.events)
    content = more_lines(live[1], public["content"])
    if len(content) > CONTENT_LIMIT:
        return False
    await edit(bot, interaction, record.channel_id, message.id, {"view": None, **public, "content": content or None})
    await PANEL_MESSAGE.remember(bot, record.id, record.channel_id, message.id, content)
    return True


def more_lines(old: str, new: str | None) -> str:
    """A panel's lines of what happened with a move's lines below them; a run of passes stays one line."""
    if not new or not old:
        return new or old
    last, first = old.rsplit("\n", 1)[-1], new.split("\n", 1)[0]
    passed = _(render.PASSED)
    if last.startswith(passed) and first.startswith(passed):
        old, new = f"{old}, {first.removeprefix(passed)}", new[len(first) + 1:]
    return grown(old, new)


async def post_panel(interaction: Interaction, record: GameRecord[TableState],
                     events: list[dict[str, Any]] | None = None, prefix: str = "") -> None:
    """Post the panel at the bottom of the channel as this interaction's public message, and retire the old one."""
    public = panel_message(record.state, record.version, events, prefix)
    state = require_chaosjan(record.state)
    sent = mentions.calling(public, [] if state.holder is None else [state.players[state.holder[1]]])
    if interaction.response.is_done():
        message_id = (await interaction.followup.send(**sent, wait=True)).id
    else:
        response = await interaction.response.send_message(**sent)
        assert response.message_id is not None  # a message reply names its message
        message_id = response.message_id
    await panel_moved(interaction, record, message_id, lines=public["content"] or "")


async def panel_moved(interaction: Interaction, record: GameRecord[TableState], message_id: int, *,
                      lines: str) -> None:
    """`message_id` (with `lines` of what happened, or none) is the live panel now; the previous one retires."""
    old = await PANEL_MESSAGE.moved(interaction.client, record.id, record.channel_id, message_id, lines)
    if old is not None:
        await retire(interaction.client, record.channel_id, old[0], "lines" if old[1] else None)


async def retire_panel(interaction: Interaction, record: GameRecord[TableState]) -> None:
    """CHAOS;JAN is gone from the table (undone, or the table ended): its last panel retires."""
    old, lines = await PANEL_MESSAGE.find(interaction.client, record.id)
    if old is not None:
        await retire(interaction.client, record.channel_id, old, "lines" if lines else None)


async def refresh_panel(interaction: Interaction, record: GameRecord[TableState]) -> None:
    """Edit the live panel in place, keeping its lines (the card-choosing panel, as players pick)."""
    message_id = (await PANEL_MESSAGE.find(interaction.client, record.id))[0]
    if message_id is None:
        return
    message = interaction.client.get_partial_messageable(record.channel_id).get_partial_message(message_id)
    public = panel_message(record.state, record.version)
    with contextlib.suppress(discord.NotFound):
        await message.edit(embed=public["embed"], view=public.get("view"))


PANEL = {"pass": (N_("Pass"), discord.ButtonStyle.secondary), "negate": (N_("Negate"), discord.ButtonStyle.danger),
         "drew": (N_("I drew a tile"), discord.ButtonStyle.primary),
         "again": (N_("I drew a replacement tile (kan)"), discord.ButtonStyle.secondary),
         "next": (N_("Next turn"), discord.ButtonStyle.secondary),
         "hand": (N_("My cards / play"), discord.ButtonStyle.success),
         "played": (N_("Pass until a card is played"), discord.ButtonStyle.secondary),
         "turn": (N_("Pass until my turn"), discord.ButtonStyle.secondary)}
SWITCHES = {"played": AutoMode.UNTIL_PLAYED, "turn": AutoMode.UNTIL_MY_TURN}


class PanelButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"ct:cj:p:(?P<name>pass|negate|drew|again|next|hand|played|turn):(?P<version>\d+)"):
    def __init__(self, name: str, version: int) -> None:
        label, style = PANEL[name]
        super().__init__(discord.ui.Button(label=_(label), style=style,
                                           custom_id=custom_id("cj", "p", name, version)))
        self.name, self.version = name, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PanelButton:
        return parsed(cls, item, lambda: cls(match["name"], number(match["version"])))

    async def handle(self, interaction: Interaction) -> None:
        player = interaction.user.id
        if self.name == "hand":
            await show_hand(interaction)
            return
        if self.name in SWITCHES:
            await switch(interaction, SWITCHES[self.name])
            return
        if self.name == "negate":
            await answer(interaction, await apply(interaction, negate_move(await load(interaction), player),
                                                  version=self.version))
            return
        if self.name in ("drew", "again"):
            move: Any = Drew(player, again=self.name == "again")
        elif self.name == "next":
            move = Next(player)
        else:
            move = Pass(player)
        await answer(interaction, await apply(interaction, move, version=self.version))


async def switch(interaction: Interaction, mode: AutoMode) -> None:
    """A panel switch: the presser's auto-pass setting becomes `mode`, or goes back to auto if it already was."""
    state = chaos(await load(interaction))
    require_seated(interaction, state.players)
    if state.mode(state.seat_of(interaction.user.id)) is mode:
        mode = AutoMode.AUTO
    await set_mode(interaction, mode)


async def set_mode(interaction: Interaction, mode: AutoMode) -> None:
    """Change the player's auto-pass setting, said to them privately; the panel shows it, and any pass it makes at
    once."""
    result = await apply(interaction, AutoPass(interaction.user.id, mode))
    await interaction.response.send_message(_(render.MODE_TEXT[mode]), ephemeral=True)
    if result.events:
        await post_panel(interaction, result.game, result.events)
    else:
        await refresh_panel(interaction, result.game)


def negate_move(record: GameRecord[TableState], player: int) -> Play:
    return Play(player, require_chaosjan(record.state).catalogue.only(CardType.NEGATE).id)


# -- setup: private choices --------------------------------------------------------------------------------------

PICKS = {"character": CardType.CHARACTER, "action": CardType.ACTION, "stock": CardType.STOCK,
         "modifier": CardType.MODIFIER}
PICK_TEXT = {"character": N_("Your Character (1.2a)…"), "action": N_("Three different Actions (5.1d.2)…"),
             "stock": N_("Three different Stocks (5.1d.2)…"), "modifier": N_("Three different Modifiers (5.2d.1)…")}
PICK_WORD = {"character": N_("character"), "action": N_("actions"), "stock": N_("stocks"), "modifier": N_("modifiers")}


def _chosen(state: ChaosState, player: int) -> dict[str, tuple[str, ...]]:
    choice = state.choices[state.seat_of(player)]
    return {"character": (choice.character,) if choice.character else (), "action": choice.actions,
            "stock": choice.stocks, "modifier": choice.modifiers}


def pick_menu(state: ChaosState, player: int, name: str) -> Menu:
    count = 1 if name == "character" else 3
    return Menu(render.choice_options(choosable(state, player, PICKS[name]), _chosen(state, player)[name]), count,
                count, _(PICK_TEXT[name]))


def choose_message(state: ChaosState, player: int, taken: list[str] | None = None) -> dict[str, Any]:
    chosen = _chosen(state, player)
    view = discord.ui.View(timeout=None)
    for name in PICKS:
        view.add_item(PickSelect.build(pick_menu(state, player, name), name))
    done = [_(PICK_WORD[name]) if name == "character" or len(chosen[name]) == 3 else
            _("{kind} ({count} of 3)", kind=_(PICK_WORD[name]), count=len(chosen[name]))
            for name in PICKS if chosen[name]]
    content = _("Choose privately; nobody else sees your picks. Read a card with {command}. "
                "Chosen so far: {chosen}.", command=command_words(("chaosjan card", "")),
                chosen=", ".join(done) or _("nothing"))
    if state.choices[state.seat_of(player)].complete:
        content = _("✅ All chosen. You may still change a pick until the last player finishes.")
    if taken:
        content = f"{render.taken_line(state.catalogue, taken)}\n{content}"
    return {"content": content, "view": view}


async def menu_now(interaction: Interaction, build: Callable[[TableState, int], Menu]) -> Menu:
    """A menu's whole list as the table stands now (empty without CHAOS;JAN here or for an outsider)."""
    record = await interaction.client.games.get(require_channel(interaction), TABLE)
    if record is None or record.state.chaosjan is None or interaction.user.id not in record.state.chaosjan.players:
        return Menu(())
    return build(record.state, interaction.user.id)


class ChooseButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button], template=r"ct:cj:choose"):
    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label=_("Choose my cards"), style=discord.ButtonStyle.primary,
                                           custom_id=custom_id("cj", "choose")))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChooseButton:
        return cls()

    async def handle(self, interaction: Interaction) -> None:
        await show_hand(interaction)


class PickSelect(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select],
                 template=r"ct:cj:pick:(?P<name>character|action|stock|modifier)" + SUFFIX):
    def __init__(self, select: discord.ui.Select, name: str, page: Page | None = None) -> None:
        super().__init__(select)
        self.name, self.page = name, page

    @classmethod
    def build(cls, menu: Menu, name: str) -> PickSelect:
        return cls(paged(custom_id("cj", "pick", name), menu), name)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PickSelect:
        return parsed(cls, item, lambda: cls(cast(discord.ui.Select, item), match["name"], Page.read(match)))

    async def handle(self, interaction: Interaction) -> None:
        def setup(table: TableState, player: int) -> Menu:
            state = require_chaosjan(table)
            return pick_menu(state, player, self.name) if state.phase is Phase.SETUP else Menu(())

        values = await chosen(interaction, self.item, self.page, lambda: menu_now(interaction, setup))
        if values is None:
            return
        move = Choose(interaction.user.id, PICKS[self.name], tuple(values))
        result = await apply(interaction, move)
        state = chaos(result)
        if state.phase is Phase.SETUP:
            chose = result.events[-1]
            await interaction.response.edit_message(**choose_message(state, interaction.user.id, chose.get("taken")))
            if chose.get("ready") or chose.get("taken"):  # the panel's ✅ (or ⏳ again) for this player
                await refresh_panel(interaction, result.game)
            return
        await answer(interaction, result, hand=True)


# -- the private hand ----------------------------------------------------------------------------------------------

def hand_message(table: TableState, player: int) -> dict[str, Any]:
    state = require_chaosjan(table)
    if state.phase is Phase.SETUP:
        return {"embed": None, **choose_message(state, player)}
    return {"content": None, "embed": render.hand_embed(table, player), "view": HandView(table, player)}


async def show_hand(interaction: Interaction) -> None:
    record = await load(interaction)
    require_seated(interaction, record.state.players)
    message = {k: v for k, v in hand_message(record.state, interaction.user.id).items() if v is not None}
    await interaction.response.send_message(**message, ephemeral=True)


HAND_BUTTONS = {"pass": (N_("Pass"), discord.ButtonStyle.secondary),
                "negate": (N_("Negate"), discord.ButtonStyle.danger),
                "auto": (N_("Auto-pass"), discord.ButtonStyle.secondary),
                "manual": (N_("Always ask me"), discord.ButtonStyle.secondary),
                "played": (N_("Pass until a card is played"), discord.ButtonStyle.secondary),
                "turn": (N_("Pass until my turn"), discord.ButtonStyle.secondary),
                "refresh": (N_("Refresh"), discord.ButtonStyle.secondary)}
HAND_MODES = {"auto": AutoMode.AUTO, "manual": AutoMode.ASK, **SWITCHES}


class HandView(discord.ui.View):
    def __init__(self, table: TableState, player: int) -> None:
        super().__init__(timeout=None)
        state = require_chaosjan(table)
        seat = state.seat_of(player)
        playable = play_menu(table, player)
        if playable.options:
            self.add_item(PlaySelect.build(playable))
        holder = state.holder
        if holder is not None and holder[1] == seat and holder[0] == "sub" and state.has_type(seat, CardType.NEGATE):
            self.add_item(HandButton("negate"))
        if Pass(player) in legal_moves(state, chaos_table(table), player):  # theirs, or a pass ahead
            self.add_item(HandButton("pass"))
        for name, mode in HAND_MODES.items():
            if state.mode(seat) is not mode:
                self.add_item(HandButton(name))
        self.add_item(HandButton("refresh"))


class HandButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"ct:cj:h:(?P<name>pass|negate|auto|manual|played|turn|refresh)"):
    def __init__(self, name: str) -> None:
        label, style = HAND_BUTTONS[name]
        super().__init__(discord.ui.Button(label=_(label), style=style, custom_id=custom_id("cj", "h", name)))
        self.name = name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandButton:
        return cls(match["name"])

    async def handle(self, interaction: Interaction) -> None:
        player = interaction.user.id
        if self.name == "refresh":
            record = await load(interaction)
            require_seated(interaction, record.state.players)
            await interaction.response.edit_message(**hand_message(record.state, player))
            return
        if self.name in HAND_MODES:
            result = await apply(interaction, AutoPass(player, HAND_MODES[self.name]))
            if len(result.events) == 0:  # nothing public happened: only redraw the hand
                await interaction.response.edit_message(**hand_message(result.game.state, player))
                return
            await answer(interaction, result, hand=True)
            return
        move = negate_move(await load(interaction), player) if self.name == "negate" else Pass(player)
        await answer(interaction, await apply(interaction, move), hand=True)


def play_menu(table: TableState, player: int) -> Menu:
    """The cards of the hand playable now (a Negate has its own button)."""
    state = require_chaosjan(table)
    cards = [card for card, _count, error in hand_cards(state, chaos_table(table), state.seat_of(player))
             if error is None and card.type is not CardType.NEGATE]
    return Menu([discord.SelectOption(label=render.short(render.card_label(c), 100), value=c.id,
                                      description=render.short(c.text, 100)) for c in cards],
                placeholder=_("Play a card…"))


class PlaySelect(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select], template=r"ct:cj:play" + SUFFIX):
    def __init__(self, select: discord.ui.Select, page: Page | None = None) -> None:
        super().__init__(select)
        self.page = page

    @classmethod
    def build(cls, menu: Menu) -> PlaySelect:
        return cls(paged(custom_id("cj", "play"), menu))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PlaySelect:
        return parsed(cls, item, lambda: cls(cast(discord.ui.Select, item), Page.read(match)))

    async def handle(self, interaction: Interaction) -> None:
        values = await chosen(interaction, self.item, self.page, lambda: menu_now(interaction, play_menu))
        if values is not None:
            await play_from_hand(interaction, values[0])


async def play_from_hand(interaction: Interaction, card_id: str, target: int | None = None,
                         amount: int | None = None) -> None:
    """Play a card from the hand menus, asking first for a player and an amount where the card needs them."""
    record = await load(interaction)
    table = record.state
    state = require_chaosjan(table)
    require_seated(interaction, state.players)
    seat = state.seat_of(interaction.user.id)
    card = state.catalogue.card(card_id)
    needs_target, needs_amount = needs(state, seat, card)
    if needs_target and target is None:
        view = discord.ui.View(timeout=None)
        view.add_item(DetailSelect.build(table, card_id, "t", interaction.user.id))
        await interaction.response.edit_message(content=_("**{card}**: name a player.", card=card.name),
                                                embed=None, view=view)
        return
    if needs_amount and amount is None:
        if table.on_table < 100:
            raise IllegalMove(N_("There are no points on the table to take (3.1f.2)."), code="bad_amount")
        view = discord.ui.View(timeout=None)
        view.add_item(DetailSelect.build(table, card_id, "a", target or 0))
        await interaction.response.edit_message(content=_("**{card}**: how many points? (3.1f.4)", card=card.name),
                                                embed=None,
                                                view=view)
        return
    result = await apply(interaction, Play(interaction.user.id, card_id, target, amount))
    await answer(interaction, result, hand=True)


def detail_menu(table: TableState, what: str, extra: int) -> Menu:
    if what == "t":
        return Menu([discord.SelectOption(label=render.short(s.name or _("Seat {number}", number=i + 1), 100),
                                          value=str(s.player), description=_("{points:,} points", points=s.points))
                     for i, s in enumerate(table.seats) if s.player != extra], placeholder=_("Name a player…"))
    return Menu([discord.SelectOption(label=_("{points:,} points", points=v), value=str(v))
                 for v in render.amount_choices(table.on_table)],
                placeholder=_("Take how many? ({on_table:,} on the table)", on_table=table.on_table))


class DetailSelect(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select],
                   template=r"ct:cj:(?P<what>t|a):(?P<card>[a-z0-9-]+):(?P<extra>\d+)" + SUFFIX):
    """The second step of a play: the player to name ("t"), or the amount to take ("a", with the target)."""

    def __init__(self, select: discord.ui.Select, what: str, card: str, extra: int, page: Page | None = None) -> None:
        super().__init__(select)
        self.what, self.card, self.extra, self.page = what, card, extra, page

    @classmethod
    def build(cls, table: TableState, card: str, what: str, extra: int) -> DetailSelect:
        return cls(paged(custom_id("cj", what, card, extra), detail_menu(table, what, extra)), what, card, extra)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> DetailSelect:
        return parsed(cls, item, lambda: cls(cast(discord.ui.Select, item), match["what"], match["card"],
                                             number(match["extra"]), Page.read(match)))

    async def handle(self, interaction: Interaction) -> None:
        values = await chosen(interaction, self.item, self.page,
                              lambda: menu_now(interaction, lambda table, _: detail_menu(table, self.what, self.extra)))
        if values is None:
            return
        value = number(values[0])
        if self.what == "t":
            await play_from_hand(interaction, self.card, target=value)
        else:
            await play_from_hand(interaction, self.card, target=self.extra or None, amount=value)


COMPONENTS = (PanelButton, ChooseButton, PickSelect, HandButton, PlaySelect, DetailSelect)
