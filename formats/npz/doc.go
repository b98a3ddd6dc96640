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
// # Quantized values
//
// A file of quantized values (package quant's schemes) is the unquantized
// layout's arrays, SciPy's or CSF's, with the codes in place of the values
// and the scheme beside them:
//
//	data (CSF: values)   (⌈nnz·bits/8⌉,) |i1 for int8 codes, |u1 for the others;
//	                     4-bit codes two a byte, the lower-indexed value in the
//	                     low nibble, an odd count padded with a zero nibble
//	quant                0-d '<U<n>': the scheme, every parameter written out
//	                     ("int8:channel:axis=0", "nf4:block=64", "mxfp4")
//	quant_0, quant_1 ... the parameter buffers in table order: float32 scales
//	                     and NF4 absmax as <f4, zero points and E8M0 scales as |u1
//
// np.load gives every array by name; scipy.sparse.load_npz loads an 8-bit
// file's index with the codes as its data (it knows nothing of the scale),
// and refuses a 4-bit one, whose data is shorter than its indices.
// ReadQuantized reads such a file into a coo.Quantized, csr.Quantized or
// csf.Quantized, ReadAny either kind of file, and the WriteQuantized...
// functions write them (with int64 indices, as the float writers).
//
// Reading is strict: the codes are one-byte integers (|i1, |u1, or <i1,
// <u1) of exactly the length the count needs; quant is a spelling quant.Parse
// accepts (an unknown kind is an error matching formats.ErrUnsupported);
// there are exactly as many quant_k arrays as the scheme has parameter
// buffers, each of its dtype and one element a group; and every rule of
// quant.Values.Validate holds (finite positive scales, NF4 absmax finite
// and ≥ 0, no E8M0 or E4M3 NaN, a zero padding nibble, a channel axis below
// the rank). A CSR or CSC file must be canonical (indices strictly
// increasing within a row or column): its codes cannot be reordered or
// summed on read. Every failure names the file, the array and the index
// and value ("q.npz: array quant_0: invalid: csr: buffer 3 (scale)[2]:
// -0.5, want a finite scale > 0"). The memory budget counts the codes and
// the parameter arrays (decoded in the buffers they are read into) and the
// quant string, as it counts the other arrays. Read refuses a quantized
// file, with an error matching formats.ErrUnsupported that names its
// scheme.
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
// overflow checks. Inside an .npz, members must be stored or deflated (as
// NumPy writes them), and before anything is allocated the zip entry's
// declared size must be what its compressed bytes can hold (as many when
// stored, at most 1032 times as many when deflated, within the archive) and
// exactly header plus shape × itemsize. Every error is a *formats.Error
// naming the file and the array (e.g. "m.npz: array indptr: length 4, want
// 5 (shape [4 5])"); errors.Is(err, formats.ErrMalformed) holds, or
// formats.ErrUnsupported for valid but unsupported input, or
// formats.ErrTooLarge for a file over the memory budget.
//
// # Memory budget
//
// One budget, Options.MaxBytes, bounds the memory a read of one file
// allocates. Every allocation whose size comes from the file counts
// against it before it is made, summed over the whole file and never
// credited back, so it bounds the peak and the total alike:
//
//   - each member's .npy header;
//   - each array's buffer: the data is read into it and decoded in place,
//     so it holds the larger of the raw data and the decoded elements
//     (indices widened to 8 bytes an element, values converted to the
//     element type T), and becomes the structure's own array;
//   - the format and quant strings and their decoded copies;
//   - canonicalising a SciPy matrix: the scratch in which an unsorted row
//     (column) is sorted, 16 bytes an entry of the longest such row; the
//     sorting and summing of duplicates is otherwise done in place;
//   - COO's coordinate pairs (16 bytes an entry);
//   - in ReadNPY, the copy a Fortran-order array is reordered into, and the
//     chunks of a stream of unknown size (see ReadNPY).
//
// Not counted are fixed-size bookkeeping (the decompressor's state, the
// structures' headers, per-level slices of at most 64 entries) and the zip
// directory, which archive/zip reads in proportion to the archive's size. Info.AllocBytes reports what a read counted, the smallest budget
// that reads the file.
//
// The default (MaxBytes 0) is DefaultMaxBytes of the file's size: 64 MiB
// plus 64 bytes for every byte of the file, at most half of the memory
// (the machine's, or the Go memory limit, GOMEMLIMIT, when lower). A
// legitimate archive needs a few to a few tens of bytes a byte of file;
// a 600 KB archive whose deflated indices and data claim 2^26 entries
// would need gigabytes, and is refused when the indices' buffer would pass
// the budget, before they are inflated. A read that would pass its budget
// fails with one line naming the file, the array and the budget:
//
//	m.npz: array indices: reading needs 512 MiB in all, over the budget of 102 MiB (Options.MaxBytes)
//
// and errors.Is(err, formats.ErrTooLarge) holds (not ErrMalformed: the file
// may be valid, and a larger budget reads it). A negative MaxBytes means no
// budget but the memory, which also caps a larger positive value.
package npz
