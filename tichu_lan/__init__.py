"""tichu-lan: Tichu over a local network, from terminals."""

__version__ = "0.1.0"
