#!/usr/bin/python3
"""SciPy side of the SpMV comparison (single thread, as SciPy's csr_matvec is).

    HURRAY_DUMP=/tmp/hm go test ./bench -run DumpForSciPy
    /usr/bin/python3 bench/scipy_spmv.py /tmp/hm

For M2, M4 and M1 it times y = A @ x for float32 and float64 values, with
SciPy's default int32 indices and with int64 indices (the Hurray layout's
width), and prints the median and minimum of the repeats in ms."""

import sys, timeit, os
import numpy as np
import scipy.sparse as sp

d = sys.argv[1] if len(sys.argv) > 1 else '/tmp/hm'
for name in ['M2', 'M4', 'M1']:
    if not os.path.exists(os.path.join(d, name + '.ptr')):
        continue
    rows, cols = map(int, open(os.path.join(d, name + '.shape')).read().split())
    ptr = np.fromfile(os.path.join(d, name + '.ptr'), dtype='<i8')
    idx = np.fromfile(os.path.join(d, name + '.idx'), dtype='<i8')
    vals = np.fromfile(os.path.join(d, name + '.vals'), dtype='<f8')
    for dt in (np.float32, np.float64):
        for it in (np.int32, np.int64):
            a = sp.csr_matrix((vals.astype(dt), idx.astype(it), ptr.astype(it)), shape=(rows, cols))
            a.indices = a.indices.astype(it)   # the constructor may downcast
            a.indptr = a.indptr.astype(it)
            x = np.random.default_rng(1).uniform(-1, 1, cols).astype(dt)
            n = 20 if name != 'M1' else 5
            ts = np.array(timeit.repeat(lambda: a @ x, number=1, repeat=n)) * 1e3
            print(f'{name} {np.dtype(dt).name} idx={np.dtype(a.indices.dtype).name}: median {np.median(ts):.3f} ms  min {ts.min():.3f} ms  (nnz {a.nnz})')
