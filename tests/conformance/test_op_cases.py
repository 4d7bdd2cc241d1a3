"""The single-op case vocabulary (op_cases/spec.py) and the Paddle comparison it feeds."""

from __future__ import annotations

import dataclasses

import ml_dtypes
import numpy as np
import pytest

from tests.conformance.op_cases import family_names, load_family
from tests.conformance.op_cases.spec import (
    FLOAT_EDGES,
    Case,
    Drawn,
    In,
    bf16_bits,
    bf16_values,
    materialize,
    pairs,
    sweep,
    tolerance,
)
from tests.conformance.op_fixtures import OPS_ROOT, family_fixtures
from tests.conformance.paddle_reference import assert_close_to_paddle
from tests.conformance.refresh_digests import feeds_unchanged


def test_bf16_bits_round_like_ml_dtypes() -> None:
    values = np.concatenate([np.random.default_rng(0).standard_normal(1000) * 1e3,
                             [np.inf, -np.inf, 0.0, -0.0, 1.00390625, 1.01171875, 3e38]])
    want = values.astype(np.float32).astype(ml_dtypes.bfloat16).view(np.uint16)
    np.testing.assert_array_equal(bf16_bits(values), want)
    assert np.isnan(bf16_values(bf16_bits(np.array([np.nan])))).all()


def test_materialize_is_seeded_places_specials_and_honours_exclude() -> None:
    spec = In((4, 6), "int32", -3, 3, special=(0, 7, -1), exclude=(0,))
    a = materialize(spec, "fam", "case", "x")
    np.testing.assert_array_equal(a, materialize(spec, "fam", "case", "x"))
    assert not np.array_equal(a, materialize(spec, "fam", "case", "y"))
    assert a.dtype == np.int32 and a.shape == (4, 6)
    assert list(a.ravel()[:2]) == [7, -1] and (a != 0).all()
    floats = materialize(In((3, 3), "float32", special=FLOAT_EDGES), "f", "c", "x").ravel()
    np.testing.assert_array_equal(floats[:len(FLOAT_EDGES)], np.float32(FLOAT_EDGES))
    assert np.signbit(floats[4])  # -0.0 kept
    with pytest.raises(ValueError, match="shape"):
        materialize(In((2,), "float32", values=[1.0, 2.0, 3.0]))


def test_sweep_names_and_digests() -> None:
    cases = sweep("elu", ["X"], ["float32", "float64"], tag="alpha2", attrs={"alpha": 2.0})
    assert [c.name for c in cases][:3] == ["elu_alpha2_float32_4x6", "elu_alpha2_float32_0d",
                                           "elu_alpha2_float32_empty"]
    assert cases[0].inputs["X"].shape == (4, 6) and cases[1].inputs["X"].shape == ()
    changed = Case(cases[0].name, "elu", cases[0].inputs, attrs={"alpha": 3.0})
    assert changed.digest() != cases[0].digest()
    assert pairs([1, 2], [3, 4]) == ([1, 1, 2, 2], [3, 4, 3, 4])
    assert tolerance("int64") == 0.0 and tolerance("float16", 0.1) == 0.1


def test_every_fixture_folder_is_a_family() -> None:
    assert {p.name for p in OPS_ROOT.iterdir() if p.is_dir()} == set(family_names())


@pytest.mark.parametrize(("got", "match"), [
    ([1.0, 2.0, 0.0], "NaN positions"),
    ([1.0, np.inf, 0.0], "NaN positions"),
    ([1.0, np.nan, -0.0], "sign of zero"),
    ([1.0 + 2e-5, np.nan, 0.0], "max abs error"),
])
def test_paddle_comparison_fails_where_it_should(got, match) -> None:
    ref = np.array([1.0, np.nan, 0.0], np.float32)
    with pytest.raises(AssertionError, match=match):
        assert_close_to_paddle(np.array(got, np.float32), ref, "t", zero_sign=True)
    assert_close_to_paddle(ref.copy(), ref, "t", zero_sign=True)


def test_paddle_comparison_checks_inf_signs_and_dtypes() -> None:
    ref = np.array([np.inf, 1.0])
    with pytest.raises(AssertionError, match=r"\+inf positions"):
        assert_close_to_paddle(np.array([-np.inf, 1.0]), ref, "t")
    with pytest.raises(AssertionError, match="float32"):
        assert_close_to_paddle(ref.astype(np.float32), ref, "t")
    half = np.array([1.0, 2.0], ml_dtypes.bfloat16)
    assert_close_to_paddle(half, half.copy(), "t", tol=tolerance("bfloat16"))


_DRAWS = iter(range(1000))


def _noisy(n: int) -> list[float]:
    """Floats that differ on every call, as a CPU's last ulp may."""
    return [1.0 + next(_DRAWS) * 2.0 ** -52] * n


def _noisy_too(n: int) -> list[float]:
    return [1.0 + next(_DRAWS) * 2.0 ** -52] * n


def test_digest_hashes_the_definition_not_computed_values() -> None:
    def case(make, args=(3,)) -> Case:
        return Case("c", "relu", {"X": In((3,), "float64", values=Drawn(make, args))})

    first, second = case(_noisy), case(_noisy)
    assert not np.array_equal(materialize(first.inputs["X"]), materialize(second.inputs["X"]))
    assert first.digest() == second.digest()
    assert case(_noisy, (4,)).digest() != first.digest()  # its arguments
    assert case(_noisy_too).digest() != first.digest()  # its generator (name and source)
    assert "1.0000000000000002" not in repr(first)
    literal = Case("c", "relu", {"X": In((3,), "float64", values=[1.0, 2.0, 3.0])})
    assert literal.digest() == Case("c", "relu", {"X": In((3,), "float64",
                                                          values=[1.0, 2.0, 3.0])}).digest()


def test_stored_fpn_feeds_are_what_their_drawn_definition_makes() -> None:
    """refresh_digests records a digest only over unchanged feeds; the FPN RoIs (a `Drawn`)
    still make the feeds Paddle was given, and a changed definition is refused."""
    fixtures = family_fixtures("roi")
    fpn = [c for c in load_family("roi").CASES if c.op == "distribute_fpn_proposals"]
    assert fpn and all(feeds_unchanged(fixtures, c) == [] for c in fpn)
    moved = dataclasses.replace(fpn[0], inputs={**fpn[0].inputs,
                                                "FpnRois": In((16, 4), "float32")})
    assert feeds_unchanged(fixtures, moved) == ["fpnrois"]
