"""Every problem of a sweep spec is located in the spec (or the content) before a game is played."""

from __future__ import annotations


def run_fail(sweep, path):
    res = sweep(path)
    assert res.exit_code == 1, res.output
    return res.stderr


def test_shape_problems_are_all_located(sweep, spec):
    path = spec("games: 0\nsed: 1\naxes:\n  playrs: [2]\n  bots.heavy.targt: [1]\n  bots.robot.target: [1]\n"
                "  option.hand_size: 3\n")
    err = run_fail(sweep, path)
    assert f"{path}:1:8: games: must be at least 1, got the number 0" in err
    assert f"{path}:2:1: sed: unknown key 'sed'; known: content, variant, games, seed, fixed, axes, sample; " \
           "did you mean 'seed'?" in err
    assert f"{path}:4:3: axes.playrs: unknown setting 'playrs'; a setting is players, lineup, variant, " \
           "option.NAME, content.FILE.PATH or bots.BOT.PARAM; did you mean 'players'?" in err
    assert f"{path}:5:3: axes.bots.heavy.targt: bots.heavy.targt: unknown parameter; known: target, min_span; " \
           "did you mean 'target'?" in err
    assert f"{path}:6:3: axes.bots.robot.target: bots.robot: only the archetypes heavy, light, balanced, long " \
           "can be tuned" in err
    assert f"{path}:7:21: axes.option.hand_size: expected a list of at least one value, or {{from: A, to: B, step: S}}" in err
    assert "error: 6 problem(s) in the sweep" in err


def test_point_problems_are_located_at_the_value(sweep, spec):
    path = spec("games: 5\nfixed:\n  option.hand_sise: 3\naxes:\n  players: [2, 7]\n"
                "  content.game.composition_cap: [9, 0]\n  lineup: [default, [heavy, robot]]\n"
                "  option.stop_short: [false, 'no']\n")
    err = run_fail(sweep, path)
    assert f"{path}:3:21: option.hand_sise: unknown option 'hand_sise'; known: " in err
    assert f"{path}:5:16: players: expected a player count from 2 to 5, got 7" in err
    assert f"{path}:6:37: composition_cap: with content.game.composition_cap=0: must be at least 1, got the number 0" \
        in err
    assert f"{path}:7:21: lineup: unknown bot(s) robot; known: " in err
    assert f"{path}:8:30: option.stop_short: expected true or false, got 'no'" in err
    assert "      content.game.composition_cap: [9, 0]\n" in err  # the spec line, with a caret under the value


def test_content_paths_must_exist(sweep, spec):
    path = spec("games: 5\naxes:\n  content.game.composition_capp: [9]\n  content.fares.spans.9.fare: [3]\n"
                "  content.cards.x: [1]\n  content.operations.kinds.²: [1]\n")
    err = run_fail(sweep, path)
    assert f"{path}:3:35: content.game.composition_capp: game.yaml has no key 'composition_capp' at game; " \
           "did you mean 'composition_cap'?" in err
    assert f"{path}:4:32: content.fares.spans.9.fare: fares.yaml has no key '9' at fares.spans" in err
    assert f"{path}:5:21: content.cards.x: unknown content file 'cards'" in err
    # a digit to str.isdigit that int() refuses is no index
    assert "content.operations.kinds.²: operations.kinds is a list of 5 items; '²' is not an index in it" in err


def test_a_cross_check_broken_by_an_edit_is_reported(sweep, spec):
    """A value that passes its schema but breaks a cross-check elsewhere names the edit that caused it."""
    path = spec("games: 5\naxes:\n  content.operations.kinds.1.copies: [40]\n")
    err = run_fail(sweep, path)
    assert "with content.operations.kinds.1.copies=40: " in err


def test_variant_player_count_is_checked(sweep, spec):
    path = spec("games: 5\nvariant: two_locomotives\naxes:\n  players: [2, 4]\n")
    err = run_fail(sweep, path)
    assert f"{path}:4:16: players: variant 'two_locomotives' (rules 9.3) is for 2 players, not 4" in err


def test_unknown_variant_is_located(sweep, spec):
    path = spec("games: 5\naxes:\n  variant: [beginner, begginer]\n")
    err = run_fail(sweep, path)
    assert f"{path}:3:23: variant: unknown variant 'begginer'" in err


def test_grid_too_large_asks_for_a_sample(sweep, spec):
    values = ", ".join(str(i) for i in range(100))
    path = spec(f"games: 1\naxes:\n  content.fares.spans.1.fare: [{values}]\n  bots.heavy.target: [{values}]\n")
    err = run_fail(sweep, path)
    assert "the grid has 10,000 points; at most 5,000 run in one sweep (add 'sample: {points: N, seed: S}'" in err


def test_not_yaml_is_located(sweep, spec):
    path = spec("games: [1\n")
    err = run_fail(sweep, path)
    assert f"{path}:2:1: invalid YAML" in err


def test_bad_command_line_values_exit_2(sweep, spec, tmp_path):
    path = spec("games: 5\naxes:\n  players: [2]\n")
    assert sweep(path, "--workers", "0").exit_code == 2
    res = sweep(path, "--report", tmp_path / "nowhere" / "r.html")
    assert res.exit_code == 2 and "--report: folder" in res.stderr
    res = sweep(path, "--scheduler", "localhost")
    assert res.exit_code == 2 and "--scheduler 'localhost': expected tcp://HOST:PORT" in res.stderr


def test_a_point_the_engine_cannot_set_up_is_located(sweep, spec):
    path = spec("games: 5\naxes:\n  players: [2]\n  option.hand_size: [3, 12]\n")
    err = run_fail(sweep, path)
    assert f"{path}:4:25: option.hand_size: hand_size 12 is larger than the 9-card operation set" in err
    assert "Traceback" not in err


def test_a_huge_range_is_counted_not_expanded(sweep, spec):
    """10**12 values are refused at the range, without building them (it was a MemoryError traceback)."""
    path = spec("games: 1\naxes:\n  bots.heavy.target: {from: 1, to: 1000000000000}\n"
                "  content.game.composition_cap: {from: 9, to: 1, step: 2}\n")
    err = run_fail(sweep, path)
    assert f"{path}:3:22: axes.bots.heavy.target: the range holds 1,000,000,000,000 values; " \
           "an axis needs 1 to 1,000" in err
    assert f"{path}:4:33: axes.content.game.composition_cap: the range holds 0 values; an axis needs 1 to 1,000" in err


def test_a_refused_range_allocates_nothing_of_its_size(spec):
    """A 2,000,000-value range is refused having allocated far less than its list would take (about 70 MB)."""
    import tracemalloc

    from cardgen.sweep.spec import SpecError, read_spec
    path = spec("games: 1\naxes:\n  bots.heavy.target: {from: 1, to: 2000000}\n")
    tracemalloc.start()
    try:
        read_spec(path)
    except SpecError as exc:
        assert [p.message for p in exc.problems] == ["the range holds 2,000,000 values; an axis needs 1 to 1,000"]
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak < 2_000_000


def test_a_content_value_that_is_a_list_or_mapping_is_located(sweep, spec):
    """An edit writes one value; a list or mapping was a 'TypeError: unhashable type' traceback."""
    path = spec("games: 1\nfixed:\n  content.game.composition_cap: {a: 1}\n"
                "axes:\n  content.fares.spans.3.fare: [8, [1, 2]]\n")
    err = run_fail(sweep, path)
    assert f"{path}:3:33: content.game.composition_cap: a content edit sets one value (a number, text, " \
           "true or false), not a mapping" in err
    assert f"{path}:5:35: content.fares.spans.3.fare: a content edit sets one value (a number, text, " \
           "true or false), not a list" in err
    assert "Traceback" not in err
