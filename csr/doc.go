// Package csr implements sparse matrices in compressed sparse row (CSR) and
// column (CSC) form, as SciPy's csr_matrix and csc_matrix store them, with
// their products by dense vectors and matrices and gonum adapters.
//
// One type, Matrix, holds both (the Hurray layout tags 0x08 and 0x09); a CSC
// matrix is stored exactly as the CSR form of its transpose, and T returns
// that transpose as a view without copying.
//
// # Layout
//
// CSR: row_ptr (rows+1 entries, SciPy's indptr) and col_idx (nnz entries,
// SciPy's indices), with values; row i holds col_idx[row_ptr[i]:row_ptr[i+1]].
// CSC swaps the roles: col_ptr (cols+1) and row_idx. The buffer table in spec
// order is values, ptr, idx. Indices are uint64.
//
// # Invariants
//
// The pointer array follows the rule of a CSF level's pos (ADR-025 §6 mirrors
// CSR): it starts at 0, never decreases and ends at nnz. Within each row (CSC:
// column) the indices strictly increase and are below the other dimension.
// New, NewCSC and FromBuffers check them all and report the first violation as
// a *layout.ValidationError; values must number nnz.
//
// # Ownership
//
// Constructors adopt the arrays they are given, the pointers, the indices
// and the values, without copying them: they are views, and a change
// through them is the matrix's (the dimensions are scalars). FromBuffers
// aliases aligned little-endian buffers and copies otherwise. Ptr, Idx,
// Values and Buffers return the stored slices. Values may be changed in
// place; a change to Ptr or Idx must be followed by Validate before the
// next compute call (it finds what changed, and the matrix and its T views
// refuse to compute while it fails). A product run on indices changed
// without it (through these slices, the bytes given to FromBuffers, or
// another product's output over them) reads them as they are: its results
// are undefined, but it never reads or writes outside its slices. The
// kernels skip an index out of range (MulVec and MulVecTrans) or stop at it
// with a panic that names their family ("kernels: SpMM: index out of range
// ...").
//
// # Permissive mode
//
// FromBuffers in layout.Permissive mode holds the buffers unchecked; compute
// calls panic with an error matching layout.ErrUnvalidated until Validate
// passes.
//
// # Products
//
// For a matrix A (CSR or CSC, rows x cols) and dense row-major operands:
//
//	MulVec(y, x)                          y = A x
//	MulVecTrans(y, x)                     y = Aᵀ x
//	MulVecTo(y, alpha, x, beta)           y = alpha A x + beta y
//	MulVecTransTo(y, alpha, x, beta)      y = alpha Aᵀ x + beta y
//	MulMat(y, x, k)                       Y = A X    (X cols x k, Y rows x k)
//	MulMatTrans(y, x, k)                  Y = Aᵀ X   (X rows x k, Y cols x k)
//	MulMatTo(y, alpha, x, k, beta)        Y = alpha A X + beta Y
//	MulMatTransTo(y, alpha, x, k, beta)   Y = alpha Aᵀ X + beta Y
//
// When beta is 0, y is not read (NaN or Inf in it does not propagate), as in
// BLAS. When alpha is 0, A and x are not read either: y = beta y. An
// infinite or NaN alpha is not defined for rows of op(A) without entries.
//
// Lengths must match exactly, or the call panics with "csr: dimension
// mismatch" and the sizes. y must not share memory with x or with the
// matrix's values (the product would read what it has written), or the call
// panics. An unvalidated matrix panics with an error matching
// layout.ErrUnvalidated. Products allocate nothing per call, on one
// goroutine or several, and a validated matrix may be multiplied by several
// goroutines at once into distinct outputs.
//
// Work is split over SetWorkers goroutines (GOMAXPROCS by default) by
// nonzero count; a product with less than about DefaultParallelThreshold
// (SetParallelThreshold) multiply-adds runs on the calling goroutine. The
// products along the compressed dimension (A x for CSR, Aᵀ x for CSC) give
// the same bits for any worker count. The others, run in parallel, give
// every goroutine but the first a private accumulator the size of the
// output, taken from a pool, and add them up at the end, so their results
// for different worker counts agree to rounding (and the sign of an exact
// zero may differ); those accumulators hold at most max(64 MiB, one copy of
// the output) whatever the worker count: a larger output runs on fewer
// goroutines, 1 + 64 MiB / the output's bytes (at least two).
package csr
