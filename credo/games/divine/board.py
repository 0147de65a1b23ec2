"""City geometry: the 18 by 18 board (squares a1..r18, as chess: columns a..r from
the left, rows 1..18 from the bottom), orthogonal steps (ruling R-2), and the layout
of one game's city: which tile lies where, turned how, and what each space is."""

from __future__ import annotations

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
                 "towers", "catacombs", "library", "market", "pop_squares")

    def __init__(self, tiles, placement: list[tuple[int, int]]) -> None:
        self.placement = tuple(tuple(p) for p in placement)  # per slot: (tile index, quarters)
        kind = [POPULATION] * SQUARES
        pop = [0] * SQUARES
        tile_of = [0] * SQUARES
        for slot, (t, quarters) in enumerate(self.placement):
            grid = rotate(tiles[t].spaces(), quarters)
            for r in range(R.TILE_SIZE):
                for c in range(R.TILE_SIZE):
                    sq = slot_square(slot, r, c)
                    k, p = grid[r][c]
                    kind[sq] = KIND_CODE[k]
                    pop[sq] = p
                    tile_of[sq] = slot
        self.kind = tuple(kind)
        self.pop = tuple(pop)
        self.tile_of = tuple(tile_of)
        self.temples = tuple(sq for sq in range(SQUARES) if kind[sq] == TEMPLE)
        index = [-1] * SQUARES
        for i, sq in enumerate(self.temples):
            index[sq] = i
        self.temple_index = tuple(index)
        self.towers = tuple(sq for sq in range(SQUARES) if kind[sq] == TOWER)
        self.catacombs = tuple(sq for sq in range(SQUARES) if kind[sq] == CATACOMB)
        self.library = next(sq for sq in range(SQUARES) if kind[sq] == LIBRARY)
        self.market = next(sq for sq in range(SQUARES) if kind[sq] == MARKET)
        # population spaces (temples included, ruling R-4), richest first
        self.pop_squares = tuple(sorted((sq for sq in range(SQUARES) if pop[sq] > 0), key=lambda s: -pop[s]))


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
