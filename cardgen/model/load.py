"""Read a content folder into a validated :class:`Content`, collecting every problem.

Pipeline: read each YAML file (located values) -> schema-check each file ->
build :class:`Content` -> run the named cross-checks -> apply and re-check each
variant. Nothing stops at the first problem: all are gathered, sorted by file
and line, and raised together as one :class:`ContentError`.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from pathlib import Path
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from cardgen.errors import ContentError, Problem, UsageError
from cardgen.resources import DEFAULT_CONTENT as DEFAULT_CONTENT  # re-exported: cardgen.model's default folder
from cardgen.model import checks, deck_cards, pack, pack_read, places, variant_refs
from cardgen.model.content import FILE_ATTR, Content
from cardgen.model.located import walk_loc
from cardgen.model.messages import friendly, known_keys, meant_key, suggest
from cardgen.model.overlay import merge_patch, patched_positions
from cardgen.model.track import dropped_rounds
from cardgen.model.schema import FILES
from cardgen.model.source import MISSING, PathKey, Position, SourceMap, YamlSourceError, dotted, load_file

#: The bundled game, used when no folder is named.

@dataclass
class Report:
    """Everything validation found: problems, counts and the checks that passed."""

    problems: list[Problem] = field(default_factory=list)
    sources: dict[str, list[str]] = field(default_factory=dict)
    checks_passed: list[str] = field(default_factory=list)
    checks_failed: list[str] = field(default_factory=list)
    checks_skipped: list[str] = field(default_factory=list)
    counts: dict[str, Any] = field(default_factory=dict)
    content: Content | None = None
    unread: list[str] = field(default_factory=list)  #: files a pack holds but does not read (pack.unread_files)

    @property
    def ok(self) -> bool:
        return not self.problems


def _misspelt(errors: Sequence[Mapping[str, Any]], walked: list[tuple[PathKey, bool]], stem: str) -> dict[PathKey, str | None]:
    """Each unknown key's path -> the known key it is a near miss of (None if it is none)."""
    return {path: meant_key(path[-1], known_keys(err, FILES[stem]))
            for err, (path, _) in zip(errors, walked) if err["type"] == "extra_forbidden" and path}


def _meant_keys(misspelt: dict[PathKey, str | None]) -> set[tuple[PathKey, str | None]]:
    """(mapping, key) of each known key a misspelt key stands for."""
    return {(typo[:-1], meant) for typo, meant in misspelt.items()}


def _caused_by_typo(err: Mapping[str, Any], path: PathKey, meant: set[tuple[PathKey, str | None]]) -> bool:
    """A missing key that a misspelt key of the same mapping is a near miss of (:func:`_meant_keys`): the
    typo's consequence."""
    return err["type"] == "missing" and bool(path) and (path[:-1], str(path[-1])) in meant


def schema_problems(exc: ValidationError, data: Any, stem: str, where: "Located") -> list[Problem]:
    """Locate every pydantic error of one file's model, in plain words."""
    out = []
    errors = exc.errors(include_url=False)
    walked = [walk_loc(data, err["loc"]) for err in errors]
    # A misspelt key is one mistake: its "unknown key 'efects'; did you mean 'effects'?" says it all, so the
    # "missing required key 'effects'" it causes in the same mapping is not reported again (only the key
    # that message names: it suggests from all the mapping's fields).
    meant = _meant_keys(_misspelt(errors, walked, stem))
    for err, (path, is_key) in zip(errors, walked):
        if _caused_by_typo(err, path, meant):
            continue
        if err["type"] == "union_tag_invalid":
            path += ("type",)  # point at the misspelt tag itself
        message = friendly(err, FILES[stem], path)
        if err["type"] == "missing":
            out.append(where(stem, path, message, at=path[:-1]))
        else:
            out.append(where(stem, path, message, key=err["type"] == "extra_forbidden" or is_key))
    return out


class Located:
    """Turns (file stem, path, message) into a located :class:`Problem`.

    ``overrides`` holds positions of values a variant patch wrote, so problems
    in them point into variants.yaml (and name their path there, under
    ``roots[stem]``); ``note`` prefixes every message.
    """

    def __init__(self, smaps: dict[str, SourceMap], overrides: dict[str, dict[PathKey, Position]] | None = None,
                 note: str = "", roots: dict[str, PathKey] | None = None,
                 sources: dict[str, list[str]] | None = None):
        self.smaps = smaps
        self.overrides = overrides or {}
        self.note = note
        self.roots = roots or {}
        #: each file's lines by the name problems give it (a pack's "label/file.yaml" too)
        self.sources = sources or {}

    def __call__(self, stem: str, path: PathKey, message: str, *, key: bool = False,
                 at: PathKey | None = None) -> Problem:
        probe = tuple(path if at is None else at)
        smap = self.smaps[stem]
        written = self.overrides.get(stem, {})
        pos = None
        while written:
            if probe in written:
                pos = written[probe]
                break
            if probe in smap.values or not probe:
                break
            probe = probe[:-1]
        note = ""
        if pos is None:
            pos = smap.locate(path if at is None else at, key=key)
            note = _changed_here(smap, tuple(path if at is None else at), pos)
            path = smap.written_path(path)
        elif stem in self.roots:
            vsmap = self.smaps["variants"]
            merged = self.roots[stem] + tuple(path)
            if key and probe == tuple(path):
                pos = vsmap.keys.get(merged, pos)  # an unknown key: point at the key itself
            path = vsmap.written_path(merged)  # as the variants file names it (a pack's variants.add.1...)
        return Problem(pos.file, pos.line, pos.col, dotted(path), f"{self.note}{message}{note}")


def _changed_here(smap: SourceMap, path: PathKey, pos: Position) -> str:
    """For a problem found in a value a lower layer wrote, inside an entry a pack changes (``change:``, or a
    mapping entry keyed by number such as a track card):
    where the pack changes it, so the designer knows which line of their own to edit (the base's file is
    not theirs). '' when no enclosing entry was changed in another file than ``pos``'s.
    """
    for cut in range(len(path) - 1, 0, -1):
        entry = path[:cut]
        at = smap.values.get(entry)
        # an entry another file merged into: by id (kinds: change:, written under another path) or by number
        # (events.track.14: {kind: ...} over the base's card; only a mapping merges, a list is written whole)
        merged = smap.written.get(entry, entry) != entry or isinstance(entry[-1], int)
        if at is not None and at.file != pos.file and merged:
            return f" (the value is {pos.file}'s; {at.file}:{at.line}:{at.col} changes this entry: write it there too)"
    return ""


def _build(folder: Path, raw: dict[str, Any], where: Located, variant=None,
           reuse: dict | None = None) -> tuple[Content | None, list[Problem]]:
    """Schema-check each file (reusing models of files a variant left alone)."""
    problems: list[Problem] = []
    models = {}
    for stem, model in FILES.items():
        if stem not in raw:
            continue
        if reuse and stem in reuse:
            models[stem] = reuse[stem]
            continue
        try:
            models[stem] = model.model_validate(raw[stem])
        except ValidationError as exc:
            problems.extend(schema_problems(exc, raw[stem], stem, where))
    if problems or len(models) != len(FILES):
        return None, problems
    return _content(folder, models, raw, variant), problems


def _content(folder: Path, models: dict, raw: dict, variant) -> Content:
    return Content(
        folder=folder, game=models["game"], map=models["map"], fares=models["fares"],
        tickets_file=models["tickets"], operations=models["operations"], dispatch=models["dispatch"],
        events=models["events"], printing=models["printing"], variants=models["variants"],
        strings=models["strings"], variant=variant, raw=raw,
    )


def _read(folder: Path, report: Report) -> tuple[dict[str, Any], dict[str, SourceMap]]:
    """Every file of a content folder, or of a pack merged over its bases (cardgen.model.pack_read)."""
    if folder.is_dir() and pack.is_pack(folder):
        raw, smaps, problems, sources = pack_read.read(folder, _read_folder)
    else:
        raw, smaps, problems, sources = _read_folder(folder)
    report.problems.extend(problems)
    report.sources.update(sources)
    return raw, smaps


def _read_folder(folder: Path, label: str | None = None
                 ) -> tuple[dict[str, Any], dict[str, SourceMap], list[Problem], dict[str, list[str]]]:
    """Read each file of a plain content folder; files are named ``label/file.yaml`` when a label is given."""
    raw: dict[str, Any] = {}
    smaps: dict[str, SourceMap] = {}
    problems: list[Problem] = []
    sources: dict[str, list[str]] = {}
    if not folder.is_dir():
        reason = ("is a file, not a content folder" if folder.exists() else
                  "content folder not found" if label or len(folder.parts) > 1 else  # a path, not an id
                  f"content folder not found, and no bundled game or pack has that id "
                  f"(bundled: {', '.join(places.bundled_ids())})")
        problems.append(Problem(str(folder), 1, 1, "", reason))
        return raw, smaps, problems, sources
    for stem in FILES:
        name = f"{label}/{stem}.yaml" if label else f"{stem}.yaml"
        try:
            data, smap = load_file(folder / f"{stem}.yaml", name, folder=folder)
        except YamlSourceError as exc:
            problem = exc.problem
            if problem.message == MISSING and not (folder / f"{stem}.yaml").exists():
                strays = [p.name for p in folder.glob("*.y*ml") if p.stem not in FILES]
                problem = replace(problem, message=f"{MISSING}{suggest(f'{stem}.yaml', strays)}")
            problems.append(problem)
            sources[name] = exc.lines
            continue
        sources[name] = smap.lines
        problems.extend(smap.problems)
        if not isinstance(data, dict):
            pos = smap.locate(())
            problems.append(Problem(name, pos.line, pos.col, "", "top level must be a mapping of keys"))
            continue
        raw[stem] = data
        smaps[stem] = smap
    return raw, smaps, problems, sources


class FileUnavailable(Exception):
    """A cross-check reached into a file that could not be read or failed its schema."""


class _Unavailable:
    """Stands in for a file's model while other files are still cross-checked."""

    def __init__(self, stem: str):
        self._stem = stem

    def __getattr__(self, name: str):
        raise FileUnavailable(self._stem)


def _schema_only(raw: dict[str, Any], where: Located) -> list[Problem]:
    problems: list[Problem] = []
    for stem, data in raw.items():
        try:
            FILES[stem].model_validate(data)
        except ValidationError as exc:
            problems.extend(schema_problems(exc, data, stem, where))
    return problems


def _as_meant(stem: str, data: Any, exc: ValidationError) -> Any | None:
    """The file's model as its misspelt keys meant it, or None if it has other schema problems.

    Each unknown key becomes the known key it is a near miss of, or is dropped
    if it is none; so a typo is reported once, by its own message, and the rest
    of the file is still cross-checked (a misspelt ``copies`` does not also
    break the totals). Where the mapping has the meant key already (a pack's
    ``change`` entry over the base's entry), that value stays.
    """
    errors = exc.errors(include_url=False)
    walked = [walk_loc(data, err["loc"]) for err in errors]
    misspelt = _misspelt(errors, walked, stem)
    meant_keys = _meant_keys(misspelt)
    if not misspelt or any(err["type"] != "extra_forbidden" and not _caused_by_typo(err, path, meant_keys)
                           for err, (path, _) in zip(errors, walked)):
        return None
    fixed = copy.deepcopy(data)
    try:
        for typo, meant in misspelt.items():
            mapping = fixed
            for part in typo[:-1]:
                mapping = mapping[part]
            value = mapping.pop(typo[-1])
            if meant is not None and meant not in mapping:
                mapping[meant] = value
        return FILES[stem].model_validate(fixed)
    except (ValidationError, LookupError, TypeError, AttributeError):  # not as simple as a typo: no stand-in
        return None


def _partial_content(folder: Path, raw: dict[str, Any], where: Located) -> Content:
    """Content whose broken or unread files are stand-ins, for cross-checks that do not need them (a file
    whose only problems are misspelt keys is read as they meant it: :func:`_as_meant`)."""
    models: dict[str, Any] = {}
    for stem, model in FILES.items():
        try:
            models[stem] = model.model_validate(raw[stem]) if stem in raw else _Unavailable(stem)
        except ValidationError as exc:
            models[stem] = _as_meant(stem, raw[stem], exc) or _Unavailable(stem)
    return _content(folder, models, raw, None)


def _run_checks(content: Content, where: Located, report: Report) -> None:
    """Run every named check; one that needs an unusable file is skipped, not failed."""
    for name, fn in checks.CHECKS:
        found: list[Problem] = []
        try:
            found.extend(fn(content, where))
        except FileUnavailable:
            report.checks_skipped.append(name)
            report.problems.extend(found)
            continue
        (report.checks_failed if found else report.checks_passed).append(name)
        report.problems.extend(found)


def validate(folder: Path | str | None = None) -> Report:
    """Validate a content folder and every variant; never raises for bad content.

    Schema problems do not hide cross-check problems: files that passed their
    schema are still cross-checked, and only checks that need a broken file are
    skipped, so a designer sees everything that can be known at once.

    >>> validate().ok
    True
    """
    folder = places.content_folder(folder)
    report = Report()
    raw, smaps = _read(folder, report)
    if folder.is_dir() and pack.is_pack(folder):
        report.unread = pack.unread_files(folder)
    if not raw:
        report.problems.sort()
        return report
    where = Located(smaps, sources=report.sources)
    if len(raw) == len(FILES):
        content, problems = _build(folder, raw, where)
    else:  # some file could not be read: schema-check the others all the same
        content, problems = None, _schema_only(raw, where)
    if content is None:
        report.problems.extend(problems)
        _run_checks(_partial_content(folder, raw, where), where, report)
        report.checks_skipped.append(checks.VARIANTS_CHECK)
        report.problems = sorted(set(report.problems))
        return report
    _run_checks(content, where, report)
    name = checks.VARIANTS_CHECK
    if report.problems:  # a variant is a patch over valid content: checked once the content is
        report.checks_skipped.append(name)
    else:
        variant_problems = _check_variants(folder, raw, smaps, content)
        (report.checks_failed if variant_problems else report.checks_passed).append(name)
        report.problems.extend(variant_problems)
    report.counts = checks.counts(content)
    report.content = deck_cards.expanded(content) if not report.problems else None
    report.problems = sorted(set(report.problems))
    return report


def _variant_raw(raw: dict[str, Any], variant) -> dict[str, Any]:
    """The raw content with ``variant``'s patch applied, then its dropped track cards (by id) taken out."""
    patched = dict(raw)
    for stem, patch in variant.patch.items():
        patched[stem] = merge_patch(raw.get(stem, {}), patch)
    if variant.drop or variant.drop_after is not None:
        track = (raw.get("events") or {}).get("track") or {}
        rounds, _ = dropped_rounds(track, variant.drop, variant.drop_after)
        events = patched["events"] = dict(patched.get("events") or {})
        events["track"] = {r: card for r, card in (events.get("track") or {}).items() if r not in rounds}
    return patched


def _check_variants(folder: Path, raw: dict[str, Any], smaps: dict[str, SourceMap], base: Content) -> list[Problem]:
    """Apply each variant to the raw content and validate the result like base content."""
    problems: list[Problem] = []
    vsmap = smaps["variants"]
    lo, hi = base.game.players.min, base.game.players.max
    for index, variant in enumerate(base.variants.variants):
        vpath: PathKey = ("variants", index, "patch")
        note = f"in variant '{variant.id}': "
        patchable = [stem for stem in FILES if stem != "variants"]
        unknown = [stem for stem in variant.patch if stem not in patchable]
        for stem in unknown:
            problems.append(vsmap.problem(vpath + (stem,), f"{note}cannot patch '{stem}'{suggest(stem, patchable)}",
                                          key=True))
        for n in variant.players or []:
            if not lo <= n <= hi:
                problems.append(vsmap.problem(("variants", index, "players"),
                                              f"{note}player count {n} is outside {lo}..{hi}"))
        track = (raw.get("events") or {}).get("track") or {}
        removed = variant_refs.removed_cards(variant, index, vsmap, smaps.get("events"))
        strays = dropped_rounds(track, variant.drop, variant.drop_after, removed)[1]
        for path, message in strays:
            problems.append(vsmap.problem(("variants", index) + path, f"{note}{message}"))
        modules = list(variant_refs.unknown_modules(variant.patch, (raw.get("game") or {}).get("modules"), vpath,
                                                    vsmap, note))
        problems.extend(modules)
        if unknown or strays or modules:   # what the variant would make of the content is unknown: not checked
            continue
        overrides = {stem: patched_positions(patch, vpath + (stem,), vsmap.values)
                     for stem, patch in variant.patch.items()}
        roots = {stem: vpath + (stem,) for stem in variant.patch}
        where = Located(smaps, overrides, note=note, roots=roots)
        untouched = {stem: getattr(base, attr) for stem, attr in FILE_ATTR.items() if stem not in variant.patch}
        content, found = _build(folder, _variant_raw(raw, variant), where, variant, untouched)
        if content is not None:
            for _, more in checks.run_all(content, where):
                found.extend(more)
        problems.extend(found)
    return problems


def load(folder: Path | str | None = None, variant: str | None = None) -> Content:
    """Load and validate a content folder, optionally with a variant applied.

    Raises :class:`ContentError` listing every problem, or :class:`UsageError`
    for an unknown ``variant``.

    >>> load().ticket_count
    82
    >>> load(variant="beginner").game.composition_cap
    6
    """
    report = validate(folder)
    if not report.ok:
        raise ContentError(report.problems, report.sources)
    content = report.content
    assert content is not None
    if variant is None:
        return content
    return apply_variant(content, variant)


def apply_variant(content: Content, variant_id: str) -> Content:
    """The content with one variant's patch applied (already validated by :func:`validate`).

    Raises :class:`UsageError` (exit 2) for an id ``variants.yaml`` does not define.
    """
    by_id = {v.id: v for v in content.variants.variants}
    if variant_id not in by_id:
        # The content is fine; the caller asked for something it does not hold (exit 2).
        known = ", ".join(by_id) or "none"
        raise UsageError(f"unknown variant '{variant_id}'{suggest(variant_id, by_id)} (known variants: {known})")
    variant = by_id[variant_id]
    patched = _variant_raw(content.raw, variant)
    models = {stem: FILES[stem].model_validate(patched[stem]) for stem in FILES}
    return deck_cards.expanded(_content(content.folder, models, patched, variant))


def has_variant(folder: Path | str | None, variant: str | None) -> bool:
    """Whether the valid set in ``folder`` defines ``variant`` (a pack's base plays the pack's variant when it
    has it)."""
    if variant is None:
        return False
    report = validate(folder)
    return report.content is not None and any(v.id == variant for v in report.content.variants.variants)
