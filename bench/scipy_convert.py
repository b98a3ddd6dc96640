#!/usr/bin/env python3
"""SciPy reference timings for the conversion benchmarks (bench/convert_test.go).

Reads the raw dumps that `HURRAY_SCIPY_DUMP=DIR go test ./bench -run
TestConvertDumpForSciPy` writes (the same seeded M1 to M4 inputs, shuffled),
builds coo_matrix with int64 row/col indices and times, for each input:

  coo.tocsr()          (counting sort + sum_duplicates, which sorts indices)
  csr.tocsc()          (from the canonical CSR)

SciPy 1.10's csr_matrix constructor narrows indices to int32 whenever they
fit, so the int64 figures ("int64" rows) run SciPy's own steps on int64
arrays: sparsetools coo_tocsr, then sum_duplicates (sort_indices +
csr_sum_duplicates) on a csr_matrix whose arrays are set to the int64 ones;
and sparsetools csr_tocsc into int64 arrays. The library calls with SciPy's
automatic (int32) index type are printed too ("auto" rows).

Each is timed --count times (default 5) after one warm-up call; the median
and all samples are printed in seconds, together with the process CPU time
per call (the machine may be shared: wall includes waiting for a core).
SciPy is single-threaded here.

Usage: bench/scipy_convert.py DIR [--count N]   (the inputs missing from DIR are skipped)
"""
import argparse
import os
import resource
import statistics
import time

import numpy as np
import scipy
import scipy.sparse as sp
from scipy.sparse._sparsetools import coo_tocsr, csr_tocsc


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def timeit(f, count):
    f()  # warm-up
    walls, cpus = [], []
    for _ in range(count):
        c0, t0 = cpu(), time.perf_counter()
        f()
        walls.append(time.perf_counter() - t0)
        cpus.append(cpu() - c0)
    return walls, cpus


def tocsr64(M, N, row, col, val):
    nnz = len(val)
    indptr = np.empty(M + 1, dtype=np.int64)
    indices = np.empty(nnz, dtype=np.int64)
    data = np.empty(nnz, dtype=val.dtype)
    coo_tocsr(M, N, nnz, row, col, val, indptr, indices, data)
    x = sp.csr_matrix((M, N), dtype=val.dtype)
    x.data, x.indices, x.indptr = data, indices, indptr
    x.has_sorted_indices = False
    x.has_canonical_format = False
    x.sum_duplicates()
    assert x.indices.dtype == np.int64 and x.indptr.dtype == np.int64
    return x


def tocsc64(C):
    M, N = C.shape
    nnz = C.nnz
    indptr = np.empty(N + 1, dtype=np.int64)
    indices = np.empty(nnz, dtype=np.int64)
    data = np.empty(nnz, dtype=C.data.dtype)
    csr_tocsc(M, N, C.indptr, C.indices, C.data, indptr, indices, data)
    return indptr, indices, data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--count", type=int, default=5)
    a = ap.parse_args()
    print(f"scipy {scipy.__version__} numpy {np.__version__}")
    for name in ("M1", "M2", "M3", "M4"):
        d = os.path.join(a.dir, name)
        if not os.path.exists(os.path.join(d, "shape.txt")):
            print(f"{name}: not in {a.dir}, skipped")
            continue
        rows_n, cols_n, nnz = map(int, open(os.path.join(d, "shape.txt")).read().split())
        row = np.fromfile(os.path.join(d, "rows.bin"), dtype="<i8")
        col = np.fromfile(os.path.join(d, "cols.bin"), dtype="<i8")
        val = np.fromfile(os.path.join(d, "vals.bin"), dtype="<f8")
        assert len(row) == len(col) == len(val) == nnz
        A = sp.coo_matrix((val, (row, col)), shape=(rows_n, cols_n))
        C = tocsr64(rows_n, cols_n, row, col, val)
        Cauto = A.tocsr()
        assert Cauto.nnz == C.nnz and np.array_equal(Cauto.indices, C.indices)
        assert np.array_equal(C.data, Cauto.data)
        p, i, _ = tocsc64(C)
        T = Cauto.tocsc()
        assert np.array_equal(T.indptr, p) and np.array_equal(T.indices, i)
        for op, f in (
            ("coo.tocsr int64", lambda: tocsr64(rows_n, cols_n, row, col, val)),
            ("csr.tocsc int64", lambda: tocsc64(C)),
            ("coo.tocsr auto(%s)" % Cauto.indices.dtype, lambda: A.tocsr()),
            ("csr.tocsc auto(%s)" % Cauto.indices.dtype, lambda: Cauto.tocsc()),
        ):
            walls, cpus = timeit(f, a.count)
            print(f"{name} {op}: median wall {statistics.median(walls):.4f} s, "
                  f"median cpu {statistics.median(cpus):.4f} s, "
                  f"nnz in {nnz} out {C.nnz}; walls {' '.join(f'{w:.4f}' for w in walls)}", flush=True)


if __name__ == "__main__":
    main()
