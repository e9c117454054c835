"""Domino Referee: a rules engine (referee.engine) and a Flask app (referee.web)."""
