"""`run --input`: every file checked before it is read, every feed given exactly once."""

from __future__ import annotations

import zipfile
from pathlib import Path

import numpy as np
import numpy.lib.format as npy_format
import pytest

from compat.feeds import InputError, read_inputs
from tests.cli.malformed import EXAMPLE, ROOT, assert_clean_error, invoke

X = EXAMPLE / "x.npy"
TWO_FEEDS = ROOT / "tests" / "fixtures" / "models_v2" / "fc_mlp_v2"


def _run(*inputs: object):
    args: list[object] = ["run", EXAMPLE / "model"]
    for i in inputs:
        args += ["--input", i]
    return invoke(*args)


def _lying_npy(path: Path, shape: tuple[int, ...]) -> Path:
    with open(path, "wb") as f:
        npy_format.write_array_header_1_0(f, {"descr": "<f4", "fortran_order": False,
                                              "shape": shape})
        f.write(b"\0" * 64)
    return path


def test_npy_header_claiming_terabytes_is_refused_unread(tmp_path: Path) -> None:
    path = _lying_npy(tmp_path / "big.npy", (2**40,))
    assert_clean_error(_run(path), "shape [1099511627776]", "4,398,046,511,104 bytes",
                       "64 bytes follow it")


def test_empty_npz(tmp_path: Path) -> None:
    np.savez(tmp_path / "empty.npz")
    assert_clean_error(_run(tmp_path / "empty.npz"), "holds no arrays")
    with zipfile.ZipFile(tmp_path / "text.npz", "w") as zf:
        zf.writestr("readme.txt", "no arrays here")
    assert_clean_error(_run(tmp_path / "text.npz"), "holds no arrays")


def test_npy_bytes_named_npz_are_read_by_content(tmp_path: Path) -> None:
    (tmp_path / "x.npz").write_bytes(X.read_bytes())
    assert _run(tmp_path / "x.npz").exit_code == 0
    assert _run(f"x={tmp_path / 'x.npz'}").exit_code == 0


def test_corrupt_zip_and_corrupt_member(tmp_path: Path) -> None:
    np.savez(tmp_path / "good.npz", x=np.load(X))
    data = (tmp_path / "good.npz").read_bytes()
    (tmp_path / "cut.npz").write_bytes(data[: len(data) // 2])
    assert_clean_error(_run(tmp_path / "cut.npz"), "cut.npz", "not a readable .npy/.npz file")
    with zipfile.ZipFile(tmp_path / "lying.npz", "w") as zf:
        zf.writestr("x.npy", _lying_npy(tmp_path / "m.npy", (2**40,)).read_bytes())
    assert_clean_error(_run(tmp_path / "lying.npz"), "array 'x'", "bytes follow it")


def test_garbage_npy_is_not_called_pickled(tmp_path: Path) -> None:
    (tmp_path / "g.npy").write_bytes(b"\x80\x04garbage that is not an array")
    res = _run(tmp_path / "g.npy")
    assert_clean_error(res, "neither NumPy's magic bytes nor a zip header")
    assert "pickled" not in res.stderr
    np.save(tmp_path / "obj.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
    assert_clean_error(_run(tmp_path / "obj.npy"), "pickled data", "never loads")


def test_npz_key_must_match_the_feed(tmp_path: Path) -> None:
    np.savez(tmp_path / "y.npz", y=np.load(X))
    assert_clean_error(_run(f"x={tmp_path / 'y.npz'}"), "has no array named 'x'",
                       "it holds: y")
    assert_clean_error(_run(tmp_path / "y.npz"), "array(s) y named after no feed")
    np.savez(tmp_path / "unnamed.npz", np.load(X))  # arr_0: taken for the one feed
    assert _run(tmp_path / "unnamed.npz").exit_code == 0


def test_feed_given_twice(tmp_path: Path) -> None:
    assert_clean_error(_run(f"x={X}", f"x={X}"), "feed 'x' is given twice")
    np.savez(tmp_path / "all.npz", x=np.load(X))
    assert_clean_error(_run(tmp_path / "all.npz", f"x={X}"), "feed 'x' is given twice")
    assert_clean_error(_run("x="), "expected NAME=FILE")


def test_one_npz_feeds_every_matching_feed(tmp_path: Path) -> None:
    model = TWO_FEEDS / "model"
    res = invoke("run", model, "--input", TWO_FEEDS / "inputs_b1.npz", "--output",
                 tmp_path / "out.npz")
    assert res.exit_code == 0, res.output
    with np.load(TWO_FEEDS / "outputs_b1.npz") as want, np.load(tmp_path / "out.npz") as got:
        for key in want.files:
            np.testing.assert_allclose(got[key], want[key], rtol=1e-5, atol=1e-6)
    with np.load(TWO_FEEDS / "inputs_b1.npz") as npz:
        np.savez(tmp_path / "extra.npz", **{k: npz[k] for k in npz.files}, w=npz["x"])
    assert_clean_error(invoke("run", model, "--input", tmp_path / "extra.npz"),
                       "array(s) w named after no feed")


def test_read_inputs_api() -> None:
    feeds = read_inputs([str(X)], ["x"])
    assert list(feeds) == ["x"] and feeds["x"].flags.writeable
    with pytest.raises(InputError, match="the model has 2 feeds"):
        read_inputs([str(X)], ["x", "z"])


def _decode_case(tmp_path: Path, drop: str | None = None) -> tuple[list[object], dict]:
    """`run` arguments feeding the beam_search_decode fixture's tensor arrays item by item
    (`ids@0`, ... in one .npz, each item's LoD by --lod), and Paddle's outputs."""
    from tests.conformance.op_fixtures import family_fixtures

    fixtures = family_fixtures("beam")
    name = "beam_search_decode_two_steps"
    feeds = {k: v for k, v in fixtures.feeds(name).items() if k != drop}
    np.savez(tmp_path / "steps.npz", **feeds)
    args: list[object] = ["run", fixtures.model_prefix(name), "--input", tmp_path / "steps.npz",
                          "--output", tmp_path / "out.npz"]
    for feed, meta in fixtures.cases[name]["feeds"].items():
        if feed != drop:
            args += ["--lod", f"{feed}=" + "/".join(",".join(map(str, level))
                                                   for level in meta["lod"])]
    return args, fixtures.outputs(name)


def test_tensor_array_items_are_fed_by_name_and_index(tmp_path: Path) -> None:
    args, expected = _decode_case(tmp_path)
    res = invoke(*args)
    assert res.exit_code == 0, res.output
    with np.load(tmp_path / "out.npz") as got:
        for fetch, ref in expected.items():
            np.testing.assert_array_equal(got[fetch], ref)


def test_a_tensor_array_with_a_missing_item_is_refused(tmp_path: Path) -> None:
    args, _ = _decode_case(tmp_path, drop="scores@0")
    assert_clean_error(invoke(*args), "tensor array 'scores'", "without scores@0")
