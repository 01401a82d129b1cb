"""bridgebot — a chat assistant for the Chinese Laws of Duplicate Bridge (1999)."""

__version__ = "0.1.0"
