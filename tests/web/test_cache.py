"""The web side's one cache type (referee/web/server/cache.py): a bounded LRU keyed by (what,
version) that keeps only the newest version of each thing, and its shared variant with a
file behind each entry, read by every process of the host."""

from __future__ import annotations

from referee.web.server.cache import LRU, Shared, write_files


def test_only_the_version_asked_for_is_answered_and_only_the_newest_kept():
    c = LRU(4)
    c.put("match 1", 3, "three")
    assert c.get("match 1", 3) == "three" and c.get("match 1", 2) is None
    c.put("match 1", 2, "two")  # an older version never replaces a newer one
    assert c.get("match 1", 3) == "three" and c.latest("match 1") == (3, "three")
    c.put("match 1", 4, "four")
    assert c.get("match 1", 3) is None and c.get("match 1", 4) == "four" and len(c) == 1


def test_the_least_recently_used_thing_goes_first():
    c = LRU(2)
    c.put("a", 1, "A")
    c.put("b", 1, "B")
    assert c.get("a", 1) == "A"  # used: b is now the oldest
    c.put("c", 1, "C")
    assert c.get("b", 1) is None and c.get("a", 1) == "A" and c.get("c", 1) == "C"
    made = []
    assert c.make("d", None, lambda: made.append(1) or "D") == "D"
    assert c.make("d", None, lambda: made.append(1) or "X") == "D" and made == [1]


def test_a_shared_entry_is_found_by_another_process_at_its_version_only(tmp_path):
    one, two = Shared(8, tmp_path), Shared(8, tmp_path)  # two processes of one host
    later = []
    one.put(("match", 7), 5, "<table v5>", later)
    assert two.get(("match", 7), 5) is None  # not on disk until the answer has gone
    write_files(later)
    assert two.get(("match", 7), 5) == "<table v5>"
    assert two.get(("match", 7), 6) is None  # the database says 6: the file is stale
    one.put(("match", 7), 6, "<table v6>")
    assert Shared(8, tmp_path).get(("match", 7), 6) == "<table v6>"
