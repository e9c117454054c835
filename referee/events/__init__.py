"""The event level's pure parts (no Flask, no database): the pairing of rounds
(`pairing`) and the standings (`standings`)."""
