"""The read-only pages: round summary, game over, scores, the last trick, the keys."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import Call, SeatView, describe
from engine.events import RoundEnded

from ..i18n import _
from .faces import Fragments
from .round_history import last_gift
from .wording import PLACES, winner_phrase

if TYPE_CHECKING:
    from .table_model import TableModel

Lines = list[Fragments | str]
Row = tuple[str, str, str]


def team_labels(model: TableModel, view: SeatView) -> tuple[str, str]:
    """Column heads for the two teams: "us"/"them" for a seated player, else names."""
    if view.rules.duel:
        return model.name(0), model.name(1)
    names = [f"{model.name(t)}+{model.name(t + 2)}" for t in range(2)]
    if view.seat < 0:
        return names[0], names[1]
    mine = view.seat % 2
    first, second = (f"{'us' if t == mine else 'them'} ({names[t]})" for t in range(2))
    return first, second


def _table(head: str, labels: tuple[str, str], rows: list[Row]) -> Lines:
    width = max(18, max(len(label) for label in labels) + 2)
    lines: Lines = [[("class:strong", f"{head:<16}{labels[0]:>{width}}{labels[1]:>{width}}")]]
    lines += [f"{a:<16}{b:>{width}}{c:>{width}}" for a, b, c in rows]
    return lines


def received(model: TableModel, view: SeatView) -> Fragments:
    out: Fragments = []
    for offset, card in enumerate(view.received or (), start=1):
        if out:
            out.append(("", ", "))
        out += [model.faces.card(card), ("", f" from {model.name((view.seat + offset) % 4)}")]
    return out


def _calls(model: TableModel, calls: Sequence[Call]) -> str:
    made = [f"{model.name(s)} {'Grand Tichu' if c is Call.GRAND else 'Tichu'}"
            for s, c in enumerate(calls) if c is not Call.NONE]
    return ", ".join(made) or "none"


def signed(points: Sequence[int]) -> tuple[str, str]:
    return f"{points[0]:+d}", f"{points[1]:+d}"


def plain(points: Sequence[int]) -> tuple[str, str]:
    return str(points[0]), str(points[1])


def round_summary(model: TableModel, event: RoundEnded) -> Lines:
    view = model.view
    assert view is not None
    result = view.history[event.round_no - 1] if len(view.history) >= event.round_no else None
    out = ", ".join(f"{PLACES[i]} {model.name(s)}" for i, s in enumerate(event.out_order))
    lines: Lines = [f"Out: {out or 'nobody'}"]
    if result is not None:
        lines.append(f"Calls: {_calls(model, result.calls)}")
    labels = team_labels(model, view)
    if event.double_victory >= 0:
        lines.append([("class:strong", f"Double victory for {labels[event.double_victory]}!")])
    lines.append("")
    cards, calls = event.card_points, event.call_points
    lines += _table("", labels, [
        ("Card points", *signed(cards)),
        ("Calls", *signed(calls)),
        ("This round", *signed([cards[0] + calls[0], cards[1] + calls[1]])),
        ("Totals", *plain(event.scores))])
    lines += ["", [("class:dim", "Enter closes; s shows every round")]]
    return lines


def history_rows(view: SeatView) -> list[Row]:
    totals = [0, 0]
    rows: list[Row] = []
    for number, result in enumerate(view.history, start=1):
        points = result.total
        totals = [totals[t] + points[t] for t in range(2)]
        double = " (double)" if result.double_victory >= 0 else ""
        rows.append((f"Round {number}{double}", f"{points[0]:+d} = {totals[0]}",
                     f"{points[1]:+d} = {totals[1]}"))
    return rows


def scores(model: TableModel) -> Lines:
    view = model.view
    if view is None:
        return ["No game yet."]
    calls = _calls(model, view.calls)
    lines: Lines = [f"Game to {view.rules.target}. This round's calls: {calls}", ""]
    rows = history_rows(view) or [("(no round finished yet)", "", "")]
    lines += _table("", team_labels(model, view),
                    [*rows, ("Now", *plain(view.scores))])
    return lines


def game_over(model: TableModel) -> Lines:
    view = model.view
    assert view is not None
    phrase = winner_phrase(view.winner, view.seat, view.rules.duel, model.name)
    final = f"Final score {view.scores[0]} : {view.scores[1]} (game to {view.rules.target})"
    lines: Lines = [[("class:title", f" {phrase[:1].upper() + phrase[1:]}! ")], final, ""]
    lines += _table("", team_labels(model, view), history_rows(view))
    lines += ["", [("class:dim", "Enter closes; Q leaves")]]
    return lines


def last_trick(model: TableModel) -> Lines:
    view = model.view
    if view is None or not view.last_trick:
        return ["No trick has been won yet this round."]
    gift = last_gift(model)
    won = f"Won by {model.name(view.last_trick_winner)}"
    if gift is not None and gift.seat == view.last_trick_winner:
        won = _("Won by {name} with the Dragon, given to {other} ({points} points)").format(
            name=model.name(gift.seat), other=model.name(gift.to), points=gift.points)
    lines: Lines = [won, ""]
    for entry in view.last_trick:
        name = f"{model.name(entry.seat):<12}"
        if entry.combo is None:
            lines.append([("class:dim", f"{name}pass")])
        else:
            lines.append([("", name), *model.faces.cards(entry.combo.cards),
                          ("class:dim", f"  {describe(entry.combo)}")])
    return lines


HELP = [
    ("Left / Right", "move the cursor along your hand"),
    ("Space", "select or unselect the card at the cursor"),
    ("2-9 0 j q k a", "select the next card of that rank (0 is the 10); again unselects"),
    ("1 d f r", "select the Mah Jong, Dog, Phoenix (f), Dragon (r)"),
    ("Enter", "play the selection (the engine says at once if it is not legal)"),
    ("Esc", "clear the selection"),
    ("Tab / Shift-Tab", "cycle the legal plays (hints); Enter plays the hint"),
    ("p", "pass"),
    ("t", "call Tichu (before your first card)"),
    ("g", "call Grand Tichu (in its window)"),
    ("b", "your bombs: play one at any moment, out of turn too"),
    ("v", "the last trick"),
    ("h", "this round's tricks: who played what, who won them"),
    ("PgUp PgDn", "scroll the log back and on (in the round history: a page)"),
    ("s", "scores and every round"),
    ("c", "chat"),
    ("?", "this page"),
    ("Q or Ctrl-C", "leave (asks first while the game runs)"),
    ("", ""),
    ("Exchange", "Space gives the card at the cursor to the marked player; Up/Down"),
    ("", "mark another; Enter gives all three; w takes them back; Esc restarts"),
    ("Dialogs", "arrows and Enter, or the letter in [brackets]"),
]


def help_lines() -> Lines:
    width = max(len(k) for k, _ in HELP) + 2
    return [[("class:strong", f"{k:<{width}}"), ("", v)] for k, v in HELP]
