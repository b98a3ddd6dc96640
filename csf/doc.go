// Package csf implements sparse tensors of rank 3 to 64 in Compressed Sparse
// Fiber (CSF) form, a tree with one compressed level per mode, and the
// products of tensor decompositions on it (MTTKRP, TTV, TTM, SDDMM).
//
// The layout is the one of the Hurray format's ADR-025 (tag 0x0A), described
// in the repository's docs/format.md.
//
// # Layout
//
// A CSF tensor is a tree of rank levels. Level L stores logical dimension
// ModeOrder[L] (level 0 is the root, level rank-1 the leaves directly above
// the values). Each level is a compressed (pos, crd) pair: the children of
// node p of level L-1 are crd_L[pos_L[p]:pos_L[p+1]]. The root has pos_0 =
// [0, n_0]. values[i] belongs to leaf i. All pos and crd entries are uint64.
//
// The buffer table, in spec order, is values (buffer 0), then pos_L (buffer
// 2L+1) and crd_L (buffer 2L+2) for every level: 2·rank+1 buffers.
//
// # Invariants (ADR-025 §6)
//
// For every level L: pos_L[0] = 0; pos_L is non-decreasing; its terminal
// entry equals the level's node count (pos_0[1] = n_0, pos_L[n_{L-1}] = n_L,
// n_{rank-1} = nnz); within each parent's segment the crd values strictly
// increase; and 0 <= crd_L[i] < shape[ModeOrder[L]]. ModeOrder is a
// permutation of 0..rank-1, and 3 <= rank <= 64. New and FromBuffers check
// all of them and report the first violation as a *layout.ValidationError
// naming the level, buffer and index.
//
// # Coordinates
//
// Every public coordinate (At, Find, FindBatch, All, products) is in logical
// order, whatever the ModeOrder; only Pos and Crd speak in levels. Lookup is
// ADR-025 §5's per-level descent by binary search.
//
// # Ownership
//
// New adopts the level arrays pos[L] and crd[L] and the values without
// copying them: they are views, and a change through them is the tensor's.
// It copies the small metadata it keeps: the shape, the mode order and the
// lists pos and crd themselves (replacing pos[L] afterwards changes nothing).
// FromBuffers aliases the byte buffers when the host is little-endian and
// each buffer is aligned to its element size, and copies otherwise; it
// copies the shape and the mode order. Pos, Crd, Values and Buffers return
// the stored slices without copying; Shape and ModeOrder return copies.
// Values may be changed in place; a change to Pos or Crd must be followed by
// Validate before the next compute call (it finds what changed, and the
// tensor refuses to compute while it fails). A product run on levels changed
// without it (through these slices, the bytes given to FromBuffers, or
// another product's output over them) reads them as they are: its results
// are undefined, but it never reads or writes outside its slices, and its
// kernels stop at an index out of range with a panic that names their
// family ("kernels: PushHadamard2: index out of range ...").
//
// # Permissive mode
//
// FromBuffers in layout.Permissive mode checks the rank, the buffer count,
// the byte lengths and that no two buffers share memory, and holds the
// buffers without checking the structure. Such a tensor can report its shape and re-emit its buffers
// byte for byte, but every compute call (At, Find, FindBatch, All, products)
// panics with an error matching layout.ErrUnvalidated until Validate passes.
package csf
