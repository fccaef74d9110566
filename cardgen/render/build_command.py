"""``cardgen build``: the print-and-play set, with a progress bar on stderr."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from cardgen.printable import printable
from cardgen.progress import shown
from cardgen.errors import CardgenError, ContentError, UsageError, error_line
from cardgen.languages import LANGS
from cardgen.render.sheets.layout import DUPLEX_MODES, PAPERS_MM
from cardgen.render.writers import EXPORTS

if TYPE_CHECKING:  # the build pulls in WeasyPrint: imported when a build runs, not for --help
    from cardgen.render.build import BuildOptions, BuildReport

# The choices --help lists, made from the tables the build reads (one source each); mypy cannot list the
# members of an Enum made from a table, hence the three ignores.
Paper = Enum("Paper", {name: name for name in PAPERS_MM}, type=str)  # type: ignore[misc]
Lang = Enum("Lang", {name: name for name in LANGS}, type=str)  # type: ignore[misc]
Duplex = Enum("Duplex", {name: name for name in DUPLEX_MODES}, type=str)  # type: ignore[misc]

#: What to install when WeasyPrint cannot load its system libraries (scripts/install-system-packages installs them).
RENDER_SYSTEM_PACKAGES = "libpango-1.0-0 libpangoft2-1.0-0 fontconfig"


def renderer_problem() -> str | None:
    """Why WeasyPrint cannot be used here (its system libraries missing), or None when it can.

    Only ``cardgen build`` renders; every other command runs without WeasyPrint.
    """
    try:
        import weasyprint  # noqa: F401  (imports Pango through cffi: OSError when libpango is missing)
    except (ImportError, OSError) as exc:
        return printable(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
    return None


def require_renderer(command: str) -> None:
    """Exit 1, saying what to install, when WeasyPrint cannot load its system libraries."""
    problem = renderer_problem()
    if problem is not None:
        typer.echo(f"cardgen {command}: WeasyPrint cannot load its system libraries ({problem}).\n"
                   f"Install them with scripts/install-system-packages (in a source checkout), or on Debian: "
                   f"sudo apt-get install {RENDER_SYSTEM_PACKAGES}\n"
                   "Every other command (validate, simulate, replay, tables, sweep) works without them; "
                   "nothing written.", err=True)
        raise typer.Exit(1)


def _parse_exports(value: Optional[str]) -> tuple[str, ...]:
    """``--export png,tts`` as names, each once (an unknown name is refused by the build's option check)."""
    if value is None:
        return ()
    names = tuple(dict.fromkeys(n.strip().lower() for n in value.split(",") if n.strip()))
    if not names:
        raise UsageError(f"--export needs at least one of {', '.join(EXPORTS)}, e.g. --export png,tts")
    return names


def _parse_only(value: Optional[str]) -> tuple[str, ...]:
    if value is None:
        return ()
    kinds = tuple(k.strip() for k in value.split(",") if k.strip())
    if not kinds:
        raise UsageError("--only needs at least one component kind, e.g. --only ticket,operation")
    return kinds


# The options ``cardgen build`` and ``cardgen serve`` share, declared once.
CONTENT_DIR = typer.Argument(None, help="Content folder; the bundled Rail Journey set if omitted.")
OUT = typer.Option(None, "--out", help="Output folder (default: output/GAME-ID).")
PAPER = typer.Option("a4", "--paper", case_sensitive=False, help="Sheet size.")
LANG = typer.Option("zh", "--lang", help="Language of the set.")
PLAYERS = typer.Option(None, "--players", help="Player count (default: the most the game takes, the full set); "
                                                 "copies follow the content's print counts.")
BLEED = typer.Option(3.0, "--bleed", help="Bleed around every face, in mm.")
GUTTER = typer.Option(0.0, "--gutter", help="Space between the cards on a home-print sheet, in mm (0..10; "
                                            "0: butted). With a gutter every card has bleed on every side.")
DUPLEX = typer.Option("long", "--duplex", case_sensitive=False,
                      help="Backs for long-edge duplex, short-edge duplex, folding, or none.")
ONLY = typer.Option(None, "--only", help="Only these component kinds, comma separated.")
VARIANT = typer.Option(None, "--variant", help="Print a rules variant (variants.yaml id), e.g. freight.")
WITH_BASE = typer.Option(False, "--with-base", help="A pack: print the whole merged set, not only the "
                                                     "pack's new and changed faces.")
CHANGED_SINCE = typer.Option(None, "--changed-since", help="Print only the faces that differ "
                             "from this content folder or pack (see cardgen diff).")
EXPORT = typer.Option(None, "--export", help="Also write these, comma separated: " + "; ".join(
    f"{name}: {what}" for name, what in EXPORTS.items()) + ".")


def build_cmd(
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
    progress: Optional[bool] = typer.Option(None, "--progress/--no-progress",
                                            help="Progress on stderr (default: when stderr is a terminal)."),
    watch: bool = typer.Option(False, "--watch", help="Stay running and rebuild after every change to the content "
                                                      "or templates (Ctrl-C stops)."),
) -> None:
    """Render the print-and-play set: sheet PDFs, print-shop PDFs, preview, manifest (--export: PNGs, TTS sheets).

    Nothing is written unless the whole set builds: a bad option exits 2, bad
    content or a face that does not fit exits 1, and the previous output stays.

    With --watch the command stays running: after each saved change to the
    content folder (a pack's and every base layer's) or the templates it rebuilds
    (only the changed faces are laid out again) and reports the result, bad
    content included, until Ctrl-C.

    Example: cardgen build --lang en --players 4 --paper letter --duplex short
    """
    require_renderer("build")

    def once() -> int:
        return _build_once(content_dir, out, paper.value, lang.value, players, bleed, duplex.value, only, variant,
                           progress, with_base, changed_since, export, gutter)

    if not watch:
        code = once()
        if code:
            raise typer.Exit(code)
        return
    from cardgen.render.pdf.formsheets import kept_between_builds

    with kept_between_builds():  # a rebuild reuses the faces the last build opened
        _watch(once, content_dir, out)


def _watch(once: Callable[[], int], content_dir: Path | None, out: Path | None) -> None:
    """The first build, then a rebuild after every saved change until Ctrl-C."""
    code = once()
    if code == UsageError.exit_code:
        raise typer.Exit(code)  # a bad option stays bad however the files change
    watch_until_interrupted(once, content_dir, out)


def watched_folders(content_dir: Path | None) -> list[Path]:
    """What a rebuild reads: the content folder (a pack: its base layers too), the game's own templates and
    the kit's."""
    from cardgen.errors import ContentError
    from cardgen.games.game import game_of
    from cardgen.model.places import content_folder
    from cardgen.resources import TEMPLATES_DIR
    from cardgen.render.watch import content_folders

    folder = content_folder(content_dir)
    try:
        own = game_of(folder).templates
    except ContentError:  # a game.yaml naming no installed game: the rebuild reports it, located
        own = None
    return [*content_folders(folder), *([own] if own is not None and own != TEMPLATES_DIR else []), TEMPLATES_DIR]


def watch_until_interrupted(once: Callable[[], object], content_dir: Path | None, out: Path | None,
                            interval: float = 0.25) -> None:
    """Call ``once`` after every saved change to the content or templates, until Ctrl-C."""
    from cardgen.render.build import default_out_root
    from cardgen.render.watch import watch as watch_folders

    def folders() -> list[Path]:
        return watched_folders(content_dir)

    def ready() -> None:
        shown = ", ".join(printable(str(folder)) for folder in folders())
        typer.echo(f"watching {shown} (Ctrl-C stops)", err=True)

    def rebuild(changed: list[str]) -> None:
        shown = ", ".join(Path(name).name for name in changed[:3]) + (" ..." if len(changed) > 3 else "")
        typer.echo(f"changed: {printable(shown)}", err=True)  # file names come from a shared folder
        once()

    output = default_out_root() if out is None else Path(out)
    with _interrupt_as_flag() as stopping:
        try:
            watch_folders(folders, rebuild, ignored=[output], stop=stopping.is_set, interval=interval, ready=ready,
                          report=lambda problem: typer.echo(f"watch: {printable(problem)}", err=True))
        except KeyboardInterrupt:  # a second Ctrl-C, during a rebuild
            pass
    typer.echo("stopped watching", err=True)


@contextmanager
def _interrupt_as_flag() -> Iterator[threading.Event]:
    """Turn the first Ctrl-C into a flag the watch loop checks, the second into KeyboardInterrupt.

    Why: a KeyboardInterrupt raised while the interpreter runs a finalizer (a
    collected WeasyPrint or pikepdf object) is printed as "Exception ignored"
    and lost, so the loop would go on watching; a flag cannot be lost.
    """
    stopping = threading.Event()

    def on_interrupt(signum: int, frame: object) -> None:
        if stopping.is_set():
            raise KeyboardInterrupt
        stopping.set()

    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        yield stopping
    finally:
        signal.signal(signal.SIGINT, previous)


def _build_once(content_dir: Optional[Path], out: Optional[Path], paper: str, lang: str, players: Optional[int], bleed: float,
                duplex: str, only: Optional[str], variant: Optional[str], progress: Optional[bool],
                with_base: bool = False, changed_since: Optional[Path] = None, export: Optional[str] = None,
                gutter: float = 0.0) -> int:
    """Build once and report it; the exit code (0 when the set was written)."""
    from cardgen.render.build import build

    try:
        options = build_options(paper, lang, players, bleed, duplex, only, variant, with_base, changed_since, export,
                                gutter)
        with shown(progress, "building") as bar:
            result = build(content_dir, options, out=out, progress=bar)
    except CardgenError as exc:
        report_failure(exc)
        return exc.exit_code
    report_build(result)
    return 0


def build_options(paper: str, lang: str, players: Optional[int], bleed: float, duplex: str, only: Optional[str],
                  variant: Optional[str], with_base: bool, changed_since: Optional[Path],
                  export: Optional[str], gutter: float = 0.0) -> BuildOptions:
    """The command line's options as cardgen.render.build.BuildOptions (UsageError for an empty list, or for a value
    that is wrong whatever the content)."""
    from cardgen.render.build import BuildOptions, check_plain_options

    options = BuildOptions(paper=paper.lower(), lang=lang, players=players, bleed_mm=bleed, gutter_mm=gutter,
                           duplex=duplex.lower(),
                           only=_parse_only(only), variant=variant, with_base=with_base,
                           changed_since=str(changed_since) if changed_since else None, exports=_parse_exports(export))
    check_plain_options(options)
    return options


def report_failure(exc: CardgenError, command: str = "build") -> None:
    """Say on stderr why nothing was written: every located problem of bad content, else the one error."""
    from cardgen.problems import format_problems

    if isinstance(exc, ContentError):
        typer.echo(format_problems(exc.problems, exc.sources), err=True)
        typer.echo(f"\n{len(exc.problems)} problem(s) in the content; nothing written.", err=True)
    else:
        typer.echo(f"{error_line(command, exc)}; nothing written.", err=True)


def report_build(result: BuildReport) -> None:
    """Say what a build wrote: files, faces laid out and from the cache, what was printed, cache notes."""
    counts = ", ".join(f"{kind} {n}" for kind, n in result.counts.items())
    typer.echo(f"{printable(str(result.out))}: {len(result.files)} files, {result.sheets} sheets, {result.faces} faces "
               f"({len(result.rendered)} laid out, {result.faces - len(result.rendered)} from cache) "
               f"in {result.seconds:.1f} s")
    typer.echo(f"  printed: {counts or 'nothing (no face differs)'}")
    for label, copies, why in result.take_out:
        typer.echo(f"  take out of the box: {copies} x {printable(label)} ({why})")
    if result.cache_dropped:
        names = ", ".join(result.cache_dropped[:3]) + (" ..." if len(result.cache_dropped) > 3 else "")
        typer.echo(f"note: {len(result.cache_dropped)} damaged cache entries ({printable(names)}) were deleted and "
                   "made again", err=True)
    if result.cache_problem:
        typer.echo(f"note: the face cache could not be written ({printable(str(result.cache_problem))}); "
                   "the next build will lay every face out again", err=True)


def register(app: typer.Typer) -> None:
    app.command("build")(build_cmd)
