"""City geometry: the 18 by 18 board (squares a1..r18, as chess: columns a..r from
the left, rows 1..18 from the bottom), orthogonal steps (ruling R-2), and the layout
of one game's city: which tile lies where, turned how, and what each space is."""

from __future__ import annotations

from itertools import compress

from . import rules as R

N = R.SIZE
SQUARES = N * N
COLUMNS = "abcdefghijklmnopqr"

POPULATION, TOWER, CATACOMB, LIBRARY, MARKET, TEMPLE = range(6)
KIND_NAMES = ("population", "tower", "catacomb", "library", "market", "temple")
KIND_CODE = {name: i for i, name in enumerate(KIND_NAMES)}


def name(sq: int) -> str:
    return f"{COLUMNS[sq % N]}{sq // N + 1}"


NAMES = [name(sq) for sq in range(SQUARES)]
INDEX = {n: sq for sq, n in enumerate(NAMES)}


def _neighbours(sq: int) -> list[int]:
    col, row = sq % N, sq // N
    out = []
    for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        c, r = col + dc, row + dr
        if 0 <= c < N and 0 <= r < N:
            out.append(r * N + c)
    return out


NEIGHBOURS = [tuple(_neighbours(sq)) for sq in range(SQUARES)]
# A state keeps, per square, a mask of which of its NEIGHBOURS are occupied (bit i for
# NEIGHBOURS[sq][i]). NEIGHBOUR_BITS[sq]: each neighbour n of sq with the bit that sq is in n's mask.
NEIGHBOUR_BITS = [tuple((n, 1 << NEIGHBOURS[n].index(sq)) for n in NEIGHBOURS[sq]) for sq in range(SQUARES)]


def occupancy(board: list[int]) -> bytearray:
    """The neighbour masks of a board (a unit slot or -1 per square)."""
    masks = bytearray(SQUARES)
    # the occupied squares picked in C: a board holds a few dozen units on 324 squares
    for sq in compress(range(SQUARES), map((-1).__lt__, board)):
        for n, bit in NEIGHBOUR_BITS[sq]:
            masks[n] |= bit
    return masks


def distance(a: int, b: int) -> int:
    return abs(a % N - b % N) + abs(a // N - b // N)


WITHIN3 = [tuple(t for t in range(SQUARES) if t != sq and distance(sq, t) <= R.ZEALOT_RANGE)
           for sq in range(SQUARES)]


def rotate(grid: list[list], quarters: int) -> list[list]:
    """The grid turned `quarters` quarter turns clockwise."""
    for _ in range(quarters % 4):
        size = len(grid)
        grid = [[grid[size - 1 - c][r] for c in range(size)] for r in range(size)]
    return grid


def slot_square(slot: int, r: int, c: int) -> int:
    """The square of local space (r from the tile's top row, c from its left) of the
    tile in grid slot `slot` (0..8, rows of three from the top left of the city)."""
    sr, sc = divmod(slot, 3)
    row = N - 1 - (sr * R.TILE_SIZE + r)
    return row * N + sc * R.TILE_SIZE + c


class Layout:
    """One game's city, fixed at setup and shared (never copied) by its states."""

    __slots__ = ("placement", "kind", "pop", "tile_of", "temples", "temple_index",
                 "towers", "catacombs", "library", "market", "pop_squares", "_frozen")

    def __init__(self, tiles, placement: list[tuple[int, int]]) -> None:
        self.placement = tuple(tuple(p) for p in placement)  # per slot: (tile index, quarters)
        kind = [POPULATION] * SQUARES
        pop = [0] * SQUARES
        tile_of = [0] * SQUARES
        size = R.TILE_SIZE
        for slot, (t, quarters) in enumerate(self.placement):
            kinds, pops = _turned(tiles[t], quarters)
            top = slot_square(slot, 0, 0)
            for r in range(size):
                sq = top - r * N  # a tile's row is a run of squares on one board row
                kind[sq:sq + size] = kinds[r]
                pop[sq:sq + size] = pops[r]
                tile_of[sq:sq + size] = (slot,) * size
        self.kind = tuple(kind)
        self.pop = tuple(pop)
        self.tile_of = tuple(tile_of)
        squares = range(SQUARES)
        self.temples = tuple(compress(squares, map(TEMPLE.__eq__, kind)))
        index = [-1] * SQUARES
        for i, sq in enumerate(self.temples):
            index[sq] = i
        self.temple_index = tuple(index)
        self.towers = tuple(compress(squares, map(TOWER.__eq__, kind)))
        self.catacombs = tuple(compress(squares, map(CATACOMB.__eq__, kind)))
        self.library = kind.index(LIBRARY)
        self.market = kind.index(MARKET)
        # population spaces (temples included, ruling R-4), richest first (a stable sort:
        # squares of equal population stay in board order)
        self.pop_squares = tuple(sorted(compress(squares, pop), key=pop.__getitem__, reverse=True))
        self._frozen = True

    # a city is fixed at setup and shared by every state of its game, the worlds agents
    # sample included: it cannot be changed, so sharing it shares nothing mutable
    def __setattr__(self, name, value):
        if getattr(self, "_frozen", False):
            raise AttributeError("a city layout is fixed at setup")
        object.__setattr__(self, name, value)

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self


_TURNED: dict = {}


def _turned(tile, quarters: int) -> tuple[tuple, tuple]:
    """The kind codes and populations of a tile's rows, turned `quarters` times: parsed
    once per tile and turn, since every new game lays out a city."""
    key = (tuple(tile.rows), quarters)
    found = _TURNED.get(key)
    if found is None:
        grid = rotate(tile.spaces(), quarters)
        found = (tuple(tuple(KIND_CODE[k] for k, _ in row) for row in grid),
                 tuple(tuple(p for _, p in row) for row in grid))
        _TURNED[key] = found
    return found


def possible_catacombs(tiles) -> list[int]:
    """Every square a Catacomb can fall on in some layout (for the jump actions)."""
    out = set()
    for tile in tiles:
        spaces = tile.spaces()
        for quarters in range(4):
            grid = rotate(spaces, quarters)
            for r in range(R.TILE_SIZE):
                for c in range(R.TILE_SIZE):
                    if grid[r][c][0] == "catacomb":
                        out.update(slot_square(slot, r, c) for slot in range(R.TILES))
    return sorted(out)
