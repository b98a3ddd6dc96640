// Package kernels holds the hot loops of hurray-go as functions over plain
// slices, each in several implementations ("paths") chosen at run time.
//
// # Families
//
// Index families (used by validation, lookup and traversal):
//
//	LowerBound          first index with s[i] >= key in a sorted []uint64
//	DescendLevel        one CSF level of a batch of lookups (FindBatch)
//	NonDecreasing       pos / row_ptr monotonicity scan
//	StrictlyIncreasing  crd strictly increasing within each pos segment
//	                    (StrictlyIncreasingBelow with the bound check;
//	                    CheckCompressed with the pos check as well)
//	FirstNotBelow       bounds scan, cyclic bounds for COO tuples
//	Max                 largest element
//	ExpandPos           parent index of every child of a level
//	ExpandRuns          one coordinate column from one CSF level
//	ExclusiveScan       exclusive prefix sum (building pos)
//	CountStarts         keys of a sorted packed-key run that start a node
//	                    at a level (CSF build, TTV regroup: node counts)
//	CompressStarts      those nodes' crd and pos entries (CSF build, TTV
//	                    regroup: the levels above the leaf)
//
// Sparse-dense product families (one family per element type, "spmv.f32" and
// "spmv.f64" and so on):
//
//	SpMV                     CSR row loop: y = alpha A x + beta y
//	ScatterAdd               scatter-add of the transposed product: y += alpha A^T x
//	SpMM                     row loop scaling k-wide rows of X: Y = alpha A X + beta Y
//	SpMMScatter              transposed SpMM: Y += alpha A^T X
//	GatherHadamard(Indexed)  R-wide Hadamard-accumulate over a fiber (MTTKRP, TTM, leaf SpMM)
//	GatherHadamard2          the same over two tree levels in one pass ("hadamard2": MTTKRP
//	                         with the output mode at level N-3 or above)
//	PushHadamard2            the push-down of MTTKRP through two levels in one pass ("push2":
//	                         the output mode at level N-2 or at the leaves)
//	ScatterHadamard(Indexed) scaled-row scatter of a fiber (MTTKRP below the output mode)
//	DotRows                  many dot products of one row against gathered rows (SDDMM)
//
// Families also lists the families that have no function here, which the
// format packages and package prepared call through the engine directly:
// the products over 16- and 32-bit column indices of prepared matrices
// (spmvnarrow, spmvshort, scatteraddnarrow, spmmnarrow, spmmscatternarrow,
// and unpack12, which widens their packed 12-bit offsets)
// and the products and decoding of quantized values (dequantize,
// dequantizei8blocks, qspmv, qspmvnarrow, qspmvnarrowblock, qspmm, and the
// scatters qscatter, qspmmscatter and qcoomul). Use and HURRAY_KERNELS select
// their paths as they do the others'.
//
// Every family has a reference implementation ("ref": short and obviously
// correct, the oracle of the tests), a portable fast one ("generic") and
// assembly for the CPUs that have it ("avx2" and "avx512" on amd64, "neon" on
// arm64). The exported function checks lengths and arguments, panicking on a
// programming error. Every implementation stays memory-safe whatever the
// index data holds: the index and search families clamp segments and skip
// indices out of range, and the product families (SpMM, SpMMScatter,
// DotRows and the Hadamard families) check each index they dereference when
// they read it and panic with the family's message on one out of range. The
// exported product functions also check their index arrays before the
// implementation runs, and panic when the output shares memory with one of
// them, since writing the output would change the indices after the check.
//
// # Rounding
//
// The paths agree with ref to rounding, not bit for bit: to keep several
// multiply-adds in flight they sum in another order (partial sums over
// alternating entries or vector lanes, summed at the end), and the assembly
// fuses a multiply and an add (FMA) where ref rounds twice (on arm64 the Go
// compiler fuses ref's own a*b + c). NaN and Inf reach the same outputs on
// every path. Where the order matters beyond rounding, a path may differ
// from ref: an intermediate sum that overflows on one order and not the
// other; the sign of an exact zero in GatherHadamard's gather-pull mode when
// out holds -0 (the row is summed in two halves that start from out and
// from +0); the tiled SpMM, which scales each column tile's partial sum by
// alpha (an infinite alpha is not tiled: a tile without entries in a row
// would add Inf*0). Rows of SpMV sum from +0 as ref's do, so a row of -0 products is
// +0 on every path and split (tested).
//
// # Paths and dispatch
//
// At start-up each family picks the best path the CPU supports and that the
// family implements. The environment variable HURRAY_KERNELS=<path> (ref,
// generic, avx2, avx512, neon; "auto" for the default) or Use forces one path
// for every family; a path that is not in Available is an error (EnvError for
// the variable), never a silent fallback. Active and Families report what runs.
//
// # Assembly paths
//
// The avx2, avx512 and neon paths run assembly from packages kernels/amd64
// and kernels/arm64 behind small Go wrappers (the glue, in internal/engine).
// The glue hands the assembly whole vectors or blocks and finishes tails in
// Go. It calls the assembly on bounded pieces of a long input (64K
// elements, 1024 DescendLevel queries, a bounded number of rows, nodes or
// runs), because assembly is not preemptible, and in a -race build it tells
// the race detector what each call reads and writes, which the detector
// cannot see by itself. Where assembly does not pay, the path stays in Go:
//
//   - LowerBound calls the assembly at every length on amd64: the call costs
//     about what a three-step search does, and the vector search gains from
//     a few elements on. On neon, LowerBound, NonDecreasing,
//     StrictlyIncreasing, FirstNotBelow, ExpandPos and ExpandRuns run the
//     generic loop below 8 elements (or rows).
//   - ExpandPos and ExpandRuns on amd64 run the generic loop when the runs
//     average fewer than a few elements (the vector fill's set-up per run
//     costs more than the loop's two stores), and ExpandRuns with stride > 1
//     (strided stores gain nothing from vectors without scatter).
//   - FirstNotBelow with cyclic bounds whose tiled pattern, lcm(rank, block),
//     would exceed 512 elements or half the input runs generic.
//   - ScatterAdd has an avx512 kernel, but auto selection keeps avx2: its
//     gather and scatter of y lose to the scalar loop on sparse rows.
//
// Some wrappers pick between kernels of one path by the shape of the input:
//
//   - SpMM and SpMMScatter walk A in column tiles (SpMMTile kernels) when
//     the indexed dense operand is several times L2 and the rows are long,
//     so that the dense rows in use stay in L2; SpMMPart makes that
//     choice from the whole matrix for a caller that splits a product.
//   - SpMV takes matrices whose rows average under two entries through
//     the short-row family spmv1 (SpMV1, eight one-entry rows a step, four
//     under AVX2); SpMVRows lets a caller that splits a product make that
//     choice once for all its parts.
//
// # Build tags
//
// The purego (or noasm) tag removes all assembly: only ref and generic exist.
package kernels
