"""The event level's pure parts: pairing (no Flask, no database)."""
