"""The layout: the tiles on the table as a tree, its open places and the count.

A placed tile is a `Node`. Its free places are `slots`, each showing a number of pips:

- a lead that is not a double has two ends, "a" (its high half) and "b" (its low half);
- any other non-double has one end, "a", opposite the half it touches;
- a spinner has two sides and two ends, filled in that order (C-SPINNER-ORDER); one
  side of a spinner laid on another tile is already taken, so it has "side", "end1", "end2";
- an ordinary double lies across the line with one free side, "side" (C-DOUBLE); a lead
  double that is not a spinner (a line with no spinner) has two, "side1" and "side2": the
  line's two ends.

The layout offers the first free slot of each number on every node, so a spinner takes
tiles side, side, end, end and naming the tile laid against is enough to say where.
"""

from __future__ import annotations

from typing import NamedTuple

from .tiles import Tile

SPINNER_LEAD = ("side1", "side2", "end1", "end2")
SPINNER_LAID = ("side", "end1", "end2")
DOUBLE_LEAD = ("side1", "side2")
DOUBLE_LAID = ("side",)
END = tuple(("a", pip) for pip in range(13))  # the free end of a tile laid, by its pips: shared


class Place(NamedTuple):
    """A free place on the table: the tile it is on, which slot, the pips it shows."""

    anchor: Tile
    slot: str
    pip: int
    node: int
    arm: int | None


_new = tuple.__new__  # Place(...) without the overhead of its keyword handling


class Node(NamedTuple):
    """A tile on the table: a tuple (built with `_new`), its free slots and children kept
    up to date in place. The hot path reads its fields by index: 5 spinner, 7 free,
    8 children."""

    index: int  # type: ignore[assignment]  # a field, not tuple.index
    tile: Tile
    parent: int | None  # index of the node it was laid on
    slot: str | None  # the parent's slot it occupies
    inner: int | None  # the pips touching the parent
    spinner: bool
    arm: int | None  # which branch of the lead it grows from
    free: list[tuple[str, int]]  # free slots, in order
    children: dict[str, int]  # the node laid in each taken slot

    @property
    def value(self) -> int:
        """What this tile adds to the count (FU-COUNT)."""
        t = self.tile
        if t.high == t.low:
            return 2 * t.high if self.free and self.free[0][0][0] == "s" else 0
        return sum(p for _, p in self.free)


class Layout:
    """The table: nodes in the order laid, open places, the count of the open ends.

    `counting` keeps the count (FU-COUNT) up to date; variants that do not score the
    count leave it off.
    """

    def __init__(self, counting: bool = True) -> None:
        self.nodes: list[Node] = []
        self.by_tile: dict[Tile, Node] = {}
        self.open: list[Place] = []
        self.count = 0
        self.counting = counting
        self.arms_with_double: set[int] = set()

    def __len__(self) -> int:
        return len(self.nodes)

    def copy(self) -> Layout:
        """The same table, to lay tiles on without changing this one: each node's free
        slots and children are its own (the tiles and places, tuples, are shared)."""
        other = Layout.__new__(Layout)
        other.nodes = [_new(Node, (*n[:7], list(n[7]), dict(n[8]))) for n in self.nodes]
        other.by_tile = {n[1]: n for n in other.nodes}
        other.open = list(self.open)
        other.count, other.counting = self.count, self.counting
        other.arms_with_double = set(self.arms_with_double)
        return other

    @property
    def root(self) -> Node | None:
        return self.nodes[0] if self.nodes else None

    def places_on(self, anchor: Tile) -> list[Place]:
        """The open places on one tile of the table."""
        return [p for p in self.open if p.anchor == anchor]

    def lead(self, t: Tile, spinner: bool) -> Node:
        """Lay the first tile of the hand."""
        if t.high == t.low:
            free = [(s, t.high) for s in (SPINNER_LEAD if spinner else DOUBLE_LEAD)]
        else:
            free = [("a", t.high), ("b", t.low)]
        return self._add(_new(Node, (0, t, None, None, None, spinner, None, free, {})))

    def lay(self, t: Tile, place: Place, spinner: bool) -> Node:
        """Lay tile t on an open place (the caller has checked it fits)."""
        anchor, slot, pip, at, arm = place  # arm: the parent's (None on the lead)
        nodes = self.nodes
        parent = nodes[at]
        counting = self.counting
        if counting:
            self.count -= parent.value
        free = parent[7]
        if free[0][0] == slot:  # the first free slot: always, but on a lead's other end
            del free[0]
        else:
            free.remove((slot, pip))
        opens = self.open
        opens.remove(place)
        if parent[5] or at == 0:  # its next slot with the same pips (C-SPINNER-ORDER; a
            # lead double that is not a spinner: its other side, the line's other end)
            for s, p in free:
                if p == pip:
                    opens.append(_new(Place, (anchor, s, p, at, arm)))
                    break
        if counting:
            self.count += parent.value
        high, low = t
        if high == low:
            free = [("side", pip), ("end1", pip), ("end2", pip)] if spinner else [("side", pip)]
        else:
            free = [END[low if pip == high else high]]
        children = parent[8]
        if at == 0:  # laid on the lead: a new arm
            arm = len(children)
        index = len(nodes)
        node = _new(Node, (index, t, at, slot, pip, spinner, arm, free, {}))
        children[slot] = index
        if high == low:
            self.arms_with_double.add(arm)  # type: ignore[arg-type]  # laid: on an arm
        # what _add() does for a tile that is not the lead, inline: this is the hot path
        nodes.append(node)
        self.by_tile[t] = node
        if counting:
            self.count += node.value
        slot, pip = free[0]
        opens.append(_new(Place, (t, slot, pip, index, arm)))
        return node

    def _add(self, node: Node) -> Node:
        """Put a node on the table and offer the first free slot of each of its numbers."""
        self.nodes.append(node)
        tile = node.tile
        self.by_tile[tile] = node
        if self.counting:
            self.count += node.value
        free = node.free
        slot, pip = free[0]
        self.open.append(_new(Place, (tile, slot, pip, node.index, node.arm)))
        if node.parent is None and free[1][1] != pip:  # a lead that is not a double
            slot, pip = free[1]
            self.open.append(_new(Place, (tile, slot, pip, node.index, node.arm)))
        return node
