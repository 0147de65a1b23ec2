"""The browser table: the lobby and table pages, their static files, and the replay of a
finished game move by move (credo/interfaces/web/, docs/web.md)."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, HTTPException, Path as PathParam
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

WEB = Path(__file__).resolve().parent.parent / "web"


def mount_pages(app: FastAPI) -> None:
    hub = app.state.hub
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby():
        return FileResponse(WEB / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str):
        return FileResponse(WEB / "table.html")

    @app.get("/api/tables/{table_id}/catalogue",
             summary="The public content of the table's game (card faces, tiles, board): fetched once")
    async def catalogue(table_id: str):
        return (await hub.table(table_id)).catalogue()

    @app.get("/api/tables/{table_id}/replay/{move}",
             summary="A finished game as a spectator saw it after `move` moves (0: the start)")
    async def replay(table_id: str, move: int = PathParam(ge=0, le=10_000_000)):
        table = await hub.table(table_id)
        if table.status != "finished":
            raise HTTPException(409, "a game is replayed once it is finished")
        if move > len(table.match.moves):
            raise HTTPException(404, f"this game has {len(table.match.moves)} moves")
        return table.replay_view(move)
