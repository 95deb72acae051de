"""The ssh door: guests with only an ssh client play the terminal game (docs/SSH.md).

`tichu host` and `tichu server` start it beside the game port (`door.start_door`).
Each ssh session runs the screens of `tichu join` against this host, in the host's
process, over an in-process connection the host sees under the ssh client's own
address (`inprocess`). Nothing here is imported unless a door opens: asyncssh (and
the compiled cryptography under it) is only in the installed program, never in the
pure-Python bundle.
"""
