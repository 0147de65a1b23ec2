"""Where the server keeps its data and the limits it enforces."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field


def default_data_dir() -> Path:
    if os.environ.get("CREDO_DATA_DIR"):
        return Path(os.environ["CREDO_DATA_DIR"])
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "credo"


class Settings(BaseModel):
    data_dir: Path = Field(default_factory=default_data_dir)
    database_url: str | None = None  # default: a SQLite file in data_dir (or CREDO_DATABASE_URL)
    bots: Literal["process", "thread"] = "process"  # where bots think: off the event loop either way
    bot_workers: int = Field(1, ge=1, le=64)
    max_message_bytes: int = 4096  # a client's socket message
    max_request_bytes: int = 64 * 1024  # a lobby request's body
    messages_per_second: float = 20.0  # each connection's sustained rate
    message_burst: int = 40
    hello_seconds: float = 10.0  # a socket must say who it is within this

    def url(self) -> str:
        url = self.database_url or os.environ.get("CREDO_DATABASE_URL")
        if url:
            return url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite+aiosqlite:///{self.data_dir / 'credo.db'}"
