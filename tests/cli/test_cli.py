"""The `fluidphi` CLI on the bundled example and on bad input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from fluidphi.cli import app

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLE = ROOT / "examples" / "mlp"
SLICE_OPS = [
    "feed",
    "fetch",
    "scale",
    "sign",
    "relu",
    "elementwise_add",
    "matmul_v2",
    "softmax",
    "fill_constant",
    "reshape2",
    "cast",
]

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)


def test_run_example_legacy_and_phi_agree_with_different_paths(tmp_path: Path) -> None:
    outs, traces = {}, {}
    for path in ("legacy", "phi"):
        res = invoke(
            "run",
            EXAMPLE / "model",
            "--input",
            EXAMPLE / "x.npy",
            "--path",
            path,
            "--output",
            tmp_path / f"{path}.npz",
            "--trace-json",
            tmp_path / f"{path}.json",
            "--trace",
            *(["--no-passes"] if path == "phi" else []),
        )
        assert res.exit_code == 0, res.output
        assert "softmax_0.tmp_0" in res.output
        with np.load(tmp_path / f"{path}.npz") as npz:
            outs[path] = {k: npz[k] for k in npz.files}
        traces[path] = json.loads((tmp_path / f"{path}.json").read_text())
    assert outs["legacy"].keys() == outs["phi"].keys()
    for k in outs["legacy"]:
        np.testing.assert_array_equal(outs["legacy"][k], outs["phi"][k])
    assert {r["path"] for r in traces["legacy"]} == {"legacy"}
    assert {r["path"] for r in traces["phi"]} == {"phi"}
    for rec in traces["phi"]:
        assert {"index", "type", "path", "kernel", "key", "transforms"} <= rec.keys()
    assert [r["type"] for r in traces["legacy"]] == [r["type"] for r in traces["phi"]]


def test_kernels_json_lists_both_forms_for_slice_ops() -> None:
    res = invoke("kernels", "--json")
    assert res.exit_code == 0
    listing = json.loads(res.output)
    legacy_types = {r["op_type"] for r in listing["legacy"]}
    phi_names = {r["name"] for r in listing["phi"]}
    phi_for = {r["op_type"]: r["phi_name"] for r in listing["legacy"]}
    for op in SLICE_OPS:
        assert op in legacy_types, f"no legacy kernel for {op}"
        assert phi_for[op] in phi_names, f"no PHI kernel for {op} ({phi_for[op]})"


def test_kernels_for_one_op() -> None:
    res = invoke("kernels", "matmul_v2", "--json")
    listing = json.loads(res.output)
    assert {r["name"] for r in listing["phi"]} == {"matmul"}
    assert {r["op_type"] for r in listing["legacy"]} == {"matmul_v2"}
    assert invoke("kernels", "no_such_op").exit_code == 2


def test_run_plan_shows_the_steps_and_the_fused_ops(tmp_path: Path) -> None:
    res = invoke("run", EXAMPLE / "model", "--input", EXAMPLE / "x.npy", "--plan", "--trace",
                 "--trace-json", tmp_path / "t.json")
    assert res.exit_code == 0, res.output
    assert "plan (built once" in res.output and "output buffers" in res.output
    assert "pass: matmul_v2 + elementwise_add + relu -> fc" in res.output
    # lowered: the function takes a direct run's arrays (compat.direct_run)
    assert "generated code <fluidphi plan" in res.output and "def run(fed=None):" in res.output
    assert "fc_kernel_" in res.output  # the fused fc's kernel, called directly
    trace = json.loads((tmp_path / "t.json").read_text())
    assert {"type": "fc", "fused": ["matmul_v2", "elementwise_add", "relu"]}.items() <= \
        next(r for r in trace if r["type"] == "fc").items()
    legacy = invoke("run", EXAMPLE / "model", "--input", EXAMPLE / "x.npy", "--path", "legacy",
                    "--plan")
    assert "runs without a plan" in legacy.output


def test_run_plan_json_carries_the_steps_and_the_generated_source() -> None:
    res = invoke("run", EXAMPLE / "model", "--input", EXAMPLE / "x.npy", "--plan", "--json",
                 "--warm-runs", "0")  # never run compiled yet: the source is made on demand
    assert res.exit_code == 0, res.output
    plan = json.loads(res.output)["plan"]
    kernels = [r for r in plan["steps"] if r["step"] != "transfer"]
    assert plan["filename"].startswith("<fluidphi plan ")
    assert plan["source"].startswith("def run(fed=None):")
    assert plan["source"].count("\n        # #") == len(kernels) > 0  # a comment per op
    assert "fc_kernel_" in plan["source"]
    compile(plan["source"], plan["filename"], "exec")  # valid Python as printed
    legacy = invoke("run", EXAMPLE / "model", "--input", EXAMPLE / "x.npy", "--plan", "--json",
                    "--path", "legacy")
    assert json.loads(legacy.output)["plan"] is None


def test_kernels_shows_every_piece_of_an_op_with_its_file() -> None:
    """elementwise_add runs add or add_raw: both show, with when each is chosen, whether
    the query is the legacy name or either PHI name."""
    for query in ("elementwise_add", "add", "add_raw"):
        res = invoke("kernels", query, "--json")
        assert res.exit_code == 0, res.output
        pieces = json.loads(res.output)["pieces"]
        assert [p["op_type"] for p in pieces["legacy"]] == ["elementwise_add"]
        when = {p["kernel"]: p["chosen_when"] for p in pieces["phi"]}
        assert when == {"add": "axis == -1 (NumPy broadcasting)",
                        "add_raw": "axis != -1 (fluid's axis broadcasting)"}
        for p in pieces["phi"]:
            assert p["functions"][0]["file"].startswith("phi/kernels/impl/add_kernel_impl.py:")
            assert p["infer_meta_file"].startswith("phi/infermeta/binary.py:")
            assert p["ops_yaml"] == p["kernel"] and p["ops_yaml_file"].startswith("phi/ops.yaml:")
        assert pieces["legacy"][0]["maker_file"].startswith("legacy_fluid/operators/elementwise")
        assert pieces["mapping"][0]["kind"] == "custom"
        assert _yaml_line(pieces["mapping"][0]["op_compat_file"]) == \
            "- op : add (elementwise_add)"
    concat = json.loads(invoke("kernels", "concat", "--json").output)["pieces"]["mapping"][0]
    assert concat["kind"] == "default" and concat["file"].startswith("phi/op_compat.yaml:")
    assert _yaml_line(concat["op_compat_file"]) == "- op : concat"
    where = json.loads(invoke("kernels", "where", "--json").output)["pieces"]
    assert where["mapping"][0]["op_compat_file"] is None
    # a plain op registers no maker: its proto comes from its ops.yaml entry
    assert where["legacy"][0]["maker"] == "derived from ops.yaml + op_compat.yaml"
    assert _yaml_line(where["legacy"][0]["maker_file"]) == "- op : where"
    from fluidphi.cli import console

    width = console.width
    console.width = 250  # one line per row, so the text can be searched
    try:
        text = invoke("kernels", "elementwise_add").output
    finally:
        console.width = width
    assert "add_raw: phi.kernels.impl.add_kernel_impl.add_raw_kernel" in text
    assert "chosen when axis != -1" in text and "phi/ops.yaml:" in text
    assert "op_compat entry" in text and "phi/op_compat.yaml:" in text


def _yaml_line(where: str) -> str:
    """The text at `path:LINE` (a yaml entry, a def, a fixture's case)."""
    path, line = where.rsplit(":", 1)
    return (ROOT / path).read_text(encoding="utf-8").splitlines()[int(line) - 1]


def test_inspect_json() -> None:
    res = invoke("inspect", EXAMPLE / "model", "--json")
    assert res.exit_code == 0, res.output
    info = json.loads(res.output)
    assert [f["name"] for f in info["feeds"]] == ["x"]
    assert {r["type"]: r["kernels"] for r in info["op_types"]}["matmul_v2"] == "both"
    assert info["params"]["count"] == 6
    assert info["missing"] == [] and info["params"]["file_missing"] is False


def test_inspect_names_framework_ops_and_what_cannot_run(tmp_path: Path) -> None:
    """Control flow runs in the executor (`framework`, not missing); an op type fluidphi
    has no operator for is listed as missing, in JSON and in the text."""
    from tests.cli.malformed import edited

    route = ROOT / "tests" / "fixtures" / "models" / "select_route" / "model"
    info = json.loads(invoke("inspect", route, "--json").output)
    kinds = {r["type"]: r["kernels"] for r in info["op_types"]}
    assert kinds["select_output"] == kinds["conditional_block"] == "framework"
    assert kinds["relu"] == "both" and info["missing"] == []

    def rename(m):
        m.blocks[0].ops[3].type = "my_relu"

    model = edited(tmp_path / "m", rename)
    info = json.loads(invoke("inspect", model, "--json").output)
    assert info["missing"] == ["my_relu"]
    assert {r["type"]: r["kernels"] for r in info["op_types"]}["my_relu"] == "missing"
    assert "op types fluidphi cannot run: my_relu" in invoke("inspect", model).output


def test_inspect_a_program_saved_without_params() -> None:
    """A startup program has persistables but no params file: described, marked absent."""
    startup = ROOT / "tests" / "fixtures" / "train" / "mlp_sgd" / "startup"
    res = invoke("inspect", startup, "--json")
    assert res.exit_code == 0, res.output
    info = json.loads(res.output)
    assert info["params"] == {"count": 0, "bytes": 0, "file_missing": True}
    assert "no params file beside the program" in invoke("inspect", startup).output


# -- bad input: one paragraph, non-zero exit, no traceback ------------------------------------
def _copy_example(tmp_path: Path) -> Path:
    dst = tmp_path / "m"
    shutil.copytree(EXAMPLE, dst)
    return dst


def _assert_clean_error(res, *needles: str) -> None:
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output
    for needle in needles:
        assert needle in res.output, res.output


def test_missing_model(tmp_path: Path) -> None:
    _assert_clean_error(
        invoke("run", tmp_path / "nothing" / "model", "--input", EXAMPLE / "x.npy"), "nothing"
    )


def test_truncated_model(tmp_path: Path) -> None:
    m = _copy_example(tmp_path)
    data = (m / "model.pdmodel").read_bytes()
    (m / "model.pdmodel").write_bytes(data[: len(data) // 2])
    _assert_clean_error(invoke("run", m / "model", "--input", m / "x.npy"), "model.pdmodel")


def test_params_too_long_and_too_short(tmp_path: Path) -> None:
    m = _copy_example(tmp_path)
    params = (m / "model.pdiparams").read_bytes()
    (m / "model.pdiparams").write_bytes(params + b"\0" * 7)
    _assert_clean_error(invoke("run", m / "model", "--input", m / "x.npy"), "model.pdiparams")
    (m / "model.pdiparams").write_bytes(params[:-5])
    _assert_clean_error(invoke("run", m / "model", "--input", m / "x.npy"), "model.pdiparams")


@pytest.mark.parametrize(
    ("array", "needle"),
    [(np.zeros((2, 16), np.float64), "dtype"), (np.zeros((2, 15), np.float32), "shape")],
)
def test_feed_contradicting_var(tmp_path: Path, array: np.ndarray, needle: str) -> None:
    np.save(tmp_path / "bad.npy", array)
    _assert_clean_error(
        invoke("run", EXAMPLE / "model", "--input", tmp_path / "bad.npy"), "'x'", needle
    )


@pytest.mark.parametrize(("name", "needle"), [
    ("missing.npy", "does not exist"),
    ("a_dir", "is a folder, not a regular file"),
    ("text.npy", "is not a readable .npy/.npz file"),
])
def test_bad_input_file(tmp_path: Path, name: str, needle: str) -> None:
    (tmp_path / "a_dir").mkdir()
    (tmp_path / "text.npy").write_text("not an array")
    _assert_clean_error(invoke("run", EXAMPLE / "model", "--input", tmp_path / name),
                        str(tmp_path / name), needle)


def test_outputs_go_to_new_folders_and_unwritable_ones_are_named(tmp_path: Path) -> None:
    out, trace = tmp_path / "a" / "out.npz", tmp_path / "b" / "trace.json"
    res = invoke("run", EXAMPLE / "model", "--input", EXAMPLE / "x.npy", "--output", out,
                 "--trace-json", trace)
    assert res.exit_code == 0, res.output
    with np.load(out) as npz:
        assert npz.files == ["softmax_0.tmp_0"]
    assert json.loads(trace.read_text())[0]["type"] == "feed"
    (tmp_path / "file").write_text("")
    _assert_clean_error(invoke("run", EXAMPLE / "model", "--input", EXAMPLE / "x.npy",
                               "--output", tmp_path / "file" / "out.npz"),
                        "--output", "cannot be written")


def test_unknown_feed_name() -> None:
    _assert_clean_error(
        invoke("run", EXAMPLE / "model", "--input", f"y={EXAMPLE / 'x.npy'}"),
        "unknown feed 'y'",
        "feed 'x' was not given",
    )


def test_unsupported_ops_listed_at_once(tmp_path: Path) -> None:
    from legacy_fluid.framework.scope import Scope
    from legacy_fluid.io import load_inference_model, save_inference_model

    scope = Scope()
    program, feeds, fetches = load_inference_model(str(EXAMPLE / "model"), scope=scope)
    for op in program.global_block().ops:
        if op.type == "relu":
            op.type = "my_custom_relu"
        elif op.type == "softmax":
            op.type = "my_custom_softmax"
    save_inference_model(str(tmp_path / "model"), program, feeds, fetches, scope)
    _assert_clean_error(
        invoke("run", tmp_path / "model", "--input", EXAMPLE / "x.npy"),
        "my_custom_relu",
        "my_custom_softmax",
    )


def test_gpu_place_without_cuda_is_a_clear_error() -> None:
    from tests.conftest import HAS_CUDA

    if HAS_CUDA:
        pytest.skip("a CUDA device exists here; the no-GPU error cannot be provoked")
    res = invoke("run", EXAMPLE / "model", "--input", EXAMPLE / "x.npy", "--place", "gpu")
    _assert_clean_error(res, "no CUDA device")


def test_kernels_shows_grad_funcs_api_and_cases_of_an_op() -> None:
    """A forward op shows its grad op, PHI grad kernel, backward.yaml entry, shared funcs
    module, generated API function and fixtures, each at a file:line holding that piece;
    a grad op's own yaml entry names backward.yaml with its line."""
    pieces = json.loads(invoke("kernels", "softmax", "--json").output)["pieces"]
    (phi,) = pieces["phi"]
    assert _yaml_line(phi["backward_yaml_file"]) == "- backward_op : softmax_grad"
    assert phi["api"]["function"] == "phi.api.softmax"
    assert _yaml_line(phi["api"]["file"]).startswith("def softmax(")
    assert [g["op_type"] for g in pieces["grad_legacy"]] == ["softmax_grad"]
    # a legacy kernel-table row (legacy_fluid/framework/kernel_table.py): the row's own line
    assert 'OpKernelRow("softmax_grad", "SoftmaxGradKernel"' in _yaml_line(
        pieces["grad_legacy"][0]["kernels"][0]["file"])
    (grad,) = pieces["grad_phi"]
    assert grad["kernel"] == "softmax_grad" and grad["yaml"] == "backward.yaml"
    assert _yaml_line(grad["ops_yaml_file"]) == "- backward_op : softmax_grad"
    assert {f["module"] for f in grad["funcs"]} == {"phi.kernels.funcs.activation_grad"}
    kinds = {c["kind"] for c in pieces["cases"]}
    assert kinds == {"ops", "grads"}
    for case in pieces["cases"]:
        assert _yaml_line(case["fixtures"]).strip().startswith('"op": "softmax"')
        assert '"softmax"' in _yaml_line(case["cases"])
        assert case["count"] > 0
    conv = json.loads(invoke("kernels", "conv2d", "--json").output)["pieces"]["phi"]
    assert "phi.kernels.funcs.conv" in {f["module"] for p in conv for f in p["funcs"]}
