"""Every committed Paddle fixture runs through fluidphi and matches Paddle's outputs.

`models/` holds programs exported by Paddle 3.3.1, `models_v2/` old programs exported
by Paddle 2.6.2 (their op variants and attribute defaults). The tolerance is stated in
tests/conformance/paddle_reference.py.
"""

from __future__ import annotations

import pytest

from tests.conformance.paddle_reference import FIXTURES_ROOT, check_fixture, fixture_models

MODELS = fixture_models("models")
MODELS_V2 = fixture_models("models_v2")
PATHS = ["auto", "legacy", "phi"]


def test_fixtures_present() -> None:
    assert {"mlp", "lenet", "resnet18_small", "mobilenetv2", "transformer",
            "unet_decoder", "det_head", "crnn", "rcnn_head", "select_route",
            "fft_frontend", "linalg_head", "beam_decoder"} <= set(MODELS)
    assert {"fc_mlp_v2", "cnn_v2", "transformer_v2", "misc_v2", "decoder_v2",
            "math_v2"} <= set(MODELS_V2)
    assert "vision_stn" in MODELS and {"vision_v2", "ctr_v2", "nlp_lod_v2"} <= set(MODELS_V2)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("batch", ["b1", "b4"])
@pytest.mark.parametrize("name", MODELS)
def test_model_matches_paddle(name: str, batch: str, path: str) -> None:
    check_fixture(FIXTURES_ROOT / "models" / name, batch, path)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("batch", ["b1", "b4"])
@pytest.mark.parametrize("name", MODELS_V2)
def test_model_v2_matches_paddle(name: str, batch: str, path: str) -> None:
    check_fixture(FIXTURES_ROOT / "models_v2" / name, batch, path)
