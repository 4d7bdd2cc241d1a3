"""`fluidphi.inference`, paddle.inference's CPU API: one user script run on both APIs,
and the predictor's behaviour (clone, new batches, LoD, errors, unsupported methods)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from compat.predictor import ModelInputError
from fluidphi import inference
from fluidphi.inference.config import NEVER_ENABLED, UNSUPPORTED
from phi.core.device_context import DeviceUnavailableError
from tests.api.inference_script import predict
from tests.conformance.op_fixtures import family_fixtures
from tests.conformance.paddle_reference import FIXTURES_ROOT, assert_close_to_paddle, load_npz
from tests.conftest import HAS_CUDA

SCRIPT = Path(__file__).with_name("inference_script.py")
#: two inputs (int64 ids and lengths), two outputs
TEXT_RNN = FIXTURES_ROOT / "models" / "text_rnn"
#: single-op programs with LoD inputs and LoD outputs, no params file
LOD_CASES = [("ctc", "ctc_align_lod_int32"), ("nms", "multiclass_nms_lod")]
PADDLE_PYTHON_ENV = "FLUIDPHI_PADDLE_PYTHON"


def text_rnn(batch: int) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    return (load_npz(TEXT_RNN / f"inputs_b{batch}.npz"),
            load_npz(TEXT_RNN / f"outputs_b{batch}.npz"))


def lod_case(family: str, case: str) -> tuple[str, dict[str, np.ndarray], dict[str, Any],
                                               dict[str, np.ndarray], dict[str, Any]]:
    f = family_fixtures(family)
    in_lods = {k: m["lod"] for k, m in f.cases[case]["feeds"].items() if m.get("lod")}
    return str(f.model_prefix(case)) + ".pdmodel", f.feeds(case), in_lods, f.outputs(case), \
        f.output_lods(case)


def text_rnn_predictor(**settings: Any) -> inference.Predictor:
    config = inference.Config(TEXT_RNN / "model.pdmodel", TEXT_RNN / "model.pdiparams")
    for name, value in settings.items():
        getattr(config, name)(value)
    return inference.create_predictor(config)


def feed(predictor: inference.Predictor, feeds: dict[str, np.ndarray]) -> None:
    for name in predictor.get_input_names():
        handle = predictor.get_input_handle(name)
        handle.reshape(feeds[name].shape)
        handle.copy_from_cpu(feeds[name])


def outputs(predictor: inference.Predictor) -> dict[str, np.ndarray]:
    return {n: predictor.get_output_handle(n).copy_to_cpu() for n in predictor.get_output_names()}


def assert_matches(got: dict[str, np.ndarray], ref: dict[str, np.ndarray], what: str) -> None:
    assert sorted(got) == sorted(ref), what
    for name, array in ref.items():
        assert_close_to_paddle(got[name], array, f"{what}: {name}")


# -- the user script on fluidphi.inference, against Paddle's stored outputs ----------


@pytest.mark.parametrize("batch", [1, 4])
def test_script_on_fluidphi_matches_paddles_stored_outputs(batch: int) -> None:
    feeds, ref = text_rnn(batch)
    got = predict(inference, str(TEXT_RNN / "model.pdmodel"),
                  str(TEXT_RNN / "model.pdiparams"), feeds)
    assert list(got) == ["linear_0.tmp_1", "transpose_1.tmp_0"]  # the program's fetch order
    for name, (_, shape, lod) in got.items():
        assert shape == list(ref[name].shape) and lod == []
    assert_matches({k: v[0] for k, v in got.items()}, ref, f"text_rnn b{batch}")


@pytest.mark.parametrize(("family", "case"), LOD_CASES)
def test_script_feeds_and_fetches_lod(family: str, case: str) -> None:
    prog, feeds, in_lods, ref, ref_lods = lod_case(family, case)
    assert in_lods and ref_lods  # the cases exercise LoD both ways
    got = predict(inference, prog, "", feeds, in_lods)
    assert_matches({k: v[0] for k, v in got.items()}, ref, case)
    assert {k: v[2] for k, v in got.items() if v[2]} == ref_lods


# -- the same script on paddle.inference (the conformance extra) ----------------------


def _paddle_run(tmp_path: Path, prog: str, params: str, feeds: dict[str, np.ndarray],
                lods: dict[str, Any] | None) -> dict[str, tuple[np.ndarray, list[int], Any]]:
    """The script on Paddle: in this process when it has Paddle, else in the Python named
    by $FLUIDPHI_PADDLE_PYTHON (one with paddlepaddle==3.3.1)."""
    if importlib.util.find_spec("paddle") is not None:
        os.environ["FLAGS_enable_pir_api"] = "0"
        from paddle import inference as paddle_inference

        return predict(paddle_inference, prog, params, feeds, lods)
    python = os.environ.get(PADDLE_PYTHON_ENV)
    if not python:
        pytest.skip(f"paddle is not installed (the conformance extra) and ${PADDLE_PYTHON_ENV} "
                    "names no Python that has it")
    np.savez(tmp_path / "in.npz", **feeds)
    args = [python, str(SCRIPT), prog, params, str(tmp_path / "in.npz"),
            str(tmp_path / "out.npz")]
    if lods:
        (tmp_path / "lods.json").write_text(json.dumps(lods))
        args.append(str(tmp_path / "lods.json"))
    env = dict(os.environ, FLAGS_enable_pir_api="0", OMP_NUM_THREADS="1")
    env.pop("PYTHONPATH", None)
    proc = subprocess.run(args, check=False, capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    npz = load_npz(tmp_path / "out.npz")
    return {k: (v, json.loads(str(npz[f"{k}/shape"])), json.loads(str(npz[f"{k}/lod"])))
            for k, v in npz.items() if "/" not in k}


@pytest.mark.parametrize("which", ["text_rnn", *(case for _, case in LOD_CASES)])
def test_script_gives_the_same_results_on_paddle_inference(which: str,
                                                           tmp_path: Path) -> None:
    if which == "text_rnn":
        prog, params, lods = str(TEXT_RNN / "model.pdmodel"), str(TEXT_RNN / "model.pdiparams"), \
            None
        feeds = text_rnn(4)[0]
    else:
        family = dict((c, f) for f, c in LOD_CASES)[which]
        prog, feeds, lods, _, _ = lod_case(family, which)
        params = ""
    theirs = _paddle_run(tmp_path, prog, params, feeds, lods)
    ours = predict(inference, prog, params, feeds, lods)
    assert list(ours) == list(theirs)  # output names, in order
    for name, (array, shape, lod) in theirs.items():
        assert ours[name][1:] == (shape, lod), name  # shape() and lod()
        assert_close_to_paddle(ours[name][0], array, f"{which}: {name}")


# -- Config ---------------------------------------------------------------------------


def test_config_with_different_stems_and_a_path_object(tmp_path: Path) -> None:
    shutil.copy(TEXT_RNN / "model.pdmodel", tmp_path / "inference.pdmodel")
    shutil.copy(TEXT_RNN / "model.pdiparams", tmp_path / "weights.pdiparams")
    config = inference.Config(tmp_path / "inference.pdmodel", tmp_path / "weights.pdiparams")
    assert (config.prog_file(), config.params_file(), config.model_dir()) == (
        str(tmp_path / "inference.pdmodel"), str(tmp_path / "weights.pdiparams"), "")
    predictor = inference.create_predictor(config)
    feeds, ref = text_rnn(1)
    feed(predictor, feeds)
    predictor.run()
    assert_matches(outputs(predictor), ref, "inference.pdmodel + weights.pdiparams")
    # the directory alone finds inference.pdmodel, but no params of that stem beside it
    with pytest.raises(FileNotFoundError, match=r"inference\.pdiparams: params file not found"):
        inference.create_predictor(inference.Config(tmp_path))


def test_config_params_file_missing_or_not_params(tmp_path: Path) -> None:
    prog = str(TEXT_RNN / "model.pdmodel")
    with pytest.raises(FileNotFoundError, match=r"nope\.pdiparams: params file not found"):
        inference.create_predictor(inference.Config(prog, tmp_path / "nope.pdiparams"))
    with pytest.raises(ValueError, match="not a params file of this program"):
        inference.create_predictor(inference.Config(prog, prog))


def test_model_dir_config_and_copies() -> None:
    config = inference.Config(str(TEXT_RNN))
    assert (config.model_dir(), config.prog_file()) == (str(TEXT_RNN), "")
    config.switch_ir_optim(False)
    copy = inference.Config(config)
    config.switch_ir_optim(True)
    assert copy.ir_optim() is False and copy.model_dir() == str(TEXT_RNN)
    predictor = inference.create_predictor(copy)
    feeds, ref = text_rnn(1)
    feed(predictor, feeds)
    predictor.run()
    assert_matches(outputs(predictor), ref, "Config(model_dir)")
    with pytest.raises(inference.InferenceUsageError, match="names no model"):
        inference.create_predictor(inference.Config())


def test_config_settings_are_recorded_and_summarised() -> None:
    config = inference.Config("m.pdmodel", "m.pdiparams")
    assert (config.use_gpu(), config.ir_optim(), config.cpu_math_library_num_threads(),
            config.mkldnn_enabled()) == (False, True, 1, False)
    config.set_cpu_math_library_num_threads(3)
    config.enable_mkldnn()
    config.enable_use_gpu(256, 1)
    assert (config.use_gpu(), config.gpu_device_id(), config.memory_pool_init_size_mb(),
            config.cpu_math_library_num_threads(), config.mkldnn_enabled()) == (
        True, 1, 256, 3, True)
    summary = config.summary()
    assert "m.pdiparams" in summary and "| cpu_math_thread " in summary
    config.disable_gpu()
    assert not config.use_gpu() and config.place() == "cpu"
    with pytest.raises(ValueError, match="at least 1"):
        config.set_cpu_math_library_num_threads(0)


def test_every_paddle_config_method_is_defined_or_refused_by_name() -> None:
    refused = {name for names in UNSUPPORTED.values() for name in names}
    defined = {n for n, v in vars(inference.Config).items()
               if not n.startswith("_") and n not in refused}
    assert not refused & set(NEVER_ENABLED)
    # the public methods of paddle.inference.Config in Paddle 3.3.1 (names only)
    assert PADDLE_CONFIG_METHODS <= defined | refused, PADDLE_CONFIG_METHODS - defined - refused


@pytest.mark.parametrize("name", sorted(n for names in UNSUPPORTED.values() for n in names))
def test_unsupported_config_methods_raise_naming_themselves(name: str) -> None:
    with pytest.raises(inference.UnsupportedError, match=rf"^Config\.{name} is not supported"):
        getattr(inference.Config(), name)(1, 2)
    assert issubclass(inference.UnsupportedError, NotImplementedError)


def test_unsupported_predictor_tensor_and_module_functions() -> None:
    predictor = text_rnn_predictor()
    with pytest.raises(inference.UnsupportedError, match=r"Predictor\.register_input_hook"):
        predictor.register_input_hook(print)
    with pytest.raises(inference.UnsupportedError, match=r"Tensor\.share_external_data"):
        predictor.get_input_handle("ids").share_external_data(None)
    with pytest.raises(inference.UnsupportedError, match=r"inference\.convert_to_mixed_precision"):
        inference.convert_to_mixed_precision("a", "b", "c", "d", 1, 2)
    with pytest.raises(inference.UnsupportedError, match="precision_mode=Half"):
        inference.Config().enable_use_gpu(100, 0, inference.PrecisionType.Half)
    assert inference.Config().tensorrt_engine_enabled() is False


# -- Predictor --------------------------------------------------------------------------


def test_new_batch_after_reshape_and_the_run_list_form() -> None:
    predictor = text_rnn_predictor()
    for batch in (1, 4, 1):
        feeds, ref = text_rnn(batch)
        feed(predictor, feeds)
        assert predictor.get_input_handle("ids").shape() == [batch, 10]
        predictor.run()
        assert_matches(outputs(predictor), ref, f"batch {batch}")
    feeds, ref = text_rnn(4)
    got = predictor.run([feeds[n] for n in predictor.get_input_names()])
    assert [t.numpy().shape for t in got] == [ref[n].shape for n in predictor.get_output_names()]
    assert_matches(dict(zip(predictor.get_output_names(), (t.numpy() for t in got))), ref,
                   "run(list)")
    assert_matches(outputs(predictor), ref, "handles after run(list)")


def test_clone_shares_weights_but_not_inputs_or_outputs() -> None:
    first = text_rnn_predictor()
    feeds1, ref1 = text_rnn(1)
    feed(first, feeds1)
    first.run()
    second = first.clone()
    assert second._model.scope is first._model.scope  # the weights, not copied
    with pytest.raises(inference.InferenceUsageError, match="hold no data"):
        second.run()  # a clone's inputs start empty
    feeds4, ref4 = text_rnn(4)
    feed(second, feeds4)
    second.run()
    assert_matches(outputs(second), ref4, "clone at batch 4")
    assert_matches(outputs(first), ref1, "the original's outputs after the clone ran")
    first.run()  # its inputs were not replaced by the clone's
    assert_matches(outputs(first), ref1, "the original run again")
    pool = inference.PredictorPool(inference.Config(TEXT_RNN), 2)
    assert pool.retrieve(0) is not pool.retrieve(1)


def test_switch_ir_optim_off_gives_the_same_numbers_op_by_op() -> None:
    prefix = FIXTURES_ROOT / "models" / "resnet18_small"
    feeds, ref = load_npz(prefix / "inputs_b1.npz"), load_npz(prefix / "outputs_b1.npz")
    got = {}
    for optim in (True, False):
        config = inference.Config(prefix / "model.pdmodel", prefix / "model.pdiparams")
        config.switch_ir_optim(optim)
        predictor = inference.create_predictor(config)
        feed(predictor, feeds)
        predictor.run()
        got[optim] = outputs(predictor)
        assert_matches(got[optim], ref, f"ir_optim {optim}")
        (executor,) = predictor._model.extra["executors"].values()
        # with passes the plan folds conv + batch_norm (+ relu): fewer steps than ops
        steps = len(next(iter(executor._plans.values())).steps)
        ops = len(predictor._model.program.global_block().ops)
        assert (steps < ops - 20) is optim, (optim, steps, ops)
    assert_matches(got[False], got[True], "ir_optim off vs on")


def test_lod_round_trip_and_bad_lods() -> None:
    prog, feeds, in_lods, ref, ref_lods = lod_case("ctc", "ctc_align_lod_int32")
    predictor = inference.create_predictor(inference.Config(prog, ""))
    handle = predictor.get_input_handle("input")
    handle.copy_from_cpu(feeds["input"])
    handle.set_lod(in_lods["input"])
    assert handle.lod() == in_lods["input"] == [[0, 4, 4, 9]]
    predictor.run()
    out = predictor.get_output_handle("output")
    assert out.lod() == ref_lods["output"]
    np.testing.assert_array_equal(out.copy_to_cpu(), ref["output"])
    for bad, why in (([[1, 4, 9]], "start at 0"), ([[0, 5, 4]], "never decrease"),
                     ([[0, 1, 3], [0, 2]], "level 0 ends at 3")):
        with pytest.raises(inference.InferenceUsageError, match=why):
            handle.set_lod(bad)
    handle.set_lod([[0, 4, 8]])  # well formed, but 9 rows were fed: the run says so
    with pytest.raises(inference.InferenceUsageError, match="ends at 8, but its data has 9 rows"):
        predictor.run()


def test_handle_errors_name_the_problem() -> None:
    predictor = text_rnn_predictor()
    with pytest.raises(inference.InferenceUsageError, match=r"no input named 'x' \(its "
                       r"inputs: ids, lens\)"):
        predictor.get_input_handle("x")
    with pytest.raises(inference.InferenceUsageError, match="no output named 'ids'"):
        predictor.get_output_handle("ids")
    out = predictor.get_output_handle("linear_0.tmp_1")
    with pytest.raises(inference.InferenceUsageError, match=r"call predictor.run\(\) first"):
        out.copy_to_cpu()
    with pytest.raises(inference.InferenceUsageError, match="is an output"):
        out.copy_from_cpu(np.zeros(3, np.float32))
    ids = predictor.get_input_handle("ids")
    assert (ids.shape(), ids.type(), ids.name()) == ([0], inference.DataType.INT64, "ids")
    with pytest.raises(inference.InferenceUsageError, match="lens hold no data"):
        ids.copy_from_cpu(text_rnn(1)[0]["ids"])
        predictor.run()
    with pytest.raises(TypeError, match=r"takes a numpy\.ndarray, got list"):
        ids.copy_from_cpu([[1, 2]])
    feeds = text_rnn(1)[0]
    feed(predictor, {**feeds, "ids": feeds["ids"].astype(np.float32)})
    assert ids.type() is inference.DataType.FLOAT32
    with pytest.raises(ModelInputError, match="feed 'ids': expected dtype int64, got float32"):
        predictor.run()
    feed(predictor, {**feeds, "ids": feeds["ids"][:, :5]})
    with pytest.raises(ModelInputError, match=r"feed 'ids': expected shape \[-1, 10\]"):
        predictor.run()
    with pytest.raises(inference.InferenceUsageError, match="has 2 inputs"):
        predictor.run([feeds["ids"]])


def test_threads_apply_through_threadpoolctl_when_it_is_installed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []

    class Limits:
        def __init__(self, limits: int) -> None:
            limits_seen.append(limits)

        def __enter__(self) -> None:
            events.append("entered")

        def __exit__(self, *exc: Any) -> None:
            events.append("left")

    limits_seen: list[int] = []
    fake = types.ModuleType("threadpoolctl")
    fake.threadpool_limits = Limits  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "threadpoolctl", fake)
    feeds, ref = text_rnn(1)
    default = text_rnn_predictor()
    feed(default, feeds)
    default.run()
    assert limits_seen == []  # not set: Paddle's default of 1 is not imposed
    two = text_rnn_predictor(set_cpu_math_library_num_threads=2)
    feed(two, feeds)
    two.run()
    assert (limits_seen, events) == ([2], ["entered", "left"])
    assert_matches(outputs(two), ref, "two threads")


def test_enums_and_module_helpers() -> None:
    assert inference.DataType.FLOAT32 == 0 and inference.DataType.INT64 == 1
    assert inference.get_num_bytes_of_data_type(inference.DataType.FLOAT64) == 8
    assert inference.Config.Precision.Half is inference.PrecisionType.Half
    assert inference.PlaceType.CPU == 0
    assert inference.get_version().startswith("version: ")
    assert text_rnn_predictor().get_input_handle("ids").place() is inference.PlaceType.CPU


@pytest.mark.skipif(HAS_CUDA, reason="checks the error of a machine without CUDA")
def test_enable_use_gpu_without_cuda_fails_at_create_predictor() -> None:
    config = inference.Config(TEXT_RNN / "model.pdmodel", TEXT_RNN / "model.pdiparams")
    config.enable_use_gpu(100, 0)
    with pytest.raises(DeviceUnavailableError):
        inference.create_predictor(config)


@pytest.mark.gpu
def test_enable_use_gpu_runs_on_the_cuda_place() -> None:
    predictor = text_rnn_predictor(enable_use_gpu=100)
    feeds, ref = text_rnn(4)
    feed(predictor, feeds)
    predictor.run()
    assert predictor.get_input_handle("ids").place() is inference.PlaceType.GPU
    assert_matches(outputs(predictor), ref, "gpu:0")


PADDLE_CONFIG_METHODS = frozenset("""
collect_shape_range_info cpu_math_library_num_threads delete_pass disable_glog_info
disable_gpu disable_mkldnn disable_mkldnn_fc_passes disable_onednn disable_onednn_fc_passes
disable_onnxruntime enable_cinn enable_custom_device enable_custom_passes enable_ipu
enable_low_precision_io enable_memory_optim enable_mkldnn enable_mkldnn_bfloat16
enable_mkldnn_int8 enable_new_executor enable_new_ir enable_onednn enable_onednn_bfloat16
enable_onednn_int8 enable_onnxruntime enable_openvino_engine enable_ort_optimization
enable_profile enable_save_optim_model enable_tensorrt_dla enable_tensorrt_engine
enable_tensorrt_explicit_quantization enable_tensorrt_inspector enable_tensorrt_memory_optim
enable_tensorrt_varseqlen enable_tuned_tensorrt_dynamic_shape enable_use_gpu enable_xpu
exp_disable_mixed_precision_ops exp_disable_tensorrt_dynamic_shape_ops
exp_disable_tensorrt_ops exp_disable_tensorrt_subgraph exp_enable_mixed_precision_ops
exp_enable_use_cutlass exp_sparse_conv_using_buffer exp_specify_tensorrt_subgraph_precision
fraction_of_gpu_memory_for_pool glog_info_disabled gpu_device_id ir_optim load_ipu_config
mark_trt_engine_outputs memory_pool_init_size_mb mkldnn_enabled mkldnn_int8_enabled model_dir
model_from_memory new_ir_enabled onednn_enabled onednn_int8_enabled onnxruntime_enabled
openvino_engine_enabled params_file pass_builder prog_file set_bfloat16_op
set_cpu_math_library_num_threads set_ipu_config set_ipu_custom_info set_mkldnn_cache_capacity
set_mkldnn_op set_model set_model_buffer set_onednn_cache_capacity set_onednn_op
set_optim_cache_dir set_optimization_level set_params_file set_prog_file
set_tensorrt_optimization_level set_trt_dynamic_shape_info set_xpu_config set_xpu_device_id
shape_range_info_collected shape_range_info_path specify_input_name summary switch_ir_debug
switch_ir_optim switch_specify_input_names switch_use_feed_fetch_ops tensorrt_dla_enabled
tensorrt_dynamic_shape_enabled tensorrt_engine_enabled tensorrt_explicit_quantization_enabled
tensorrt_inspector_enabled tensorrt_optimization_level tensorrt_precision_mode
tensorrt_varseqlen_enabled to_native_config trt_allow_build_at_runtime
tuned_tensorrt_dynamic_shape use_feed_fetch_ops_enabled use_gpu use_optimized_model use_xpu
xpu_config xpu_device_id
""".split())
