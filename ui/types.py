"""The bot's type as the Discord layer sees it.

`bot.py` imports `ui/`, so `ChaosTable` is imported here for the type checker only. Annotate callbacks with
`Interaction` (then `interaction.client.games` type-checks) and a cog's bot with `ChaosTable`, imported under
`if TYPE_CHECKING:` from `bot`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import discord

if TYPE_CHECKING:
    from bot import ChaosTable

    Interaction: TypeAlias = discord.Interaction[ChaosTable]
else:
    Interaction = discord.Interaction  # discord.py may read annotations at run time: give it the same class
