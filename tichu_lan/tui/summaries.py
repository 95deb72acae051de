"""The read-only pages: round summary, game over, scores, the last trick, the keys.

The pages with a table of points are made for the width they get (``columns``, inside
the frame): the team columns shrink to fit, names are cut by display width with an
ellipsis, and a row of the table is never broken across lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import Call, RoundResult, SeatView
from engine.events import RoundEnded

from ..i18n import N_, _, pgettext
from ..words.narration import winner_phrase
from ..words.table_rules import length_words
from ..words.vocabulary import call_name, describe, listed, place_words, separator
from .evening import evening_lines
from .faces import Fragments
from . import waiting_line
from .round_history import between, last_gift
from .text import get_cwidth, pad, wrap_words

if TYPE_CHECKING:
    from .table_model import TableModel

Lines = list[Fragments | str]
Row = tuple[str, str, str]
HEAD = 14            # the row names' column keeps this much on a narrow screen, and
                     # takes what the points leave ("Round 12 (double)") on a wide one


def team_labels(model: TableModel, view: SeatView) -> tuple[str, str]:
    """Column heads for the two teams: "us"/"them" for a seated player, else names."""
    if view.rules.duel:
        return model.name(0), model.name(1)
    if view.seat < 0:
        return (f"{model.name(0)}+{model.name(2)}", f"{model.name(1)}+{model.name(3)}")
    mine = view.seat % 2
    return (_("us") if mine == 0 else _("them")), (_("us") if mine == 1 else _("them"))


def who_is_who(model: TableModel, view: SeatView, columns: int) -> Lines:
    """Below a table headed "us"/"them": who the teams are."""
    if view.rules.duel or view.seat < 0:
        return []
    labels = team_labels(model, view)
    return [[("class:dim", f"{labels[t]}: {model.name(t)} + {model.name(t + 2)}")]
            for t in range(2)]


def _table(labels: tuple[str, str], rows: list[Row], columns: int) -> Lines:
    """A table of the two teams' points in ``columns``: every row on one line."""
    names = max([get_cwidth(r[0]) for r in rows] + [4])
    need = max([get_cwidth(v) for r in rows for v in r[1:]] + [get_cwidth(x) for x in labels])
    cell = max(7, min(need, (columns - min(HEAD, names)) // 2 - 1))
    head = min(names, columns - 2 * (cell + 1))

    def row(a: str, b: str, c: str) -> str:
        return pad(a, head) + " " + pad(b, cell, right=True) + " " + pad(c, cell, right=True)
    return [[("class:strong", row("", *labels))], *(row(*r) for r in rows)]


def received(model: TableModel, view: SeatView) -> Fragments:
    out: Fragments = []
    for offset, card in enumerate(view.received or (), start=1):
        if out:
            out.append(("", separator()))
        out += [model.faces.card(card),
                ("", _(" from {name}").format(name=model.name((view.seat + offset) % 4)))]
    return out


def _calls(model: TableModel, calls: Sequence[Call]) -> str:
    made = [_("{name} {call}").format(name=model.name(s), call=call_name(c is Call.GRAND))
            for s, c in enumerate(calls) if c is not Call.NONE]
    return listed(made) or _("none")


def call_outcomes(model: TableModel, view: SeatView, result: RoundResult) -> Lines:
    """Each call of the round: made or failed, and why it failed."""
    first = result.out_order[0] if result.out_order else -1
    lines: Lines = []
    for seat, call in enumerate(result.calls):
        if call is Call.NONE:
            continue
        called = call_name(call is Call.GRAND)
        team = view.rules.team_of(seat)       # the duel's teams are its two seats
        dragon_out = view.rules.duel and result.call_points[team] < 0
        if seat == first and not dragon_out:
            text = _("{name}: {call} made, +{points}").format(name=model.name(seat),
                                                            call=called, points=call.bonus)
        elif seat == first:
            text = _("{name}: {call} failed, -{points}: in the duel a player who goes out with "
                     "the Dragon last loses the call").format(name=model.name(seat),
                                                              call=called, points=call.bonus)
        elif first == view.seat:
            text = _("{name}: {call} failed, -{points}: you went out first").format(
                name=model.name(seat), call=called, points=call.bonus)
        else:
            text = _("{name}: {call} failed, -{points}: {first} went out first").format(
                name=model.name(seat), call=called, points=call.bonus, first=model.name(first))
        lines.append([("class:call", text)])
    return lines


def signed(points: Sequence[int]) -> tuple[str, str]:
    return f"{points[0]:+d}", f"{points[1]:+d}"


def plain(points: Sequence[int]) -> tuple[str, str]:
    return str(points[0]), str(points[1])


def round_summary(model: TableModel, event: RoundEnded, columns: int = 76) -> Lines:
    view = model.view
    assert view is not None
    result = view.history[event.round_no - 1] if len(view.history) >= event.round_no else None
    out = listed(_("{place} {name}").format(place=place_words(i), name=model.name(s))
                 for i, s in enumerate(event.out_order))
    lines: Lines = [_("Out: {order}").format(order=out or _("nobody"))]
    if result is not None:
        lines += call_outcomes(model, view, result) or [_("Calls: none")]
    lines += model.checked.summary(event.round_no)
    labels = team_labels(model, view)
    if event.double_victory >= 0:
        lines.append([("class:strong", _("Double victory for {team}!").format(
            team=labels[event.double_victory]))])
    lines.append("")
    cards, calls = event.card_points, event.call_points
    lines += _table(labels, [
        (_("Card points"), *signed(cards)),
        (_("Calls"), *signed(calls)),
        (_("This round"), *signed([cards[0] + calls[0], cards[1] + calls[1]])),
        (_("Totals"), *plain(event.scores))], columns)
    lines += who_is_who(model, view, columns)
    lines += ["", [("class:dim", _("Enter closes; s shows every round"))]]
    return lines


def history_rows(view: SeatView, model: TableModel | None = None) -> list[Row]:
    """Each round's points and the totals after it; marked as its check fared (``model``'s)."""
    totals = [0, 0]
    rows: list[Row] = []
    for number, result in enumerate(view.history, start=1):
        points = result.total
        totals = [totals[t] + points[t] for t in range(2)]
        head = (_("Round {number} (double)") if result.double_victory >= 0 else
                _("Round {number}")).format(number=number)
        if model is not None:
            head += model.checked.mark(number, model.faces.ascii)
        rows.append((head, f"{points[0]:+d} = {totals[0]}",
                     f"{points[1]:+d} = {totals[1]}"))
    return rows


def scores(model: TableModel, columns: int = 76) -> Lines:
    view = model.view
    if view is None:
        return [_("No game yet.")]
    calls = _calls(model, view.calls)
    length = length_words(view.rules)
    lines: Lines = [_("{length}. This round's calls: {calls}").format(
        length=length[:1].upper() + length[1:], calls=calls), ""]
    rows = history_rows(view, model) or [(_("no round yet"), "", "")]
    lines += _table(team_labels(model, view), [*rows, (_("Now"), *plain(view.scores))], columns)
    return lines + model.checked.legend(model.faces.ascii) + who_is_who(model, view, columns)


def game_over(model: TableModel, columns: int = 76) -> Lines:
    view = model.view
    assert view is not None
    phrase = winner_phrase(view.winner, view.seat, view.rules.duel, model.name)
    final = _("Final score {first} : {second} ({length})").format(
        first=view.scores[0], second=view.scores[1], length=length_words(view.rules))
    lines: Lines = [[("class:title", f" {phrase[:1].upper() + phrase[1:]}! ")], final, ""]
    lines += _table(team_labels(model, view), history_rows(view, model), columns)
    lines += model.checked.legend(model.faces.ascii) + who_is_who(model, view, columns)
    lines += evening_lines(model.table.evening or () if model.table else (), columns)
    again = [_("y plays again: a new game at this table, with the same seats, once everyone "
               "here agrees.")] if view.seat >= 0 and plays_again(model) else []
    lines += ["", *again, *waiting_line.game_over_lines(model),
              [("class:dim", _("Enter closes; Q leaves"))]]
    return lines


def _won_by(model: TableModel, view: SeatView) -> str:
    """Who won the last trick, the reader in the second person (never "Won by You")."""
    gift, winner = last_gift(model), view.last_trick_winner
    if gift is None or gift.seat != winner:
        if winner == view.seat:
            return _("You won it")
        return _("Won by {name}").format(name=model.name(winner))
    return between(model, gift.seat, gift.to,
                   _("You won it with the Dragon and gave it to {other} ({points} points)"),
                   _("Won by {name} with the Dragon, given to you ({points} points)"),
                   _("Won by {name} with the Dragon, given to {other} ({points} points)"),
                   points=gift.points)


def last_trick(model: TableModel) -> Lines:
    view = model.view
    if view is None or not view.last_trick:
        return [_("No trick has been won yet this round.")]
    lines: Lines = [_won_by(model, view), ""]
    for entry in view.last_trick:
        name = pad(model.name(entry.seat), 12)
        if entry.combo is None:
            lines.append([("class:dim", name + pgettext("move", "pass"))])
        else:
            lines.append([("", name), *model.faces.cards(entry.combo.cards),
                          ("class:dim", f"  {describe(entry.combo)}")])
    return lines


# The keys' names stay as the keyboard prints them; what they do is translated.
HELP = [
    ("Left Right , .", N_("move the cursor along your hand (it stops at the ends)")),
    ("Home / End", N_("the first card, the last card")),
    ("Space", N_("select or unselect the card at the cursor")),
    ("2-9 0 j q k a", N_("select the next card of that rank (0 is the 10); again unselects")),
    ("1 d f r", N_("select the Mah Jong, Dog, Phoenix (f), Dragon (r)")),
    ("Enter", N_("play the selection (the engine says at once if it is not legal)")),
    ("Esc u", N_("clear the selection")),
    ("Tab S-Tab n", N_("cycle the legal plays (hints); Enter plays the hint")),
    ("p", N_("pass")),
    ("t", N_("call Tichu (before your first card)")),
    ("g", N_("call Grand Tichu (in its window)")),
    ("b", N_("your bombs: play one at any moment, out of turn too")),
    ("v", N_("the last trick")),
    ("h", N_("this round's tricks: who played what, who won them")),
    ("PgUp PgDn [ ]", N_("scroll the log back and on (in the round history: a page)")),
    ("s", N_("scores and every round")),
    ("e", N_("the evening's standings: every person at this host tonight, across tables")),
    ("i", N_("the coach: what the hard bot would play in your seat, and why (its cards are "
              "selected: Enter plays them; Esc puts the advice away)")),
    ("c", N_("chat")),
    ("y", N_("once the game is over: play again at this table")),
    ("R", N_("people asking for bots' seats, for the person who runs the table to answer")),
    ("o", N_("sit out the next game: at this one's end your seat goes to the first in line, "
             "and you wait at the end of the line (again: play it after all)")),
    ("w", N_("watching: wait in line for a seat at this table (again: leave the line)")),
    ("E", N_("the evening's plan: who sits where each game, and each duplicate deal compared")),
    ("D", N_("at a duplicate set against the bots: every deal so far against their result")),
    ("r", N_("on a round's summary: the hard bot's look back at your decisions of the round")),
    ("?", N_("this page")),
    (N_("Q or Ctrl-C"), N_("leave (asks first while the game runs)")),
    ("", ""),
    (N_("Exchange"), N_("Space gives the card at the cursor to the marked player; Up/Down (or "
                        "m) mark another; Enter gives all three; w takes them back; Esc (or u) "
                        "restarts")),
    (N_("Dialogs"), N_("arrows (or , and .) and Enter, or the letter in [brackets]; Esc or "
                       "Backspace closes")),
    (N_("Marks"), N_("the cards the exchange gave you are marked under your hand until you "
                     "first play: {left} from the left, {partner} from your partner, {right} "
                     "from the right")),
]
HOST_HELP = [("X", N_("stop the host (asks first; tichu host --resume carries on later)"))]
# Key names that are words, translated; the others are the keys' own marks.
WORDED_KEYS = {"Q or Ctrl-C", "Exchange", "Dialogs", "Marks"}


GIVER_MARKS = {False: ("←", "↑", "→"), True: ("L", "P", "R")}   # glyphs, plain: left,
                                                                 # partner, right


def plays_again(model: TableModel) -> bool:
    """Whether this table offers a new game by agreement: not a duplicate set's (it ends
    with its deals) nor an evening's (its next game follows the plan)."""
    table, evening = model.table, model.evening
    if table is None:
        return True
    planned = evening is not None and any(t.table == table.id for game in evening.games
                                          for t in game.tables)
    return table.duplicate is None and not planned


def again_status(model: TableModel) -> str:
    """Who wants to play again, once the game is over."""
    table = model.table
    agreed = set(table.again) if table is not None else set()
    people = [s.seat for s in table.seats if s.kind == "person" and s.connected] \
        if table is not None else []
    waiting = [model.name(s) for s in people if s not in agreed]
    if model.seat not in agreed:
        return _("y plays again")
    return _("you want to play again; waiting for {names}").format(
        names=listed(waiting) or _("an empty seat to be filled"))


def giver_mark(giver: int, seat: int, ascii: bool) -> str:
    """The mark under a card the exchange gave ``seat``: where ``giver`` sits at the table as
    the screen draws it (the next seat on the right, the one before it on the left)."""
    left, partner, right = GIVER_MARKS[ascii]
    return {1: right, 2: partner, 3: left}.get((giver - seat) % 4, partner)


def help_lines(columns: int = 76, role: str = "play", ascii: bool = False) -> Lines:
    """The keys, each description broken under itself when the page is narrow."""
    left, partner, right = GIVER_MARKS[ascii]
    keys = [(_(k) if k in WORDED_KEYS else k,
             _(v).format(left=left, partner=partner, right=right) if v else "")
            for k, v in HELP + (HOST_HELP if role == "host" else [])]
    room = max(get_cwidth(k) for k, _v in keys) + 2
    lines: Lines = []
    for key, text in keys:
        parts = [("".join(t for _s, t in part)).strip()
                 for part in wrap_words([("", text)], max(10, columns - room))]
        for i, part in enumerate(parts):
            lines.append([("class:strong", pad(key if i == 0 else "", room)), ("", part)])
    return lines
