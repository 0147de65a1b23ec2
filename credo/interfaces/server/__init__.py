"""The Credo server: tables people play online, with bots, clocks and storage.

`credo serve` starts it (FastAPI on uvicorn). It knows no game beyond the kernel
contract: it sends each seat its own view (observation, legal actions, events), stores
every move before anyone hears of it, and rebuilds unfinished tables by replay when it
starts. See docs/web.md.
"""

from .app import create_app

__all__ = ["create_app"]
