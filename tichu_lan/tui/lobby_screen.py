"""Before the game: games found on the network, a host's tables, a seat, the waiting table.

Each page is a list the arrow keys move through, with the page's keys on the
bottom line and the last error above them. `Lobby` moves between the pages as
the player picks and as the host answers, and hands over to the table screen
once the game runs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

from prompt_toolkit.data_structures import Size
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase
from prompt_toolkit.layout import HSplit, Window
from prompt_toolkit.layout.controls import FormattedTextControl

from ..discovery import FoundHost
from ..i18n import N_, _, ngettext
from ..words.vocabulary import level_name, variant_name
from .coach import coach_line
from .dialog_keys import create_dialog_bindings
from .dialogs import Dialog, Info
from .faces import Faces, Fragments
from .text import box, cut, fit, get_cwidth, lines_to_text, pad, wrap_words

Row = tuple[Fragments, Any, bool]      # what the row shows, its value, whether it can be picked
On = Callable[[tuple[str, ...], Callable[[], object]], None]    # binds keys to an action
QUIT_KEYS = ("Q", "q", "c-c", "c-q")


class ListPage:
    """A titled list with a cursor; subclasses fill ``rows`` and ``choose``, and bind their
    own keys in ``add_keys``. A dialog, while open, has every key; ``?`` shows the page's
    keys (``keys``), Home and End go to the ends of the list, and a cursor that goes round
    from one end to the other says so."""

    @property
    def title(self) -> str:
        return ""

    @property
    def keys_help(self) -> str:
        return ""

    @property
    def keys(self) -> list[tuple[str, str]]:
        """Every key of the page and what it does, for the ? page."""
        return []

    def __init__(self, faces: Faces, size: Callable[[], Size]) -> None:
        self.faces, self.size = faces, size
        self.index = 0
        self.message: Fragments = []
        self.dialog: Dialog | None = None
        self.container = HSplit([
            Window(FormattedTextControl(lambda: lines_to_text(self.head())), height=1,
                   style="class:title"),
            Window(FormattedTextControl(lambda: lines_to_text(self.body()))),
            Window(FormattedTextControl(lambda: lines_to_text(
                [fit(self.message, self.size().columns)])), height=1),
            Window(FormattedTextControl(lambda: lines_to_text(
                [fit([("class:keys", " " + _(self.keys_help))], self.size().columns)])),
                height=1),
        ])

    def rows(self) -> list[Row]:
        return []

    def intro(self) -> list[Fragments]:
        return []

    def head(self) -> list[Fragments]:
        return [fit([("class:title", f" tichu-lan {self.faces.dot} {_(self.title)}")],
                    self.size().columns, pad=True)]

    def body(self) -> list[Fragments]:
        """The intro broken between words (an address is never cut), then the list, each row
        cut to the screen with "…"."""
        size = self.size()
        if self.dialog is not None:
            self.dialog.columns = size.columns - 6
            if isinstance(self.dialog, Info):
                self.dialog.rows = max(3, size.rows - 6)
            return [[]] + box(self.dialog.title, self.dialog.lines(), size.columns - 2,
                              self.faces.ascii)
        lines: list[Fragments] = [[]]
        for line in self.intro():
            lines += wrap_words(line, size.columns - 1) if line else [line]
        lines.append([])
        rows = self.rows()
        self.index = max(0, min(self.index, len(rows) - 1))
        for i, (fragments, _value, enabled) in enumerate(rows):
            mark = f" {self.faces.turn_mark} " if i == self.index else "   "
            style = "class:chosen" if i == self.index else ("" if enabled else "class:grey")
            lines.append(fit([(style, mark)] + [(f"{style} {s}".strip(), t) for s, t in fragments],
                             self.size().columns - 1))
        return lines

    @cached_property
    def key_bindings(self) -> KeyBindingsBase:
        bindings = KeyBindings()
        listing = Condition(lambda: self.dialog is None)

        def on(keys: tuple[str, ...], action: Callable[[], object]) -> None:
            def handler(event: KeyPressEvent) -> None:
                action()        # what it returns (a request's Deferred) is not for the keys

            for key in keys:
                bindings.add(key, filter=listing)(handler)

        on(("up", ","), lambda: self.move(-1))          # , and .: for keyboards without
        on(("down", "."), lambda: self.move(1))         # arrows (a phone's, over ssh)
        on(("home",), lambda: self.move_to(end=False))
        on(("end",), lambda: self.move_to(end=True))
        on(("enter",), self.pick)
        on(("?",), self.show_keys)
        self.add_keys(on)
        return merge_key_bindings([bindings, create_dialog_bindings(lambda: self.dialog,
                                                                    self._put_away)])

    def _put_away(self, dialog: Dialog) -> None:
        if dialog.closed and dialog is self.dialog:
            self.dialog = None

    def add_keys(self, on: On) -> None:
        """Bind the page's own keys with ``on(keys, action)``."""

    def move(self, step: int) -> None:
        rows = self.rows()
        if not rows:
            return
        if not 0 <= self.index + step < len(rows) and len(rows) > 1:
            self.message = [("class:info", " " + (_("round to the top of the list") if step > 0
                                                   else _("round to the end of the list")))]
        elif self.message[:1] and self.message[0][0] == "class:info":
            self.message = []
        self.index = (self.index + step) % len(rows)

    def move_to(self, end: bool) -> None:
        self.index = max(0, len(self.rows()) - 1) if end else 0

    def show_keys(self) -> None:
        keys = [*[(k, _(text)) for k, text in self.keys], ("Up Down , .", _("move in the list")),
                ("Home / End", _("the first, the last")), ("?", _("this page"))]
        room = max(get_cwidth(k) for k, _text in keys) + 2
        self.dialog = Info(_("Keys"), [[("class:strong", pad(k, room)), ("", text)]
                                       for k, text in keys])

    def pick(self) -> None:
        rows = self.rows()
        if not rows:
            return
        _fragments, value, enabled = rows[self.index]
        if enabled:
            self.message = []
            self.choose(value)
        else:
            self.error(_("that one cannot be picked"))

    def choose(self, value: Any) -> None:
        pass

    def error(self, text: str) -> None:
        self.message = [("class:error", " " + text[:1].upper() + text[1:])]


class HostsPage(ListPage):
    """The games found on the network, live; incompatible ones greyed with the reason."""

    title = N_("games on the network")
    keys_help = N_("Up/Down choose  Enter join  a type an address  l the last host  ? keys  "
                   "Q quit")
    keys = [("Enter", N_("join the game at the cursor")), ("a", N_("type a host's address")),
            ("l", N_("join the host you joined last time")), ("Q", N_("quit"))]

    def __init__(self, faces: Faces, size: Callable[[], Size], on_pick: Callable[[str, int], None],
                 on_address: Callable[[], None], on_quit: Callable[[], None]) -> None:
        super().__init__(faces, size)
        self.hosts: list[FoundHost] = []
        self.on_pick, self.on_address, self.on_quit = on_pick, on_address, on_quit
        self.last: str | None = None           # "host:port" joined last time

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
        rows = []
        for host in self.hosts:
            where = f"{host.address}:{host.port}" if host.address else _("no address")
            s = host.summary
            if host.problem is not None or s is None:
                text = _("{name}  {where}  cannot join: {why}").format(
                    name=host.name, where=where, why=host.problem)
            else:
                tables = ngettext("{count} table", "{count} tables", s.tables).format(
                    count=s.tables)
                games = ", ".join(variant_name(r) for r in s.rule_sets) or _("no table yet")
                text = f"{host.name}  {where}  {tables}, {s.seats_text()}  {games}"
            rows.append(([("", text)], host, host.compatible))
        return rows

    def changed(self, hosts: list[FoundHost]) -> None:
        chosen = self.rows()[self.index][1] if self.hosts else None
        self.hosts = hosts
        if chosen in hosts:
            self.index = hosts.index(chosen)

    def choose(self, host: FoundHost) -> None:
        if host.address is None:
            return self.error(_("that game announced no address to join it at"))
        self.on_pick(host.address, host.port)

    def add_keys(self, on: On) -> None:
        on(("a",), lambda: self.on_address())
        on(("l",), self.join_last)
        on(QUIT_KEYS, lambda: self.on_quit())

    def join_last(self) -> None:
        from ..host_address import parse_target
        if self.last:
            self.on_pick(*parse_target(self.last))


def seat_text(seat: dict[str, Any]) -> str:
    if seat["kind"] == "empty":
        return _("empty")
    if seat["kind"] == "bot":
        return _("bot ({level})").format(level=level_name(str(seat["bot"])))
    if seat["connected"]:
        return str(seat["name"])
    if seat.get("bot"):
        return _("{name}, away, bot plays").format(name=seat["name"])
    return _("{name}, away").format(name=seat["name"])


def table_text(table: dict[str, Any]) -> str:
    rules = table["rules"]
    seats = ", ".join(seat_text(s) for s in table["seats"])
    name = (_("{name} (password)").format(name=table["name"]) if table.get("password")
            else table["name"])
    game = _("{variant} to {target}").format(variant=variant_name(rules["variant"]),
                                             target=rules["target"])
    return f"{name}  {game}  {table_state(table['state'])}  [{seats}]"


TABLE_STATES = {"waiting": N_("waiting"), "playing": N_("playing"), "over": N_("over")}


def table_state(state: str) -> str:
    """A table's state in words (a state this program does not know, as the host sent it)."""
    return _(TABLE_STATES[state]) if state in TABLE_STATES else state


class TablesPage(ListPage):
    """A host's tables; pick one, or open a new one."""

    title = N_("tables")
    keys_help = N_("Up/Down choose  Enter seats  n new table  d new duel  N/D with password  "
                   "? keys")
    keys = [("Enter", N_("the seats of the table at the cursor")), ("n", N_("open a new table")),
            ("d", N_("open a new duel table")), ("N / D", N_("the same, with a password")),
            ("Q", N_("quit"))]

    def __init__(self, faces: Faces, size: Callable[[], Size], host_name: Callable[[], str],
                 tables: Callable[[], list[dict[str, Any]]], on_pick: Callable[[dict], None],
                 on_new: Callable[[str, bool], None], on_quit: Callable[[], None],
                 hosting: Callable[[], list[str]] | None = None) -> None:
        """``hosting``: for the host's own terminal, the people it serves (its X stops it)."""
        super().__init__(faces, size)
        self.host_name, self.tables = host_name, tables
        self.on_pick, self.on_new, self.on_quit = on_pick, on_new, on_quit
        self.hosting = hosting

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
                                len(people)).format(names=", ".join(people)) if people else
                       _("This terminal hosts the game; nobody else is connected. Q stops the "
                         "host."))
            lines.append([("class:strong", " " + serving)])
        return lines

    def rows(self) -> list[Row]:
        return [([("", table_text(t))], t, True) for t in self.tables()]

    def choose(self, table: dict) -> None:
        self.on_pick(table)

    def add_keys(self, on: On) -> None:
        on(("n",), lambda: self.on_new("classic", False))
        on(("d",), lambda: self.on_new("duel", False))
        on(("N",), lambda: self.on_new("classic", True))
        on(("D",), lambda: self.on_new("duel", True))
        on(QUIT_KEYS, lambda: self.on_quit())
        if self.hosting is not None:
            on(("X",), lambda: self.on_quit())


class SeatsPage(ListPage):
    """The seats of one table: take a free one (or a bot's), or watch."""

    @property
    def keys_help(self) -> str:
        rows = self.rows()
        watching = rows and rows[min(self.index, len(rows) - 1)][1] is None
        table = self.table() or {}
        at = rows[min(self.index, len(rows) - 1)][1] if rows else None
        asks = table.get("state") == "playing" and at is not None and \
            table["seats"][at]["kind"] == "bot"
        enter = _("watch the table") if watching else _("ask for the seat") if asks else \
            _("take the seat")
        return _("Up/Down choose  Enter {what}  Esc back  ? keys  Q quit").format(what=enter)

    keys = [("Enter", N_("take the seat at the cursor (a bot's seat too), or watch")),
            ("Esc", N_("back to the tables")), ("Q", N_("quit"))]

    def __init__(self, faces: Faces, size: Callable[[], Size],
                 table: Callable[[], dict[str, Any] | None],
                 on_seat: Callable[[int | None], None], on_back: Callable[[], None],
                 on_quit: Callable[[], None]) -> None:
        super().__init__(faces, size)
        self.table, self.on_seat, self.on_back, self.on_quit = table, on_seat, on_back, on_quit

    @property
    def title(self) -> str:
        table = self.table()
        return _("table {name}").format(name=table["name"]) if table else _("table")

    def intro(self) -> list[Fragments]:
        table = self.table()
        if table is None:
            return [[("class:error", " " + _("This table has closed: Esc goes back"))]]
        variant = table["rules"]["variant"]
        partners = _("partners sit opposite: seats 1+3 and 2+4") if variant == "classic" else ""
        return [[("", f" {table_text(table)}")], [("class:dim", f" {partners}")]]

    def rows(self) -> list[Row]:
        table = self.table()
        if table is None:
            return []
        rows: list[Row] = []
        for seat in table["seats"]:
            free = seat["kind"] in ("empty", "bot")
            text = _("Seat {number}: {seat}").format(number=seat["seat"] + 1,
                                                     seat=seat_text(seat))
            taken = "" if free else "  " + _("(taken)")
            rows.append(([("", text + taken)], seat["seat"], free))
        rows.append(([("", _("Watch this table"))], None, True))
        return rows

    def choose(self, seat: int | None) -> None:
        self.on_seat(seat)

    def add_keys(self, on: On) -> None:
        on(("escape", "l"), lambda: self.on_back())
        on(QUIT_KEYS, lambda: self.on_quit())


class WaitingPage(ListPage):
    """The player's own table before the game: whoever runs it fills seats with bots, sets
    the options and starts; the others see who runs it."""

    @property
    def runs(self) -> bool:
        table = self.table()
        return table is not None and table.get("owner", self.my_seat()) == self.my_seat()

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

    def __init__(self, faces: Faces, size: Callable[[], Size],
                 table: Callable[[], dict[str, Any] | None], my_seat: Callable[[], int],
                 actions: dict[str, Callable[..., object]]) -> None:
        super().__init__(faces, size)
        self.table, self.my_seat, self.actions = table, my_seat, actions
        self.extra: list[Fragments] = []       # e.g. how others join this host

    @property
    def title(self) -> str:
        table = self.table()
        return (_("{name}: waiting for players").format(name=table["name"]) if table
                else _("waiting"))

    def intro(self) -> list[Fragments]:
        table = self.table()
        if table is None:
            return []
        empty = sum(s["kind"] == "empty" for s in table["seats"])
        rules = table["rules"]
        lock = " " + _("A password is needed to join.") if table.get("password") else ""
        if self.runs:
            what = _("Press s to start") if not empty else ngettext(
                "{count} seat empty: wait for players or add bots (b)",
                "{count} seats empty: wait for players or add bots (b)", empty).format(
                count=empty)
        else:
            owner = next((s["name"] for s in table["seats"] if s["seat"] == table.get("owner")),
                         "")
            what = _("{name} runs this table: {name} adds bots and starts the game").format(
                name=cut(owner, 24))
        game = _("{variant} to {target}.").format(variant=variant_name(rules["variant"]),
                                                  target=rules["target"])
        return [[("", f" {game}{lock} "),
                 ("class:strong", what)], *self.options_line(table)] + self.extra

    def options_line(self, table: dict[str, Any]) -> list[Fragments]:
        options = table.get("options", {})
        if not options.get("takeover", True):
            text = _("No bot plays for a person who is away: the game waits for them.")
        else:
            text = _("A bot plays for a person away {seconds} s, until they are back.").format(
                seconds=int(options.get("grace", 60)))
        return [[("class:dim", " " + text)], [("class:dim", " " + coach_line(options))]]

    def rows(self) -> list[Row]:
        table = self.table()
        if table is None:
            return []
        rows: list[Row] = []
        for seat in table["seats"]:
            you = "  " + _("(you)") if seat["seat"] == self.my_seat() else ""
            if seat["seat"] == table.get("owner"):
                you += _("  runs the table")
            text = _("Seat {number}: {seat}").format(number=seat["seat"] + 1,
                                                     seat=seat_text(seat))
            rows.append(([("", text + you)],
                         seat["seat"], True))
        return rows

    def add_keys(self, on: On) -> None:
        on(("b",), lambda: self.at_seat("add_bot"))
        on(("x",), lambda: self.at_seat("remove_bot"))
        on(("s",), lambda: self.actions["start"]())
        on(("o",), lambda: self.actions["options"]())
        on(("escape", "l"), lambda: self.actions["leave"]())
        on(QUIT_KEYS, lambda: self.actions["quit"]())

    def at_seat(self, action: str) -> None:
        """Do ``action`` to the seat at the cursor."""
        rows = self.rows()
        if rows:
            self.actions[action](rows[self.index][1])


class PendingPage(ListPage):
    """A bot's seat asked for in the middle of a round: waiting to be let in."""

    title = N_("asking for a seat")
    keys_help = N_("Esc take the request back  ? keys  Q quit")
    keys = [("Esc l", N_("take the request back and go back to the tables")),
            ("Q", N_("quit"))]

    def __init__(self, faces: Faces, size: Callable[[], Size],
                 asking: Callable[[], dict[str, Any] | None], on_back: Callable[[], None],
                 on_quit: Callable[[], None]) -> None:
        super().__init__(faces, size)
        self.asking, self.on_back, self.on_quit = asking, on_back, on_quit

    def intro(self) -> list[Fragments]:
        asking = self.asking() or {}
        owner = asking.get("owner") or _("the person who runs the table")
        return [[("class:strong", " " + _("You asked for seat {number}, which a bot plays in "
                                          "the middle of a round.").format(
                                              number=asking.get("seat", 0) + 1))],
                [("", " " + _("{owner} is asked to let you in now, with the bot's cards; "
                              "otherwise the seat is yours when this round ends.").format(
                                  owner=owner))]]

    def add_keys(self, on: On) -> None:
        on(("escape",), lambda: self.on_back())
        on(QUIT_KEYS, lambda: self.on_quit())
