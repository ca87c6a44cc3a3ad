-- A server's deck library (issue 21): Cosmic Decks (`kind` 'cosmic') and CHAOS;JAN catalogues ('chaosjan') saved
-- by name with `/cosmic import save_as:` and `/chaosjan import save_as:`. `content` is the file as uploaded (UTF-8
-- text, at most 64 KB) and `file_name` its name, so `export` gives the same file back; `title` (the deck's own name)
-- and `cards` (how many) are read from it when it is saved, for the listings. A game copies its deck into its state
-- when it starts, so replacing or deleting a row never changes a game.
CREATE TABLE server_decks (
    guild_id  INTEGER NOT NULL,
    kind      TEXT    NOT NULL CHECK (kind IN ('cosmic', 'chaosjan')),
    name      TEXT    NOT NULL,
    title     TEXT    NOT NULL,
    cards     INTEGER NOT NULL,
    file_name TEXT    NOT NULL,
    content   TEXT    NOT NULL,
    saved_by  INTEGER,
    saved_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, kind, name)
);
