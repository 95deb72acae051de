"""Errors the engine raises. Each message is meant to be shown to a player as is."""


class TichuError(Exception):
    """Base of every error the engine raises on purpose."""


class NotationError(TichuError, ValueError):
    """Text that does not name cards, ranks or an action."""


class IllegalAction(TichuError):
    """An action the rules do not allow now; applying it changed nothing."""


class WrongPhase(IllegalAction):
    """The action belongs to another part of the round (e.g. exchanging during play)."""


class NotYourTurn(IllegalAction):
    """The seat may not act now (another seat is to play, lead or decide)."""


class IllegalPlay(IllegalAction):
    """The cards are not a combination, do not beat the table, or break the wish."""


class GameOver(IllegalAction):
    """The game has ended; no action applies any more."""
