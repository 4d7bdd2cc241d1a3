"""Optimizer updates beyond sgd: momentum, lamb, rmsprop, adagrad, adam (amsgrad,
multi_precision), adadelta, adamax, decayed_adagrad, ftrl, lars_momentum, nadam, radam,
rprop, asgd, merged_momentum, merged_adam, average_accumulates, sparse_momentum, dpsgd.

Each op updates its state in place in a training program (ParamOut is Param's variable,
...); most cases do the same (`INPLACE`), some write fresh outputs (rmsprop and
merged_momentum refuse those). Values: Param in [-2, 2), Grad in [-1, 1), NaN / inf
gradients in some cases. Paddle 3.3.1 CPU facts pinned: momentum ignores `rescale_grad`;
multi_precision (`*_master*`: MasterParam as MasterParamOut, fetched): lamb, sparse_momentum
and merged_momentum's merged update run on the master copy and write it, adadelta steps it,
the others (and all with it off) keep it; a `regularization_method` other than "l2_decay"
means none; lamb's trust ratio only with weight_decay > 0 or always_adapt; adam's amsgrad
divides by sqrt(std::max(Moment2Max, Moment2Out)) (a NaN moment keeps the old maximum).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .spec import FLOATS, Case, Drawn, In, power, with_master

_SHAPE = (3, 4)
#: case name -> {output slot: input slot} (the output is the input's own variable)
INPLACE: dict[str, dict[str, str]] = {}


def _lr(dtype: str, value: float = 0.05) -> In:
    return In((1,), dtype, values=[value])


def _case(name: str, op: str, inputs: dict[str, Any], attrs: dict[str, Any],
          inplace: dict[str, str] | None, **fields: Any) -> Case:
    if inplace:
        INPLACE[name] = inplace
    return Case(name, op, inputs, attrs=attrs, **fields)


# -- momentum ---------------------------------------------------------------------------------

_MOMENTUM_INPLACE = {"ParamOut": "Param", "VelocityOut": "Velocity"}


def _momentum(tag: str, dtype: str, attrs: dict[str, Any], *, shape: tuple[int, ...] = _SHAPE,
              grad_special: tuple[float, ...] = (), inplace: bool = True,
              master: bool = False) -> Case:
    inputs: dict[str, Any] = {
        "Param": In(shape, dtype, -2.0, 2.0), "Grad": In(shape, dtype, -1.0, 1.0,
                                                         special=grad_special),
        "Velocity": In(shape, dtype, -0.5, 0.5), "LearningRate": _lr(dtype)}
    extra: dict[str, Any] = {}
    if master:
        inputs["MasterParam"] = In(shape, "float32", -2.0, 2.0)
        extra = {"outputs": ("MasterParamOut",), "fetch": ("ParamOut", "VelocityOut")}
    return _case(f"momentum_{tag}_{dtype}", "momentum", inputs, {"mu": 0.9, **attrs},
                 _MOMENTUM_INPLACE if inplace else None, **extra)


_MOMENTUM = [
    *(_momentum(tag, dtype, attrs) for dtype in FLOATS for tag, attrs in {
        "plain": {}, "nesterov": {"use_nesterov": True},
        "l2": {"regularization_method": "l2_decay", "regularization_coeff": 0.01},
        "nesterov_l2": {"use_nesterov": True, "regularization_method": "l2_decay",
                        "regularization_coeff": 0.05, "mu": 0.5},
    }.items()),
    _momentum("rescale_ignored", "float32", {"rescale_grad": 0.25}),
    _momentum("l1_method_is_none", "float32",
              {"regularization_method": "l1_decay", "regularization_coeff": 0.1}),
    _momentum("l2_coeff0", "float32", {"regularization_method": "l2_decay"}),
    _momentum("outputs", "float32", {"use_nesterov": True}, inplace=False),
    _momentum("1elem", "float32", {"use_nesterov": True}, shape=(1,)),
    _momentum("empty", "float64", {}, shape=(0, 3)),
    _momentum("nonfinite", "float32", {"regularization_method": "l2_decay",
                                       "regularization_coeff": 0.01},
              grad_special=(float("nan"), float("inf"), float("-inf"), -0.0)),
    _momentum("multi_precision", "float32", {"multi_precision": True, "rescale_grad": 0.5},
              master=True, inplace=False),
]

# -- lamb -------------------------------------------------------------------------------------

_LAMB_INPLACE = {"ParamOut": "Param", "Moment1Out": "Moment1", "Moment2Out": "Moment2",
                 "Beta1PowOut": "Beta1Pow", "Beta2PowOut": "Beta2Pow"}


def _lamb(tag: str, dtype: str, attrs: dict[str, Any], *, param: In | None = None,
          grad_special: tuple[float, ...] = (), pows: tuple[float, float] = (0.9, 0.999),
          inplace: bool = True, master: bool = False) -> Case:
    inputs: dict[str, Any] = {
        "Param": param or In(_SHAPE, dtype, -2.0, 2.0),
        "Grad": In(_SHAPE, dtype, -1.0, 1.0, special=grad_special),
        "LearningRate": _lr(dtype, 0.01),
        "Moment1": In(_SHAPE, dtype, -0.2, 0.2), "Moment2": In(_SHAPE, dtype, 0.0, 0.1),
        "Beta1Pow": In((1,), dtype, values=[pows[0]]),
        "Beta2Pow": In((1,), dtype, values=[pows[1]])}
    outputs: tuple[str, ...] = ("Beta1PowOut", "Beta2PowOut")
    if master:
        inputs["MasterParam"] = In(_SHAPE, dtype, -2.0, 2.0)
        outputs += ("MasterParamOut",)
    return _case(f"lamb_{tag}_{dtype}", "lamb", inputs, {"weight_decay": 0.01, **attrs},
                 _LAMB_INPLACE if inplace else None, outputs=outputs)


_LAMB = [
    *(_lamb(tag, dtype, attrs, pows=pows) for dtype in FLOATS
      for tag, attrs, pows in (("step1", {}, (0.9, 0.999)),
                               ("step5", {"beta1": 0.8, "beta2": 0.99, "epsilon": 1e-4},
                                (0.8 ** 5, 0.99 ** 5)))),
    _lamb("no_decay", "float32", {"weight_decay": 0.0}),
    _lamb("no_decay_always_adapt", "float32", {"weight_decay": 0.0, "always_adapt": True}),
    _lamb("zero_param", "float32", {}, param=In(_SHAPE, "float32", values=[[0.0] * 4] * 3)),
    _lamb("outputs", "float64", {"always_adapt": True}, inplace=False),
    _lamb("nonfinite", "float32", {}, grad_special=(float("nan"), float("inf"))),
    _lamb("multi_precision", "float32", {"multi_precision": True}, master=True),
]

# -- rmsprop ----------------------------------------------------------------------------------

_RMSPROP_INPLACE = {"ParamOut": "Param", "MomentOut": "Moment", "MeanSquareOut": "MeanSquare"}


def _rmsprop(tag: str, dtype: str, attrs: dict[str, Any], *,
             grad_special: tuple[float, ...] = ()) -> Case:
    inputs: dict[str, Any] = {
        "Param": In(_SHAPE, dtype, -2.0, 2.0), "MeanSquare": In(_SHAPE, dtype, 0.0, 0.5),
        "Grad": In(_SHAPE, dtype, -1.0, 1.0, special=grad_special),
        "Moment": In(_SHAPE, dtype, -0.1, 0.1), "LearningRate": _lr(dtype, 0.01)}
    inplace = dict(_RMSPROP_INPLACE)
    if attrs.get("centered"):
        inputs["MeanGrad"] = In(_SHAPE, dtype, -0.2, 0.2)
        inplace["MeanGradOut"] = "MeanGrad"
    fetch = ("ParamOut", "MomentOut", "MeanSquareOut",
             *(("MeanGradOut",) if attrs.get("centered") else ()))
    return _case(f"rmsprop_{tag}_{dtype}", "rmsprop", inputs, attrs, inplace, fetch=fetch)


_RMSPROP = [
    *(_rmsprop(tag, dtype, attrs) for dtype in FLOATS for tag, attrs in {
        "plain": {}, "momentum": {"momentum": 0.9, "decay": 0.95, "epsilon": 1e-6},
        "centered": {"centered": True, "momentum": 0.5},
    }.items()),
    _rmsprop("nonfinite", "float32", {"centered": True},
             grad_special=(float("nan"), float("inf"), 0.0)),
]

# -- adagrad ----------------------------------------------------------------------------------

_ADAGRAD_INPLACE = {"ParamOut": "Param", "MomentOut": "Moment"}


def _adagrad(tag: str, dtype: str, attrs: dict[str, Any], *, moment: In | None = None,
             inplace: bool = True, grad_special: tuple[float, ...] = ()) -> Case:
    inputs: dict[str, Any] = {
        "Param": In(_SHAPE, dtype, -2.0, 2.0),
        "Grad": In(_SHAPE, dtype, -1.0, 1.0, special=grad_special),
        "Moment": moment or In(_SHAPE, dtype, 0.0, 0.5), "LearningRate": _lr(dtype, 0.1)}
    return _case(f"adagrad_{tag}_{dtype}", "adagrad", inputs, attrs,
                 _ADAGRAD_INPLACE if inplace else None)


_ADAGRAD = [
    *(_adagrad("plain", dtype, {}) for dtype in FLOATS),
    _adagrad("epsilon", "float32", {"epsilon": 0.1}),
    # Paddle's Adagrad(initial_accumulator_value=0.1) starts Moment at that value
    _adagrad("initial_accumulator", "float64", {},
             moment=In(_SHAPE, "float64", values=[[0.1] * 4] * 3), inplace=False),
    _adagrad("zero_moment_grad", "float32", {},
             moment=In(_SHAPE, "float32", values=[[0.0] * 4] * 3),
             grad_special=(0.0, -0.0, float("nan"), float("inf"))),
]


def _update(op: str, tag: str, dtype: str, states: dict[str, In], attrs: dict[str, Any],
            *, lr: float = 0.05, shape: tuple[int, ...] = _SHAPE, param: str = "Param",
            grad_special: tuple[float, ...] = (), inplace: bool = True,
            extra: dict[str, In] | None = None, renamed: dict[str, str] | None = None,
            **fields: Any) -> Case:
    """An update of `param` from Grad, LearningRate and `states` (each updated in place as
    `<state>Out`, or as `renamed` says, unless `inplace` is off; `extra` inputs are read
    only)."""
    names = {"Param": ("Param", "Grad", "LearningRate"),
             "param": ("param", "grad", "learning_rate")}[param]
    out = "_out" if param == "param" else "Out"
    inputs: dict[str, Any] = {
        names[0]: In(shape, dtype, -2.0, 2.0),
        names[1]: In(shape, dtype, -1.0, 1.0, special=grad_special),
        names[2]: _lr(dtype, lr), **states, **(extra or {})}
    pairs = {(renamed or {}).get(slot, f"{slot}{out}"): slot for slot in (names[0], *states)}
    return _case(f"{op}_{tag}_{dtype}", op, inputs, attrs, pairs if inplace else None, **fields)


# -- adam (multi_precision, amsgrad) -----------------------------------------------------------

_ADAM_INPLACE = {"ParamOut": "Param", "Moment1Out": "Moment1", "Moment2Out": "Moment2",
                 "Beta1PowOut": "Beta1Pow", "Beta2PowOut": "Beta2Pow"}


def _adam(tag: str, dtype: str, attrs: dict[str, Any], *, step: int = 1,
          master: bool = False, amsgrad_max: In | None = None, **kw: Any) -> Case:
    b1, b2 = attrs.get("beta1", 0.9), attrs.get("beta2", 0.999)
    states = {"Moment1": In(_SHAPE, dtype, -0.2, 0.2), "Moment2": In(_SHAPE, dtype, 0.0, 0.1),
              **({"Moment2Max": amsgrad_max} if amsgrad_max is not None else {}),
              "Beta1Pow": In((1,), dtype, values=[power(b1, step)]),
              "Beta2Pow": In((1,), dtype, values=[power(b2, step)])}
    # Paddle's CPU adam never writes MasterParamOut (created, not fetched)
    return _update("adam", tag, dtype, states, attrs, lr=kw.pop("lr", 0.01),
                   extra={"MasterParam": In(_SHAPE, "float32", -2.0, 2.0)} if master else None,
                   outputs=(*(("Moment2MaxOut",) if amsgrad_max is not None else ()),
                            *(("MasterParamOut",) if master else ())),
                   fetch=("ParamOut", *(f"{slot}Out" for slot in states)), **kw)


_ADAM = [
    *(_adam(tag, dtype, attrs, **kw) for dtype in FLOATS for tag, attrs, kw in (
        ("amsgrad_step1", {"amsgrad": True},
         {"amsgrad_max": In(_SHAPE, dtype, values=[[0.0] * 4] * 3)}),
        ("amsgrad_step7", {"amsgrad": True, "beta1": 0.8, "beta2": 0.99, "epsilon": 1e-6},
         {"step": 7, "amsgrad_max": In(_SHAPE, dtype, 0.0, 0.12)}),
    )),
    _adam("multi_precision", "float32", {"multi_precision": True}, master=True),
    _adam("amsgrad_lr0", "float32", {"amsgrad": True},
          amsgrad_max=In(_SHAPE, "float32", 0.0, 0.1), lr=0.0),
    _adam("amsgrad_nonfinite", "float32", {"amsgrad": True},
          amsgrad_max=In(_SHAPE, "float32", 0.0, 0.1),
          grad_special=(float("nan"), float("inf"), float("-inf"), 0.0)),
]

# -- adadelta, adamax, decayed_adagrad, ftrl ---------------------------------------------------

def _adadelta(tag: str, dtype: str, attrs: dict[str, Any], *, master: bool = False,
              shape: tuple[int, ...] = _SHAPE, **kw: Any) -> Case:
    # MasterParamOut in place: Paddle's CPU kernel writes it without allocating it
    return _update("adadelta", tag, dtype, {
        "AvgSquaredGrad": In(shape, dtype, 0.0, 0.5),
        "AvgSquaredUpdate": In(shape, dtype, 0.0, 0.1),
        **({"MasterParam": In(shape, "float32", -2.0, 2.0)} if master else {})}, attrs,
        shape=shape, **kw)


_ADADELTA = [
    *(_adadelta("plain", dtype, {}) for dtype in FLOATS),
    *(_adadelta("rho_eps", dtype, {"rho": 0.5, "epsilon": 1e-3}, lr=1.0) for dtype in FLOATS),
    _adadelta("lr0", "float32", {}, lr=0.0),
    _adadelta("outputs", "float64", {}, inplace=False),
    _adadelta("nonfinite", "float32", {},
              grad_special=(float("nan"), float("inf"), float("-inf"), -0.0)),
    _adadelta("multi_precision", "float32", {"multi_precision": True}, master=True,
              outputs=("MasterParamOut",)),
    _adadelta("empty", "float32", {}, shape=(0, 4)),
]


def _adamax(tag: str, dtype: str, attrs: dict[str, Any], step: int = 1, **kw: Any) -> Case:
    return _update("adamax", tag, dtype, {
        "Moment": In(_SHAPE, dtype, -0.2, 0.2), "InfNorm": In(_SHAPE, dtype, 0.0, 0.5)},
        attrs, extra={"Beta1Pow": In((1,), dtype, values=[power(attrs.get("beta1", 0.9), step)]),
                      **kw.pop("extra", {})}, **kw)


_ADAMAX = [
    *(_adamax("step1", dtype, {}) for dtype in FLOATS),
    *(_adamax("step6", dtype, {"beta1": 0.8, "beta2": 0.9, "epsilon": 1e-4}, 6)
      for dtype in FLOATS),
    _adamax("lr0", "float32", {}, lr=0.0),
    _adamax("nonfinite", "float32", {}, grad_special=(float("nan"), float("inf"), 0.0)),
    # Paddle's CPU kernel never writes MasterParamOut (not fetched)
    _adamax("multi_precision_inert", "float32", {"multi_precision": True},
            extra={"MasterParam": In(_SHAPE, "float32", -2.0, 2.0)},
            outputs=("MasterParamOut",), fetch=("ParamOut", "MomentOut", "InfNormOut")),
]


def _decayed_adagrad(tag: str, attrs: dict[str, Any], **kw: Any) -> Case:
    return _update("decayed_adagrad", tag, "float32",
                   {"Moment": kw.pop("moment", In(_SHAPE, "float32", 0.0, 0.5))}, attrs, **kw)


_DECAYED_ADAGRAD = [
    _decayed_adagrad("plain", {}),
    _decayed_adagrad("decay_eps", {"decay": 0.5, "epsilon": 0.01}),
    _decayed_adagrad("lr0", {}, lr=0.0),
    _decayed_adagrad("zero_moment_grad", {}, moment=In(_SHAPE, "float32",
                                                       values=[[0.0] * 4] * 3),
                     grad_special=(0.0, -0.0, float("nan"), float("inf"))),
    _decayed_adagrad("outputs", {}, inplace=False),
]

def _ftrl(tag: str, attrs: dict[str, Any], *, squared: In | None = None, lr: float = 0.1,
          **kw: Any) -> Case:
    return _update("ftrl", tag, "float32", {
        "SquaredAccumulator": squared or In(_SHAPE, "float32", 0.1, 1.0),
        "LinearAccumulator": In(_SHAPE, "float32", -1.0, 1.0)}, attrs, lr=lr,
        renamed={"SquaredAccumulator": "SquaredAccumOut", "LinearAccumulator": "LinearAccumOut"},
        **kw)


_FTRL = [
    _ftrl("plain", {}),
    _ftrl("l1_l2", {"l1": 0.3, "l2": 0.2}),
    _ftrl("l1_large", {"l1": 5.0}),
    _ftrl("lr_power", {"lr_power": -0.25, "l1": 0.1, "l2": 0.05}),
    _ftrl("lr_power0", {"lr_power": 0.0}, lr=0.5),
    _ftrl("zero_accumulator", {"l2": 0.1},
          squared=In(_SHAPE, "float32", values=[[0.0] * 4] * 3)),
    _ftrl("outputs", {"l1": 0.1}, inplace=False),
]

# -- lars_momentum (lists of parameters) -----------------------------------------------------
#: op -> {duplicable output slot: the input slot giving its count} (fresh output variables)
OUTPUT_COUNTS = {"lars_momentum": {"ParamOut": "Param", "VelocityOut": "Param"},
                 "merged_momentum": {"MasterParamOut": "Param"}}
_LIST_SHAPES = ((3, 4), (5,), (2, 1, 3))


def _lars(tag: str, dtype: str, attrs: dict[str, Any], *, n: int = 2, inplace: bool = True,
          zero_param: bool = False, lr: float = 0.1) -> Case:
    shapes = _LIST_SHAPES[:n]
    params = [In(s, dtype, values=np.zeros(s).tolist()) if zero_param and i == 0
              else In(s, dtype, -2.0, 2.0) for i, s in enumerate(shapes)]
    inputs = {"Param": params, "Grad": [In(s, dtype, -1.0, 1.0) for s in shapes],
              "Velocity": [In(s, dtype, -0.5, 0.5) for s in shapes],
              "LearningRate": [_lr(dtype, lr * (i + 1)) for i in range(n)]}
    return _case(f"lars_momentum_{tag}_{dtype}", "lars_momentum", inputs,
                 {"mu": 0.9, "lars_weight_decay": [0.0005] * n, **attrs},
                 _MOMENTUM_INPLACE if inplace else None)


_LARS = [
    *(_lars(tag, dtype, attrs, **kw) for dtype in FLOATS for tag, attrs, kw in (
        ("default", {}, {}),
        ("coeff_eps_rescale", {"lars_coeff": 0.01, "epsilon": 1e-3, "rescale_grad": 0.5,
                               "lars_weight_decay": [0.01, 0.0, 0.1]}, {"n": 3}),
    )),
    _lars("one", "float32", {"mu": 0.5, "lars_weight_decay": [0.05]}, n=1),
    _lars("no_decay", "float32", {"lars_weight_decay": [0.0, 0.0]}),
    _lars("zero_param", "float32", {}, zero_param=True),
    _lars("lr0", "float32", {}, lr=0.0),
    _lars("outputs", "float64", {}, inplace=False),
]

# -- nadam, radam: Paddle 3.3.1's CPU kernels read their [1] step states elementwise past
# the first element (memory beyond the buffer: garbage), so only one-element parameters are
# defined: the cases hold those (several seeds); fluidphi broadcasts the states.
_ONE = (1,)


def _nadam_mu_product(beta1: float, momentum_decay: float, steps: int) -> list[float]:
    """[prod over t <= steps of beta1 (1 - 0.5 * 0.96 ** (t * momentum_decay))], as Paddle's
    NAdam carries it from step to step (a non-integer power: drawn, not written)."""
    return [float(np.prod([beta1 * (1 - 0.5 * (0.96 ** (t + 1)) ** momentum_decay)
                           for t in range(steps)]))]


def _nadam(tag: str, dtype: str, attrs: dict[str, Any], step: int = 1, **kw: Any) -> Case:
    b1, b2 = attrs.get("beta1", 0.9), attrs.get("beta2", 0.999)
    mu = Drawn(_nadam_mu_product, (b1, attrs.get("momentum_decay", 0.004), step - 1))
    return _update("nadam", tag, dtype, {
        "momentum_decay_pow": In((1,), dtype, values=[power(0.96, step - 1)]),
        "beta2_pow": In((1,), dtype, values=[power(b2, step - 1)]),
        "mu_product": In((1,), dtype, values=mu),
        "moment1": In(_ONE, dtype, -0.2, 0.2), "moment2": In(_ONE, dtype, 0.0, 0.1)},
        attrs, param="param", shape=_ONE, **kw)


_NADAM = [
    *(_nadam(f"step1_{seed}", dtype, {}) for dtype in FLOATS for seed in "abc"),
    *(_nadam("step5", dtype, {"beta1": 0.8, "beta2": 0.99, "epsilon": 1e-6,
                              "momentum_decay": 0.01}, 5) for dtype in FLOATS),
    _nadam("lr0", "float32", {}, 3, lr=0.0),
    *(_nadam(f"nonfinite_{tag}", "float32", {}, 2, grad_special=(value,))
      for tag, value in (("nan", float("nan")), ("inf", float("inf")), ("zero", 0.0))),
    _nadam("outputs", "float64", {}, 2, inplace=False),
]


def _radam(tag: str, dtype: str, attrs: dict[str, Any], step: int = 1, **kw: Any) -> Case:
    b1, b2 = attrs.get("beta1", 0.9), attrs.get("beta2", 0.999)
    # Paddle's RAdam starts rho at 0 and feeds the [1] states from step to step
    rho = 0.0
    for i in range(1, step):
        rho = (rho * (b2 - power(b2, i)) + power(b2, i)) / (1 - power(b2, i))
    return _update("radam", tag, dtype, {
        "beta1_pow": In((1,), dtype, values=[power(b1, step - 1)]),
        "beta2_pow": In((1,), dtype, values=[power(b2, step - 1)]),
        "rho": In((1,), dtype, values=[rho]),
        "moment1": In(_ONE, dtype, -0.2, 0.2), "moment2": In(_ONE, dtype, 0.0, 0.1)},
        attrs, param="param", shape=_ONE, **kw)


_RADAM = [
    *(_radam(tag, dtype, attrs, step) for dtype in FLOATS for tag, attrs, step in (
        ("step1", {}, 1), ("step6_warmup", {}, 6), ("step9_rectified", {"beta2": 0.9}, 9),
        ("step9_rectified_b", {"beta2": 0.9}, 9),
        ("step40", {"beta1": 0.8, "beta2": 0.99, "epsilon": 1e-6}, 40))),
    _radam("lr0", "float32", {}, 12, lr=0.0),
    *(_radam(f"nonfinite_{tag}", "float32", {"beta2": 0.9}, 9, grad_special=(value,))
      for tag, value in (("nan", float("nan")), ("inf", float("inf")), ("zero", 0.0))),
    _radam("outputs", "float64", {}, 3, inplace=False),
]

# -- rprop (per-element learning rates; a NaN product leaves Paddle's eta uninitialised: no
# NaN gradients), asgd


def _rprop(tag: str, dtype: str, *, lr_range: tuple[float, float] = (1e-5, 50.0),
           etas: tuple[float, float] = (0.5, 1.2), **kw: Any) -> Case:
    return _update("rprop", tag, dtype, {
        "prev": In(_SHAPE, dtype, -1.0, 1.0, special=(0.0, 0.5, -0.5, 1.0)),
        "learning_rate": In(_SHAPE, dtype, 0.001, 0.1)}, {}, param="param",
        extra={"learning_rate_range": In((2,), dtype, values=list(lr_range)),
               "etas": In((2,), dtype, values=list(etas))},
        grad_special=(0.25, 0.0, 0.5, -0.5), **kw)


_RPROP = [
    *(_rprop("plain", dtype) for dtype in ("bfloat16", *FLOATS)),
    *(_rprop("clipped", dtype, lr_range=(0.01, 0.06), etas=(0.3, 2.0))
      for dtype in ("bfloat16", *FLOATS)),
    _rprop("outputs", "float64", inplace=False),
]


def _asgd(tag: str, dtype: str, n: float, **kw: Any) -> Case:
    return _update("asgd", tag, dtype, {"d": In(_SHAPE, dtype, -2.0, 2.0),
                                        "y": In(_SHAPE, dtype, -1.0, 1.0)}, {}, param="param",
                   extra={"n": In((1,), dtype, values=[n])}, **kw)


_ASGD = [
    *(_asgd(tag, dtype, n) for dtype in FLOATS for tag, n in (("n1", 1.0), ("n4", 4.0))),
    _asgd("lr0", "float32", 2.0, lr=0.0),
    _asgd("nonfinite", "float32", 3.0, grad_special=(float("nan"), float("inf"), -0.0)),
    _asgd("outputs", "float64", 2.0, inplace=False),
]

# -- merged_momentum, merged_adam: in place (Paddle's merged_momentum requires it, its
# merged_adam crashes with fresh output variables)


def _lists(dtype: str, n: int, **ranges: tuple[float, float]) -> dict[str, list[In]]:
    return {slot: [In(shape, dtype, low, high) for shape in _LIST_SHAPES[:n]]
            for slot, (low, high) in ranges.items()}


def _merged_momentum(tag: str, dtype: str, attrs: dict[str, Any], *, n: int = 2,
                     lrs: int = 1, **fields: Any) -> Case:
    inputs: dict[str, Any] = {**_lists(dtype, n, Param=(-2.0, 2.0), Grad=(-1.0, 1.0),
                                       Velocity=(-0.5, 0.5)),
                              "LearningRate": [_lr(dtype, 0.05 * (i + 1)) for i in range(lrs)]}
    return _case(f"merged_momentum_{tag}_{dtype}", "merged_momentum", inputs,
                 {"mu": 0.9, **attrs}, _MOMENTUM_INPLACE, **fields)


_MERGED_MOMENTUM = [
    *(_merged_momentum(tag, dtype, attrs, **kw) for dtype in FLOATS for tag, attrs, kw in (
        ("merged_rescale", {"rescale_grad": 0.5}, {}),
        ("lr_each_l2", {"regularization_method": ["l2_decay", "", "l2_decay"],
                        "regularization_coeff": [0.1, 0.2, 0.05]}, {"n": 3, "lrs": 3}),
    )),
    _merged_momentum("nesterov_rescale_ignored", "float32",
                     {"use_nesterov": True, "rescale_grad": 0.5}),
    _merged_momentum("lr_each", "float32", {"mu": 0.5}, lrs=2),
    _merged_momentum("one", "float64", {}, n=1),
    _merged_momentum("lr_count", "float32", {}, n=3, lrs=2, raises="LearningRate"),
    _merged_momentum("reg_count", "float32", {"regularization_method": ["l2_decay"],
                                              "regularization_coeff": [0.1]},
                     raises="regularization_method"),
]

_MERGED_ADAM_INPLACE = {**_ADAM_INPLACE, "Moment2MaxOut": "Moment2Max"}


def _merged_adam(tag: str, dtype: str, attrs: dict[str, Any], *, n: int = 2) -> Case:
    b1, b2 = attrs.get("beta1", 0.9), attrs.get("beta2", 0.999)
    inputs: dict[str, Any] = {
        **_lists(dtype, n, Param=(-2.0, 2.0), Grad=(-1.0, 1.0), Moment1=(-0.2, 0.2),
                 Moment2=(0.0, 0.1)),
        "LearningRate": [_lr(dtype, 0.01 * (i + 1)) for i in range(n)],
        "Beta1Pow": [In((1,), dtype, values=[power(b1, i + 1)]) for i in range(n)],
        "Beta2Pow": [In((1,), dtype, values=[power(b2, i + 1)]) for i in range(n)]}
    if attrs.get("amsgrad"):
        inputs.update(_lists(dtype, n, Moment2Max=(0.0, 0.12)))
    fetch = ("ParamOut", "Moment1Out", "Moment2Out") if attrs.get("use_global_beta_pow") else None
    return _case(f"merged_adam_{tag}_{dtype}", "merged_adam", inputs, attrs,
                 _MERGED_ADAM_INPLACE, fetch=fetch,
                 outputs=("Moment2MaxOut",) if attrs.get("amsgrad") else ())


_MERGED_ADAM = [
    *(_merged_adam(tag, dtype, attrs) for dtype in FLOATS for tag, attrs in (
        ("plain", {}), ("amsgrad", {"amsgrad": True, "beta1": 0.8, "epsilon": 1e-6}))),
    _merged_adam("global_beta_pow", "float32", {"use_global_beta_pow": True}),
    _merged_adam("three", "float32", {"beta2": 0.99}, n=3),
]

# -- average_accumulates: Paddle reads in_sum_1 / in_sum_2 again after writing the outputs:
# in place, out_sum_3 includes this step's parameter, with fresh sum outputs not

_AVG_SLOTS = ("sum_1", "sum_2", "sum_3", "num_accumulates", "old_num_accumulates", "num_updates")


def _average(tag: str, dtype: str, attrs: dict[str, Any], counts: tuple[int, int, int], *,
             inplace: bool = True, **fields: Any) -> Case:
    inputs: dict[str, Any] = {
        "param": In(_SHAPE, dtype, -2.0, 2.0),
        **{f"in_sum_{i}": In(_SHAPE, dtype, -5.0, 5.0) for i in (1, 2, 3)},
        **{f"in_{slot}": In((1,), "int64", values=[count])
           for slot, count in zip(_AVG_SLOTS[3:], counts, strict=True)}}
    slots = _AVG_SLOTS if inplace else _AVG_SLOTS[3:]  # fresh counters: Paddle errs
    return _case(f"average_accumulates_{tag}_{dtype}", "average_accumulates", inputs, attrs,
                 {f"out_{s}": f"in_{s}" for s in slots}, **fields)


_AVERAGE = [
    *(_average(tag, dtype, attrs, counts, inplace=inplace) for dtype in FLOATS
      for tag, attrs, counts, inplace in (
          ("accumulate", {"average_window": 0.15, "min_average_window": 10}, (3, 0, 5), True),
          ("window_closes", {"average_window": 0.5, "min_average_window": 2}, (4, 2, 9),
           True),
          ("precision_move", {"average_window": 0.15}, (100, 0, 16383), True),
          ("precision_move_sums_fresh", {"average_window": 0.15}, (100, 0, 16383), False),
          ("window_closes_sums_fresh", {"average_window": 0.5, "min_average_window": 2},
           (4, 2, 9), False),
          ("max_window", {"average_window": 1.0, "max_average_window": 6,
                          "min_average_window": 3}, (5, 4, 40), True),
      )),
    _average("min_gt_max", "float32", {"min_average_window": 10, "max_average_window": 5},
             (1, 0, 1), raises="min_average_window"),
]

# -- sparse_momentum (the gradient of some rows / columns of a 2-D parameter) ------------------
_PARAM_2D = (5, 3)


def _sparse(tag: str, dtype: str, attrs: dict[str, Any], index: list[Any], *,
            index_dtype: str = "int64", axis_tensor: int | None = None,
            master: bool = False, **fields: Any) -> Case:
    axis = attrs.get("axis", 0) if axis_tensor is None else axis_tensor
    grad_shape = (len(index), _PARAM_2D[1]) if axis == 0 else (_PARAM_2D[0], len(index))
    inputs: dict[str, Any] = {
        "Param": In(_PARAM_2D, dtype, -2.0, 2.0), "Grad": In(grad_shape, dtype, -1.0, 1.0),
        "Velocity": In(_PARAM_2D, dtype, -0.5, 0.5),
        "Index": In(np.shape(index), index_dtype, values=index), "LearningRate": _lr(dtype)}
    inplace = dict(_MOMENTUM_INPLACE)
    if axis_tensor is not None:
        inputs["Axis"] = In((1,), "int32", values=[axis_tensor])
    if master:
        inputs["MasterParam"] = In(_PARAM_2D, dtype, -2.0, 2.0)
        inplace["MasterParamOut"] = "MasterParam"
        fields["outputs"] = ("MasterParamOut",)
    return _case(f"sparse_momentum_{tag}_{dtype}", "sparse_momentum", inputs,
                 {"mu": 0.9, **attrs}, inplace, **fields)


_SPARSE_MOMENTUM = [
    *(_sparse(tag, dtype, attrs, index) for dtype in FLOATS for tag, attrs, index in (
        ("rows_repeated", {}, [3, 0, 3, 4]),
        ("cols", {"axis": 1, "rescale_grad": 0.5}, [[2], [0]]),
        ("nesterov_l2", {"use_nesterov": True, "regularization_method": "l2_decay",
                         "regularization_coeff": 0.1}, [1, 2]),
    )),
    _sparse("rows_outside", "float32", {}, [7, 1, -1]),
    _sparse("int32_index", "float32", {"mu": 0.5}, [4, 4], index_dtype="int32"),
    _sparse("axis_tensor", "float64", {"axis": 0}, [0, 2, 1], axis_tensor=1),
    _sparse("multi_precision", "float32", {"multi_precision": True}, [2], master=True),
    _sparse("axis2", "float32", {"axis": 2}, [1], raises="axis"),
    _sparse("empty_index", "float32", {}, [], raises="empty"),
]

# -- dpsgd (one seeded Gaussian draw per op; seed 0, Paddle's time(), is no fixture) -------
#: Paddle computes dpsgd's gradient norm and noise in float32, also for float64 parameters
COMPUTED_IN = {"dpsgd": {"float64": "float32"}}


def _dpsgd(tag: str, dtype: str, attrs: dict[str, Any], lr: float = 0.1, **kw: Any) -> Case:
    return _update("dpsgd", tag, dtype, {}, {"seed": 7, **attrs}, lr=lr, **kw)


_DPSGD = [
    *(_dpsgd(tag, dtype, attrs) for dtype in FLOATS for tag, attrs in (
        ("not_clipped", {}), ("clipped", {"clip": 0.5, "batch_size": 4.0, "sigma": 2.0}),
        ("seed12345", {"seed": 12345, "clip": 1.0}))),
    _dpsgd("seed_negative", "float32", {"seed": -3, "sigma": 0.5}),
    _dpsgd("lr0", "float32", {}, lr=0.0),
    _dpsgd("outputs", "float64", {"seed": 99}, inplace=False),
]

CASES = [*_MOMENTUM, *_LAMB, *_RMSPROP, *_ADAGRAD, *_ADAM, *_ADADELTA, *_ADAMAX,
         *_DECAYED_ADAGRAD, *_FTRL, *_LARS, *_NADAM, *_RADAM, *_RPROP, *_ASGD,
         *_MERGED_MOMENTUM, *_MERGED_ADAM, *_AVERAGE, *_SPARSE_MOMENTUM, *_DPSGD]
_WRITERS = ("lamb_step1", "sparse_momentum_rows_repeated", "merged_momentum_merged_rescale",
            "adadelta_plain")  # write the master copy under multi_precision; others keep it
CASES += [with_master(next(c for c in CASES if c.name == f"{b}_{dt}"), on, INPLACE)
          for b in (*_WRITERS, "momentum_plain", "rmsprop_plain", "adagrad_plain", "adamax_step1",
                    "adam_amsgrad_step1", "lars_momentum_default", "nadam_step1_a", "radam_step1",
                    "rprop_plain", "asgd_n1", "merged_momentum_lr_each_l2", "merged_adam_plain")
          for dt in FLOATS for on in (True, False) if (dt == "float32" and on) or b in _WRITERS]
CASES.append(with_master(_MERGED_MOMENTUM[0], True, INPLACE, fresh=True,
                         raises=r"MasterParam\)? and \w*\(?MasterParamOut\)? must be the same"))
