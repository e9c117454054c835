"""Disputes that hold up: undo and corrections as events (nothing deleted), a replay
viewer for every position, the signed scoresheet that locks a match, the audit log.

`log` (the change log, the phone's name, the lock) is what the write path in `services`
uses; `service` and `views` are this concern's own service module and blueprint.
"""
