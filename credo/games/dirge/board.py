"""Battlefield geometry: squares, facings, sides, reach. Precomputed once per
battlefield so that the forward model only indexes tables."""

from __future__ import annotations

FACINGS = "nesw"  # 0 north (towards the second player's side), 1 east, 2 south, 3 west
FRONT, FLANK, BACK = 0, 1, 2
SIDE_NAMES = ("front", "flank", "back")


class Board:
    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.size = width * height
        self.names = [self._name(sq) for sq in range(self.size)]
        self.index = {name: sq for sq, name in enumerate(self.names)}
        # step[sq][f]: the square one step from sq in direction f, or -1 off the board
        self.step = [[self._step(sq, f) for f in range(4)] for sq in range(self.size)]
        self.neighbours = [[n for n in row if n >= 0] for row in self.step]
        # dist[a][b]: orthogonal steps between two squares (hot in evaluation and rollouts)
        self.dist = [[self.distance(a, b) for b in range(self.size)] for a in range(self.size)]
        self.within = [
            [[t for t in range(self.size) if t != sq and self.distance(sq, t) <= r] for r in range(9)]
            for sq in range(self.size)
        ]
        # sight[sq][f][r]: squares in the front arc of a creature on sq facing f, at most r
        # steps away, nearest first: forward offset >= 1 and sideways offset <= forward offset.
        self.sight = [[[self._arc(sq, f, r) for r in range(9)] for f in range(4)] for sq in range(self.size)]

    def _name(self, sq: int) -> str:
        return f"{chr(97 + sq % self.width)}{sq // self.width + 1}"

    def _step(self, sq: int, f: int) -> int:
        col, row = sq % self.width, sq // self.width
        dc, dr = ((0, 1), (1, 0), (0, -1), (-1, 0))[f]
        col, row = col + dc, row + dr
        if 0 <= col < self.width and 0 <= row < self.height:
            return row * self.width + col
        return -1

    def offsets(self, sq: int, f: int, target: int) -> tuple[int, int]:
        """(forward, sideways) offset of `target` seen from `sq` facing `f`."""
        dc = target % self.width - sq % self.width
        dr = target // self.width - sq // self.width
        if f == 0:
            return dr, dc
        if f == 1:
            return dc, -dr
        if f == 2:
            return -dr, -dc
        return -dc, dr

    def _arc(self, sq: int, f: int, r: int) -> list[int]:
        out = []
        for t in range(self.size):
            fwd, side = self.offsets(sq, f, t)
            if fwd >= 1 and abs(side) <= fwd and fwd + abs(side) <= r:
                out.append(t)
        out.sort(key=lambda t: self.distance(sq, t))
        return out

    def distance(self, a: int, b: int) -> int:
        return abs(a % self.width - b % self.width) + abs(a // self.width - b // self.width)

    def direction(self, a: int, b: int) -> int:
        """The facing that points from `a` to the orthogonally adjacent `b` (-1 if not adjacent)."""
        row = self.step[a]
        for f in range(4):
            if row[f] == b:
                return f
        return -1

    def side_hit(self, defender_sq: int, defender_facing: int, attacker_sq: int) -> int:
        """Which side of the defender an adjacent attacker strikes: FRONT, FLANK or BACK."""
        rel = (self.direction(defender_sq, attacker_sq) - defender_facing) % 4
        return FRONT if rel == 0 else BACK if rel == 2 else FLANK
