-- Gin-jon-tan personal collections (seed 004, Comment 2): the cards a player owns in a server, from which a
-- 33-card deck is drafted for each game played with personal decks; prizes move cards between them.
CREATE TABLE ginjontan_collections (
    guild_id INTEGER,
    user_id  INTEGER NOT NULL,
    cards    TEXT    NOT NULL DEFAULT '[]',  -- JSON list of card ids
    PRIMARY KEY (guild_id, user_id)
);
