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
//	FirstNotBelow       bounds scan, cyclic bounds for COO tuples
//	Max                 largest element
//	ExpandPos           parent index of every child of a level
//	ExpandRuns          one coordinate column from one CSF level
//	ExclusiveScan       exclusive prefix sum (building pos)
//
// Every family has a reference implementation ("ref": short and obviously
// correct, the oracle of the tests), a portable fast one ("generic") and
// assembly for the CPUs that have it ("avx2" and "avx512" on amd64, "neon" on
// arm64). The exported function checks lengths and arguments, panicking on a
// programming error; the implementation behind it checks nothing more, and is
// written to stay memory-safe on malformed index data wherever its doc says so.
//
// # Paths and dispatch
//
// At start-up each family picks the best path the CPU supports and that the
// family implements. The environment variable HURRAY_KERNELS=<path> (ref,
// generic, avx2, avx512, neon; "auto" for the default) or Use forces one path
// for every family; a path that is not in Available is an error (EnvError for
// the variable), never a silent fallback. Active and Families report what runs.
//
// # Build tags
//
// The purego (or noasm) tag removes all assembly: only ref and generic exist.
package kernels
