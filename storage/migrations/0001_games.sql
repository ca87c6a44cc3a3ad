-- One row per game. At most one active game per channel and kind; finished games stay for history.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    state       TEXT    NOT NULL,           -- JSON, the engine's to_dict
    version     INTEGER NOT NULL DEFAULT 0, -- the seq of the latest event
    created_by  INTEGER,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    finished_at TEXT
);

CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id, kind) WHERE status = 'active';
CREATE INDEX games_by_guild ON games (guild_id, kind, status);

-- Append-only log: 'start' (seq 0), then 'move', 'undo' and 'end' entries. An undone move keeps its row
-- and points at the 'undo' entry that stepped it back.
CREATE TABLE game_events (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    type        TEXT    NOT NULL CHECK (type IN ('start', 'move', 'undo', 'end')),
    actor_id    INTEGER,
    move        TEXT,                        -- JSON of the move, NULL for start
    events      TEXT    NOT NULL DEFAULT '[]', -- JSON list of what the engine reported
    state_after TEXT    NOT NULL,            -- JSON state after this entry
    undone_by   INTEGER,                     -- seq of the 'undo' entry that stepped this move back
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);  -- a rowid table: rows carry whole states, too big for WITHOUT ROWID
