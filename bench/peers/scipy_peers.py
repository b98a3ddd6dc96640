#!/usr/bin/python3
"""SciPy side of bench/peers/run.sh.

    scipy_peers.py DATA_DIR HURRAY_JSON
    scipy_peers.py time DATA_DIR OUT_JSON
    scipy_peers.py report HURRAY_JSON_1 SCIPY_JSON_1 [HURRAY_JSON_2 SCIPY_JSON_2 ...]

DATA_DIR holds the .npz matrices `hurray bench --export` wrote (CSR, float64,
int64 indices); HURRAY_JSON is the output of `hurray bench --json` on the
matching cases. For each matrix it times, with int64 indices (the Hurray
layout's width; load_npz narrows them to int32, so they are widened back):
SpMV y = A x in float32 and float64, SpMM Y = A X in float32 with k = 64
(X row-major), COO -> CSR and CSR -> CSC in float64. The cases of hurray's
prepared forms (spmv-prepared/..., spmm-prepared/...) are compared with
SciPy's CSR with int32 indices, the quantized forms (int8, nf4) with the
float32 figure. The conversions run
SciPy's own steps on int64 arrays (tocsr64 and tocsc64 of
bench/scipy_convert.py): coo_matrix.tocsr() and csr_matrix.tocsc() return
int32 indices whenever they fit, whatever the input's width, and so would
time a narrower output than hurray writes. Each figure is the median
of 5 timed repetitions after a warm-up call, as hurray bench reports. It prints
one table with both figures and SciPy's time over hurray's (above 1: hurray
is faster); with several rounds (run.sh's ROUNDS), the medians over
alternating rounds of both. The products are timed as users write them (A @ x, which
allocates the result each call) and, in the next columns, through SciPy's
own kernels (_sparsetools.csr_matvec/csr_matvecs) into a preallocated output
zeroed each call, as hurray writes into the caller's y. Each repetition's
process CPU time is kept beside its wall time (hurray bench reports both):
the last two columns are the ratios of the CPU times, which hold on a
machine that other processes load, where the wall times of calls of a few
microseconds do not."""

import json
import os
import sys
import time
import timeit

import numpy as np
import scipy
import scipy.sparse as sp
from scipy.sparse import _sparsetools

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from scipy_convert import tocsc64, tocsr64  # noqa: E402


def widen(a):
    a.indices = a.indices.astype(np.int64)
    a.indptr = a.indptr.astype(np.int64)
    return a


def median_ns(f, target=0.1, reps=5):
    """Returns the medians over reps repetitions of about target seconds of
    the wall time and of the process's CPU time of one call of f, in ns."""
    t0 = timeit.timeit(f, number=1)  # warm-up, and the iteration estimate
    n = max(1, int(target / max(t0, 1e-9)))
    timer = timeit.Timer(f)
    wall, cpu = [], []
    for _ in range(reps):
        c0 = time.process_time_ns()
        wall.append(timer.timeit(n))
        cpu.append(time.process_time_ns() - c0)
    return float(np.median(wall)) / n * 1e9, float(np.median(cpu)) / n


def fmt(ns):
    if ns >= 1e9:
        return f"{ns / 1e9:.3g} s"
    if ns >= 1e6:
        return f"{ns / 1e6:.3g} ms"
    return f"{ns / 1e3:.3g} µs"


def scipy_times(data):
    """Times SciPy on every matrix in data: {case: (A @ x ns, into-y ns or
    None, A @ x CPU ns, into-y CPU ns or None)}."""
    out = {}
    for fn in sorted(os.listdir(data)):
        if not fn.endswith(".npz"):
            continue
        name = fn[:-4]
        a64 = widen(sp.load_npz(os.path.join(data, fn)).tocsr())
        rng = np.random.default_rng(1)
        cases = []  # (name, A @ x as users write it, into a preallocated output or None)
        for dt, tn in ((np.float32, "f32"), (np.float64, "f64")):
            a = widen(a64.astype(dt))
            x = rng.uniform(-1, 1, a.shape[1]).astype(dt)
            y = np.zeros(a.shape[0], dtype=dt)

            def into(a=a, x=x, y=y):
                y.fill(0)  # csr_matvec adds into y
                _sparsetools.csr_matvec(a.shape[0], a.shape[1], a.indptr, a.indices, a.data, x, y)

            cases.append((f"spmv/{tn}/{name}", lambda a=a, x=x: a @ x, into))
        a32 = widen(a64.astype(np.float32))
        X = np.ascontiguousarray(rng.uniform(-1, 1, (a32.shape[1], 64)).astype(np.float32))
        Y = np.zeros((a32.shape[0], 64), dtype=np.float32)

        def into_mat():
            Y.fill(0)
            _sparsetools.csr_matvecs(a32.shape[0], a32.shape[1], 64, a32.indptr, a32.indices, a32.data, X.ravel(), Y.ravel())

        cases.append((f"spmm/f32/k=64/{name}", lambda: a32 @ X, into_mat))
        # The prepared forms' peers: SciPy's CSR with int32 indices (what
        # load_npz gives), the narrowest SciPy has. The quantized prepared
        # cases are compared with the float32 figure.
        a32n = sp.load_npz(os.path.join(data, fn)).tocsr()
        for dt, tn in ((np.float32, "f32"), (np.float64, "f64")):
            a = a32n.astype(dt)
            a.indices, a.indptr = a.indices.astype(np.int32), a.indptr.astype(np.int32)
            x = rng.uniform(-1, 1, a.shape[1]).astype(dt)
            y = np.zeros(a.shape[0], dtype=dt)

            def into32(a=a, x=x, y=y):
                y.fill(0)
                _sparsetools.csr_matvec(a.shape[0], a.shape[1], a.indptr, a.indices, a.data, x, y)

            cases.append((f"spmv-prepared/{tn}/{name}", lambda a=a, x=x: a @ x, into32))
        an = a32n.astype(np.float32)
        an.indices, an.indptr = an.indices.astype(np.int32), an.indptr.astype(np.int32)
        Yn = np.zeros((an.shape[0], 64), dtype=np.float32)

        def into_mat32():
            Yn.fill(0)
            _sparsetools.csr_matvecs(an.shape[0], an.shape[1], 64, an.indptr, an.indices, an.data, X.ravel(), Yn.ravel())

        cases.append((f"spmm-prepared/f32/k=64/{name}", lambda: an @ X, into_mat32))
        c = a64.tocoo()  # row-major, as hurray's coo-csr input
        row, col = c.row.astype(np.int64), c.col.astype(np.int64)
        m, n = a64.shape
        cases.append((f"coo-csr/f64/{name}", lambda: tocsr64(m, n, row, col, c.data), None))
        cases.append((f"csr-csc/f64/{name}", lambda: tocsc64(a64), None))
        for cname, f, g in cases:
            (wall, cpu), (wall2, cpu2) = median_ns(f), median_ns(g) if g is not None else (None, None)
            out[cname] = (wall, wall2, cpu, cpu2)
        for q in ("int8:channel:axis=0", "nf4:block=64"):
            out[f"spmv-prepared/{q}/{name}"] = out[f"spmv-prepared/f32/{name}"]
    return out


def report(pairs):
    """Prints the table from rounds of (hurray JSON document, SciPy times):
    medians over the rounds of each side's time and of the per-round
    ratios (a ratio's two times come from the same round)."""
    doc = pairs[0][0]
    h = doc["header"]
    n = len(pairs)
    print(f"hurray bench vs SciPy {scipy.__version__} (NumPy {np.__version__}), {n} alternating round(s)")
    print(f"cpu: {h['cpu']}; hurray kernels auto: {h['kernels_active']}; hurray threads {h['threads']}, SciPy 1 thread")
    print("indices: int64 on both sides (the *-prepared cases: hurray's prepared form, SciPy's int32 CSR, float32 for int8 and nf4);")
    print("each time is a median of 5 runs; the table gives medians over the rounds,")
    print("the ratios medians of each round's ratio\n")
    print("CPU columns: the same ratios of the process CPU time per call (SciPy's over hurray's),")
    print("which other processes on the machine disturb less than the wall time.\n")
    rows = []
    for cname in pairs[0][1]:
        ours, sc, sc2, rat, rat2, crat, crat2, why = [], [], [], [], [], [], [], None
        for d, st in pairs:
            r = next((r for r in d["results"] if r["path"] == "auto" and r["name"] == cname), None)
            v = st[cname]
            s, s2 = v[0], v[1]
            c, c2 = (v[2], v[3]) if len(v) >= 4 else (None, None)
            sc.append(s)
            if s2 is not None:
                sc2.append(s2)
            if r is None or r.get("skipped") or not r["ns_per_op"]:
                why = r.get("skipped") if r else "not in hurray's output"
                continue
            o = r["ns_per_op"]
            ours.append(o)
            rat.append(s / o)
            if s2 is not None:
                rat2.append(s2 / o)
            oc = r.get("cpu_ns_per_op") or 0
            if c is not None and oc > 0:
                crat.append(c / oc)
                if c2 is not None:
                    crat2.append(c2 / oc)
        med = lambda v: float(np.median(v))
        ratio = lambda v: f"{med(v):.2f}x" if v else ""
        if not ours:
            rows.append((cname, "—", fmt(med(sc)), "—  (" + str(why) + ")", "", "", "", ""))
            continue
        pre = (fmt(med(sc2)), ratio(rat2)) if sc2 else ("", "")
        rows.append((cname, fmt(med(ours)), fmt(med(sc)), ratio(rat)) + pre + (ratio(crat), ratio(crat2)))
    head = ("case", "hurray", "SciPy", "SciPy/hurray", "SciPy into y", "into y/hurray", "CPU SciPy/hurray", "CPU into y/hurray")
    w = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    line = lambda r: "  ".join(v.ljust(w[i]) for i, v in enumerate(r)).rstrip()
    print(line(head))
    for r in rows:
        print(line(r))


def main():
    # scipy_peers.py DATA_DIR HURRAY_JSON: one round.
    # scipy_peers.py time DATA_DIR OUT: SciPy's times of one round, as JSON.
    # scipy_peers.py report HURRAY_1 SCIPY_1 [HURRAY_2 SCIPY_2 ...]: the table.
    args = sys.argv[1:]
    if args[0] == "time":
        times = scipy_times(args[1])
        times["_versions"] = {"scipy": scipy.__version__, "numpy": np.__version__}
        with open(args[2], "w") as f:
            json.dump(times, f)
        return
    if args[0] == "report":
        pairs = []
        for hj, sj in zip(args[1::2], args[2::2]):
            with open(hj) as f, open(sj) as g:
                times = json.load(g)
                pairs.append((json.load(f), {k: tuple(v) for k, v in times.items() if not k.startswith("_")}))
        report(pairs)
        return
    with open(args[1]) as f:
        doc = json.load(f)
    report([(doc, scipy_times(args[0]))])


if __name__ == "__main__":
    main()
