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
package csr
