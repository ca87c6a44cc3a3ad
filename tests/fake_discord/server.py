"""The fake Discord: an aiohttp REST API and a websocket gateway on 127.0.0.1.

It keeps what a real client could observe: registered commands, messages (with the bot's real
components), and every interaction's acknowledgement, followups and edits. It refuses what Discord
refuses (see limits.py) and records each refusal in `rejections`, so a test fails loudly on them.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

from tests.fake_discord import limits

ACK_DEADLINE_S = 3.0
GUILD_MESSAGES = 1 << 9  # the intent (not privileged) for MESSAGE_CREATE, MESSAGE_DELETE and MESSAGE_DELETE_BULK
_snowflakes = itertools.count(1_300_000_000_000_000_000)


def snowflake() -> int:
    return next(_snowflakes)


def _now() -> str:
    return datetime.now(UTC).isoformat()


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py compares the Content-Type header exactly; web.json_response adds "; charset=utf-8".
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def discord_error(status: int, code: int, message: str, errors: Any = None) -> web.Response:
    body: dict[str, Any] = {"code": code, "message": message}
    if errors is not None:
        body["errors"] = errors
    return json_response(body, status)


@dataclass(frozen=True)
class FakeUser:
    id: int
    name: str
    bot: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "global_name": self.name, "discriminator": "0",
                "avatar": None, "bot": self.bot, "public_flags": 0}


@dataclass
class InteractionRecord:
    """What the bot did with one interaction."""

    id: int
    token: str
    payload: dict[str, Any]
    sent_at: float
    callbacks: list[dict[str, Any]] = field(default_factory=list)   # bodies the bot POSTed to /callback
    followups: list[dict[str, Any]] = field(default_factory=list)   # messages created by followups
    edits: list[dict[str, Any]] = field(default_factory=list)       # bodies of PATCHes to its messages
    original_message_id: int | None = None
    acknowledged_at: float | None = None  # time.monotonic() when the first callback arrived (before any check)
    pictured_at: float | None = None  # when a file first came with its answer (callback, followup or edit)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def acknowledged(self) -> bool:
        return bool(self.callbacks)


class FakeDiscord:
    def __init__(self) -> None:
        self.application_id = snowflake()
        self.bot_user = FakeUser(self.application_id, "Chaos Table", bot=True)
        self.guild_id = snowflake()
        self.channels: dict[int, dict[str, Any]] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self._by_token: dict[str, InteractionRecord] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.rejections: list[dict[str, Any]] = []
        self.unknown_routes: list[str] = []
        self.requests: list[tuple[str, str]] = []
        self.identifies = 0
        self.uploads: dict[int, bytes] = {}  # attachment id -> bytes (uploaded or sent), served at /attachments/...
        self._sessions: dict[int, web.WebSocketResponse] = {}  # shard id -> its gateway session (unsharded: 0)
        self.shard_count = 1  # as the sessions identified
        self.guild_on_every_shard = False  # tests: every session serves the guild (two processes on one channel)
        self.recommended_shards = 2  # what GET /gateway/bot answers
        self._seq = 0
        self.intents = 0  # those the connected bot identified with
        self._events: list[tuple[str, dict[str, Any]]] = []  # gateway events of a REST call, sent before it answers
        self._connected = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.add_channel("table-1")

    # -- lifecycle -----------------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(middlewares=[self._log_middleware])
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        app.router.add_get("/attachments/{id}/{name}", self._attachment)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        for ws in list(self._sessions.values()):
            if not ws.closed:
                await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- world ---------------------------------------------------------------------------------------

    def add_channel(self, name: str) -> int:
        channel_id = snowflake()
        self.channels[channel_id] = {"id": str(channel_id), "type": 0, "guild_id": str(self.guild_id),
                                     "name": name, "position": len(self.channels), "permission_overwrites": [],
                                     "nsfw": False, "parent_id": None, "topic": None, "rate_limit_per_user": 0,
                                     "last_message_id": None, "flags": 0}
        return channel_id

    def add_thread(self, parent_id: int, name: str, owner_id: int, thread_id: int | None = None) -> int:
        """A public thread under `parent_id` (from a message when `thread_id` is that message's id)."""
        thread_id = thread_id or snowflake()
        self.channels[thread_id] = {
            "id": str(thread_id), "type": 11, "guild_id": str(self.guild_id), "name": name,
            "parent_id": str(parent_id), "owner_id": str(owner_id), "last_message_id": None, "flags": 0,
            "rate_limit_per_user": 0, "message_count": 0, "member_count": 1,
            "thread_metadata": {"archived": False, "auto_archive_duration": 1440, "archive_timestamp": _now(),
                                "locked": False},
        }
        return thread_id

    def threads_of(self, parent_id: int) -> list[int]:
        return [c for c, data in self.channels.items() if data.get("parent_id") == str(parent_id)
                and data["type"] in (10, 11, 12)]

    @property
    def default_channel(self) -> int:
        return next(iter(self.channels))

    def guild_payload(self) -> dict[str, Any]:
        everyone = {"id": str(self.guild_id), "name": "@everyone", "permissions": "2248473465835073",
                    "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
        me = {"user": self.bot_user.to_dict(), "roles": [], "joined_at": _now(), "deaf": False, "mute": False,
              "flags": 0}
        return {"id": str(self.guild_id), "name": "Chaos Test Server", "icon": None, "owner_id": "1",
                "roles": [everyone], "emojis": [], "stickers": [], "features": [],
                "channels": list(self.channels.values()), "threads": [], "members": [me], "member_count": 5,
                "presences": [], "voice_states": [], "large": False, "unavailable": False,
                "premium_tier": 0, "preferred_locale": "en-US", "verification_level": 0,
                "default_message_notifications": 0, "explicit_content_filter": 0, "mfa_level": 0,
                "system_channel_flags": 0, "nsfw_level": 0, "stage_instances": [], "guild_scheduled_events": [],
                "joined_at": _now()}

    def commands_for(self, guild_id: int | None) -> list[dict[str, Any]]:
        return self.guild_commands.get(guild_id, []) + self.global_commands if guild_id else self.global_commands

    def upload(self, filename: str, data: bytes) -> dict[str, Any]:
        """An attachment a user uploads with a slash command: its resolved data, and its bytes served here."""
        attachment_id = snowflake()
        self.uploads[attachment_id] = data
        url = f"http://127.0.0.1:{self.port}/attachments/{attachment_id}/{filename}"
        return {"id": str(attachment_id), "filename": filename, "size": len(data), "url": url, "proxy_url": url,
                "content_type": "application/octet-stream"}

    async def _attachment(self, request: web.Request) -> web.Response:
        data = self.uploads.get(int(request.match_info["id"]))
        return web.Response(body=data) if data is not None else web.Response(status=404)

    # -- gateway -------------------------------------------------------------------------------------

    @property
    def guild_shard(self) -> int:
        """The shard Discord gives the guild's events to: (guild id >> 22) % shard count."""
        return (self.guild_id >> 22) % self.shard_count

    def guild_shard_for(self, shard_count: int) -> int:
        return (self.guild_id >> 22) % shard_count

    def _serves_guild(self, shard: int) -> bool:
        return self.guild_on_every_shard or shard == self.guild_shard

    @property
    def _ws(self) -> web.WebSocketResponse | None:
        """The session the guild's events go to."""
        return self._sessions.get(self.guild_shard)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        shard: int | None = None
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}})
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                break
            frame = json.loads(msg.data)
            op = frame.get("op")
            if op == 1:
                await ws.send_json({"op": 11})
            elif op == 2:
                self.identifies += 1
                self.intents = frame["d"].get("intents", 0)
                shard, self.shard_count = frame["d"].get("shard") or (0, 1)
                self._sessions[shard] = ws
                self._seq = 0
                serves = self._serves_guild(shard)
                await self.dispatch("READY", {
                    "v": 10, "user": self.bot_user.to_dict(),
                    "guilds": [{"id": str(self.guild_id), "unavailable": True}] if serves else [],
                    "session_id": f"session-{self.identifies}", "resume_gateway_url": self.gateway_url,
                    "shard": [shard, self.shard_count], "application": {"id": str(self.application_id), "flags": 0},
                }, shard=shard)
                if serves:
                    await self.dispatch("GUILD_CREATE", self.guild_payload(), shard=shard)
                    self._connected.set()
        if shard is not None and self._sessions.get(shard) is ws:
            del self._sessions[shard]
            if shard == self.guild_shard:
                self._connected.clear()
        return ws

    async def wait_connected(self, timeout: float = 10) -> None:
        await asyncio.wait_for(self._connected.wait(), timeout)

    async def dispatch(self, event: str, data: dict[str, Any], *, shard: int | None = None) -> None:
        """An event on the gateway: to the session of `shard`, by default to every session that serves the guild."""
        targets = [self._sessions[shard]] if shard is not None and shard in self._sessions else [
            ws for number, ws in self._sessions.items() if self._serves_guild(number)]
        if not targets:
            raise RuntimeError("no bot is connected to the fake gateway")
        self._seq += 1
        for ws in targets:
            await ws.send_json({"op": 0, "t": event, "s": self._seq, "d": data})

    async def _send_events(self) -> None:
        """The message events of what just happened, sent as Discord sends them: only to a bot with the guild
        messages intent."""
        events, self._events = self._events, []
        if self._ws is not None and self.intents & GUILD_MESSAGES:
            for event, data in events:
                await self.dispatch(event, data)

    async def post_message(self, channel_id: int, author: FakeUser, content: str) -> dict[str, Any]:
        """A message someone (not the bot) posts in the channel."""
        message = self._store_message(channel_id, {"content": content}, [], author=author)
        await self._send_events()
        return message

    async def delete_messages(self, channel_id: int, message_ids: list[int]) -> None:
        """Messages a moderator deletes: one is a MESSAGE_DELETE, more a MESSAGE_DELETE_BULK."""
        for message_id in message_ids:
            del self.messages[message_id]
        ids = [str(m) for m in message_ids]
        base = {"channel_id": str(channel_id), "guild_id": str(self.guild_id)}
        self._events.append(("MESSAGE_DELETE", dict(base, id=ids[0])) if len(ids) == 1
                            else ("MESSAGE_DELETE_BULK", dict(base, ids=ids)))
        await self._send_events()

    async def send_interaction(self, payload: dict[str, Any], *, shard: int | None = None) -> InteractionRecord:
        """Deliver an interaction: to the guild's shard, or to the session of `shard` (tests of several processes
        that all serve the guild)."""
        record = InteractionRecord(int(payload["id"]), payload["token"], payload, time.monotonic())
        self.interactions[record.id] = record
        self._by_token[record.token] = record
        if shard is None and self.guild_on_every_shard:
            shard = self.guild_shard
        await self.dispatch("INTERACTION_CREATE", payload, shard=shard)
        return record

    # -- REST ----------------------------------------------------------------------------------------

    @web.middleware
    async def _log_middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        self.requests.append((request.method, request.path))
        return await handler(request)

    async def _rest(self, request: web.Request) -> web.Response:
        response = await self._route(request)
        await self._send_events()
        return response

    async def _route(self, request: web.Request) -> web.Response:
        parts = request.match_info["tail"].strip("/").split("/")
        method = request.method
        route = (method, *parts)
        body, files = await _read_body(request)
        app = str(self.application_id)
        if route == ("GET", "gateway", "bot"):  # asked by AutoShardedBot alone
            return json_response({"url": self.gateway_url, "shards": self.recommended_shards,
                                  "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0,
                                                          "max_concurrency": 16}})
        if route == ("GET", "users", "@me"):
            return json_response(self.bot_user.to_dict())
        if route == ("GET", "oauth2", "applications", "@me"):
            return json_response({"id": app, "name": "Chaos Table", "description": "", "icon": None,
                                  "bot_public": True, "bot_require_code_grant": False,
                                  "owner": {"id": "1", "username": "owner", "discriminator": "0", "avatar": None},
                                  "verify_key": "0" * 64, "flags": 0})
        if method == "PUT" and parts[0] == "applications" and (problems := limits.command_problems(body)):
            return self._reject("command sync", problems, body)
        if method == "PUT" and parts[:3] == ["applications", app, "commands"]:
            self.global_commands = _with_ids(body, None, self.application_id)
            return json_response(self.global_commands)
        if method == "PUT" and len(parts) == 5 and parts[:3] == ["applications", app, "guilds"]:
            guild = int(parts[3])
            self.guild_commands[guild] = _with_ids(body, guild, self.application_id)
            return json_response(self.guild_commands[guild])
        if method == "POST" and len(parts) == 4 and parts[0] == "interactions" and parts[3] == "callback":
            return self._callback(int(parts[1]), parts[2], body, files)
        if parts[:2] == ["webhooks", app] and len(parts) >= 3:
            return self._webhook(method, parts[2], parts[4] if len(parts) == 5 else None, body, files)
        if method == "POST" and parts[0] == "channels" and parts[-1] == "threads" and len(parts) in (3, 5):
            return await self._create_thread(int(parts[1]), int(parts[3]) if len(parts) == 5 else None, body)
        if method == "GET" and parts[0] == "channels" and len(parts) == 2:
            channel = self.channels.get(int(parts[1]))
            return json_response(channel) if channel else discord_error(404, 10003, "Unknown Channel")
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            return self._channel_message(method, int(parts[1]), parts[3] if len(parts) == 4 else None, body, files)
        self.unknown_routes.append(f"{method} /{'/'.join(parts)}")
        return discord_error(404, 0, "404: Not Found")

    async def _create_thread(self, parent_id: int, message_id: int | None, body: Any) -> web.Response:
        parent = self.channels.get(parent_id)
        if parent is None or parent["type"] != 0:
            return discord_error(404, 10003, "Unknown Channel")
        if message_id is not None and message_id not in self.messages:
            return discord_error(404, 10008, "Unknown Message")
        name = (body or {}).get("name") or ""
        if not 1 <= len(name) <= 100:
            return self._reject("thread", [f"thread name of {len(name)} characters (1-100)"], body)
        thread_id = self.add_thread(parent_id, name, self.application_id, message_id)
        if self._ws is not None:
            await self.dispatch("THREAD_CREATE", dict(self.channels[thread_id], newly_created=True))
        return json_response(self.channels[thread_id], status=201)

    def _reject(self, where: str, problems: list[str], body: Any) -> web.Response:
        self.rejections.append({"where": where, "problems": problems, "body": body})
        return discord_error(400, 50035, "Invalid Form Body", {"_problems": problems})

    def _callback(self, interaction_id: int, token: str, body: dict[str, Any], files: list) -> web.Response:
        arrived = time.monotonic()
        record = self.interactions.get(interaction_id)
        if record is None or record.token != token:
            return discord_error(404, 10062, "Unknown interaction")
        if record.acknowledged_at is None:
            record.acknowledged_at = arrived
        if record.acknowledged:
            self.rejections.append({"where": "callback", "problems": ["acknowledged twice (40060)"], "body": body})
            return discord_error(400, 40060, "Interaction has already been acknowledged.")
        if time.monotonic() - record.sent_at > ACK_DEADLINE_S:
            self.rejections.append({"where": "callback", "problems": ["acknowledged after 3 s (10062)"],
                                    "body": body})
            return discord_error(404, 10062, "Unknown interaction")
        problems = limits.callback_problems(body)
        if problems:
            return self._reject("callback", problems, body)
        body = dict(body, files=files)
        if files and record.pictured_at is None:
            record.pictured_at = time.monotonic()
        record.callbacks.append(body)
        kind, data = body["type"], body.get("data") or {}
        interaction = {"id": str(interaction_id), "type": record.payload["type"]}
        resource: dict[str, Any] = {"type": kind}
        channel_id = int(record.payload["channel_id"])
        if kind in (4, 5):
            message = self._store_message(channel_id, data if kind == 4 else {"flags": data.get("flags", 0)},
                                          files, interaction_id=interaction_id)
            if kind == 5:
                message["flags"] = (data.get("flags") or 0) | 128  # loading
            record.original_message_id = int(message["id"])
            interaction.update(response_message_id=message["id"], response_message_loading=kind == 5,
                               response_message_ephemeral=bool((data.get("flags") or 0) & 64))
            resource["message"] = message
        elif kind in (6, 7):
            target = record.payload.get("message")
            if target is not None:
                record.original_message_id = int(target["id"])
                if kind == 7:
                    message = self._edit_message(int(target["id"]), data, files)
                    resource["message"] = message
        record.changed.set()
        return json_response({"interaction": interaction, "resource": resource})

    def _webhook(self, method: str, token: str, message_ref: str | None, body: Any, files: list) -> web.Response:
        record = self._by_token.get(token)
        if record is None:
            return discord_error(404, 10015, "Unknown Webhook")
        if files and record.pictured_at is None:
            record.pictured_at = time.monotonic()
        if not record.acknowledged:
            self.rejections.append({"where": "webhook", "problems": ["followup before acknowledging"], "body": body})
            return discord_error(404, 10015, "Unknown Webhook")
        if message_ref is None and method == "POST":
            problems = limits.message_problems(body)
            if problems:
                return self._reject("followup", problems, body)
            if record.original_message_id is not None and _is_loading(self.messages.get(record.original_message_id)):
                # The first followup after a deferred reply replaces the "thinking..." message.
                message = self._edit_message(record.original_message_id, body, files, done_loading=True)
            else:
                message = self._store_message(int(record.payload["channel_id"]), body, files)
            record.followups.append(message)
            record.changed.set()
            return json_response(message)
        message_id = record.original_message_id if message_ref == "@original" else int(message_ref or 0)
        response = self._existing_message(method, message_id, body, files, "edit")
        if method == "PATCH" and response.status == 200:
            record.edits.append(body)
        record.changed.set()
        return response

    def _channel_message(self, method: str, channel_id: int, message_ref: str | None, body: Any,
                         files: list) -> web.Response:
        if channel_id not in self.channels:
            return discord_error(404, 10003, "Unknown Channel")
        if method == "POST" and message_ref is None:
            problems = limits.message_problems(body)
            if problems:
                return self._reject("channel message", problems, body)
            return json_response(self._store_message(channel_id, body, files))
        return self._existing_message(method, int(message_ref or 0), body, files, "message edit")

    def _existing_message(self, method: str, message_id: int | None, body: Any, files: list,
                          where: str) -> web.Response:
        if message_id not in self.messages:
            return discord_error(404, 10008, "Unknown Message")
        if method == "GET":
            return json_response(self.messages[message_id])
        if method == "DELETE":
            message = self.messages.pop(message_id)
            self._events.append(("MESSAGE_DELETE", {"id": str(message_id), "channel_id": message["channel_id"],
                                                    "guild_id": str(self.guild_id)}))
            return web.Response(status=204)
        if method == "PATCH":
            problems = limits.message_problems(body)
            if problems:
                return self._reject(where, problems, body)
            return json_response(self._edit_message(message_id, body, files, done_loading=True))
        return discord_error(405, 0, "405: Method Not Allowed")

    # -- messages ------------------------------------------------------------------------------------

    def _store_message(self, channel_id: int, body: dict[str, Any], files: list,
                       interaction_id: int | None = None, author: FakeUser | None = None) -> dict[str, Any]:
        message_id = snowflake()
        message = {
            "id": str(message_id), "channel_id": str(channel_id), "guild_id": str(self.guild_id), "type": 0,
            "author": (author or self.bot_user).to_dict(), "content": body.get("content") or "",
            "embeds": body.get("embeds") or [], "components": body.get("components") or [],
            "attachments": self._attachments(files),
            "timestamp": _now(), "edited_timestamp": None, "tts": False, "mention_everyone": False,
            "mentions": [], "mention_roles": [], "pinned": False, "flags": body.get("flags") or 0,
            "application_id": str(self.application_id) if author is None else None,
            "pinged": _pinged(body),
        }
        if interaction_id is not None:
            payload = self.interactions[interaction_id].payload
            message["interaction_metadata"] = {"id": str(interaction_id), "type": payload["type"],
                                               "user": payload["member"]["user"]}
        self.messages[message_id] = message
        if channel_id in self.channels and not message["flags"] & 64:  # ephemeral replies are no channel message
            self.channels[channel_id]["last_message_id"] = str(message_id)
            self._events.append(("MESSAGE_CREATE", {k: v for k, v in message.items() if k != "pinged"}))
        return message

    def _attachments(self, files: list[tuple[str, bytes]]) -> list[dict[str, Any]]:
        out = []
        for name, data in files:
            attachment_id = snowflake()
            self.uploads[attachment_id] = data
            url = f"http://127.0.0.1:{self.port}/attachments/{attachment_id}/{name}"
            out.append({"id": str(attachment_id), "filename": name, "size": len(data), "url": url, "proxy_url": url})
        return out

    def _edit_message(self, message_id: int, body: dict[str, Any], files: list,
                      done_loading: bool = False) -> dict[str, Any]:
        message = self.messages[message_id]
        for key in ("content", "embeds", "components"):
            if key in body:
                message[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        # Completing a deferred reply is an edit of it: Discord notifies nobody (discord-api-docs#5497), so the
        # message keeps `pinged` empty. A reply that must ping is sent whole at once, never after a deferral.
        if files:
            message["attachments"] = self._attachments(files)
        elif "attachments" in body:
            kept = {str(a.get("id")) for a in body["attachments"] or []}
            message["attachments"] = [a for a in message["attachments"] if a["id"] in kept]
        if done_loading:
            message["flags"] = message.get("flags", 0) & ~128
        message["edited_timestamp"] = _now()
        return message


def _pinged(body: dict[str, Any]) -> list[int]:
    """The users a new message notifies: those named as `<@id>` in its content (never an embed), as far as its
    `allowed_mentions` let them be (none sent: all). Discord notifies nobody for an edit."""
    named = [int(m) for m in re.findall(r"<@!?(\d+)>", body.get("content") or "")]
    allowed = body.get("allowed_mentions")
    if allowed is None or "users" in (allowed.get("parse") or []):
        return sorted(set(named))
    return sorted(set(named) & {int(u) for u in allowed.get("users") or []})


def _is_loading(message: dict[str, Any] | None) -> bool:
    return message is not None and bool(message.get("flags", 0) & 128)


def _with_ids(commands: list[dict[str, Any]], guild_id: int | None, application_id: int) -> list[dict[str, Any]]:
    out = []
    for command in commands:
        stored = dict(command, id=str(snowflake()), version=str(snowflake()), application_id=str(application_id))
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        out.append(stored)
    return out


_DISPOSITION = re.compile(r'(?:^|;)\s*(name|filename)="([^"]*)"')


async def _read_body(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
    """JSON body, or multipart (payload_json + files[n]) as discord.py sends attachments. The headers are read
    with a pattern rather than aiohttp's full parsers (the email package's), which cost a millisecond a request:
    the load benchmark runs this fake in the bot's own process."""
    if request.headers.get("Content-Type", "").startswith("multipart/"):
        payload: Any = {}
        files: list[tuple[str, bytes]] = []
        reader = await request.multipart()
        async for part in reader:
            assert isinstance(part, BodyPartReader)
            names = dict(_DISPOSITION.findall(part.headers.get("Content-Disposition", "")))
            if names.get("name") == "payload_json":
                payload = json.loads(await part.read(decode=True))
            else:
                files.append((names.get("filename") or names.get("name") or "file", await part.read()))
        return payload, files
    text = await request.text()
    return (json.loads(text) if text else {}), []
