"""The host: tables, bots and journals behind one listening TCP port.

`tichu server` runs one without a terminal UI; `tichu host` and `tichu play`
run one beside the terminal client. Use::

    host = Host(HostConfig(bind="127.0.0.1", port=0))
    host.resume()                  # optional: bring back unfinished tables
    port = host.listen()
    ...
    yield host.stop()
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from twisted.internet import defer
from twisted.logger import Logger

from .. import paths, protocol
from ..lifecycle import cancel
from ..text_cleaning import clean_text
from ..records.keeping import Keeping
from .botrunner import BotRunner
from .host_config import HostConfig
from ..records.journal import JournalError, keep_sound_part, read_journal, unfinished_journals
from .admission import Admission
from .lobby import Lobby, LobbySummary
from .room import Room
from .services import Metrics, Retention, Services
from .table_restore import restore
from .table_quota import TableQuota
from .damage_notice import DamageNotice
from .evening_games import Evening
from .reference_table import against_the_bots
from .guesses import PasswordGuard
from .heap import HeapTrimmer, malloc_trim
from .session import AT_TABLE, Standing
from .outbox import OutputBudget
from .connection import Stage
from .farewell import farewell
from .wire import HostFactory

log = Logger()
PATIENCE = 1.0      # seconds a stopping host gives its last word to reach the guests


@dataclass
class Resumed:
    """What became of one journal at resume."""

    path: Path
    table: int | None               # the table's id, None if it could not be restored
    moves: int = 0
    damage: str | None = None       # the damaged tail that was cut off, if any
    backup: Path | None = None      # where the damaged file was copied before the cut


class _Bound(Protocol):
    port: int


class _Listening(Protocol):
    """The listening port (Twisted's `IListeningPort`, a zope interface mypy cannot check)."""

    def getHost(self) -> _Bound: ...

    def stopListening(self) -> object: ...


class Host:
    def __init__(self, config: HostConfig | None = None, reactor: Any = None) -> None:
        """``reactor``: Twisted's (the default), or a test's `task.Clock` for a host that
        never listens. It is untyped here because Twisted types it only as zope interfaces;
        the clocks it drives are typed as `tichu_lan.lifecycle.Clock`."""
        if reactor is None:
            from twisted.internet import reactor
        self.config = config or HostConfig()
        self.reactor = reactor
        self.name = clean_text(self.config.name)[:64] or "tichu host"
        self.metrics = Metrics()
        self.runner = BotRunner(self.config.inline_levels, self.config.bot_workers, reactor,
                                self.config.bot_worker)
        data = Path(self.config.data_dir)
        self.services = Services(clock=reactor, runner=self.runner, pacing=self.config.pacing,
                                 journal_dir=paths.journal_dir(data),
                                 done_dir=paths.finished_journal_dir(data),
                                 fsync=self.config.fsync, metrics=self.metrics,
                                 records=Keeping(paths.records_dir(data),
                                                 paths.finished_journal_dir(data),
                                                 self._record_name(), self.config.keep_games))
        self.services.retention = Retention(reactor, self.services.records)
        self.lobby = Lobby(self.services, self.config.limits.tables, self.config.seed)
        self.tables = TableQuota(self.lobby, self.config.limits, reactor)
        self.services.changed = self.tables.follow(self.services.changed)
        self.room = Room(self.lobby, reactor, lambda: self.metrics.actions,
                         self.config.limits.room_per_address, self.config.limits.room_watchers)
        self.services.changed = self.room.follow(self.services.changed)
        self.addresses = Admission(self.config.limits)
        self.guesses = PasswordGuard(reactor)
        self.output = OutputBudget(self.config.limits.output_total)   # unsent, all connections
        self.heap = HeapTrimmer(reactor, malloc_trim())   # what ended connections freed
        self.factory = HostFactory(self)
        self.listening: _Listening | None = None
        self.evening: Evening | None = None        # the evening under way, if any
        self.stopping = False               # stop() was called: no connection is let in

    def _record_name(self) -> str:
        given = self.config.record_name
        return self.name if given is None else clean_text(given)[:64]

    # --- starting and stopping ------------------------------------------------------

    def listen(self) -> int:
        """Start listening (raises CannotListenError); returns the port, useful with port 0."""
        listening: _Listening = self.reactor.listenTCP(self.config.port, self.factory,
                                                       interface=self.config.bind)
        self.listening = listening
        port = listening.getHost().port
        log.info("{name} listening on {bind}:{port} (protocol {version}, data in {data})",
                 name=protocol.PROGRAM, bind=self.config.bind, port=port,
                 version=protocol.PROTOCOL_VERSION, data=self.config.data_dir)
        return port

    @property
    def port(self) -> int:
        if self.listening is None:
            raise RuntimeError("the host is not listening (call listen first)")
        return self.listening.getHost().port

    def stop(self, patience: float = PATIENCE) -> defer.Deferred[list[Any]]:
        """Stop listening, keep every unfinished journal for --resume, and tell every guest
        so (`farewell`): their connections close once that is delivered, and those still
        open after ``patience`` seconds are cut."""
        self.stopping = True
        waits: list[defer.Deferred[Any]] = []
        if self.listening is not None:
            waits.append(defer.maybeDeferred(self.listening.stopListening))
        owner = self.config.owner
        last_words = [(c, farewell(c.session, self.name, owner))
                      for c in list(self.factory.connections)]
        self.lobby.shut_down()
        self.room.stop()
        self.tables.shut_down()
        self.heap.stop()
        if self.services.retention is not None:
            self.services.retention.stop()
        for connection, words in last_words:
            connection.part(words)
        waits.append(self.runner.stop())
        waits.append(self._let_go(patience))
        return defer.gatherResults(waits)

    def _let_go(self, patience: float) -> defer.Deferred[Any]:
        """Fires once every connection told is gone, cutting those left after ``patience``."""
        told = [c.ended for c in self.factory.connections if c.stage is Stage.PARTING]
        if not told:
            return defer.succeed(None)

        def cut() -> None:
            for connection in list(self.factory.connections):
                connection.abort()

        timer = self.reactor.callLater(patience, cut)
        return defer.DeferredList(told).addBoth(lambda _: cancel(timer))

    # --- people's names --------------------------------------------------------------

    def free_name(self, name: str) -> str:
        """``name``, or the first of "name (2)", "name (3)" ... that nobody here goes by, as
        host names on the network are told apart. Two guests who both log in as ``pi`` must
        be told apart at the table, in the log and in the records; names that differ only
        in case would not be. A long name is cut to leave room for its number."""
        taken = self._names_in_use()
        candidate, number = name, 2
        while candidate.casefold() in taken:
            suffix = f" ({number})"
            candidate = name[:protocol.NAME_MAX - len(suffix)].rstrip() + suffix
            number += 1
        return candidate

    def _names_in_use(self) -> set[str]:
        """Casefolded: every welcomed connection's name, and every person's seat's, whether
        they are there or away (an away person comes back to their name with their token)."""
        here = (Standing.LOBBY, Standing.ASKING, *AT_TABLE)
        names = {c.session.name for c in self.factory.connections if c.session.state in here}
        names.update(seat.name for table in self.lobby.tables.values() for seat in table.seats
                     if seat.token)
        return {name.casefold() for name in names}

    # --- resuming -------------------------------------------------------------------

    def resume(self) -> list[Resumed]:
        """Restore every unfinished table from its journal, as it was (seats and tokens too)."""
        results = [self._resume_one(path)
                   for path in unfinished_journals(self.services.journal_dir)]
        restored = sum(r.table is not None for r in results)
        log.info("resumed {restored} of {total} unfinished tables", restored=restored,
                 total=len(results))
        return results

    def _resume_one(self, path: Path) -> Resumed:
        try:
            read = read_journal(path)
            records = read.records
            if records and records[-1]["kind"] in ("over", "closed"):
                paths.private_dir(self.services.done_dir)
                path.replace(self.services.done_dir / path.name)
                return Resumed(path, None)
            if read.abandoned:
                log.info("journal {path}: a table that never started, and nobody was at it; "
                         "it is not resumed", path=path)
                path.unlink()
                return Resumed(path, None)
            table_id = records[0].get("id") if records else None
            if not isinstance(table_id, int) or table_id in self.lobby.tables or table_id < 1:
                table_id = self.lobby.next_id()
            table = restore(read, self.services, table_id)
            if against_the_bots(records[0]):
                table.moves.reopen(read.path)
                table.close("closed")
                log.info("journal {path}: a duplicate set against the bots ends with the host "
                         "that ran it; kept as it stood, not resumed", path=path)
                return Resumed(path, None)
        except (OSError, JournalError, KeyError, TypeError, ValueError) as exc:
            log.error("cannot resume from journal {path}: {why}; the file is left as it is",
                      path=path, why=exc)
            return Resumed(path, None)
        result = Resumed(path, table.id, table.seq, read.damage)
        if read.damage:
            result.backup = keep_sound_part(read)
            log.error("journal {path}: {damage}; table {table} resumes from the {count} records "
                      "it could use (the damaged file is kept as {backup})", path=path,
                      damage=read.damage, table=table.id, count=len(read.records),
                      backup=result.backup)
            damage = table.moves.damage = DamageNotice(table.id, read.losses, table.seq,
                                                       result.backup)
            for message in damage.messages:
                log.error("table {table} {name!r}: {notice}", table=table.id, name=str(table.name),
                          notice=message["message"])
        table.resumed(read.path)
        self.lobby.last_id = max(self.lobby.last_id, table.id)
        self.lobby.add(table)
        log.info("table {table} {name!r} resumed at move {seq} from {path}", table=table.id,
                 name=str(table.name), seq=table.seq, path=path)
        return result

    # --- for other parts of the program (discovery) ---------------------------------

    def summary(self) -> LobbySummary:
        return self.lobby.summary()

    def subscribe(self, listener: Callable[[LobbySummary], None]) -> Callable[[], None]:
        """Call ``listener`` whenever the lobby summary changes; returns the unsubscriber."""
        return self.lobby.subscribe(listener)
