"""Every fixture model (Paddle 3.3.1's and 2.6.2's) on both kernel libraries: the
compiled (Numba) library's run agrees with the plain library's run and with Paddle's
outputs, and it used compiled kernels where the model has ops they serve."""

from __future__ import annotations

import pytest

from compat.predictor import load_model, run_model
from tests.conformance.paddle_reference import (
    FIXTURES_ROOT,
    assert_outputs_match,
    fixture_feeds,
    fixture_models,
    load_npz,
)

pytest.importorskip("numba", reason="the compiled kernel library needs the 'jit' extra")

MODELS = [("models", m) for m in fixture_models("models")] + [
    ("models_v2", m) for m in fixture_models("models_v2")]
#: Op types the compiled library serves (phi/jit); the trace's key says which ran them.
COMPILED_OPS = {"conv2d", "depthwise_conv2d", "fused_conv2d_add_act", "pool2d", "softmax",
                "layer_norm", "fused_elementwise_chain"}


@pytest.mark.parametrize("compilation", ["by work", "parallel"])
@pytest.mark.parametrize(("folder", "name"), MODELS)
def test_model_on_both_libraries(folder: str, name: str, compilation: str,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Within 1e-5 * max(1, max|plain|) of the plain run (and of Paddle's outputs), with
    the kernels' compilation chosen by the runtime's work rule (the fixtures are small:
    mostly serial) and with every kernel on its parallel compilation."""
    if compilation == "parallel":
        from phi.jit import runtime

        monkeypatch.setattr(runtime, "parallel_worth", lambda work: True)
    root = FIXTURES_ROOT / folder / name
    feeds = fixture_feeds(root, "b1")
    plain = run_model(load_model(str(root / "model")), feeds)
    model = load_model(str(root / "model"))
    jit = run_model(model, feeds, library="numba")
    again = run_model(model, feeds, library="numba")  # the plan's compiled run
    assert_outputs_match(jit.outputs, plain.outputs, f"{name}: numba vs plain")
    assert_outputs_match(again.outputs, plain.outputs, f"{name}: numba (planned) vs plain")
    assert_outputs_match(jit.outputs, load_npz(root / "outputs_b1.npz"), f"{name}: Paddle")
    served = [t for t in jit.trace if t.type in COMPILED_OPS]
    assert all("NUMBA" in t.key for t in served), [(t.type, t.key) for t in served]
    assert all("NUMBA" not in t.key for t in jit.trace if t.type not in COMPILED_OPS)
    assert all(t.note_kind is None for t in jit.trace if t.note_kind != "cpu-only")


def test_the_conv_fixtures_use_compiled_kernels() -> None:
    """The vision fixtures exercise the library (not only the fallback to plain)."""
    for name in ("mobilenetv2", "resnet18_small", "lenet"):
        root = FIXTURES_ROOT / "models" / name
        result = run_model(load_model(str(root / "model")), load_npz(root / "inputs_b1.npz"),
                           library="numba")
        assert any("NUMBA" in t.key for t in result.trace), name


def test_the_fixture_chains_run_fused() -> None:
    """Models with elementwise chains run them as compiled fused ops (the parity above
    covers their values), each naming the ops it replaced."""
    for name in ("fc_mlp_v2", "misc_v2"):
        root = FIXTURES_ROOT / "models_v2" / name
        result = run_model(load_model(str(root / "model")), fixture_feeds(root, "b1"),
                           library="numba")
        chains = [t for t in result.trace if t.type == "fused_elementwise_chain"]
        assert chains, name
        assert all(len(t.fused) > 1 and "NUMBA" in t.key for t in chains), name
        plain = run_model(load_model(str(root / "model")), fixture_feeds(root, "b1"))
        assert not any(t.type == "fused_elementwise_chain" for t in plain.trace), name
