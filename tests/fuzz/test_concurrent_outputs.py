"""Generated concurrent writers of one output (several runs given the same `--output`,
`--save` or report path): whatever the interleaving, the file is at every moment either
absent or one writer's whole content, and no temporary file is left behind."""

from __future__ import annotations

import threading
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from legacy_fluid.io.atomic_write import atomic_write_bytes


@settings(max_examples=40, deadline=None, database=None)
@given(st.lists(st.binary(min_size=0, max_size=1 << 16), min_size=2, max_size=6),
       st.integers(1, 4))
def test_concurrent_writers_leave_one_whole_file(tmp_path_factory, payloads: list[bytes],
                                                 rounds: int) -> None:
    folder = tmp_path_factory.mktemp("out")
    target = folder / "sub" / "out.npz"
    seen: set[bytes] = set()
    errors: list[BaseException] = []
    stop = threading.Event()

    def writer(data: bytes) -> None:
        try:
            for _ in range(rounds):
                atomic_write_bytes(target, data)
        except BaseException as exc:  # reported below, never swallowed
            errors.append(exc)

    def reader() -> None:
        while not stop.is_set():
            try:
                seen.add(target.read_bytes())
            except FileNotFoundError:
                pass

    watcher = threading.Thread(target=reader)
    watcher.start()
    threads = [threading.Thread(target=writer, args=(p,)) for p in payloads]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stop.set()
    watcher.join()
    assert not errors, errors
    assert target.read_bytes() in payloads
    assert seen <= set(payloads), "a reader saw a half-written file"
    assert sorted(p.name for p in Path(target.parent).iterdir()) == ["out.npz"]
