"""An evening's plan in words: where a person sits next, the whole schedule, and each
duplicate deal's comparison once revealed (docs/EVENING.md)."""

from __future__ import annotations

from ..host_messages import DealCompared, EveningInfo, PlannedGame, PlannedTable
from ..i18n import _


def _who(name: str) -> str:
    return name or _("a bot")


def _partners(first: str, second: str) -> str:
    return _("{first} and {second}").format(first=_who(first), second=_who(second))


def _number(game: PlannedGame, table: PlannedTable) -> str:
    """A table as the plan names it: its place in the game, as the host names the table
    ("#2"), open or not."""
    return str(game.tables.index(table) + 1)


def seat_line(evening: EveningInfo, me: str, number: int | None = None) -> str | None:
    """"Game 2 of 4: you with Cat at table 3", for game ``number`` (the one under way by
    default); None if ``me`` does not play in it."""
    number = number or evening.game
    if evening.over or not 1 <= number <= len(evening.games):
        return None
    game = evening.games[number - 1]
    for table in game.tables:
        if me in table.seats:
            partner = table.seats[(table.seats.index(me) + 2) % 4]
            return _("Game {game} of {games}: you with {partner} at table {table}").format(
                game=number, games=len(evening.games), partner=_who(partner),
                table=_number(game, table))
    return None


def plan_lines(evening: EveningInfo, me: str) -> list[str]:
    """The whole schedule, the game under way marked, then the comparisons so far."""
    if evening.over:
        lines = [_("The evening is over.")]
    else:
        lines = [seat_line(evening, me) or _("You do not play in this game.")]
    lines.append("")
    for number, game in enumerate(evening.games, start=1):
        mark = "> " if number == evening.game and not evening.over else "  "
        lines.append(mark + _("Game {game}").format(game=number))
        for table in game.tables:
            pairs = [_partners(table.seats[0], table.seats[2]),
                     _partners(table.seats[1], table.seats[3])]
            lines.append("    " + _("table {table}: {first} against {second}").format(
                table=_number(game, table), first=pairs[0], second=pairs[1]))
    if evening.duplicate:
        lines += ["", _("Duplicate: each deal compared once every table has played it")]
        lines += [line for deal in evening.compared for line in compared_lines(evening, deal)]
    return lines


def compared_lines(evening: EveningInfo, deal: DealCompared) -> list[str]:
    """A deal's comparison: per table and team, its margin and matchpoints of the top."""
    lines = [_("Game {game}, deal {deal}:").format(game=deal.game, deal=deal.deal)]
    game = evening.games[deal.game - 1] if 1 <= deal.game <= len(evening.games) else None
    tables = {str(t.table): t for t in game.tables} if game is not None else {}
    for score in deal.scores:
        table = tables.get(str(score.table))
        team = _partners(table.seats[score.team], table.seats[score.team + 2]) \
            if table is not None else str(score.team)
        place = _number(game, table) if game is not None and table is not None else score.table
        lines.append("    " + _("table {table}, {team}: {margin:+d}, {points:g} of {top}")
                     .format(table=place, team=team, margin=score.margin,
                             points=score.matchpoints, top=score.top))
    return lines
