"""``cardgen build --watch``: one rebuild per saved change, bad content reported without stopping, Ctrl-C exits 0."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from cardgen.model import DEFAULT_CONTENT
from cardgen.render.watch import changes, content_folders, snapshot, watch
from tests.lines import Lines


def test_a_change_written_in_two_steps_gives_one_rebuild(tmp_path):
    card = tmp_path / "tickets.yaml"
    card.write_text("a: 1\n")
    (tmp_path / ".hidden").write_text("ignored\n")
    rebuilt = _watched(lambda: [tmp_path], [lambda: None,
                                            lambda: card.write_text("a: 2\n"),          # the editor saves ...
                                            lambda: card.write_text("a: 2\nb: 3\n"),    # ... in two writes
                                            lambda: None, lambda: None, lambda: None])
    assert rebuilt == [[str(card)]]


def test_a_save_just_after_watching_is_announced_is_seen(tmp_path):
    """"watching" is said once the baseline is taken: a save the moment it is said is a change, not baseline."""
    card = tmp_path / "tickets.yaml"
    card.write_text("a: 1\n")
    rebuilt = _watched(lambda: [tmp_path], [lambda: None, lambda: None, lambda: None],
                       ready=lambda: card.write_text("a: 2\n"))
    assert rebuilt == [[str(card)]]


def test_a_save_by_rename_of_the_same_size_and_time_is_seen(tmp_path):
    card = tmp_path / "tickets.yaml"
    card.write_text("a: 1\n")
    stamp = card.stat().st_mtime_ns

    def save_by_rename() -> None:
        new = tmp_path / ".tickets.yaml.swp"
        new.write_text("a: 2\n")
        os.utime(new, ns=(stamp, stamp))
        new.replace(card)

    assert _watched(lambda: [tmp_path], [save_by_rename, lambda: None, lambda: None]) == [[str(card)]]


def _watched(folders, steps, ready=lambda: None) -> list[list[str]]:
    """The rebuilds :func:`watch` asks for while each of its sleeps runs the next step; it stops after the last."""
    steps = iter(steps)
    rebuilt: list[list[str]] = []
    done = []

    def sleep(_: float) -> None:
        step = next(steps, None)
        if step is None:
            done.append(True)
        else:
            step()

    watch(folders, rebuilt.append, sleep=sleep, stop=lambda: bool(done), ready=ready)
    return rebuilt


def _pack_over_a_copied_game(tmp_path: Path) -> tuple[Path, Path]:
    game, pack = tmp_path / "mygame", tmp_path / "mypack"
    shutil.copytree(DEFAULT_CONTENT, game)
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: mypack\nname: {zh: 包, en: Pack}\nversion: 1\nbase: ../mygame\nmark: P\n",
                                    encoding="utf-8")
    return game, pack


def test_a_pack_is_watched_with_its_base_layers(tmp_path):
    game, pack = _pack_over_a_copied_game(tmp_path)
    assert content_folders(pack) == [game, pack]
    assert content_folders(game) == [game]
    (pack / "pack.yaml").write_text("id: mypack\nname: {zh: 包, en: Pack}\nversion: 1\nbase: ../nogame\nmark: P\n",
                                    encoding="utf-8")
    assert content_folders(pack) == [pack]      # until its base resolves, the pack's own folder


def test_an_edit_to_the_base_game_rebuilds_the_pack(tmp_path):
    game, pack = _pack_over_a_copied_game(tmp_path)
    dispatch = game / "dispatch.yaml"
    edit = dispatch.read_text(encoding="utf-8") + "# edited\n"
    rebuilt = _watched(lambda: content_folders(pack), [lambda: dispatch.write_text(edit, encoding="utf-8"),
                                                       lambda: None, lambda: None])
    assert rebuilt == [[str(dispatch)]]


def test_the_output_folder_is_not_watched(tmp_path):
    """An output folder inside the content folder must not start the next build."""
    (tmp_path / "tickets.yaml").write_text("a: 1\n")
    (tmp_path / "out").mkdir()
    before = snapshot([tmp_path], ignored=[tmp_path / "out"])
    (tmp_path / "out" / "ticket.pdf").write_text("%PDF")
    assert snapshot([tmp_path], ignored=[tmp_path / "out"]) == before


def test_snapshot_sees_new_and_deleted_files(tmp_path):
    (tmp_path / "a.yaml").write_text("x")
    before = snapshot([tmp_path])
    (tmp_path / "a.yaml").unlink()
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.yaml").write_text("y")
    assert changes(before, snapshot([tmp_path])) == [str(tmp_path / "a.yaml"), str(tmp_path / "sub" / "b.yaml")]


def test_watch_rebuilds_after_an_edit_and_survives_bad_content(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, content)
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "build", str(content), "--out", str(out), "--only", "dispatch", "--watch"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=os.environ.copy())
    lines = Lines(process.stdout)
    try:
        seen = lines.wait_for("watching")
        pdf = out / "dispatch.pdf"
        first = pdf.read_bytes()

        dispatch = content / "dispatch.yaml"
        text = dispatch.read_text(encoding="utf-8")
        dispatch.write_text(text.replace("zh: 会让调整", "zh: 会让交换"), encoding="utf-8")  # a name on the zh face
        seen = lines.wait_for("changed: dispatch.yaml", seen)
        seen = lines.wait_for("1 laid out", seen)       # only the edited face, the rest from the cache
        assert pdf.read_bytes() != first

        second = pdf.read_bytes()
        dispatch.write_text(text.replace("copies: 5", "copies: five", 1), encoding="utf-8")
        seen = lines.wait_for("problem(s) in the content; nothing written.", seen)
        assert pdf.read_bytes() == second                 # the last good output stays
        assert process.poll() is None                     # and the watch goes on

        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0
        lines.wait_for("stopped watching", seen)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _failing_scandir(monkeypatch, folder: Path, error: type[OSError]) -> None:
    """Listing ``folder`` raises ``error``: as when it is removed mid-walk (FileNotFoundError) or unreadable."""
    real = os.scandir

    def scandir(path="."):
        if os.fspath(path) == str(folder):
            raise error(2 if error is FileNotFoundError else 13, os.strerror(2 if error is FileNotFoundError else 13),
                        os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)


def _watched_reporting(folder: Path, steps) -> tuple[list[list[str]], list[str]]:
    """The rebuilds and the problems reported while :func:`watch` runs one step per sleep, until they run out."""
    steps = iter(steps)
    rebuilt: list[list[str]] = []
    reports: list[str] = []
    done = []
    watch(lambda: [folder], rebuilt.append, sleep=lambda _: next(steps, lambda: done.append(1))(),
          stop=lambda: bool(done), report=reports.append)
    return rebuilt, reports


def test_a_subfolder_removed_while_it_is_read_is_no_traceback(tmp_path, monkeypatch):
    """Issue 27: a subfolder removed while watching ended the watch with a FileNotFoundError traceback."""
    card = tmp_path / "tickets.yaml"
    card.write_text("a: 1\n")
    (tmp_path / "drafts").mkdir()
    _failing_scandir(monkeypatch, tmp_path / "drafts", FileNotFoundError)
    rebuilt, reports = _watched_reporting(tmp_path, [lambda: card.write_text("a: 2\n"), lambda: None, lambda: None])
    assert rebuilt == [[str(card)]] and reports == []


def test_an_unreadable_subfolder_is_reported_once_and_the_watch_goes_on(tmp_path, monkeypatch):
    card = tmp_path / "tickets.yaml"
    card.write_text("a: 1\n")
    (tmp_path / "locked").mkdir()
    _failing_scandir(monkeypatch, tmp_path / "locked", PermissionError)
    rebuilt, reports = _watched_reporting(tmp_path, [lambda: None, lambda: card.write_text("a: 2\n"), lambda: None,
                                                     lambda: None])
    assert reports == [f"cannot read {tmp_path / 'locked'}: Permission denied; not watched"]
    assert rebuilt == [[str(card)]]


def test_a_huge_folder_is_watched_only_up_to_the_bound(tmp_path, monkeypatch):
    """A pack whose base resolved to / walked /proc: a walk is bounded, and says so."""
    import cardgen.render.watch as watch_module
    monkeypatch.setattr(watch_module, "MAX_WATCHED_FILES", 3)
    for n in range(5):
        (tmp_path / f"f{n}.yaml").write_text("a: 1\n")
    problems: list[str] = []
    assert len(snapshot([tmp_path], problems=problems)) == 3
    assert problems == [f"more than 3 files under {tmp_path}; only the first are watched"]


def test_a_pack_whose_base_is_the_root_folder_watches_only_itself(tmp_path):
    pack = tmp_path / "p"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: p\nname: {zh: 包, en: P}\nversion: 1\nbase: " + "../" * 30 + "\nmark: P\n",
                                    encoding="utf-8")
    assert content_folders(pack) == [pack]
