"""The team's check: imports the package, runs each of its ops the default way on one input
and prints what each gave, as JSON (`python -m pkg_ledgerbook.check`)."""

import json

import numpy as np

from compat.single_op import run_single_op

OPS = ("lb_neg", "lb_square", "lb_softsign", "lb_scale", "lb_tagged", "lb_half", "lb_third",
       "lb_quarter")


def main():
    import pkg_ledgerbook  # noqa: F401 (registers the kernels)

    x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
    got = {}
    for op in OPS:
        outs, _ = run_single_op(op, {"X": x}, {}, {"Out": 1})
        got[op] = outs["Out"][0].tolist()
    print(json.dumps(got, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
