"""The program as one file: a zip application that any CPython 3.11+ runs, nothing installed.

`contents` decides what goes in (this program's packages and every runtime dependency in
pure-Python form, taken from the installed distributions, so bundling needs no package
index), `pyz` writes it reproducibly, `where` names the host's share port and its
addresses (where guests get it), and `origin` tells whether this process runs from
a bundle and how to start another process of the program from the same place (the host's
bot workers must, or they would not start at all). The submodules are imported where they
are used: the host needs only `origin`, which is light.
"""
