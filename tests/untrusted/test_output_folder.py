"""Issue 10 items 1 and 6: a build never deletes what it did not write and leaves nothing behind."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys

import pytest

from cardgen.render.output import STAGING_MARK, atomic_folder, check_target
from tests.untrusted.conftest import cli


def snapshot(folder):
    return sorted((p.relative_to(folder).as_posix(), p.read_bytes() if p.is_file() else b"")
                  for p in folder.rglob("*"))


def build(content, out):
    return cli("build", content.root, "--lang", "en", "--only", "train_token", "--out", out)


def assert_refused(content, out, message, around):
    """The build exits 2 with ``message`` and not a byte under ``around`` changes."""
    before = snapshot(around)
    result = build(content, out)
    assert result.exit_code == 2
    assert message in result.output
    assert snapshot(around) == before


@pytest.mark.parametrize("where", ["same", "parent", "inside"])
def test_an_output_folder_overlapping_the_content_is_refused_and_nothing_is_touched(content, tmp_path, where):
    (content.path(".cardgen-output")).write_text("x", encoding="utf-8")
    content.path("NOTES.md").write_text("notes", encoding="utf-8")
    out = {"same": content.root, "parent": tmp_path, "inside": content.root / "print"}[where]
    (out / ".cardgen-output").parent.mkdir(exist_ok=True)
    (out / ".cardgen-output").write_text("x", encoding="utf-8")
    assert_refused(content, out, f"cardgen build: usage: --out {out} is, holds or lies inside the content folder "
                                 f"{content.root}; choose a folder outside the content; nothing written.", tmp_path)


def test_check_target_takes_every_content_folder_in_play(tmp_path):
    base, pack = tmp_path / "base", tmp_path / "packs" / "mine"
    base.mkdir()
    pack.mkdir(parents=True)
    with pytest.raises(Exception, match="lies inside the content folder .*base"):
        check_target(base / "out", [pack, base])
    assert check_target(tmp_path / "out", [pack, base]) == tmp_path / "out"


def test_a_stamped_folder_holding_a_users_file_is_refused_untouched(content, tmp_path):
    out = tmp_path / "out"
    assert build(content, out).exit_code == 0
    (out / "NOTES.md").write_text("mine", encoding="utf-8")
    (out / "fonts" / "extra.otf").write_bytes(b"mine")
    assert_refused(content, out, f"--out {out} holds files cardgen did not write (NOTES.md, fonts/extra.otf); "
                                 "move them away or choose a new or empty folder; nothing written.", tmp_path)


def test_a_stamp_without_a_manifest_only_covers_itself(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / ".cardgen-output").write_text("x", encoding="utf-8")
    (out / "thesis.txt").write_text("precious", encoding="utf-8")
    with pytest.raises(Exception, match=r"holds files cardgen did not write \(thesis.txt\)"):
        check_target(out)


def test_a_previous_output_is_replaced(content, tmp_path):
    out = tmp_path / "out"
    assert build(content, out).exit_code == 0
    assert build(content, out).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "pack"]
    assert not (out / STAGING_MARK).exists()


def test_sigterm_during_a_build_removes_the_staging_folder(tmp_path):
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        with atomic_folder(out) as stage:
            (stage / "half.pdf").write_bytes(b"%PDF")
            os.kill(os.getpid(), signal.SIGTERM)
    assert list(tmp_path.iterdir()) == []
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_staging_folders_of_dead_builds_are_swept_and_nothing_else(content, tmp_path):
    out = tmp_path / "out"
    host = socket.gethostname()
    dead = tmp_path / ".out.tmp-dead1"
    dead.mkdir()
    (dead / STAGING_MARK).write_text(f"{host} {_dead_pid()}", encoding="utf-8")
    (dead / "big.pdf").write_bytes(b"x" * 1000)
    retired = tmp_path / ".out.old-dead2"
    retired.mkdir()
    (retired / STAGING_MARK).write_text(f"{host} {_dead_pid()}", encoding="utf-8")
    live = tmp_path / ".out.tmp-live"
    live.mkdir()
    (live / STAGING_MARK).write_text(f"{host} {os.getppid()}", encoding="utf-8")
    users = tmp_path / ".out.tmp-users"
    users.mkdir()
    (users / "keep.txt").write_text("mine", encoding="utf-8")
    assert build(content, out).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [".out.tmp-live", ".out.tmp-users", "out", "pack"]


def test_sigterm_to_a_real_build_leaves_no_staging_folder(content, tmp_path):
    out = tmp_path / "out"
    code = ("import os, signal, sys\n"
            "from cardgen.render import output\n"
            "with output.atomic_folder(output.Path(sys.argv[1])) as stage:\n"
            "    (stage / 'a').write_text('x')\n"
            "    print('ready', flush=True)\n"
            "    signal.pause()\n")
    child = subprocess.Popen([sys.executable, "-c", code, str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout.readline() == b"ready\n"
    assert [p.name.startswith(".out.tmp-") for p in tmp_path.iterdir() if p.name != "pack"] == [True]
    child.send_signal(signal.SIGTERM)
    child.wait(timeout=20)
    assert child.returncode != 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pack"]


def previous_output(folder):
    """A previous output: the stamp, a manifest listing png/a.png, and that file."""
    import json
    from cardgen.render.output import STAMP
    (folder / "png").mkdir(parents=True)
    (folder / "png" / "a.png").write_bytes(b"png")
    (folder / STAMP).write_text("x", encoding="utf-8")
    (folder / "manifest.json").write_text(json.dumps({"files": ["png/a.png"]}), encoding="utf-8")
    return folder


def test_a_previous_output_with_an_unreadable_subfolder_is_refused(tmp_path, monkeypatch):
    """Issue 27: a user file in an unreadable subfolder was moved into a hidden .prev.old-* folder, success reported.
    Simulated (the tests may run as root): listing png/ fails as it does for a folder without read permission."""
    from cardgen.errors import UsageError
    out = previous_output(tmp_path / "prev")
    real_scandir = os.scandir

    def scandir(path="."):
        if os.fspath(path) == str(out / "png"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    with pytest.raises(UsageError) as refused:
        with atomic_folder(out):
            pass
    assert str(refused.value) == (f"--out {out}: cannot read {out / 'png'} (Permission denied); "
                                  "choose a new or empty folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["prev"]


def test_a_target_that_cannot_be_renamed_is_left_as_it_was(tmp_path, monkeypatch):
    """Issue 27: --out on an empty mount point failed with 'Device or resource busy' and left .cardgen-staging in it.
    Simulated: renaming the target away raises EBUSY, as a mount point's does."""
    import errno
    from cardgen.errors import BuildError
    out = tmp_path / "mnt"
    out.mkdir()
    real_rename = os.rename

    def rename(source, destination):
        if os.fspath(source) == str(out):
            raise OSError(errno.EBUSY, "Device or resource busy", os.fspath(source))
        return real_rename(source, destination)

    monkeypatch.setattr(os, "rename", rename)
    with pytest.raises(BuildError) as failed:
        with atomic_folder(out) as staging:
            (staging / "a.txt").write_text("new", encoding="utf-8")
    assert str(failed.value) == f"cannot replace {out}: Device or resource busy"
    assert list(out.iterdir()) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["mnt"]


def test_a_mount_point_is_refused_up_front(tmp_path, monkeypatch):
    out = tmp_path / "mnt"
    out.mkdir()
    from cardgen.errors import UsageError
    monkeypatch.setattr(os.path, "ismount", lambda path: os.fspath(path) == str(out))
    with pytest.raises(UsageError) as refused:
        check_target(out)
    assert str(refused.value) == (f"--out {out} is a mount point, which cannot be swapped for the new output by a "
                                  "rename; choose a folder inside it")
