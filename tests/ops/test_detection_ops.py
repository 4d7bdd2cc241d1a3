"""Detection, NMS and CTC ops beyond the Paddle fixtures (tests/fixtures/ops/<family>/):
data-dependent output sizes through one loaded model, planned and unplanned, and clear
errors for bad inputs on both paths."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from compat.predictor import load_model, run_model
from compat.single_op import run_single_op
from phi.core.dense_tensor import DenseTensor
from tests.conformance.op_cases import family_names, load_family
from tests.conformance.op_fixtures import family_fixtures
from tests.conformance.paddle_reference import (
    FIXTURES_ROOT,
    assert_close_to_paddle,
    assert_outputs_match,
    load_npz,
)

Feeds = dict[str, np.ndarray | DenseTensor]
RUNS = [("auto", True), ("phi", True), ("phi", False), ("legacy", False)]


def _scaled(name: str, factor: float | np.ndarray) -> Callable[[Feeds], Feeds]:
    def change(feeds: Feeds) -> Feeds:
        return {**feeds, name: (feeds[name] * factor).astype(feeds[name].dtype)}

    return change


def _replaced(name: str, value: np.ndarray) -> Callable[[Feeds], Feeds]:
    return lambda feeds: {**feeds, name: value}


def _with_lod(name: str, lod: list[int], values: np.ndarray) -> Callable[[Feeds], Feeds]:
    return lambda feeds: {**feeds, name: DenseTensor(values, lod=[lod])}


def _ctc_lengths(feeds: Feeds) -> Feeds:
    return {**feeds, "inputlength": np.array([[2], [8], [3]], np.int32)}


#: (family, case, other feeds): the other feeds give outputs of other sizes (or LoDs).
RERUNS = [
    ("nms", "multiclass_nms3_basic", _scaled("scores", 0.15)),
    ("nms", "multiclass_nms3_rois_num", _scaled("scores", 0.25)),
    ("nms", "multiclass_nms3_lod", _with_lod("bboxes", [0, 2, 13], np.random.default_rng(
        1).uniform(0, 1, (13, 3, 4)).astype(np.float32).cumsum(axis=-1) / 3)),
    ("nms", "multiclass_nms_basic", _scaled("scores", 0.2)),
    ("nms", "matrix_nms_basic", _scaled("scores", 0.15)),
    ("nms", "nms_basic", _scaled("boxes", np.array([1, 1, 1.6, 1.6], np.float32))),
    ("ctc", "ctc_align_padded_int32", _ctc_lengths),
    ("roi", "roi_align_basic", _replaced("roisnum", np.array([1, 4], np.int32))),
    ("roi", "roi_align_lod", _with_lod("rois", [0, 4, 5], np.array(
        [[1, 1, 5, 4], [0, 0, 9, 7], [2, 3, 3, 4], [4, 2, 8, 6], [0.5, 0.5, 2, 2]], np.float32))),
    ("roi", "roi_pool_basic", _replaced("roisnum", np.array([4, 1], np.int32))),
    ("roi", "generate_proposals_v2_basic", _scaled("bboxdeltas", 4.0)),
    ("roi", "distribute_fpn_proposals_basic", _scaled("fpnrois", 3.0)),
    ("ctc", "ctc_align_lod_int32", _with_lod("input", [0, 1, 9], np.arange(
        9, dtype=np.int32).reshape(9, 1) % 3)),
]


#: Ops a family declares without a PHI form yet: their `phi` runs go `auto`.
LEGACY_ONLY = {op for f in family_names() for op in getattr(load_family(f), "LEGACY_ONLY", {})}


def _phi_or_auto(op: str, path: str) -> str:
    return "auto" if path == "phi" and op in LEGACY_ONLY else path


def _fresh_legacy(family: str, case: str, feeds: Feeds) -> dict[str, np.ndarray]:
    model = load_model(family_fixtures(family).model_prefix(case))
    return run_model(model, feeds, path="legacy").outputs


@pytest.mark.parametrize(("family", "case", "change"), RERUNS,
                         ids=[f"{f}/{c}" for f, c, _ in RERUNS])
def test_one_model_two_inputs(family: str, case: str, change: Callable[[Feeds], Feeds]) -> None:
    """Paddle's feeds, other feeds (other output sizes), Paddle's feeds again: each run right,
    on every path, planned and unplanned, through one loaded model."""
    fixtures = family_fixtures(family)
    feeds, expected = fixtures.fed(case), fixtures.outputs(case)
    other = change(feeds)
    other_ref = _fresh_legacy(family, case, other)
    assert any(other_ref[k].shape != expected[k].shape or not np.array_equal(
        other_ref[k], expected[k]) for k in expected), f"{case}: the other feeds change nothing"
    model = load_model(fixtures.model_prefix(case))
    for path, planned in RUNS:
        path = _phi_or_auto(fixtures.cases[case]["op"], path)
        for run_feeds, ref in ((feeds, expected), (other, other_ref), (feeds, expected)):
            got = run_model(model, run_feeds, path=path, planned=planned).outputs
            for fetch, want in ref.items():
                assert_close_to_paddle(got[fetch], want, f"{case} [{path}, planned={planned}] "
                                                         f"{fetch}")


_NMS_ATTRS = {"score_threshold": 0.1, "nms_top_k": -1, "keep_top_k": -1}


def _boxes(*shape: int) -> np.ndarray:
    rng = np.random.default_rng(0)
    lo = rng.uniform(0, 0.5, (*shape[:-1], 2))
    return np.concatenate([lo, lo + 0.3], axis=-1).astype(np.float32)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize(("op", "inputs", "attrs", "outputs", "match"), [
    ("multiclass_nms3", {"BBoxes": np.zeros((1, 4, 8), np.float32),
                         "Scores": np.zeros((1, 2, 4), np.float32)}, _NMS_ATTRS,
     ("Out", "Index"), "polygon boxes"),
    ("multiclass_nms3", {"BBoxes": _boxes(1, 5, 4), "Scores": np.zeros((1, 2, 4), np.float32)},
     _NMS_ATTRS, ("Out", "Index"), r"Scores \[N, C, M\]"),
    ("multiclass_nms3", {"BBoxes": _boxes(5, 2, 4), "Scores": np.zeros((5, 2), np.float32)},
     _NMS_ATTRS, ("Out", "Index"), "RoisNum or by a LoD"),
    ("multiclass_nms3", {"BBoxes": _boxes(5, 2, 4), "Scores": np.zeros((5, 2), np.float32),
                         "RoisNum": np.array([2, 2], np.int32)}, _NMS_ATTRS, ("Out", "Index"),
     "do not cover the 5 boxes"),
    ("matrix_nms", {"BBoxes": _boxes(5, 2, 4), "Scores": np.zeros((5, 2), np.float32)},
     _NMS_ATTRS, ("Out", "Index"), r"Scores must be \[N, C, M\], got"),
    ("nms", {"Boxes": np.zeros((3, 5), np.float32)}, {}, ("KeepBoxesIdxs",),
     r"Boxes must be \[N, 4\]"),
    ("ctc_align", {"Input": np.ones((2, 4), np.int32),
                   "InputLength": np.array([[5], [1]], np.int32)}, {},
     ("Output", "OutputLength"), r"InputLength values must lie in \[0, 4\]"),
    ("ctc_align", {"Input": np.ones((2, 4), np.int32)}, {}, ("Output",),
     r"without InputLength, Input must be a LoD tensor \[N, 1\]"),
    ("ctc_align", {"Input": np.ones((4, 1), np.int32)}, {}, ("Output",),
     "no LoD, so InputLength is required"),
    ("ctc_align", {"Input": DenseTensor(np.ones((4, 1), np.int32), lod=[[0, 2, 5]])}, {},
     ("Output",), "does not cover its 4 rows"),
    ("roi_align", {"X": np.zeros((2, 1, 4, 4), np.float32), "ROIs": _boxes(3, 4),
                   "RoisNum": np.array([1, 1], np.int32)}, {}, ("Out",),
     r"counts \[1, 1\] do not add up to the 3 RoIs"),
    ("roi_pool", {"X": np.zeros((2, 1, 4, 4), np.float32), "ROIs": _boxes(3, 4),
                  "RoisNum": np.array([3], np.int32)}, {}, ("Out", "Argmax"),
     "RoisNum gives 1 images, X has 2"),
    ("roi_align", {"X": np.zeros((1, 1, 4, 4), np.float32), "ROIs": _boxes(3, 4)}, {},
     ("Out",), "by RoisNum or by a LoD on ROIs"),
    ("roi_align", {"X": np.zeros((1, 1, 4, 4), np.float32),
                   "ROIs": np.array([[3, 3, 1, 1]], np.float32),
                   "RoisNum": np.array([1], np.int32)}, {"aligned": True}, ("Out",),
     "negative extent"),
    # Paddle's int32 kernel takes the negative grid as a size_t (SIGFPE or a near-endless loop)
    ("roi_align", {"X": np.zeros((1, 1, 4, 4), np.int32),
                   "ROIs": np.array([[3, 3, 0, 1]], np.int32),
                   "RoisNum": np.array([1], np.int32)},
     {"aligned": True, "pooled_height": 1, "pooled_width": 1}, ("Out",),
     "int32 RoI has a negative extent"),
    ("generate_proposals_v2", {
        "Scores": np.full((1, 1, 1, 2), np.nan, np.float32),
        "BboxDeltas": np.zeros((1, 4, 1, 2), np.float32),
        "ImShape": np.array([[8, 8]], np.float32), "Anchors": _boxes(1, 2, 1, 4) * 8,
        "Variances": np.ones((1, 2, 1, 4), np.float32)},
     {"pre_nms_topN": 1, "post_nms_topN": 1, "nms_thresh": 0.5, "min_size": 0.1, "eta": 1.0},
     ("RpnRois", "RpnRoiProbs"), "Scores hold NaN"),
    ("distribute_fpn_proposals", {"FpnRois": _boxes(2, 4), "RoisNum": np.array([2], np.int32)},
     {"min_level": 3, "max_level": 2, "refer_level": 2, "refer_scale": 16},
     {"MultiFpnRois": 1, "RestoreIndex": 1}, "max_level 2 is below min_level 3"),
    ("density_prior_box", {"Input": np.zeros((1, 1, 8, 4), np.float32),
                           "Image": np.zeros((1, 3, 8, 32), np.float32)},
     {"variances": [0.1] * 4, "fixed_sizes": [4.0], "fixed_ratios": [1.0], "densities": [2]},
     ("Boxes", "Variances"), r"feature map \[8, 4\] must be smaller than the image"),
    ("density_prior_box", {"Input": np.zeros((1, 1, 2, 2), np.float32),
                           "Image": np.zeros((1, 3, 8, 8), np.float32)},
     {"variances": [0.1] * 4, "fixed_sizes": [4.0, 8.0], "fixed_ratios": [1.0],
      "densities": [2]}, ("Boxes", "Variances"), r"fixed_sizes \(2\) and densities \(1\)"),
], ids=["polygon", "scores vs boxes", "no images", "rois_num sum", "matrix 2-D",
        "nms boxes", "ctc length", "ctc no length", "ctc no lod", "ctc lod", "roi counts",
        "roi images", "roi no images", "roi aligned negative", "roi int32 aligned negative",
        "proposals nan", "fpn levels",
        "density feature size", "density sizes"])
def test_bad_inputs_raise(op: str, inputs: dict, attrs: dict, outputs: tuple, match: str,
                          mode: str) -> None:
    with pytest.raises(Exception, match=match):
        run_single_op(op, inputs, attrs, outputs, _phi_or_auto(op, mode))


@pytest.mark.parametrize(("path", "planned", "passes"),
                         [("auto", False, False), ("phi", False, False), ("auto", True, False)])
@pytest.mark.parametrize("name", ["det_head", "crnn", "rcnn_head"])
def test_family_programs_unplanned(name: str, path: str, planned: bool, passes: bool) -> None:
    """The detection head (yolo_box / prior_box + box_coder -> multiclass_nms3) and the CRNN
    (rnn -> softmax -> arg_max -> ctc_align) match Paddle unplanned and planned without the
    inference passes too (test_models runs them planned with passes)."""
    model_dir = FIXTURES_ROOT / "models" / name
    model = load_model(str(model_dir / "model"))
    for batch in ("b1", "b4"):
        feeds = load_npz(model_dir / f"inputs_{batch}.npz")
        result = run_model(model, feeds, path=path, planned=planned, passes=passes)
        assert_outputs_match(result.outputs, load_npz(model_dir / f"outputs_{batch}.npz"),
                             f"{name}/{batch}/{path} planned={planned} passes={passes}")
