-- As storage/migrations/0010_settings.sql: what a server or a channel has set with /settings, and a server's presets.
CREATE TABLE settings (
    scope      TEXT   NOT NULL CHECK (scope IN ('server', 'channel')),
    scope_id   BIGINT NOT NULL,
    key        TEXT   NOT NULL,
    value      TEXT   NOT NULL,
    updated_by BIGINT,
    updated_at TEXT   NOT NULL,
    PRIMARY KEY (scope, scope_id, key)
);

CREATE TABLE presets (
    guild_id   BIGINT NOT NULL,
    game       TEXT   NOT NULL,
    name       TEXT   NOT NULL,
    options    TEXT   NOT NULL,
    updated_by BIGINT,
    updated_at TEXT   NOT NULL,
    PRIMARY KEY (guild_id, game, name)
);
