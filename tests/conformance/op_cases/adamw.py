"""adamw (decoupled weight decay: with_decay, coeff, lr_ratio; beta powers updated or
global; Beta1Tensor / EpsilonTensor inputs; SkipUpdate; lazy_mode on a dense gradient;
amsgrad with a Moment2Max partly above, partly below the new Moment2; multi_precision with
and without MasterParam, and with MasterParam named as MasterParamOut and fetched
(`*_master_*`): Paddle's CPU kernel leaves the master copy as it was, Param from Param),
squared_l2_norm and clip_by_norm (what ClipGradByGlobalNorm / ClipGradByNorm emit: norms
below and above max_norm, an all-zero input)."""

from .spec import FLOATS, Case, In, with_master

_OUTS = ("ParamOut", "Moment1Out", "Moment2Out", "Beta1PowOut", "Beta2PowOut")
#: case name -> {output slot: input slot} (the output is the input's own variable)
INPLACE: dict[str, dict[str, str]] = {}


def _adamw_inputs(dims: tuple[int, ...], dtype: str, **extra: In) -> dict[str, In]:
    return {"Param": In(dims, dtype, -1.0, 1.0), "Grad": In(dims, dtype, -0.5, 0.5),
            "LearningRate": In((1,), dtype, values=[0.01]),
            "Moment1": In(dims, dtype, -0.1, 0.1), "Moment2": In(dims, dtype, 0.0, 0.05),
            "Beta1Pow": In((1,), dtype, values=[0.729]),
            "Beta2Pow": In((1,), dtype, values=[0.997003]), **extra}


#: tag -> (attrs, extra inputs)
_ADAMW = {
    "decay": ({"with_decay": True}, {}),
    "decay_coeff_lr_ratio": ({"with_decay": True, "coeff": 0.2, "lr_ratio": 0.5}, {}),
    "no_decay": ({"with_decay": False, "coeff": 0.2}, {}),
    "global_beta_pow": ({"with_decay": True, "use_global_beta_pow": True}, {}),
    "lazy_dense": ({"with_decay": True, "lazy_mode": True}, {}),
    "beta_tensors": ({"with_decay": True, "beta1": 0.5},
                     {"Beta1Tensor": In((1,), "float32", values=[0.8]),
                      "EpsilonTensor": In((1,), "float32", values=[1e-4])}),
    "skip_update": ({"with_decay": True}, {"SkipUpdate": In((1,), "bool", values=[True])}),
    "no_skip": ({"with_decay": True}, {"SkipUpdate": In((1,), "bool", values=[False])}),
}


def _adamw_cases(dtype: str) -> list[Case]:
    cases = [Case(f"adamw_{tag}_{dtype}", "adamw", _adamw_inputs((4, 5), dtype, **extra),
                  attrs=attrs, fetch=_OUTS[:3] if tag == "global_beta_pow" else _OUTS,
                  note="use_global_beta_pow: Paddle leaves Beta*PowOut unwritten (a program "
                       "names them as the inputs' own variables)" if tag == "global_beta_pow"
                  else "") for tag, (attrs, extra) in _ADAMW.items()]
    # more than one 512-element chunk of Paddle's CPU kernel, and a tail
    cases.append(Case(f"adamw_chunks_{dtype}", "adamw", _adamw_inputs((3, 400), dtype),
                      attrs={"with_decay": True, "coeff": 0.05}, fetch=_OUTS))
    cases += [Case(f"adamw_{tag}_{dtype}", "adamw", _adamw_inputs(
        (4, 5), dtype, Moment2Max=In((4, 5), dtype, 0.0, 0.1), **extra),
        attrs={"amsgrad": True, **attrs}, outputs=("Moment2MaxOut",),
        fetch=(*_OUTS, "Moment2MaxOut")) for tag, attrs, extra in (
            ("amsgrad_decay", {"with_decay": True, "coeff": 0.2, "lr_ratio": 0.5}, {}),
            ("amsgrad_no_decay", {"with_decay": False}, {}),
            ("amsgrad_skip", {"with_decay": True},
             {"SkipUpdate": In((1,), "bool", values=[True])}))]
    cases += [Case(f"adamw_multi_precision_{tag}_{dtype}", "adamw", _adamw_inputs(
        (4, 5), dtype, **extra), attrs={"multi_precision": True, **attrs},
        outputs=("MasterParamOut",), fetch=_OUTS) for tag, attrs, extra in (
            ("master", {"with_decay": True}, {"MasterParam": In((4, 5), "float32", -1.0, 1.0)}),
            ("no_master", {"with_decay": True}, {}),
            ("master_no_decay", {"with_decay": False},
             {"MasterParam": In((4, 5), "float32", -1.0, 1.0)}))]
    by_tag = {case.name: case for case in cases}
    cases += [with_master(by_tag[f"adamw_{tag}_{dtype}"], on, INPLACE)
              for tag, on in (("decay", True), ("no_decay", True), ("decay", False))]
    return cases


def _clip_cases(dtype: str) -> list[Case]:
    cases = [Case(f"squared_l2_norm_{tag}_{dtype}", "squared_l2_norm", {"X": x})
             for tag, x in (("3x4", In((3, 4), dtype)), ("vector", In((7,), dtype, -1e3, 1e3)),
                            ("zeros", In((2, 3), dtype, values=[[0.0] * 3] * 2)))]
    if dtype == "float32":  # Paddle registers clip_by_norm for float32 only on CPU
        cases += [Case(f"clip_by_norm_{tag}", "clip_by_norm", {"X": x},
                       attrs={"max_norm": max_norm})
                  for tag, x, max_norm in (("clipped", In((3, 4), dtype), 1.0),
                                           ("kept", In((3, 4), dtype, -0.1, 0.1), 5.0),
                                           ("zeros", In((4,), dtype, values=[0.0] * 4), 1.0),
                                           ("3d", In((2, 3, 4), dtype), 2.5))]
    return cases


CASES = [case for dtype in FLOATS for make in (_adamw_cases, _clip_cases)
         for case in make(dtype)]
