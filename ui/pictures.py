"""Replies that carry a picture: the interaction is acknowledged before a picture is drawn, so Discord's answer
never waits for one. A picture already cached (render/offload.py) goes out with the reply at once; one that must be
drawn is preceded by a deferral, and the reply (the same message, with its picture) replaces the "thinking" state.

Every picture is attached here (`files`, `drawn`), with its alt text (render/alt_text.py) as the attachment's
description, in the player's language.
"""

from __future__ import annotations

from typing import Any

import discord

from render.alt_text import describe
from render.offload import Drawing
from ui.types import Interaction


async def acknowledge(interaction: Interaction, *drawings: Drawing | None, ephemeral: bool = False,
                      edit: bool = False) -> None:
    """Start drawing what is not cached, and defer `interaction` unless every drawing is ready (or it was
    acknowledged already). `edit`: the answer edits the message the component is on (a deferred update), else it is
    a new message (`ephemeral` or not)."""
    pending = [d for d in drawings if d is not None and not d.ready()]
    for drawing in pending:
        drawing.start()  # drawn while Discord is told
    if interaction.response.is_done() or not pending:
        return
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)


async def attached(drawing: Drawing) -> discord.File:
    """The drawing as a file to attach, described for screen readers."""
    file = await drawing.file()
    file.description = describe(drawing)
    return file


async def files(*drawings: Drawing | None) -> list[discord.File]:
    return [await attached(d) for d in drawings if d is not None]


def drawings(*messages: dict[str, Any] | None) -> list[Drawing]:
    """The pictures still to draw in messages built with `Drawing`s among their "files" or "attachments"."""
    return [item for message in messages if message for key in ("files", "attachments")
            for item in message.get(key) or () if isinstance(item, Drawing)]


async def drawn(message: dict[str, Any]) -> dict[str, Any]:
    """`message` with each `Drawing` among its "files" or "attachments" drawn (off the event loop) as a file."""
    out = dict(message)
    for key in ("files", "attachments"):
        if key in out:
            out[key] = [await attached(item) if isinstance(item, Drawing) else item for item in out[key]]
    return out


async def send(interaction: Interaction, *, ephemeral: bool = False, **message: Any) -> int | None:
    """A new message answering `interaction` (after a deferral, the one that replaces its "thinking"); its id."""
    if interaction.response.is_done():
        return (await interaction.followup.send(wait=True, ephemeral=ephemeral, **message)).id
    return (await interaction.response.send_message(ephemeral=ephemeral, **message)).message_id


async def edit(interaction: Interaction, **message: Any) -> None:
    """Edit the message the component is on (after a deferred update, through the interaction's webhook)."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**message)
    else:
        await interaction.response.edit_message(**message)
