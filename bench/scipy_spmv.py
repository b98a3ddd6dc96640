#!/usr/bin/python3
"""SciPy side of the SpMV comparison (single thread, as SciPy's csr_matvec is).

    HURRAY_DUMP=/tmp/hm go test ./bench -run DumpForSciPy     (M2, M4, M1)
or  go run ./cmd/hurray bench --export /tmp/hm --matrices M1,M2,M3,M4  (.npz)
    /usr/bin/python3 bench/scipy_spmv.py /tmp/hm [M2,M4,M1,M3] [int64]

For each matrix it times y = A @ x for float32 and float64 values, with
SciPy's default int32 indices and with int64 indices (the Hurray layout's
width; the third argument keeps only these), and prints the median and
minimum wall time and the median thread CPU time (time.thread_time, the
counterpart of the Go benchmarks' cpu-ns/op) of the repeats in ms."""

import sys, time, os
import numpy as np
import scipy.sparse as sp

d = sys.argv[1] if len(sys.argv) > 1 else '/tmp/hm'
names = sys.argv[2].split(',') if len(sys.argv) > 2 else ['M2', 'M4', 'M1']
widths = (np.int64,) if len(sys.argv) > 3 and sys.argv[3] == 'int64' else (np.int32, np.int64)
for name in names:
    npz = os.path.join(d, name + '.npz')
    if os.path.exists(npz):
        m = sp.load_npz(npz).tocsr()
        rows, cols = m.shape
        ptr, idx, vals = m.indptr, m.indices, m.data
    elif os.path.exists(os.path.join(d, name + '.ptr')):
        rows, cols = map(int, open(os.path.join(d, name + '.shape')).read().split())
        ptr = np.fromfile(os.path.join(d, name + '.ptr'), dtype='<i8')
        idx = np.fromfile(os.path.join(d, name + '.idx'), dtype='<i8')
        vals = np.fromfile(os.path.join(d, name + '.vals'), dtype='<f8')
    else:
        continue
    for dt in (np.float32, np.float64):
        for it in widths:
            a = sp.csr_matrix((vals.astype(dt), idx.astype(it), ptr.astype(it)), shape=(rows, cols))
            a.indices = a.indices.astype(it)   # the constructor may downcast
            a.indptr = a.indptr.astype(it)
            x = np.random.default_rng(1).uniform(-1, 1, cols).astype(dt)
            a @ x  # warm up
            n = 20 if name not in ('M1', 'M3') else 7
            wall, cpu = [], []
            for _ in range(n):
                c0, w0 = time.thread_time_ns(), time.perf_counter_ns()
                a @ x
                w1, c1 = time.perf_counter_ns(), time.thread_time_ns()
                wall.append((w1 - w0) / 1e6)
                cpu.append((c1 - c0) / 1e6)
            wall, cpu = np.array(wall), np.array(cpu)
            print(f'{name} {np.dtype(dt).name} idx={np.dtype(a.indices.dtype).name}: median {np.median(wall):.3f} ms  min {wall.min():.3f} ms  cpu median {np.median(cpu):.3f} ms  (nnz {a.nnz})')
