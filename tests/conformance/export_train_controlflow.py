"""The control-flow training programs of export_train.py: while loops and cond, which Paddle
3.3.1 differentiates into while_grad / conditional_block_grad (legacy static mode).

`legacy_op(op_type, inputs, attrs)` appends one legacy op and returns its Out (Paddle's
tanh API refuses legacy Variables: export_train._legacy_op); `batch` is the exporter's
batch size.
"""

import paddle
import paddle.nn.functional as F
from paddle import nn


def _while_tanh_sgd(legacy_op, batch):
    """A state carried through a while loop of n (fed) steps; the shared Linear's gradient
    sums over the steps (while_grad)."""
    def build():
        x = paddle.static.data("x", [-1, 4], "float32")
        n = paddle.static.data("n", [1], "int64")
        y = paddle.static.data("y", [-1, 1], "int64")
        cell = nn.Linear(4, 4)
        _, h = paddle.static.nn.while_loop(
            lambda i, h: i < n,
            lambda i, h: [i + 1, legacy_op("tanh", {"X": cell(h)})],
            [paddle.full([1], 0, "int64"), nn.Linear(4, 4)(x)])
        loss = paddle.mean(F.cross_entropy(nn.Linear(4, 3)(h), y))
        paddle.optimizer.SGD(learning_rate=0.2).minimize(loss)

        def feeds(rng):
            return {"x": rng.standard_normal((batch, 4)).astype("float32"),
                    "n": rng.integers(1, 5, size=1).astype("int64"),
                    "y": rng.integers(0, 3, size=(batch, 1)).astype("int64")}

        return feeds, [loss]

    return build


def _cond_branches_sgd(legacy_op, batch):
    """cond on a fed flag whose sign alternates: the branch not taken gets zero gradients
    (conditional_block_grad)."""
    def build():
        x = paddle.static.data("x", [-1, 4], "float32")
        flag = paddle.static.data("flag", [1], "float32")
        y = paddle.static.data("y", [-1, 1], "int64")
        left, right = nn.Linear(4, 4), nn.Linear(4, 4)
        h = paddle.static.nn.cond(paddle.mean(flag) > 0.0,
                                  lambda: legacy_op("tanh", {"X": left(x)}),
                                  lambda: F.relu(right(x)))
        loss = paddle.mean(F.cross_entropy(nn.Linear(4, 3)(h), y))
        paddle.optimizer.SGD(learning_rate=0.2).minimize(loss)
        sign = [1.0]

        def feeds(rng):
            sign[0] = -sign[0]
            return {"x": rng.standard_normal((batch, 4)).astype("float32"),
                    "flag": (sign[0] * rng.uniform(0.5, 1.5, size=1)).astype("float32"),
                    "y": rng.integers(0, 3, size=(batch, 1)).astype("int64")}

        return feeds, [loss]

    return build


def _while_rnn_sgd(legacy_op, batch, embed=False):
    """An RNN over tensor arrays (read_from_array / write_to_array in the loop, their grads
    through while_grad's array gradients). embed: the steps pass a Linear before they are
    written to the array, so the gradient of the array the loop reads (summed over the
    steps by while_grad) is wanted too."""
    def build():
        xs = [paddle.static.data(f"x{t}", [-1, 4], "float32") for t in range(3)]
        y = paddle.static.data("y", [-1, 1], "int64")
        steps = paddle.tensor.create_array("float32")
        outs = paddle.tensor.create_array("float32")
        lift = nn.Linear(4, 4) if embed else (lambda x: x)
        for t, x in enumerate(xs):
            paddle.tensor.array_write(lift(x), paddle.full([1], t, "int64"), array=steps)
        n = paddle.tensor.array_length(steps)
        read, rec = nn.Linear(4, 5), nn.Linear(5, 5, bias_attr=False)

        def body(i, h, outs):
            h = legacy_op("tanh", {"X": read(paddle.tensor.array_read(steps, i)) + rec(h)})
            paddle.tensor.array_write(h, i, array=outs)
            return [i + 1, h, outs]

        _, _, outs = paddle.static.nn.while_loop(
            lambda i, h, outs: i < n, body,
            [paddle.full([1], 0, "int64"), paddle.full([batch, 5], 0.0, "float32"), outs])
        seq, _ = paddle.tensor.manipulation.tensor_array_to_tensor(outs, axis=1)
        loss = paddle.mean(F.cross_entropy(nn.Linear(15, 3)(seq), y))
        paddle.optimizer.SGD(learning_rate=0.2).minimize(loss)

        def feeds(rng):
            return {**{f"x{t}": rng.standard_normal((batch, 4)).astype("float32")
                       for t in range(3)},
                    "y": rng.integers(0, 3, size=(batch, 1)).astype("int64")}

        return feeds, [loss]

    return build


def controlflow_programs(legacy_op, batch):
    """{name: (build, description)}, as export_train.PROGRAMS holds them."""
    return {
        "while_tanh_sgd": (
            _while_tanh_sgd(legacy_op, batch),
            "Linear, then a while loop of n (fed) steps of tanh(Linear(h)) with one shared "
            "Linear (while / while_grad), Linear; softmax cross entropy, mean; SGD lr 0.2"),
        "cond_branches_sgd": (
            _cond_branches_sgd(legacy_op, batch),
            "cond on a fed flag (alternating): tanh(Linear(x)) or relu(Linear(x)), a Linear "
            "per branch (conditional_block / conditional_block_grad, select_input / "
            "select_output), Linear; softmax cross entropy, mean; SGD lr 0.2"),
        "while_rnn_sgd": (
            _while_rnn_sgd(legacy_op, batch),
            "3 steps written to a tensor array, a while loop over its length: h = "
            "tanh(Linear(x_t) + Linear(h)) (read_from_array, write_to_array, shared weights), "
            "tensor_array_to_tensor, Linear; softmax cross entropy, mean; SGD lr 0.2"),
        "while_rnn_embed_sgd": (
            _while_rnn_sgd(legacy_op, batch, embed=True),
            "while_rnn_sgd with a Linear on each step before the input array (its gradient "
            "comes back through the array the loop reads); one step: Paddle 3.3.1 gets that "
            "gradient wrong from its second run on"),
    }
