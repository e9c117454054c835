"""A match's life outside its table screen: starting it (`create`: the engine accepts its
players and options), finding it again (the table code typed on the home page, attempts
limited per client), the home page's opt-in list with each match's status, abandoning a
match (with a reason) and deleting it. `service` holds the work, `views` the routes."""

from .service import (
    abandon,
    delete,
    find_by_code,
    listed,
    set_public,
    status,
)

__all__ = ["abandon", "delete", "find_by_code", "listed", "set_public", "status"]
