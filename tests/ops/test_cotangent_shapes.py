"""A wrong-shaped cotangent fed to a grad op is refused with a clear error on every path.

Generated list: every registered grad op that some Paddle 3.3.1 grad fixture
(tests/fixtures/grads) feeds a cotangent (`<Slot>@GRAD` input) -- the first such case per
op. Its cotangent gets one more column (or, 0-d, two elements) and the program runs on the
legacy path, the PHI path and a plan; the run must fail with a CotangentShapeError naming
the variable and the op (`legacy_fluid.framework.cotangent_shapes`), never with NumPy's
raw broadcast / reshape / indexing error. Paddle 3.3.1 checks nothing there: its kernels
read past the cotangent's end, crash (conv2d_grad SIGFPE, elementwise_add_grad heap
corruption) or hang (relu_grad), or silently cut it.

Exceptions, each with its reason: grad ops that hold nothing of the forward output's
shape (X@GRAD takes the cotangent's dims, as in Paddle), grad ops whose kernel sizes its
work by the cotangent as Paddle's does, grad ops whose kernel already refuses the shape
with its own clear message, and the ones still failing with a raw NumPy error (strict
xfail: the check cannot tell their forward output's shape yet)."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from compat.predictor import load_model, run_model
from compat.single_op import run_single_op
from legacy_fluid.framework.grad_names import GRAD_SUFFIX
from phi.core.dense_tensor import DenseTensor
from tests.conformance.op_cases import grad_family_names, load_family
from tests.conformance.op_fixtures import grad_fixtures
from tests.ops.op_helpers import is_registered_grad_op

#: (path, planned) runs of each program.
RUNS = [("legacy", False), ("phi", False), ("auto", True)]

#: NumPy / Python error texts a clear fluidphi error never ends in.
RAW = ("could not be broadcast", "cannot reshape array", "could not broadcast",
       "boolean array indexing", "index out of bounds", "IndexError")

#: X@GRAD takes the cotangent's dims (the grad op holds no input of the forward output's
#: dims, nor enough of the forward's inputs to infer them); Paddle's kernels do the same.
NO_FORWARD_SHAPE = frozenset({
    "ceil_grad", "floor_grad", "rint_grad", "round_grad", "trunc_grad", "real_grad",
    "imag_grad", "fft_c2c_grad", "fft_c2r_grad", "fill_any_grad", "fill_diagonal_grad",
    "fill_diagonal_tensor_grad", "gaussian_inplace_grad", "uniform_random_inplace_grad",
    "random_grad", "poisson_grad", "channel_shuffle_grad", "shuffle_channel_grad",
    "pixel_unshuffle_grad", "temporal_shift_grad", "tril_triu_grad", "label_smooth_grad",
    "index_add_grad", "scatter_nd_add_grad", "shuffle_batch_grad", "pad_grad",
    # the forward may have sized Out by a tensor the grad op does not hold (Y, Shape)
    "expand_as_v2_grad", "crop_tensor_grad",
    # the kernel sums the cotangent back to X by its own dims, as Paddle's does
    "expand_v2_grad",
})

#: Refused on the legacy path only (none left: transpose2's PHI path sets XShape's dims too)
LEGACY_ONLY: frozenset[str] = frozenset()

#: The kernel refuses the shape itself, with a message naming the op and the cotangent.
OWN_CHECK = frozenset({
    "bilinear_tensor_product_grad", "eigvalsh_grad", "einsum_grad", "pixel_shuffle_grad",
    "pyramid_hash_grad", "set_value_grad", "unstack_grad", "warprnnt_grad",
})

#: Still NumPy's raw error: the forward output's shape is not recoverable by the check
#: (masked_select: data-dependent; reshape2: ShapeTensor unseen; scatter: X not held;
#: warpctc: Label not held; match_matrix_tensor: LoD-dependent; expand: sized by the
#: cotangent, whose kernel reshapes without a check).
RAW_REMAINING = frozenset({
    "expand_grad", "masked_select_grad", "match_matrix_tensor_grad", "reshape2_grad",
    "scatter_grad", "warpctc_grad",
})


@cache
def _cases() -> dict[str, tuple[str, str, str, str]]:
    """grad op -> (family, case, cotangent slot, fed cotangent variable): the first fixture
    case whose program feeds that grad op a cotangent."""
    chosen: dict[str, tuple[str, str, str, str]] = {}
    for family in grad_family_names():
        fixtures = grad_fixtures(family)
        for case in load_family(family).GRAD_CASES:
            if case.name not in fixtures.cases:
                continue
            fed = fixtures.fed(case.name)
            block = load_model(fixtures.model_prefix(case.name)).program.global_block()
            for op in block.ops:
                if not is_registered_grad_op(op.type) or op.type in chosen:
                    continue
                for slot, names in op.inputs.items():
                    cot = [n for n in names if n in fed and not isinstance(fed[n], list)]
                    if slot.endswith(GRAD_SUFFIX) and cot:
                        chosen[op.type] = (family, case.name, slot, cot[0])
                        break
    return chosen


def _wrong(value: np.ndarray | DenseTensor) -> np.ndarray | DenseTensor:
    """One more column (two elements for a 0-d one), values cycled; the LoD kept."""
    array = value.numpy() if isinstance(value, DenseTensor) else value
    dims = array.shape
    wider = (2,) if not dims else (*dims[:-1], dims[-1] + 1)
    out = np.resize(array, wider).astype(array.dtype)
    return DenseTensor(out, lod=value.lod) if isinstance(value, DenseTensor) else out


GRAD_OPS = sorted(_cases())


def test_the_sweep_covers_the_grad_ops() -> None:
    assert len(GRAD_OPS) > 250
    listed = NO_FORWARD_SHAPE | LEGACY_ONLY | OWN_CHECK | RAW_REMAINING
    assert listed <= set(GRAD_OPS), sorted(listed - set(GRAD_OPS))


@pytest.mark.parametrize("grad_op", [
    pytest.param(op, marks=pytest.mark.xfail(strict=True, reason="raw NumPy error: the "
                                             "forward output's shape is not recoverable"))
    if op in RAW_REMAINING else op for op in GRAD_OPS])
def test_a_wrong_shaped_cotangent_is_refused_clearly(grad_op: str) -> None:
    family, case, slot, name = _cases()[grad_op]
    fixtures = grad_fixtures(family)
    feeds = dict(fixtures.fed(case))
    feeds[name] = _wrong(feeds[name])
    for path, planned in RUNS:
        model = load_model(fixtures.model_prefix(case))
        model.feed_var(name).shape = []  # the feed check would refuse it before any op
        what = f"{grad_op} ({family}/{case}, {slot} '{name}', {path})"
        unchecked = grad_op in NO_FORWARD_SHAPE or (grad_op in LEGACY_ONLY and path != "legacy")
        try:
            run_model(model, feeds, path=path, planned=planned, passes=False)
        except Exception as err:
            text = str(err)
            assert not unchecked, f"{what} now fails: {text[-300:]}"
            assert not any(raw in text for raw in RAW), f"{what}: raw error {text[-300:]}"
            if grad_op not in OWN_CHECK:
                assert "CotangentShapeError" in text and f"(variable '{name}')" in text \
                    and f"op '{grad_op}'" in text, f"{what}: {text[-300:]}"
            continue
        assert unchecked, f"{what}: ran with a wrong-shaped cotangent"


def _both(op: str, inputs: dict, attrs: dict, outputs: list[str]) -> list[dict]:
    return [run_single_op(op, inputs, attrs, outputs, path)[0] for path in ("legacy", "phi")]


def test_the_error_names_the_op_slot_variable_and_both_shapes() -> None:
    """conv2d_grad holds no Output: its dims come from conv2d's shape inference."""
    rng = np.random.default_rng(0)
    inputs = {"Input": rng.random((1, 1, 3, 3), np.float32),
              "Filter": rng.random((1, 1, 2, 2), np.float32),
              "Output@GRAD": rng.random((1, 1, 3, 3), np.float32)}
    attrs = {"strides": [1, 1], "paddings": [0, 0], "dilations": [1, 1], "groups": 1}
    for path in ("legacy", "phi"):
        with pytest.raises(Exception, match=r"CotangentShapeError: op 'conv2d_grad': input "
                           r"'Output@GRAD' \(variable 'Output@GRAD@0'\) has dims \[1, 1, 3, 3\], "
                           r"but the forward output 'Output' .* has dims \[1, 1, 2, 2\] "
                           r"\(conv2d's shape inference\)"):
            run_single_op("conv2d_grad", inputs, attrs, ["Input@GRAD", "Filter@GRAD"], path)


@pytest.mark.parametrize(("op", "inputs", "attrs", "cot", "same_as"), [
    # a 0-d mean's cotangent fed as [1] (a loss@GRAD filled with shape [1])
    ("mean_grad", {"X": (2, 3)}, {}, (1,), ()),
    # a reduction's cotangent in its keep_dim form
    ("reduce_sum_grad", {"X": (2, 3)}, {"dim": [1]}, (2, 1), (2,)),
    ("relu_grad", {"Out": (2, 3)}, {}, (1, 2, 3), (2, 3)),
])
def test_dims_differing_only_by_ones_are_accepted(op, inputs, attrs, cot, same_as) -> None:
    """The same elements in the same order: Paddle reads the buffer flat, which is the
    cotangent reshaped; fluidphi computes the same as for the forward output's dims."""
    rng = np.random.default_rng(1)
    fed = {slot: rng.standard_normal(dims).astype(np.float32) for slot, dims in inputs.items()}
    values = rng.standard_normal(same_as).astype(np.float32)
    got = _both(op, {**fed, "Out@GRAD": values.reshape(cot)}, attrs, ["X@GRAD"])
    want = _both(op, {**fed, "Out@GRAD": values}, attrs, ["X@GRAD"])
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g["X@GRAD"][0], w["X@GRAD"][0])


def test_a_cotangent_like_another_input() -> None:
    """dropout_grad holds Mask, of the forward output's dims (GradOp.COTANGENT_LIKE)."""
    mask = np.ones((4, 6), np.uint8)
    for path in ("legacy", "phi"):
        with pytest.raises(Exception, match=r"has dims \[4, 7\], but the forward output 'Out' "
                           r"it is the gradient of has dims \[4, 6\] \(its input 'Mask'\)"):
            run_single_op("dropout_grad", {"Mask": mask,
                                           "Out@GRAD": np.ones((4, 7), np.float32)},
                          {"dropout_prob": 0.5}, ["X@GRAD"], path)
