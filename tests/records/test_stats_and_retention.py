"""The statistics' numbers, the evening's standings, and how many games a host keeps."""

from dataclasses import replace
from datetime import datetime, timedelta

from engine import Call, RuleSet
from engine.state import RoundResult
from tichu_lan import paths
from tichu_lan.records.keeping import Keeping
from tichu_lan.records.meta import GameMeta, SeatNote, TableName, read_meta
from tichu_lan.records.stats import evening_standings, statistics
from tests.records.conftest import engine_game, write_journal

NONE, TICHU, GRAND = Call.NONE, Call.TICHU, Call.GRAND


def game(when: datetime, winner: int, rounds, table="t", seats=("Ann", "Bob", "Cat", None),
         state="over") -> GameMeta:
    notes = tuple(SeatNote(n) if n else SeatNote("normal bot", "normal") for n in seats)
    return GameMeta(id=f"g{when:%H%M}", host="h", table=table, table_id=1, rules=RuleSet(),
                    seats=notes, started=when.isoformat(), updated=when.isoformat(), state=state,
                    rounds=tuple(rounds), winner=winner)


def round_(out, calls=(NONE,) * 4, double=-1):
    return RoundResult(tuple(out), tuple(calls), (50, 50), (0, 0), double)


def test_wins_rounds_calls_and_double_victories_per_person():
    evening = datetime(2025, 3, 1, 20, 0).astimezone()
    games = [
        game(evening, 0, [round_([0, 2], (TICHU, NONE, NONE, NONE), double=0),
                          round_([1, 0, 3, 2], (NONE, GRAND, TICHU, NONE))]),
        game(evening + timedelta(hours=1), 1, [round_([3, 0, 1, 2], (TICHU, NONE, NONE, NONE))],
             table="u", seats=("Ann", "Dan", None, "Bob")),
        game(evening + timedelta(hours=2), -1, [round_([2, 1, 0, 3])], state="playing"),
    ]
    stats = statistics(games)
    ann = stats.overall.people["Ann"]
    assert (ann.games, ann.finished, ann.wins, ann.rounds) == (3, 2, 1, 4)
    assert (ann.tichu, ann.tichu_made, ann.grand, ann.doubles) == (2, 1, 0, 1)
    bob = stats.overall.people["Bob"]
    assert (bob.games, bob.wins, bob.grand, bob.grand_made) == (3, 1, 1, 1)   # seat 3 in "u"
    cat = stats.overall.people["Cat"]
    assert (cat.tichu, cat.tichu_made, cat.doubles, cat.wins) == (1, 0, 1, 1)
    assert [p.name for p in stats.overall.ranked()][:2] == ["Ann", "Bob"]
    assert set(stats.tables) == {"t", "u"} and stats.tables["u"].games == 1
    assert "normal bot" not in stats.overall.people


def test_the_evenings_standings_count_tonights_games_for_the_people_at_the_table():
    tonight = datetime(2025, 3, 1, 21, 0).astimezone()
    games = [game(tonight - timedelta(days=1), 0, [round_([0, 2], double=0)]),
             game(tonight, 0, [round_([0, 1, 2, 3])]),
             game(tonight + timedelta(hours=4), 1, [round_([1, 0, 2, 3])])]   # 1 o'clock
    now = tonight + timedelta(hours=5)
    standings = evening_standings(games, {"Ann", "Bob", "Eve"}, now)
    assert [(p.name, p.games, p.wins) for p in standings] == [("Ann", 2, 1), ("Bob", 2, 1),
                                                             ("Eve", 0, 0)]


def test_a_host_keeps_the_newest_finished_games_and_every_game_it_may_resume(data_dir):
    keeping = Keeping(paths.records_dir(data_dir), paths.finished_journal_dir(data_dir), "h",
                      keep=2)
    record, _ = engine_game(3)
    final = record.final()
    journals = []
    for table in range(1, 5):
        directory = paths.journal_dir(data_dir) if table == 1 else \
            paths.finished_journal_dir(data_dir)
        path = write_journal(directory, record, None if table == 1 else "over", table)
        journals.append(path)
        seats = [(s.name, s.bot) for s in record.meta.seats]
        keeping.note(path, TableName("t"), table, seats, final, 10,
                     "playing" if table == 1 else "over")
        meta_path = paths.records_dir(data_dir) / f"{path.stem}.json"
        older = (datetime(2025, 1, 1) + timedelta(days=table)).astimezone().isoformat()
        meta_path.write_text(meta_path.read_text().replace(read_meta(meta_path).started, older))
    # the fourth game's end forgot the oldest finished one, metadata and journal
    kept = sorted(p.stem for p in paths.records_dir(data_dir).glob("*.json"))
    assert kept == sorted(j.stem for j in (journals[0], journals[2], journals[3]))
    assert not journals[1].exists() and journals[0].exists()
    assert keeping.prune() == []
    assert replace(keeping, keep=1).prune() == [journals[2].stem]
    assert Keeping(keeping.directory, keeping.done_dir, "h", keep=0).prune() == []


def test_the_metadata_keeps_the_seats_and_start_the_game_began_with(data_dir):
    keeping = Keeping(paths.records_dir(data_dir), paths.finished_journal_dir(data_dir), "h")
    record, _ = engine_game(3)
    path = write_journal(paths.journal_dir(data_dir), record)
    keeping.note(path, TableName("t"), 1,
                 [("Ann", None), ("Bob", None), ("x", "random"), ("y", "random")],
                 record.final(), 5, "playing")
    first = read_meta(paths.records_dir(data_dir) / f"{path.stem}.json")
    keeping.note(path, TableName("t"), 1, [("Ann", None), ("random bot", "random"), ("x", "random"),
                                ("y", "random")], record.final(), 9, "closed")
    then = read_meta(paths.records_dir(data_dir) / f"{path.stem}.json")
    assert then.seats == first.seats and then.started == first.started
    assert then.state == "closed" and then.moves == 9
    assert replace(then, updated=first.updated, state="playing", moves=5) == first


def test_kept_games_are_read_once_and_again_only_when_their_file_changes(data_dir, monkeypatch):
    """A game's end looks at every kept game twice on the host's reactor: each file is read
    for retention only when it is new or changed, and whole for the standings only when it
    is one of this evening's games."""
    from tichu_lan.records import keeping as keeping_module
    reads = []
    monkeypatch.setattr(keeping_module, "read_meta",
                        lambda path: reads.append(path.stem) or read_meta(path))
    keeping = Keeping(paths.records_dir(data_dir), paths.finished_journal_dir(data_dir), "h")
    record, _ = engine_game(3)
    seats = [(s.name, s.bot) for s in record.meta.seats]
    journals = [write_journal(paths.finished_journal_dir(data_dir), record, "over", table)
                for table in (1, 2, 3)]
    for table, path in enumerate(journals, start=1):
        keeping.note(path, TableName("t"), table, seats, record.final(), 10, "playing")
        if table > 1:                                               # not this evening's
            meta_path = paths.records_dir(data_dir) / f"{path.stem}.json"
            older = datetime(2025, 1, table).astimezone().isoformat()
            meta_path.write_text(meta_path.read_text().replace(read_meta(meta_path).started,
                                                               older))
    assert sorted(m.state for m, _ in keeping.kept()) == ["playing"] * 3
    reads.clear()
    keeping.note(journals[0], TableName("t"), 1, seats, record.final(), 12,
                 "over")                                    # prunes: reads one
    assert reads == [journals[0].stem, journals[0].stem]     # the previous seats, then kept
    reads.clear()
    standing = next(s for s in keeping.evening({"Ann"}, datetime.now().astimezone())
                    if s["name"] == "Ann")                 # Bob's too: the whole evening
    assert reads == [journals[0].stem] and standing["games"] == 1    # only tonight's game
    reads.clear()
    (paths.records_dir(data_dir) / f"{journals[1].stem}.json").write_text("{not json")
    (paths.records_dir(data_dir) / f"{journals[2].stem}.json").unlink()
    assert [(m.id, m.state) for m, _ in keeping.kept()] == [(journals[0].stem, "over")]
    assert reads == [journals[1].stem]
