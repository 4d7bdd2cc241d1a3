"""A plane split by stride phase, the layout the compiled conv and pool kernels read
their windows from: phases[p, q, r, m] is padded row r * sh + p, column m * sw + q of the
plane, so the window tap (i, j) of every output is phase ((i * dh) % sh, (j * dw) % sw)
read from offset ((i * dh) // sh, (j * dw) // sw) with unit steps: a strided window op
becomes stride-1 ones over contiguous memory, which vectorise."""

from __future__ import annotations

from phi.jit.runtime import helper


@helper
def fill_phases(phases, src, pt, pl):
    """The plane `src` into its padded copy split by phase: phases[p, q, r, m] holds
    padded row r * sh + p, column m * sw + q (sh, sw: the first two dims; stride 1: the
    padded plane itself). Only the input's positions are written: the borders keep the
    values they were made with (zeros for a conv, the floor for a max pool). Phases are
    stepped, not divided: an integer division per row or tap cost a third of a 7x7
    plane's time."""
    sh, sw = phases.shape[0], phases.shape[1]
    h, wd = src.shape
    for q in range(sw):
        first = (q - pl) % sw  # the first input column of phase q
        start = (first + pl) // sw
        count = (wd - first + sw - 1) // sw
        p, rr = pt % sh, pt // sh
        for r in range(h):
            dst = phases[p, q, rr, start:]
            line = src[r]
            if sw == 1:
                for col in range(wd):
                    dst[col] = line[col]
            else:
                for m in range(count):
                    dst[m] = line[first + m * sw]
            p += 1
            if p == sh:
                p, rr = 0, rr + 1
