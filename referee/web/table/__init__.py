"""The table: the screen a match is played on, at the players' link (/t, which records)
and the spectators' (/s, which watches).

- `views`: the routes, one blueprint registered at /t and /s; `screen`: the table page
  and its fragment put together; `fragment`: the fragment shared by a table's phones.
- `service`: the match at a link, and the moves, the lot, the tiles left and undo;
  `transaction`: how every write to a match is made, under its lock.
- `state`: the replayed match, kept per process at the match's version.
- `presenters`: the sentences (moves, history, hand summaries, outcome, time called...).
- `records`: the game record, exported, judged and imported.
- `offers`, `choice`, `picker`, `settled`: what the phone may do now, the tile it chose,
  the tile picker's slots, the last settled hand.
"""
