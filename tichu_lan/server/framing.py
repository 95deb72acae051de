"""Twisted's length-prefixed frames (`Int32StringReceiver`), called through typed names.

Twisted leaves these methods untyped, and strict typing refuses a call to an untyped
function; the host's connections and its bot workers call them through here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from twisted.protocols.basic import Int32StringReceiver

# Cut ``data`` into frames: `stringReceived` for each whole one, the rest kept for later.
read_frames = cast(Callable[[Int32StringReceiver, bytes], None], Int32StringReceiver.dataReceived)
# Deliver no more frames, and ask the transport to read no more.
stop_reading = cast(Callable[[Int32StringReceiver], None], Int32StringReceiver.pauseProducing)
