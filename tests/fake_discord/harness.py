"""Drive the real bot through the fake Discord the way players do: slash commands, clicks, selects."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import yarl

from bot import ChaosTable, create_bot, extension_names
from settings import Settings
from tests.fake_discord.server import FakeDiscord, FakeUser, InteractionRecord, snowflake

PLAYER_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True, read_message_history=True,
                                         use_application_commands=True, embed_links=True, attach_files=True)
MANAGER_PERMISSIONS = PLAYER_PERMISSIONS | discord.Permissions(manage_channels=True)
SERVER_MANAGER_PERMISSIONS = PLAYER_PERMISSIONS | discord.Permissions(manage_guild=True)
# How long a test waits for an answer: a guard against a hang, not a check of speed (timings live in bench/).
# Pictures and slow computations are worked out by low-priority worker processes (render/offload.py), which a
# machine busy with other tests can keep waiting for seconds.
ANSWER_TIMEOUT_S = 20.0
OPTION_TYPES = {"string": 3, "integer": 4, "boolean": 5, "user": 6, "channel": 7, "role": 8, "number": 10}


class InteractionLog:
    """One interaction the harness sent, and what the bot answered."""

    def __init__(self, fake: FakeDiscord, record: InteractionRecord) -> None:
        self.fake = fake
        self.record = record

    async def wait_for(self, predicate: Callable[[InteractionRecord], bool],
                       timeout: float = ANSWER_TIMEOUT_S) -> InteractionLog:
        deadline = time.monotonic() + timeout
        while not predicate(self.record):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"the bot did not answer as expected within {timeout} s; "
                                     f"callbacks={self.record.callbacks} rejections={self.fake.rejections}")
            self.record.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.record.changed.wait(), remaining)
        return self

    async def acknowledged(self) -> InteractionLog:
        return await self.wait_for(lambda r: r.acknowledged)

    async def answered(self, timeout: float = ANSWER_TIMEOUT_S) -> InteractionLog:
        """Acknowledged, and a deferred reply ("thinking...") replaced by its content, or deleted: what a player
        sees once the bot is done (a reply with a picture is deferred while the picture is drawn)."""
        def done(record: InteractionRecord) -> bool:
            message = self.fake.messages.get(record.original_message_id or 0)
            return record.acknowledged and not (message is not None and message.get("flags", 0) & 128)
        return await self.wait_for(done, timeout)

    async def followed_up(self, count: int = 1) -> InteractionLog:
        return await self.wait_for(lambda r: len(r.followups) >= count)

    async def followup_saying(self, text: str) -> dict[str, Any]:
        """The first followup whose text has `text` (waiting for it): a deferred reply's content is a followup too,
        so count by what they say, not by their place."""
        def said(record: InteractionRecord) -> bool:
            return any(text in message_text(m) for m in record.followups)
        await self.wait_for(said)
        return next(m for m in self.record.followups if text in message_text(m))

    @property
    def response(self) -> dict[str, Any]:
        assert self.record.callbacks, "the bot has not acknowledged this interaction"
        return self.record.callbacks[0]

    @property
    def response_type(self) -> int:
        return self.response["type"]

    @property
    def data(self) -> dict[str, Any]:
        return self.response.get("data") or {}

    @property
    def ephemeral(self) -> bool:
        return bool((self.data.get("flags") or 0) & 64)

    @property
    def message(self) -> dict[str, Any]:
        """The message this interaction's reply lives in now (after any edits)."""
        assert self.record.original_message_id is not None, "this interaction has no message"
        return self.fake.messages[self.record.original_message_id]

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message["embeds"]

    @property
    def text(self) -> str:
        """Every piece of text in the reply message: content, embed titles, descriptions, fields, footers."""
        return message_text(self.message)


def message_text(message: dict[str, Any]) -> str:
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        for f in embed.get("fields") or []:
            parts += [f.get("name") or "", f.get("value") or ""]
        parts.append((embed.get("footer") or {}).get("text") or "")
    return "\n".join(p for p in parts if p)


def components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [item for row in message.get("components") or [] for item in row.get("components") or []]


class Harness:
    def __init__(self, fake: FakeDiscord, database_path: Path | None, extensions: list[str] | None = None,
                 picture_workers: int = 2, database_url: str | None = None) -> None:
        self.fake = fake
        self.database_url = database_url  # PostgreSQL instead of the SQLite file
        self.picture_workers = picture_workers  # as the bot runs by default: pictures drawn in worker processes
        self.locale = "en-US"  # the Discord client's language every interaction comes from ("ja": Japanese)
        self.database_path = database_path
        self.extensions = extensions if extensions is not None else extension_names()
        self.bot: ChaosTable | None = None
        self._task: asyncio.Task | None = None
        self.permissions: dict[int, discord.Permissions] = {}
        self.roles: dict[int, list[int]] = {}  # a member's roles (made with `fake.create_role`)
        self.errors: list[logging.LogRecord] = []
        self._log_handler = _Collect(self.errors)

    # -- people --------------------------------------------------------------------------------------

    def user(self, name: str, *, manager: bool = False, bot: bool = False, server_manager: bool = False,
             roles: tuple[int, ...] = ()) -> FakeUser:
        """A member: `manager` has Manage Channel, `server_manager` Manage Server; `roles` are role ids."""
        user = FakeUser(snowflake(), name, bot=bot)
        self.permissions[user.id] = SERVER_MANAGER_PERMISSIONS if server_manager else \
            MANAGER_PERMISSIONS if manager else PLAYER_PERMISSIONS
        self.roles[user.id] = list(roles)
        return user

    def give_role(self, user: FakeUser, role: int) -> None:
        self.roles.setdefault(user.id, []).append(role)

    # -- the bot -------------------------------------------------------------------------------------

    def settings(self) -> Settings:
        return Settings(token="fake-token", database_path=self.database_path, dev_guild_id=self.fake.guild_id,
                        log_level="DEBUG", picture_workers=self.picture_workers, database_url=self.database_url)

    def new_bot(self) -> ChaosTable:
        """A bot from `create_bot()`, pointed at the fake Discord, not started."""
        discord.http.Route.BASE = self.fake.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.fake.gateway_url)
        bot = create_bot(self.settings(), extensions=self.extensions)
        bot._connection.guild_ready_timeout = 0.01  # the fake sends every guild at once
        return bot

    async def start_bot(self) -> ChaosTable:
        logging.getLogger().addHandler(self._log_handler)
        self.bot = self.new_bot()
        self._task = asyncio.create_task(self.bot.start("fake-token"), name="bot-under-test")
        ready = asyncio.create_task(self.bot.wait_until_ready())
        done, _ = await asyncio.wait({ready, self._task}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
        if self._task in done:
            ready.cancel()
            self._task.result()  # raises what stopped the bot
        if ready not in done:
            raise AssertionError("the bot did not become ready within 10 s")
        await self.fake.wait_connected()
        return self.bot

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            await asyncio.wait({self._task}, timeout=10)
            if self._task.done() and not self._task.cancelled() and self._task.exception():
                raise self._task.exception()
        logging.getLogger().removeHandler(self._log_handler)
        self.bot, self._task = None, None

    async def restart(self) -> ChaosTable:
        await self.stop_bot()
        return await self.start_bot()

    # -- interactions --------------------------------------------------------------------------------

    def _envelope(self, type_: int, data: dict[str, Any], user: FakeUser, channel_id: int | None,
                  **extra: Any) -> dict[str, Any]:
        channel_id = channel_id or self.fake.default_channel
        interaction_id = snowflake()
        permissions = self.permissions.get(user.id, PLAYER_PERMISSIONS)
        return {
            "id": str(interaction_id), "application_id": str(self.fake.application_id), "type": type_,
            "token": f"token-{interaction_id}", "version": 1, "attachment_size_limit": 10 * 1024 * 1024,
            "data": data, "guild_id": str(self.fake.guild_id), "channel_id": str(channel_id),
            "channel": self.fake.channels[channel_id],
            "member": _member(user, permissions, self.roles.get(user.id, [])),
            "app_permissions": str(MANAGER_PERMISSIONS.value), "locale": self.locale, "guild_locale": "en-US",
            "entitlements": [], "authorizing_integration_owners": {"0": str(self.fake.guild_id)}, "context": 0,
            **extra,
        }

    async def slash(self, qualified_name: str, *, user: FakeUser, channel: int | None = None,
                    raw_options: list[dict[str, Any]] | None = None, **options: Any) -> InteractionLog:
        """Run `/qualified name` with typed options, as Discord would send it, and wait for the answer.

        Options are checked against the commands the bot registered; `raw_options` forges a payload."""
        return await self._send(self.slash_payload(qualified_name, user=user, channel=channel,
                                                   raw_options=raw_options, **options))

    def slash_payload(self, qualified_name: str, *, user: FakeUser, channel: int | None = None,
                      raw_options: list[dict[str, Any]] | None = None, **options: Any) -> dict[str, Any]:
        """The INTERACTION_CREATE payload of `/qualified name`, not sent: for `fake.send_interaction`, which sends
        without waiting for the answer (bench/load.py)."""
        names = qualified_name.split()
        schema = next((c for c in self.fake.commands_for(self.fake.guild_id) if c["name"] == names[0]), None)
        if schema is None:
            raise AssertionError(f"/{names[0]} is not registered; registered: "
                                 f"{[c['name'] for c in self.fake.commands_for(self.fake.guild_id)]}")
        resolved: dict[str, dict[str, Any]] = {}
        node, leaf_options = schema, None
        path: list[dict[str, Any]] = []
        for name in names[1:]:
            node = next((o for o in node.get("options", []) if o["name"] == name and o["type"] in (1, 2)), None)
            if node is None:
                raise AssertionError(f"/{qualified_name}: no subcommand {name!r}")
            path.append(node)
        leaf_options = raw_options if raw_options is not None else self._options(node, options, resolved)
        for sub in reversed(path):
            leaf_options = [{"name": sub["name"], "type": sub["type"], "options": leaf_options}]
        data: dict[str, Any] = {"id": schema["id"], "name": schema["name"], "type": 1, "options": leaf_options,
                                "guild_id": str(self.fake.guild_id)}
        if resolved:
            data["resolved"] = resolved
        return self._envelope(2, data, user, channel)

    def _options(self, node: dict[str, Any], given: dict[str, Any], resolved: dict[str, Any]) -> list[dict]:
        schema = {o["name"]: o for o in node.get("options", [])}
        unknown = set(given) - set(schema)
        if unknown:
            raise AssertionError(f"unknown options {sorted(unknown)}; the command has {sorted(schema)}")
        missing = [n for n, o in schema.items() if o.get("required") and n not in given]
        if missing:
            raise AssertionError(f"missing required options {missing}")
        out = []
        for name, value in given.items():
            kind = schema[name]["type"]
            if kind == 6:
                resolved.setdefault("users", {})[str(value.id)] = value.to_dict()
                perms = self.permissions.get(value.id, PLAYER_PERMISSIONS)
                member = _member(value, perms, self.roles.get(value.id, []))
                member.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = member
                value = str(value.id)
            elif kind == 8:  # a role: its id (made with `fake.create_role`)
                resolved.setdefault("roles", {})[str(value)] = self.fake.roles[value]
                value = str(value)
            elif kind == 11:  # an attachment: (filename, bytes)
                filename, data = value
                attachment = self.fake.upload(filename, data)
                resolved.setdefault("attachments", {})[attachment["id"]] = attachment
                value = attachment["id"]
            out.append({"name": name, "type": kind, "value": value})
        return out

    async def autocomplete(self, qualified_name: str, option: str, current: str, *, user: FakeUser,
                           channel: int | None = None) -> list[dict[str, Any]]:
        """Type `current` into `option` of a command; returns the choices the bot suggests."""
        names = qualified_name.split()
        schema = next(c for c in self.fake.commands_for(self.fake.guild_id) if c["name"] == names[0])
        leaf = [{"name": option, "type": 3, "value": current, "focused": True}]
        for name in reversed(names[1:]):
            leaf = [{"name": name, "type": 1, "options": leaf}]
        data = {"id": schema["id"], "name": schema["name"], "type": 1, "options": leaf,
                "guild_id": str(self.fake.guild_id)}
        log = await self._send(self._envelope(4, data, user, channel))
        assert log.response_type == 8
        return log.data["choices"]

    async def click(self, message: dict[str, Any], *, user: FakeUser, label: str | None = None,
                    custom_id: str | None = None) -> InteractionLog:
        """Press a button (by label or custom_id) on the message as the fake holds it now."""
        current = copy.deepcopy(self.fake.messages[int(message["id"])])
        buttons = [c for c in components(current) if c["type"] == 2]
        button = next((b for b in buttons if (label is None or b.get("label") == label)
                       and (custom_id is None or b.get("custom_id") == custom_id)), None)
        if button is None:
            raise AssertionError(f"no such button; buttons: {[(b.get('label'), b.get('custom_id')) for b in buttons]}")
        if button.get("disabled"):
            raise AssertionError(f"button {button.get('label')!r} is disabled")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._send(self._envelope(3, data, user, int(current["channel_id"]), message=current))

    async def choose(self, message: dict[str, Any], values: list[str], *, user: FakeUser,
                     custom_id: str | None = None, forge: bool = False) -> InteractionLog:
        """Pick options in a select menu. Values must be offered options unless `forge` is set."""
        current = copy.deepcopy(self.fake.messages[int(message["id"])])
        selects = [c for c in components(current) if c["type"] == 3]
        select = next((s for s in selects if custom_id is None or s.get("custom_id") == custom_id), None)
        if select is None:
            raise AssertionError("no select menu on that message")
        offered = {o["value"] for o in select.get("options", [])}
        if not forge and not set(values) <= offered:
            raise AssertionError(f"{values} are not all offered ({sorted(offered)})")
        data = {"custom_id": select["custom_id"], "component_type": 3, "values": values}
        return await self._send(self._envelope(3, data, user, int(current["channel_id"]), message=current))

    async def _send(self, payload: dict[str, Any]) -> InteractionLog:
        record = await self.fake.send_interaction(payload)
        return await InteractionLog(self.fake, record).answered()

    async def post(self, text: str, *, user: FakeUser, channel: int | None = None) -> dict[str, Any]:
        """`user` writes `text` in the channel (chat, not a command): the bot hears of it through the gateway."""
        return await self.fake.post_message(channel or self.fake.default_channel, user, text)

    async def delete(self, *messages: dict[str, Any]) -> None:
        """A moderator deletes these messages of one channel (together, when more than one)."""
        await self.fake.delete_messages(int(messages[0]["channel_id"]), [int(m["id"]) for m in messages])

    def channel_messages(self, channel_id: int | None = None) -> list[dict[str, Any]]:
        channel = str(channel_id or self.fake.default_channel)
        return [m for m in self.fake.messages.values() if m["channel_id"] == channel]

    def public_messages(self, channel_id: int | None = None) -> list[dict[str, Any]]:
        """What everyone in the channel sees, oldest first (ephemeral replies excluded)."""
        return [m for m in self.channel_messages(channel_id) if not m.get("flags", 0) & 64]

    def newest_public(self, channel_id: int | None = None) -> dict[str, Any]:
        return self.public_messages(channel_id)[-1]


def _member(user: FakeUser, permissions: discord.Permissions, roles: list[int] | None = None) -> dict[str, Any]:
    return {"user": user.to_dict(), "roles": [str(role) for role in roles or []],
            "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0, "nick": None,
            "avatar": None, "pending": False, "permissions": str(permissions.value)}


class _Collect(logging.Handler):
    """Keeps ERROR records: a swallowed exception in the bot fails the test that caused it."""

    def __init__(self, sink: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record)
