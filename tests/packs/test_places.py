"""Issue 27, packs that reach outside their folder: a base, a script's or a spec's content is a bundled id or a
folder under the file's own tree (cardgen.model.places); a pack's id never names another set's output folder."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from cardgen.model import validate
from tests.packs.conftest import PACK_YAML, PackDir
from tests.untrusted.conftest import SAMPLE_GAME, cli


def outside(field: str, written: str, found: str, tree: Path) -> str:
    return (f"{field}: {field} '{written}' is {found}, outside {tree.resolve()}: name a bundled game or pack by id, "
            f"or a folder under {tree.resolve()} (links out of it are not followed)")


def test_a_base_that_climbs_out_of_the_packs_parent_is_refused_at_its_line(tmp_path):
    pack = PackDir(tmp_path / "tp").write("pack.yaml", PACK_YAML.replace("rail-journey", "../../../../../../../etc"))
    assert pack.headlines() == ["tp/pack.yaml:4:7: " + outside("base", "../../../../../../../etc", "/etc", tmp_path)]


def test_a_base_that_is_a_link_to_etc_is_refused(tmp_path):
    (tmp_path / "game").symlink_to("/etc")
    pack = PackDir(tmp_path / "tp").write("pack.yaml", PACK_YAML.replace("rail-journey", "../game"))
    assert pack.headlines() == ["tp/pack.yaml:4:7: " + outside("base", "../game", "/etc", tmp_path)]


def test_a_base_under_an_unreadable_folder_is_an_error_not_a_traceback(tmp_path, monkeypatch):
    """Simulated (the tests may run as root, who reads every folder): stat of anything under locked/ fails."""
    locked = (tmp_path / "locked").resolve()
    (locked / "inner").mkdir(parents=True)
    real_stat = Path.stat

    def stat(self, **kwargs):
        if self.is_relative_to(locked) and self != locked:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_stat(self, **kwargs)

    monkeypatch.setattr(Path, "stat", stat)
    pack = PackDir(tmp_path / "tp").write("pack.yaml", PACK_YAML.replace("rail-journey", "../locked/inner"))
    result = cli("validate", pack.root)
    assert result.exit_code == 1
    assert (f"tp/pack.yaml:4:7: base: base '../locked/inner': cannot read {locked / 'inner'} (Permission denied)"
            in result.output)


def test_a_sibling_base_folder_is_still_read(tmp_path):
    import shutil
    from cardgen.model import DEFAULT_CONTENT
    shutil.copytree(DEFAULT_CONTENT, tmp_path / "mygame")
    pack = PackDir(tmp_path / "tp").write("pack.yaml", PACK_YAML.replace("rail-journey", "../mygame"))
    assert pack.headlines() == []


def test_an_overlay_named_in_capitals_is_reported_not_ignored(pack_dir):
    pack_dir.write("tickets.YAML", "kinds:\n  change: [{id: S1-S2, copies: 3}]\n")
    assert pack_dir.headlines() == ["tp/tickets.YAML:1:1: the base has no file tickets.YAML; an overlay file is "
                                    "named like a base file; did you mean 'tickets.yaml'?"]


@pytest.mark.parametrize("taken, who", [("rail-journey", "the bundled game rail-journey"),
                                        ("onsen-line", "the bundled pack onsen-line"),
                                        ("harbour-festival", "the bundled pack harbour-festival"),
                                        ("rail-journey-freight", "the bundled game rail-journey with --variant freight"),
                                        ("onsen-line-with-base", "the bundled pack onsen-line with --with-base")])
def test_a_pack_with_an_id_a_bundled_set_prints_into_is_refused(pack_dir, taken, who):
    """id: rail-journey built into output/rail-journey and replaced the bundled game's print files."""
    pack_dir.write("pack.yaml", PACK_YAML.replace("id: test-pack", f"id: {taken}"))
    assert pack_dir.headlines() == [
        f"tp/pack.yaml:1:5: id: id '{taken}' names the output folder output/{taken}, which {who} prints into; "
        "give the pack an id of its own"]


def test_a_pack_with_its_base_packs_id_is_refused(tmp_path):
    PackDir(tmp_path / "low")
    top = PackDir(tmp_path / "top").write("pack.yaml", PACK_YAML.replace("rail-journey", "../low"))
    assert [p.path for p in validate(top.root).problems] == ["id"]


@pytest.mark.parametrize("pack", ["onsen-line", "harbour-festival"])
def test_the_bundled_pack_keeps_its_own_id(pack):
    from cardgen.model.places import BUNDLED_PACKS
    assert validate(BUNDLED_PACKS / pack).ok


def test_pack_new_refuses_a_base_outside_the_packs_parent(tmp_path, monkeypatch):
    """pack new --base /etc wrote base: "../../../../../../../etc"."""
    monkeypatch.chdir(tmp_path)
    written = os.path.relpath("/etc", tmp_path / "p")
    result = cli("pack", "new", "p", "--base", "/etc")
    assert result.exit_code == 2
    assert result.output == f"cardgen pack new: usage: --base /etc: {outside('base', written, '/etc', tmp_path)}; " \
                            "nothing written\n".replace("base: base", "base", 1)
    assert not (tmp_path / "p").exists()


def test_a_replay_script_naming_etc_is_refused(tmp_path):
    script = tmp_path / "g.yaml"
    text = SAMPLE_GAME.read_text(encoding="utf-8")
    script.write_text(text + "\ncontent: /etc\n", encoding="utf-8")
    result = cli("replay", script)
    assert result.exit_code == 1
    line = len(text.splitlines()) + 2
    assert f"{script}:{line}:10: " + outside("content", "/etc", "/etc", tmp_path.parent) in result.output


def test_a_replay_script_may_name_a_bundled_game(tmp_path):
    script = tmp_path / "g.yaml"
    script.write_text(SAMPLE_GAME.read_text(encoding="utf-8") + "\ncontent: rail-journey\n", encoding="utf-8")
    assert cli("replay", script).exit_code == 0


def test_a_sweep_spec_naming_etc_is_refused(tmp_path):
    spec = tmp_path / "s.yaml"
    spec.write_text("content: /etc\ngames: 10\naxes:\n  players: [3, 4]\n", encoding="utf-8")
    result = cli("sweep", spec)
    assert result.exit_code == 1
    assert "s.yaml:1:10: " + outside("content", "/etc", "/etc", tmp_path.parent) in result.output


def test_pack_new_with_a_name_too_long_for_the_file_system(tmp_path, monkeypatch):
    """Issue 27: pack new with a 300-character name gave an OSError traceback."""
    monkeypatch.chdir(tmp_path)
    result = cli("pack", "new", "x" * 300, "--base", "rail-journey")
    assert result.exit_code == 2
    assert result.output == (f"cardgen pack new: usage: {'x' * 40}...: a folder name of 300 bytes is too long "
                             "(at most 245); nothing written\n")
    assert list(tmp_path.iterdir()) == []
    assert cli("pack", "new", "y" * 245, "--base", "rail-journey").exit_code == 0


def test_only_on_a_pack_that_prints_nothing_says_so(tmp_path):
    """Found by the property test: the message ended 'choose from ; nothing written.'"""
    pack = PackDir(tmp_path / "tp")
    result = cli("build", pack.root, "--only", "ticket", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert result.output == ("cardgen build: usage: --only ticket: this set prints no face, so no kind can be chosen; "
                             "nothing written.\n")


def test_files_the_pack_does_not_read_are_named(pack_dir):
    """Issue 27: a pack's files that change nothing are reported, not silently passed over."""
    pack_dir.write("notes.txt", "ideas")
    (pack_dir.root / "art").mkdir()
    (pack_dir.root / ".git").mkdir()
    result = cli("validate", pack_dir.root)
    assert result.exit_code == 0
    assert ("note: the pack does not read tp/art/, tp/notes.txt (only pack.yaml and overlay files named like a base "
            "file are read)") in result.output
    assert validate(pack_dir.root).unread == ["tp/art/", "tp/notes.txt"]


def test_a_base_with_a_nul_byte_is_refused_at_its_line(tmp_path):
    """A NUL byte in base: was a ValueError traceback (the property test draws such bases now)."""
    pack = PackDir(tmp_path / "tp").write("pack.yaml", PACK_YAML.replace("rail-journey", '"../x\\0y"'))
    assert "tp/pack.yaml:4:7: base: base '../x\\x00y' cannot name a folder (embedded null byte)" in pack.headlines()
