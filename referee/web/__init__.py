"""The web side of the referee: the Flask app's extensions, models and blueprints, one
package (or module) per concern: `table/` (the table screen at the players' and the
spectators' links), `pages/` (home, rules, import), `matches/`, `start/`, `events/`,
`audit/`, `offline/`, `drawing/` (SVG), and the app-wide parts beside them (`errors`,
`assets`, `downloads`, `i18n`, `security`, `public`, `poll`...). `factory` assembles the
app, `store` is its database, and `server/` is what runs it in a hall (threads, the event
loop, kept connections and caches).

It asks the engine (`referee.engine`) every rule question and holds no rule of its own.
Many modules ask it (the table's service and presenters, the replayed state, the records,
starting a match, the start form, the events, the audit's corrections and replays, the
pages' rule texts, the drawings): each asks through the engine's public calls, and none
decides a rule itself.
"""
