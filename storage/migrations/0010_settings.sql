-- What a server or a channel has set with /settings (issue 21): `scope` 'server' or 'channel', `scope_id` the server's
-- or the channel's id, `key` the setting ('manager_role', 'language', 'default:<game>' ...), `value` its JSON.
CREATE TABLE settings (
    scope      TEXT    NOT NULL CHECK (scope IN ('server', 'channel')),
    scope_id   INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    updated_by INTEGER,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (scope, scope_id, key)
);

-- A server's named presets of a game's options (house rules): `options` the JSON of what the game's start takes.
CREATE TABLE presets (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    options    TEXT    NOT NULL,
    updated_by INTEGER,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, name)
);
