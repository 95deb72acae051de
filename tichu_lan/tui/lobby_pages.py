"""The pages before the game: games found on the network, a host's tables, a table's seats, the
player's table while it waits, and a bot's seat asked for in the middle of a round.

Each is a `ListPage`: it reads what the client knows through the callables it is
given, and emits what the player asks for (`lobby_intents`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..discovery import FoundHost
from ..host_address import parse_target
from ..host_messages import Pending
from ..table_info import SeatInfo, TableInfo
from ..i18n import N_, _, ngettext
from ..words.table_rules import rounds_rule, rules_words, set_rule, timer_sentence
from ..words.vocabulary import level_name, listed, table_name, variant_name
from .coach import coach_line
from .faces import Fragments
from .list_page import Emit, ListPage, Row
from . import waiting_line
from .lobby_intents import (Back, JoinHost, Leave, OpenTable, PickTable, SeatBot, SetOptions,
                            ShowStandings, Start, StartEvening, TakeSeat, TypeAddress,
                            WaitHere)
from .text import whole

TABLE_STATES = {"waiting": N_("waiting"), "playing": N_("playing"), "over": N_("over")}


def seat_text(seat: SeatInfo) -> str:
    if seat.kind == "empty":
        return _("empty")
    if seat.kind == "bot":
        return _("bot ({level})").format(level=level_name(str(seat.bot)))
    name = whole(seat.name)
    if seat.connected:
        return name
    if seat.bot:
        return _("{name} (away, bot plays)").format(name=name)
    return _("{name} (away)").format(name=name)


def seat_rows(table: TableInfo, note: Callable[[SeatInfo], str],
              free: Callable[[SeatInfo], bool]) -> list[Row]:
    """A row a seat ("Seat 2: Ann" and its ``note``), which can be picked if ``free``."""
    return [([("", _("Seat {number}: {seat}").format(number=seat.seat + 1, seat=seat_text(seat))
               + note(seat))], seat.seat, free(seat)) for seat in table.seats]


def table_state(state: str) -> str:
    """A table's state in words (a state this program does not know, as the host sent it)."""
    return _(TABLE_STATES[state]) if state in TABLE_STATES else state


def table_text(table: TableInfo) -> str:
    rules = table.rules
    seats = listed(seat_text(s) for s in table.seats)
    name = table_name(table.name, table.opener)
    name = _("{name} (password)").format(name=name) if table.password else name
    game = rules_words(rules, table.options.timer)
    waiting = f"  {waiting_line.count_text(table)}" if table.waiting else ""
    return f"{name}  {game}  {table_state(table.state)}  [{seats}]{waiting}"


class HostsPage(ListPage):
    """The games found on the network, live; incompatible ones greyed with the reason."""

    title = N_("games on the network")
    keys_help = N_("Up/Down choose  Enter join  a type an address  l the last host  ? keys  "
                   "Q quit")
    keys = [("Enter", N_("join the game at the cursor")), ("a", N_("type a host's address")),
            ("l", N_("join the host you joined last time")), ("Q", N_("quit"))]

    def __init__(self, emit: Emit, last: str | None = None) -> None:
        """``last``: the "host:port" joined last time."""
        super().__init__(emit)
        self.hosts: list[FoundHost] = []
        self.last = last

    def intro(self) -> list[Fragments]:
        last = [[("class:dim", " " + _("Last time you joined {address}: press l to join it "
                                       "again").format(address=self.last))]] if self.last else []
        if not self.hosts:
            looking = _("Looking for games on the local network... (a host you know can be "
                        "joined by address: press a)")
            return [[("class:dim", " " + looking)], *last]
        count = len(self.hosts)
        return [[("", " " + ngettext("{count} game found:", "{count} games found:",
                                     count).format(count=count))]] + last

    def rows(self) -> list[Row]:
        rows: list[Row] = []
        for host in self.hosts:
            where = f"{host.address}:{host.port}" if host.address else _("no address")
            s = host.summary
            if host.problem is not None or s is None:
                text = _("{name}  {where}  cannot join: {why}").format(
                    name=host.name, where=where, why=host.problem)
            else:
                tables = ngettext("{count} table", "{count} tables", s.tables).format(
                    count=s.tables)
                games = listed(variant_name(r) for r in s.rule_sets) or _("no table yet")
                text = f"{host.name}  {where}  {tables}, {s.seats_text()}  {games}"
            rows.append(([("", text)], host, host.compatible))
        return rows

    def changed(self, hosts: list[FoundHost]) -> None:
        """The games found now; the cursor stays on the game it was on."""
        row = self.at_cursor() if self.hosts else None
        self.hosts = hosts
        if row is not None and row[1] in hosts:
            self.index = hosts.index(row[1])

    def choose(self, host: FoundHost) -> None:
        if host.address is None:
            return self.error(_("that game announced no address to join it at"))
        self.emit(JoinHost(host.address, host.port, host.addresses[1:]))

    def type_address(self) -> None:
        self.emit(TypeAddress())

    def join_last(self) -> None:
        if self.last:
            address, port = parse_target(self.last)
            self.emit(JoinHost(address, port))


class TablesPage(ListPage):
    """A host's tables; pick one, or open a new one. On `tichu host`'s own terminal it says
    whom the host serves, and X stops it too."""

    title = N_("tables")
    keys_help = N_("Up/Down choose  Enter seats  n new table  d new duel  N/D with password  "
                   "? keys")
    keys = [("Enter", N_("the seats of the table at the cursor")), ("n", N_("open a new table")),
            ("d", N_("open a new duel table")), ("N / D", N_("the same, with a password")),
            ("o / O", N_("the same, choosing the game's length, Grand Tichu and a turn timer")),
            ("e", N_("the evening's standings: every person at this host tonight, across tables")),
            ("V", N_("start an evening: the people you name at 1 to 3 tables, partners "
                     "rotating (at the host's machine, or if you run its first table)")),
            ("Q", N_("quit"))]

    def __init__(self, emit: Emit, host_name: Callable[[], str],
                 tables: Callable[[], tuple[TableInfo, ...]],
                 hosting: Callable[[], list[str]] | None = None) -> None:
        """``hosting``: for the host's own terminal, the people it serves."""
        super().__init__(emit)
        self.host_name, self.tables, self.hosting = host_name, tables, hosting

    def intro(self) -> list[Fragments]:
        count = len(self.tables())
        text = (ngettext("Host {name}: {count} table", "Host {name}: {count} tables", count)
                if count else _("Host {name}: no tables; press n to open one (d for a duel)"))
        lines = [[("", " " + text.format(name=self.host_name(), count=count))]]
        if self.hosting is not None:
            people = self.hosting()
            serving = (ngettext("This terminal hosts the game: {names} plays on here; Q or X "
                                "stops the host (tichu host --resume carries on later).",
                                "This terminal hosts the game: {names} play on here; Q or X "
                                "stops the host (tichu host --resume carries on later).",
                                len(people)).format(names=listed(map(whole, people)))
                       if people else
                       _("This terminal hosts the game; nobody else is connected. Q stops the "
                         "host."))
            lines.append([("class:strong", " " + serving)])
        return lines

    def rows(self) -> list[Row]:
        return [([("", table_text(t))], t, True) for t in self.tables()]

    def choose(self, table: TableInfo) -> None:
        self.emit(PickTable(table.id))

    def open_table(self, variant: str, password: bool, rules: bool = False) -> None:
        self.emit(OpenTable(variant, password, rules))

    def show_standings(self) -> None:
        self.emit(ShowStandings())

    def start_evening(self) -> None:
        self.emit(StartEvening())


class SeatsPage(ListPage):
    """The seats of one table: take a free one (or a bot's), or watch."""

    keys = [("Enter", N_("take the seat at the cursor (a bot's seat too), or watch")),
            ("w", N_("wait in line for the next free seat here (again: leave the line)")),
            ("Esc", N_("back to the tables")), ("Q", N_("quit"))]

    def __init__(self, emit: Emit, table: Callable[[], TableInfo | None],
                 me: Callable[[], str] = lambda: "") -> None:
        """``me``: the player's name at the host, as a table's waiting list names them."""
        super().__init__(emit)
        self.table, self.me = table, me
        self.index = next((i for i, row in enumerate(self.rows()) if row[2]), 0)

    @property
    def title(self) -> str:
        table = self.table()
        return (_("table {name}").format(name=table_name(table.name, table.opener)) if table
                else _("table"))

    @property
    def keys_help(self) -> str:
        row, table = self.at_cursor(), self.table()
        at = row[1] if row is not None else None
        asks = table is not None and table.state == "playing" and at is not None and \
            table.seats[at].kind == "bot"
        enter = _("watch the table") if row is not None and at is None else \
            _("ask for the seat") if asks else _("take the seat")
        return _("Up/Down choose  Enter {what}  Esc back  ? keys  Q quit").format(what=enter)

    def intro(self) -> list[Fragments]:
        table = self.table()
        if table is None:
            return [[("class:error", " " + _("This table has closed: Esc goes back"))]]
        partners = _("partners sit opposite: seats 1+3 and 2+4") if not table.rules.duel \
            else ""
        return [[("", f" {table_text(table)}")], [("class:dim", f" {partners}")],
                *waiting_line.page_lines(table, self.me(), key=True)]

    def rows(self) -> list[Row]:
        table = self.table()
        if table is None:
            return []
        def free(seat: SeatInfo) -> bool:
            return seat.kind in ("empty", "bot")
        return [*seat_rows(table, lambda seat: "" if free(seat) else "  " + _("(taken)"), free),
                ([("", _("Watch this table"))], None, True)]

    def choose(self, seat: int | None) -> None:
        self.emit(TakeSeat(seat))

    def wait(self) -> None:
        self.emit(WaitHere())

    def back(self) -> None:
        self.emit(Back())


class WaitingPage(ListPage):
    """The player's own table before the game: whoever runs it fills seats with bots, sets
    the options and starts; the others see who runs it."""

    def __init__(self, emit: Emit, table: Callable[[], TableInfo | None],
                 my_seat: Callable[[], int], extra: list[Fragments] | None = None) -> None:
        """``extra``: lines below the table's (how others join this host, say)."""
        super().__init__(emit)
        self.table, self.my_seat = table, my_seat
        self.extra = extra or []

    @property
    def runs(self) -> bool:
        table = self.table()
        return table is not None and table.owner in (None, self.my_seat())

    @property
    def title(self) -> str:
        table = self.table()
        return (_("{name}: waiting for players").format(
            name=table_name(table.name, table.opener)) if table else _("waiting"))

    @property
    def keys_help(self) -> str:
        if self.runs:
            return _("Up/Down seat  b add a bot  x remove it  s start  o options  Esc leave  "
                     "? keys")
        return _("Up/Down seat  Esc leave the table  ? keys  Q quit")

    @property
    def keys(self) -> list[tuple[str, str]]:
        mine = [("b", N_("put a bot in the seat at the cursor")),
                ("x", N_("take the bot out again")),
                ("s", N_("start the game (every seat taken)")),
                ("o", N_("the table's options: bots for people who are away, and after how "
                         "long"))]
        return [*(mine if self.runs else []), ("Esc l", N_("leave the table")),
                ("Q", N_("quit"))]

    def intro(self) -> list[Fragments]:
        table = self.table()
        if table is None:
            return []
        empty = sum(s.kind == "empty" for s in table.seats)
        rules = table.rules
        lock = " " + _("A password is needed to join.") if table.password else ""
        if self.runs:
            what = _("Press s to start") if not empty else ngettext(
                "{count} seat empty: wait for players or add bots (b)",
                "{count} seats empty: wait for players or add bots (b)", empty).format(
                count=empty)
        else:
            owner = next((s.name for s in table.seats if s.seat == table.owner), "")
            what = _("{name} runs this table: {name} adds bots and starts the game").format(
                name=whole(owner))
        # TRANSLATORS: the table's game and choices as a sentence: "classic to 1000."
        game = _("{game}.").format(game=rules_words(rules, table.options.timer))
        return [[("", f" {game}{lock} "), ("class:strong", what)], *self.options_lines(table),
                *waiting_line.page_lines(table, "", key=False)] + self.extra

    def options_lines(self, table: TableInfo) -> list[Fragments]:
        options = table.options
        if not options.takeover:
            text = _("No bot plays for a person who is away: the game waits for them.")
        else:
            text = _("A bot plays for a person away {seconds} s, until they are back.").format(
                seconds=int(options.grace))
        notes = [timer_sentence(options.timer),
                 set_rule(table.duplicate.deals) if table.duplicate is not None
                 else rounds_rule() if table.rules.rounds else None]
        return [[("class:dim", " " + text)], [("class:dim", " " + coach_line(options))],
                *([("class:dim", " " + note)] for note in notes if note)]

    def rows(self) -> list[Row]:
        table = self.table()
        if table is None:
            return []

        def note(seat: SeatInfo) -> str:
            you = "  " + _("(you)") if seat.seat == self.my_seat() else ""
            return you + (_("  runs the table") if seat.seat == table.owner else "")
        return seat_rows(table, note, lambda seat: True)

    def seat_bot(self, put: bool) -> None:
        """A bot into the seat at the cursor (``put``), or out of it."""
        row = self.at_cursor()
        if row is not None:
            self.emit(SeatBot(row[1], put))

    def start(self) -> None:
        self.emit(Start())

    def set_options(self) -> None:
        self.emit(SetOptions())

    def leave(self) -> None:
        self.emit(Leave())


class PendingPage(ListPage):
    """A bot's seat asked for in the middle of a round: waiting to be let in."""

    title = N_("asking for a seat")
    keys_help = N_("Esc take the request back  ? keys  Q quit")
    keys = [("Esc l", N_("take the request back and go back to the tables")),
            ("Q", N_("quit"))]

    def __init__(self, emit: Emit, asking: Callable[[], Pending | None]) -> None:
        super().__init__(emit)
        self.asking = asking

    def intro(self) -> list[Fragments]:
        asking = self.asking()
        owner = whole(asking.owner) if asking and asking.owner else \
            _("the person who runs the table")
        return [[("class:strong", " " + _("You asked for seat {number}, which a bot plays in "
                                          "the middle of a round.").format(
                                              number=asking.seat + 1 if asking else 1))],
                [("", " " + _("{owner} is asked to let you in now, with the bot's cards; "
                              "otherwise the seat is yours when this round ends.").format(
                                  owner=owner))]]

    def leave(self) -> None:
        self.emit(Leave())
