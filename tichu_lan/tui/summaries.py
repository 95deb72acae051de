"""The read-only pages: round summary, game over, scores, the last trick, the keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import Call, describe
from engine.events import RoundEnded

from .faces import Fragments
from .wording import PLACES, winner_phrase

if TYPE_CHECKING:
    from engine import SeatView

    from .table_screen import TableScreen

Lines = list[Fragments | str]


def team_labels(screen: TableScreen) -> tuple[str, str]:
    """Column heads for the two teams: "us"/"them" for a seated player, else names."""
    view = screen.view
    if view.rules.duel:
        return screen.name(0), screen.name(1)
    names = [f"{screen.name(t)}+{screen.name(t + 2)}" for t in range(2)]
    if view.seat < 0:
        return names[0], names[1]
    mine = view.seat % 2
    return tuple(("us " if t == mine else "them ") + f"({names[t]})" for t in range(2))


def _table(head: str, labels: tuple[str, str], rows: list[tuple[str, str, str]]) -> Lines:
    width = max(18, max(len(l) for l in labels) + 2)
    lines: Lines = [[("class:strong", f"{head:<16}{labels[0]:>{width}}{labels[1]:>{width}}")]]
    lines += [f"{a:<16}{b:>{width}}{c:>{width}}" for a, b, c in rows]
    return lines


def received(screen: TableScreen, view: SeatView) -> Fragments:
    out: Fragments = []
    for offset, card in enumerate(view.received, start=1):
        if out:
            out.append(("", ", "))
        out += [screen.faces.card(card), ("", f" from {screen.name((view.seat + offset) % 4)}")]
    return out


def _calls(screen: TableScreen, calls) -> str:
    made = [f"{screen.name(s)} {'Grand Tichu' if c is Call.GRAND else 'Tichu'}"
            for s, c in enumerate(calls) if c is not Call.NONE]
    return ", ".join(made) or "none"


def round_summary(screen: TableScreen, event: RoundEnded) -> Lines:
    view = screen.view
    result = view.history[event.round_no - 1] if len(view.history) >= event.round_no else None
    out = ", ".join(f"{PLACES[i]} {screen.name(s)}" for i, s in enumerate(event.out_order))
    lines: Lines = [f"Out: {out or 'nobody'}"]
    if result is not None:
        lines.append(f"Calls: {_calls(screen, result.calls)}")
    if event.double_victory >= 0:
        lines.append([("class:strong", "Double victory for "
                       f"{team_labels(screen)[event.double_victory]}!")])
    lines.append("")
    round_points = [event.card_points[t] + event.call_points[t] for t in range(2)]
    lines += _table("", team_labels(screen), [
        ("Card points", *(f"{p:+d}" for p in event.card_points)),
        ("Calls", *(f"{p:+d}" for p in event.call_points)),
        ("This round", *(f"{p:+d}" for p in round_points)),
        ("Totals", *(str(s) for s in event.scores))])
    lines += ["", [("class:dim", "Enter closes; s shows every round")]]
    return lines


def history_rows(screen: TableScreen) -> list[tuple[str, str, str]]:
    totals = [0, 0]
    rows = []
    for number, result in enumerate(screen.view.history, start=1):
        points = result.total
        totals = [totals[t] + points[t] for t in range(2)]
        double = " (double)" if result.double_victory >= 0 else ""
        rows.append((f"Round {number}{double}",
                     *(f"{points[t]:+d} = {totals[t]}" for t in range(2))))
    return rows


def scores(screen: TableScreen) -> Lines:
    view = screen.view
    if view is None:
        return ["No game yet."]
    lines: Lines = [f"Game to {view.rules.target}. This round's calls: "
                    f"{_calls(screen, view.calls)}", ""]
    rows = history_rows(screen) or [("(no round finished yet)", "", "")]
    lines += _table("", team_labels(screen), rows + [("Now", *map(str, view.scores))])
    return lines


def game_over(screen: TableScreen) -> Lines:
    view = screen.view
    phrase = winner_phrase(view.winner, view.seat, view.rules.duel, screen.name)
    lines: Lines = [[("class:title", f" {phrase[:1].upper() + phrase[1:]}! ")],
                    f"Final score {view.scores[0]} : {view.scores[1]} (game to {view.rules.target})",
                    ""]
    lines += _table("", team_labels(screen), history_rows(screen))
    lines += ["", [("class:dim", "Enter closes; Q leaves")]]
    return lines


def last_trick(screen: TableScreen) -> Lines:
    view = screen.view
    if view is None or not view.last_trick:
        return ["No trick has been won yet this round."]
    lines: Lines = [f"Won by {screen.name(view.last_trick_winner)}", ""]
    for entry in view.last_trick:
        name = f"{screen.name(entry.seat):<12}"
        if entry.combo is None:
            lines.append([("class:dim", f"{name}pass")])
        else:
            lines.append([("", name)] + screen.faces.cards(entry.combo.cards)
                         + [("class:dim", f"  {describe(entry.combo)}")])
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
    ("s", "scores and every round"),
    ("c", "chat"),
    ("?", "this page"),
    ("Q or Ctrl-C", "leave (asks first while the game runs)"),
    ("", ""),
    ("Exchange", "Space gives the card at the cursor to the marked player; Up/Down"),
    ("", "mark another; Enter gives all three; w takes them back; Esc restarts"),
    ("Dialogs", "arrows and Enter, or the letter in [brackets]"),
]


def help_lines(screen: TableScreen) -> Lines:
    width = max(len(k) for k, _ in HELP) + 2
    return [[("class:strong", f"{k:<{width}}"), ("", v)] for k, v in HELP]
