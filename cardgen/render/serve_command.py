"""``cardgen serve``: the preview on this machine, rebuilt on every save, updated in the open page."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Optional

import typer

from cardgen.errors import UsageError, error_line
from cardgen.printable import printable
from cardgen.render.build_command import (
    BLEED, CHANGED_SINCE, CONTENT_DIR, DUPLEX, EXPORT, GUTTER, LANG, ONLY, OUT, PAPER, PLAYERS, VARIANT, WITH_BASE,
    Duplex, Lang, Paper, build_options, report_build, report_failure, require_renderer, watch_until_interrupted,
    watched_folders,
)

#: Seconds between looks at the content files: a save shows in the page about two looks later (the
#: file must hold still for one look, cardgen.render.watch); a look costs microseconds.
LOOK_INTERVAL = 0.05
#: Where the preview is served unless --host says otherwise: this machine only.
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: Seconds the server takes at most to notice it is asked to stop (Ctrl-C).
STOP_POLL = 0.05


def serve_cmd(
    content_dir: Optional[Path] = CONTENT_DIR,
    out: Optional[Path] = OUT,
    paper: Paper = PAPER,
    lang: Lang = LANG,
    players: Optional[int] = PLAYERS,
    bleed: float = BLEED,
    gutter: float = GUTTER,
    duplex: Duplex = DUPLEX,
    only: Optional[str] = ONLY,
    variant: Optional[str] = VARIANT,
    with_base: bool = WITH_BASE,
    changed_since: Optional[Path] = CHANGED_SINCE,
    export: Optional[str] = EXPORT,
    port: int = typer.Option(DEFAULT_PORT, "--port", help="Port to serve on (0: any free port)."),
    host: str = typer.Option(DEFAULT_HOST, "--host", help="Address to serve on; the default is this machine only. "
                                                          "Another address shows the preview to other machines."),
) -> None:
    """Serve the preview in a browser and rebuild on every save; the open page updates the faces that changed.

    Builds the set as `cardgen build` does (same options), then serves the
    output folder's preview at http://127.0.0.1:PORT/ and watches the content
    (a pack's and every base layer's) and the templates. After a save the page
    swaps in the faces that changed, without reloading; a validation error or a
    face that does not fit shows over the page with its file:line:col, the
    line and a caret, and goes when mended. Only files inside the output folder
    are served. Ctrl-C stops.

    Example: cardgen serve my-pack --lang en --port 8001
    """
    from cardgen.render.serve.http import PreviewServer, Site

    try:
        options = build_options(paper.value, lang.value, players, bleed, duplex.value, only, variant, with_base,
                                changed_since, export, gutter=gutter)
        if not 0 <= port <= 65535:
            raise UsageError(f"--port {port}: choose a port from 0 to 65535")
    except UsageError as exc:
        typer.echo(error_line("serve", exc), err=True)
        raise typer.Exit(exc.exit_code) from None
    site = Site()
    try:
        server = PreviewServer((host, port), site)
    except OSError as exc:
        typer.echo(f"cardgen serve: error: cannot serve on {printable(host)}:{port} ({printable(str(exc))}); "
                   "choose another --port", err=True)
        raise typer.Exit(1) from None
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": STOP_POLL}, name="cardgen-serve",
                     daemon=True).start()
    try:
        require_renderer("serve")
        from cardgen.render.build import plan_build  # WeasyPrint: once the port is known to be free
        from cardgen.render.pdf.formsheets import kept_between_builds
        from cardgen.render.serve_live import Live

        typer.echo(f"serving the preview at {server.url}", err=True)
        live = Live(site, lambda: plan_build(content_dir, options, out=out), lambda: watched_folders(content_dir),
                    built=report_build, failed=lambda exc: report_failure(exc, "serve"))
        with kept_between_builds():  # a rebuild reuses the faces the last build opened
            if live.rebuild() == UsageError.exit_code:
                raise typer.Exit(UsageError.exit_code)  # a bad option stays bad however the files change
            watch_until_interrupted(live.rebuild, content_dir, out, interval=LOOK_INTERVAL)
    finally:
        server.stop()


def register(app: typer.Typer) -> None:
    app.command("serve")(serve_cmd)
