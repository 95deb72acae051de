"""Game records: every game a host runs, kept with its metadata, replayed, exported, counted.

A game is ``(rules, seed, actions)`` and its journal holds all three, so the journal
is the record; beside it the host keeps a small metadata file (`meta`, written by
`keeping` when a game starts, after each round and at its end) so that listing and
counting never replays a journal. From the top:

- `store`: the kept games of a data folder, newest first, found by number or id; a game
  read back from its journal (`GameRecord`), with the checks on who may read it.
- `timeline`: a game as the states after each move, with its tricks and rounds marked.
- `export` and `importing`: the versioned JSON file (docs/RECORDS.md) and the move list
  (worded by `tichu_lan.words.narration`, as the replay and the table's log are).
- `stats`: per person, per table and overall; the evening's standings.

Nothing here touches the network: records stay on the host's machine.
"""
