#!/usr/bin/python3
"""SciPy side of bench/peers/run.sh.

    scipy_peers.py DATA_DIR HURRAY_JSON

DATA_DIR holds the .npz matrices `hurray bench --export` wrote (CSR, float64,
int64 indices); HURRAY_JSON is the output of `hurray bench --json` on the
matching cases. For each matrix it times, with int64 indices (the Hurray
layout's width; load_npz narrows them to int32, so they are widened back):
SpMV y = A x in float32 and float64, SpMM Y = A X in float32 with k = 64
(X row-major), COO -> CSR and CSR -> CSC in float64. Each figure is the median
of 5 timed repetitions after a warm-up call, as hurray bench reports. It prints
one table with both figures and SciPy's time over hurray's (above 1: hurray
is faster)."""

import json
import os
import sys
import timeit

import numpy as np
import scipy
import scipy.sparse as sp


def widen(a):
    a.indices = a.indices.astype(np.int64)
    a.indptr = a.indptr.astype(np.int64)
    return a


def median_ns(f, target=0.1, reps=5):
    t0 = timeit.timeit(f, number=1)  # warm-up, and the iteration estimate
    n = max(1, int(target / max(t0, 1e-9)))
    ts = timeit.repeat(f, number=n, repeat=reps)
    return float(np.median(ts)) / n * 1e9


def fmt(ns):
    if ns >= 1e9:
        return f"{ns / 1e9:.3g} s"
    if ns >= 1e6:
        return f"{ns / 1e6:.3g} ms"
    return f"{ns / 1e3:.3g} µs"


def main():
    data, hj = sys.argv[1], sys.argv[2]
    with open(hj) as f:
        doc = json.load(f)
    ours = {r["name"]: r for r in doc["results"] if r["path"] == "auto"}
    h = doc["header"]
    print(f"hurray bench vs SciPy {scipy.__version__} (NumPy {np.__version__}), same run")
    print(f"cpu: {h['cpu']}; hurray kernels auto: {h['kernels_active']}; hurray threads {h['threads']}, SciPy 1 thread")
    print("indices: int64 on both sides; times are medians of 5 runs\n")
    rows = []
    for fn in sorted(os.listdir(data)):
        if not fn.endswith(".npz"):
            continue
        name = fn[:-4]
        a64 = widen(sp.load_npz(os.path.join(data, fn)).tocsr())
        rng = np.random.default_rng(1)
        cases = []
        for dt, tn in ((np.float32, "f32"), (np.float64, "f64")):
            a = widen(a64.astype(dt))
            x = rng.uniform(-1, 1, a.shape[1]).astype(dt)
            cases.append((f"spmv/{tn}/{name}", lambda a=a, x=x: a @ x))
        a32 = widen(a64.astype(np.float32))
        X = np.ascontiguousarray(rng.uniform(-1, 1, (a32.shape[1], 64)).astype(np.float32))
        cases.append((f"spmm/f32/k=64/{name}", lambda: a32 @ X))
        c = a64.tocoo()
        c.row = c.row.astype(np.int64)
        c.col = c.col.astype(np.int64)
        cases.append((f"coo-csr/f64/{name}", lambda: c.tocsr()))
        cases.append((f"csr-csc/f64/{name}", lambda: a64.tocsc()))
        for cname, f in cases:
            s = median_ns(f)
            r = ours.get(cname)
            if r is None or r.get("skipped") or not r["ns_per_op"]:
                why = r.get("skipped") if r else "not in hurray's output"
                rows.append((cname, fmt(s), "—", "—  (" + str(why) + ")"))
                continue
            o = r["ns_per_op"]
            rows.append((cname, fmt(o), fmt(s), f"{s / o:.2f}x"))
    w = [max(len(r[i]) for r in rows + [("case", "hurray", "SciPy", "SciPy/hurray")]) for i in range(4)]
    line = lambda r: "  ".join(v.ljust(w[i]) for i, v in enumerate(r)).rstrip()
    print(line(("case", "hurray", "SciPy", "SciPy/hurray")))
    for r in rows:
        print(line(r))


if __name__ == "__main__":
    main()
