// Package npz reads and writes NumPy .npz archives in the layout of
// scipy.sparse.save_npz (csr, csc, coo), a CSF layout of its own, and dense
// .npy arrays.
//
// # SciPy layout
//
// An .npz file is a zip archive of .npy arrays. save_npz writes:
//
//	format   0-d string, '<U3' or '|S3': "csr", "csc" or "coo"
//	shape    (2,) integers
//	data     (nnz,) float32 or float64 (only these are accepted)
//	indptr   (major+1,) int32 or int64   csr/csc
//	indices  (nnz,) int32 or int64       csr/csc
//	row, col (nnz,) int32 or int64       coo
//
// Indices of any integer dtype (<i4, <i8, <u4, <u8, 1-byte) are read and
// converted to uint64; negative entries are errors. Read returns a Sparse
// with Matrix (csr.Matrix, CSR or CSC) or COO set. The writers emit int64
// indices, little-endian, .npy version 1.0, stored (or deflated with
// WriteOptions.Compress); scipy.sparse.load_npz reads them.
//
// SciPy allows CSR/CSC matrices whose indices are unsorted within a row, or
// repeated (its "non-canonical" form). This package's constructors do not, so
// Read canonicalises such input: it sorts each row's (column's) indices and
// sums duplicates, and says so in Info (Canonicalized, Unsorted,
// Duplicates). COO input keeps its duplicates, as COO allows them.
//
// # CSF layout
//
// A CSF tensor of rank r is written as the arrays
//
//	format       0-d '<U3' "csf"
//	shape        (r,) int64, logical dimensions
//	mode_order   (r,) int64, level L stores mode mode_order[L]
//	pos_L, crd_L (.,) int64 for every level L = 0..r-1 (pos_0 = [0, n_0])
//	values       (nnz,) float32 or float64
//
// so that np.load gives every buffer of the ADR-025 layout by name.
//
// # Dense arrays
//
// ReadNPY and WriteNPY handle a plain .npy of float32/float64 (any rank,
// C order; Fortran order is converted to C order on read).
//
// # Strictness and errors
//
// The .npy header is parsed strictly: the magic, version 1.0, 2.0 or 3.0,
// then a Python dict literal with exactly the keys descr, fortran_order and
// shape; descr must be on the allow-list above (big-endian and structured
// dtypes are unsupported); the element count and byte count are computed with
// overflow checks. Inside an .npz, the zip entry's declared uncompressed size
// must equal header plus shape × itemsize before anything is allocated, and
// the data is read through an io.LimitReader into a buffer that grows as
// bytes arrive; Options.MaxBytes caps any one array outright. Every error is a *formats.Error naming the file and the
// array (e.g. "m.npz: array indptr: length 4, want 5 (shape [4 5])");
// errors.Is(err, formats.ErrMalformed) holds, or formats.ErrUnsupported for
// valid but unsupported input.
package npz
