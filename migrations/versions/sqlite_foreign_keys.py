"""SQLite enforces foreign keys from now on: the rows a database made before kept without
their parent (the moves, hands, changes and event games of a match deleted while SQLite
did not enforce the declared cascades) are removed, as the cascade would have done.
PostgreSQL always enforced them: nothing to do there.

Revision ID: sqlite_foreign_keys
Revises: match_time_hands
Create Date: 2027-01-10
"""

from alembic import op

revision = "sqlite_foreign_keys"
down_revision = "match_time_hands"
branch_labels = None
depends_on = None


def upgrade():
    conn = op.get_bind()
    if conn.dialect.name != "sqlite":
        return
    # Each pass removes the rows whose parent is gone; their own children show up in the
    # next pass (a hand's moves after the hand), until no row refers to a missing one.
    while True:
        orphans = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
        if not orphans:
            break
        for table, rowid, _parent, _fk in orphans:
            conn.exec_driver_sql(f'DELETE FROM "{table}" WHERE rowid = ?', (rowid,))


def downgrade():
    pass  # the rows removed had no parent: nothing to put back
