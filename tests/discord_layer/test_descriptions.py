"""Issue 17 item 8: every command and option description fits Discord's 100 characters, none cut short with "…"."""

from __future__ import annotations

from discord import app_commands

DISCORD_LIMIT = 100  # Discord's limit on command and option descriptions


def descriptions(tree: app_commands.CommandTree) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for command in tree.walk_commands():
        out.append((command.qualified_name, command.description))
        if isinstance(command, app_commands.Command):
            out.extend((f"{command.qualified_name} {p.name}", p.description) for p in command.parameters)
    return out


def test_every_description_fits_without_being_cut(harness):
    found = descriptions(harness.bot.tree)
    assert len(found) > 100  # every cog's commands and options were walked
    bad = [(name, text) for name, text in found if len(text) > DISCORD_LIMIT or text.rstrip().endswith(("…", "..."))]
    assert not bad, "\n".join(f"{name}: {text!r}" for name, text in bad)
