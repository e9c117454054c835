#!/usr/bin/env bash
# scripts/instructions.sh [HANDS]
# Exact instruction counts (valgrind's callgrind) per simulated French Connection hand and
# per replay of a finished 4-player hand from its record, for each variant, and per random
# game of the `dominoes` library (what `python -m referee bench` compares with). Unlike
# timings, these do not move with the machine's load, so they compare two versions of the engine.
# Needs Debian's valgrind (apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
hands=${1:-200}
py=.venv/bin/python
export PYTHONHASHSEED=0  # the same hashes in every run: dictionaries and sets alike
count() {  # instructions of: python -c "$1" N, minus the same with N=0, divided by N
  local a b
  a=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$py" -c "$1" 0 2>&1 | awk '/Collected/ {print $4}')
  b=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$py" -c "$1" "$hands" 2>&1 | awk '/Collected/ {print $4}')
  echo $(( (b - a) / hands ))
}
simulate='
import random, sys
from referee.engine.simulate import endless, play_hand
rng = random.Random(1)
for i in range(int(sys.argv[1])):
    if i % 20 == 0:
        m = endless("french-connection", list("abcd"))
    play_hand(m, rng)'
echo "simulated French Connection hand: $(count "$simulate") instructions"
benchloop='
import random, sys
from referee.engine.match import Match
from referee.engine.simulate import play_hand
rng = random.Random(3)
n, done = int(sys.argv[1]), 0
while done < n:  # as in bench.against_dominoes: 20 hands to a match, the result asked
    match = Match("french-connection", list("abcd"), {"target": 1000})
    for _ in range(20):
        if done == n or match.result()[0]:
            break
        play_hand(match, rng)
        done += 1'
echo "the same in bench's loop against dominoes: $(count "$benchloop") instructions"
for v in five-up french-connection ctyrka; do
  replay="
import random, sys
from referee.engine import record
from referee.engine.match import Match
from referee.engine.simulate import play_hand
m = Match('$v', list('abcd'), {'target': 1000})
play_hand(m, random.Random(2))
text = record.dumps(m)
for _ in range(int(sys.argv[1])):
    record.replay(record.loads(text))"
  echo "replay of a $v hand: $(count "$replay") instructions"
done
dominoes='
import random, sys
import dominoes
random.seed(3)  # its deals use the random module
rng = random.Random(3)
for _ in range(int(sys.argv[1])):
    game = dominoes.Game.new()
    while game.result is None:
        moves = game.valid_moves
        game.make_move(*moves[int(rng.random() * len(moves))])'
if "$py" -c "import dominoes" 2>/dev/null; then
  echo "random game of \`dominoes\` (4 players, one line): $(count "$dominoes") instructions"
fi
