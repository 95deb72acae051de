"""A headless client of a tichu-lan host: connect, handshake, ask, keep the latest view, reconnect.

The terminal client is built on it, and the tests drive the host with it::

    client = TichuClient("127.0.0.1", port, name="Ann")
    welcome = yield client.connect()
    seated = yield client.create_table("Friday", variant="classic", target=1000)
    yield client.add_bot(1); yield client.add_bot(2); yield client.add_bot(3)
    yield client.start()
    client.subscribe(lambda message: ...)     # every message from the host, in order
    yield client.act(Pass(seated.seat))

Every request returns a Deferred that fires with the host's reply (a typed message of
`tichu_lan.host_messages`) or fails with `HostError` (the host's code and message) or
`Disconnected`. The client keeps what the host last said: `view` (a `SeatView`), `seq`,
`table`, `lobby`, `seating`. If the connection drops while it holds a seat token, it
reconnects by itself, resumes the seat and gets the full current view; the subscribers
see local `ConnectionNotice`s ("lost", "restored", "seat_lost", "closed", "host_stopped";
these never travel on the wire). A spectator reconnects too, and watches its table again.
A host stopped on purpose says so (its notice ``host_stopped``): the client then says
"host_stopped" rather than "lost", and dials it now and then, seat or not, until it is
back.

The parts, one concern each:

- `tichu_client`: `TichuClient`, the requests and the listeners, over the parts below;
- `link_machine`: the connection's lifecycle, every step in its `TRANSITIONS` table,
  with its states in `link_states` and its two clocks in `link_timers`;
- `host_connection`: one TCP connection, its frames checked and decoded;
- `answers`: requests on their way, matched to their answers by id;
- `host_said`: what the host last said, and the client's `Place` at the host.
"""

from .answers import Disconnected
from .host_connection import HostConnection, where_to_get
from .host_said import HostSaid, Place, Seating, Step
from .link_machine import TRANSITIONS, LinkMachine
from .link_states import OPEN, Event, Link
from .tichu_client import Listener, TichuClient

__all__ = ["OPEN", "TRANSITIONS", "Disconnected", "Event", "HostConnection", "HostSaid",
           "Link", "LinkMachine", "Listener", "Place", "Seating", "Step", "TichuClient",
           "where_to_get"]
