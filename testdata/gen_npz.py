"""Writes the small .npz/.npy files in testdata with SciPy and NumPy.

Run from testdata/ with Debian's python3-scipy: /usr/bin/python3 gen_npz.py
The matrix is a fixed 4x5 example; expected values are in formats/npz tests.
"""
import numpy as np
import scipy.sparse as sp

dense = np.array([[1.0, 0, 2, 0, 0],
                  [0, 0, 0, 0, 0],
                  [0, -3.5, 0, 4, 0],
                  [5, 0, 0, 0, 0.25]])
for idx in (np.int32, np.int64):
    name = "i32" if idx == np.int32 else "i64"
    for fmt in ("csr", "csc", "coo"):
        m = sp.coo_matrix(dense).asformat(fmt)
        if fmt == "coo":
            m.row = m.row.astype(idx); m.col = m.col.astype(idx)
        else:
            m.indices = m.indices.astype(idx); m.indptr = m.indptr.astype(idx)
        sp.save_npz(f"scipy_{fmt}_{name}.npz", m, compressed=(idx == np.int64))

# Non-canonical CSR: row 0 unsorted, row 2 with a duplicate (3.0 + 1.0 at column 3).
data = np.array([2.0, 1.0, -3.5, 3.0, 1.0, 5.0, 0.25])
indices = np.array([2, 0, 1, 3, 3, 0, 4], dtype=np.int32)
indptr = np.array([0, 2, 2, 5, 7], dtype=np.int32)
m = sp.csr_matrix((data, indices, indptr), shape=(4, 5))
assert not m.has_canonical_format
sp.save_npz("scipy_csr_noncanonical.npz", m, compressed=False)

np.save("dense_c.npy", np.arange(6, dtype=np.float64).reshape(2, 3))
np.save("dense_f.npy", np.asfortranarray(np.arange(24, dtype=np.float32).reshape(2, 3, 4)))
