"""``tritable serve``: the online game server on uvicorn (docs/api.md).

By default everything lives in an SQLite file in the user's data folder, so the command works on a
fresh machine with nothing else installed; ``--db postgresql://...`` uses PostgreSQL instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from tritable.cli.command import Command

err_console = Console(stderr=True)


def default_data_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("tritable"))


def database_url(data: Path | None, db: str | None) -> str:
    """The database to use: ``db`` when given, else ``tritable.db`` in ``data`` (or the default folder).

    >>> database_url(Path("/srv/t"), None)
    'sqlite:////srv/t/tritable.db'
    >>> database_url(None, "postgresql://localhost/t")
    'postgresql://localhost/t'
    """
    if db is not None:
        return db
    folder = (data or default_data_dir()).expanduser().resolve()
    return f"sqlite:///{folder / 'tritable.db'}"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    data: Annotated[
        Path | None, typer.Option(metavar="DIR", help="Folder of the SQLite database (default: your data folder).")
    ] = None,
    db: Annotated[
        str | None, typer.Option(metavar="URL", help="Database URL instead: sqlite:///PATH or postgresql://...")
    ] = None,
    ai_workers: Annotated[int, typer.Option(min=1, max=64, help="Worker processes for AI seats.")] = 2,
    access_log: Annotated[bool, typer.Option(help="Log every HTTP request and WebSocket.")] = False,
) -> None:
    """Run the online game server (HTTP API and WebSocket tables; see docs/api.md)."""
    import uvicorn

    from tritable.server import create_app
    from tritable.store import StoreError

    url = database_url(data, db)
    if not url.startswith(("sqlite", "postgres")):
        err_console.print(f"[bold red]error:[/] {escape('--db takes sqlite:///PATH or postgresql://...')}")
        raise typer.Exit(2)
    app = create_app(url, ai_workers=ai_workers)
    err_console.print(f"tritable serving on http://{host}:{port} (database: {escape(url.split('@')[-1])})")
    try:
        uvicorn.run(app, host=host, port=port, ws_max_size=1 << 20, log_level="info", lifespan="on",
                    ws_per_message_deflate=False,  # compressing every view costs more CPU than loopback saves
                    access_log=access_log)
    except StoreError as exc:
        err_console.print(f"[bold red]error:[/] {escape(str(exc))}")
        raise typer.Exit(2) from None


def register(app: typer.Typer) -> None:
    app.command(cls=Command)(serve)
