"""The API's documentation pages (/docs, /redoc) with their scripts served by the server.

FastAPI's own pages load Swagger UI and ReDoc from a CDN, so on a machine without the
internet they stay blank. The package `fastapi-offline` ships those assets (Swagger UI
5, which reads OpenAPI 3.1, and ReDoc 2); they are served from ASSETS and the pages are
FastAPI's own, pointed at them.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = "/api/docs-assets"


def assets_dir() -> Path | None:
    """Where the installed `fastapi-offline` keeps Swagger UI and ReDoc; None without it."""
    try:
        import fastapi_offline
    except ImportError:
        return None
    folder = Path(fastapi_offline.__file__).parent / "static"
    return folder if (folder / "swagger-ui-bundle.js").is_file() else None


def add_docs(app: FastAPI, docs_url: str = "/docs", redoc_url: str = "/redoc") -> None:
    """/docs and /redoc on an app made with docs_url=None and redoc_url=None."""
    folder = assets_dir()
    if folder is None:
        missing = ("<p>The API's documentation page needs the package fastapi-offline "
                   "(pip install 'credo[server]'); the API itself is described at "
                   f"<a href='{app.openapi_url}'>{app.openapi_url}</a>.</p>")

        @app.get(docs_url, include_in_schema=False)
        @app.get(redoc_url, include_in_schema=False)
        async def no_docs() -> HTMLResponse:
            return HTMLResponse(missing, status_code=503)

        return
    app.mount(ASSETS, StaticFiles(directory=folder), name="docs-assets")

    @app.get(docs_url, include_in_schema=False)
    async def swagger() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url=app.openapi_url, title=f"{app.title}: the API",
                                   swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{ASSETS}/swagger-ui.css",
                                   swagger_favicon_url=f"{ASSETS}/favicon.png",
                                   oauth2_redirect_url=app.swagger_ui_oauth2_redirect_url)

    @app.get(app.swagger_ui_oauth2_redirect_url, include_in_schema=False)
    async def swagger_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    @app.get(redoc_url, include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return get_redoc_html(openapi_url=app.openapi_url, title=f"{app.title}: the API",
                              redoc_js_url=f"{ASSETS}/redoc.standalone.js",
                              redoc_favicon_url=f"{ASSETS}/favicon.png", with_google_fonts=False)
