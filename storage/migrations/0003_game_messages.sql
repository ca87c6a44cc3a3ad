-- Messages a game keeps current by editing them (the /uno board), found again after a restart.
CREATE TABLE game_messages (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    role       TEXT    NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, role)
);
