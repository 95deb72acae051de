"""`start_evening`: who may start an evening (or change who takes part in it), and with what.

A person on the host's own machine (as `tichu host`'s own terminal is) may, and so may the
person who runs the first table open on the host; nobody else, so that a guest cannot
scatter a party that sits at its tables already. While an evening runs, the request
changes who takes part from its next game on (its rules and duplicate stay).
"""

from __future__ import annotations

import ipaddress
from engine import RuleSet

from ..protocol import HostError, Message
from .evening_games import Evening
from .evening_plan import FEWEST, MOST
from .host_config import HostConfig, TableOptions
from .seats import Member
from .session import AT_TABLE, Session, Standing


def start_evening(session: Session, msg: Message, arrived: float | None) -> Message:
    host = session.host
    _may_start(session)
    here = _here(session)
    people = list(dict.fromkeys(msg["people"]))
    if not FEWEST <= len(people) <= MOST:
        raise HostError("bad_value", f"an evening is for {FEWEST} to {MOST} people, not "
                        f"{len(people)}", params={"field": "people", "low": FEWEST, "high": MOST})
    absent = [name for name in people if name not in here]
    if absent:
        raise HostError("bad_value", f"{absent[0]} is not here: an evening is for the people "
                        "present", params={"field": "people", "choices": sorted(here)})
    evening = host.evening
    if evening is not None and not evening.over:
        evening.change_people(people)
        return {"type": "ok"}
    evening = Evening(host.lobby, people, RuleSet(msg["variant"], msg["target"]),
                      host_options(host.config),
                      bool(msg["duplicate"]), int(msg.get("games") or 0),
                      lambda: _here(session))
    host.evening = evening
    evening.next_game()
    return {"type": "ok"}


def host_options(config: HostConfig) -> TableOptions:
    """An evening's tables take the host's own settings: its bots, grace and pacing."""
    return TableOptions(takeover=True, grace=float(config.grace), bot_level=config.bot_level,
                        collect=float(config.pacing.collect))


def _may_start(session: Session) -> None:
    try:
        if ipaddress.ip_address(session.address).is_loopback:
            return
    except ValueError:
        pass
    tables = session.host.lobby.tables
    first = tables[min(tables)] if tables else None
    runner = first.seating.runner() if first is not None else None
    if runner is not None and session.seat is runner:
        return
    raise HostError("not_owner", "only a person on the host's machine, or who runs its first "
                    "table, may start an evening", params={
                        "name": runner.name if runner is not None else "",
                        "what": "start_evening"})


def _here(session: Session) -> dict[str, Member]:
    """The people connected to the host now, by name."""
    states = (Standing.LOBBY, Standing.ASKING, *AT_TABLE)
    return {c.session.name: c.session for c in session.host.factory.connections
            if c.session.state in states}
