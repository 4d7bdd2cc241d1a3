"""dropout in training mode and its grad (dropout_grad, PHI dropout_grad).

Paddle's CPU dropout draws its mask from std::mt19937_64 through
std::uniform_real_distribution<float>; with a fixed non-zero seed (`fix_seed` and `seed`,
what a static program with `random_seed` set writes) the engine is seeded afresh per run,
so the forward is deterministic and fluidphi reproduces it: those cases differentiate the
forward op and fetch its Out and Mask too (NaN and inf among the inputs, p 0 and 1, a
negative seed). dropout_grad on its own, with a fed Mask, covers the modes, is_test and
probabilities without any randomness.
"""

from .spec import FLOATS, Case, GradCase, In

_MODES = ("upscale_in_train", "downgrade_in_infer")
#: The seeded forward's Out and Mask are fetched too (export_grads.py).
FORWARD_FETCHES = {"dropout": ("Out", "Mask")}


def _seeded(dtype: str) -> list[GradCase]:
    cases = []
    for mode in _MODES:
        for tag, dims, p, seed in (("p03", (4, 6), 0.3, 7), ("p05_3d", (2, 3, 5), 0.5, 2024),
                                   ("p08_negative_seed", (5, 7), 0.8, -12345),
                                   ("p0", (3, 4), 0.0, 5), ("p1", (3, 4), 1.0, 5)):
            x = In(dims, dtype, special=(float("nan"), float("inf"), -float("inf"), -0.0))
            cases.append(GradCase(Case(
                f"dropout_{mode}_{tag}_{dtype}", "dropout", {"X": x},
                attrs={"dropout_prob": p, "is_test": False, "dropout_implementation": mode,
                       "fix_seed": True, "seed": seed}), ("X",), of=("Out",)))
    return cases


def _given_mask(dtype: str) -> list[GradCase]:
    cases = []
    for mode in _MODES:
        for tag, p, is_test in (("p03", 0.3, False), ("p09", 0.9, False), ("test", 0.4, True)):
            inputs = {"Mask": In((4, 5), "uint8", 0, 2), "Out@GRAD": In((4, 5), dtype)}
            cases.append(GradCase(Case(
                f"dropout_grad_{mode}_{tag}_{dtype}", "dropout_grad", inputs,
                attrs={"dropout_prob": p, "is_test": is_test,
                       "dropout_implementation": mode}), ("X",)))
    return cases


GRAD_CASES = [case for dtype in FLOATS for make in (_seeded, _given_mask) for case in make(dtype)]
