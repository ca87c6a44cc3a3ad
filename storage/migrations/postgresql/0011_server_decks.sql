-- As storage/migrations/0011_server_decks.sql: a server's saved Cosmic Decks and CHAOS;JAN catalogues.
CREATE TABLE server_decks (
    guild_id  BIGINT  NOT NULL,
    kind      TEXT    NOT NULL CHECK (kind IN ('cosmic', 'chaosjan')),
    name      TEXT    NOT NULL,
    title     TEXT    NOT NULL,
    cards     INTEGER NOT NULL,
    file_name TEXT    NOT NULL,
    content   TEXT    NOT NULL,
    saved_by  BIGINT,
    saved_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, kind, name)
);
