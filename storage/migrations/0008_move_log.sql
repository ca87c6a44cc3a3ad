-- The log keeps moves and what the engine reported; whole states only as snapshots (issue 19): at the start, at
-- every entry whose seq is a multiple of 100 (storage.games.SNAPSHOT_EVERY), at the newest entry, and where an old
-- entry can't be replayed (a deck or catalogue was logged by name only). States between are rebuilt by replaying
-- the moves through the engine. `games.state` stays the current state.
CREATE TABLE game_snapshots (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    state   TEXT    NOT NULL,  -- JSON state after entry `seq`
    PRIMARY KEY (game_id, seq)
);

INSERT INTO game_snapshots (game_id, seq, state)
SELECT e.game_id, e.seq, e.state_after FROM game_events e JOIN games g ON g.id = e.game_id
WHERE e.seq % 100 = 0 OR e.seq = g.version
   OR (g.kind = 'table' AND json_extract(e.move, '$.type') IN ('cosmicstart', 'newdeck', 'chaosstart', 'usecatalogue'));

-- Small rows, stored in key order: no rowid and no second index for the key.
CREATE TABLE game_log (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    type       TEXT    NOT NULL CHECK (type IN ('start', 'move', 'undo', 'end')),
    actor_id   INTEGER,
    move       TEXT,             -- JSON of the move (an undo: {"undoes": seq}), NULL for start and end
    events     TEXT,             -- JSON list of what the engine reported, NULL for none
    undone_by  INTEGER,          -- seq of the 'undo' entry that stepped this entry back
    created_at INTEGER NOT NULL, -- Unix time in milliseconds
    request    TEXT,             -- the key of the request that made it (migration 0005)
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

INSERT INTO game_log (game_id, seq, type, actor_id, move, events, undone_by, created_at, request)
SELECT game_id, seq, type, actor_id, move, NULLIF(events, '[]'), undone_by,
       CAST(round((julianday(created_at) - 2440587.5) * 86400000.0) AS INTEGER), request
FROM game_events;

DROP TABLE game_events;
ALTER TABLE game_log RENAME TO game_events;
CREATE UNIQUE INDEX game_events_by_request ON game_events (request) WHERE request IS NOT NULL;
