// Package convert converts between the sparse layouts: COO to CSR, CSC and
// CSF (any mode order), CSF to COO and to CSF with another mode order (Reorder),
// CSR and CSC to each other and to COO.
//
// # Duplicates and zeros
//
// COO may hold the same coordinate more than once; the compressed layouts may
// not. By default duplicates are summed, in input order (so the sum is the
// same bits whatever the worker count); Options selects keeping the last one
// or rejecting the input with an error naming the coordinate. Stored zeros are
// entries like any other: they are kept, never dropped.
//
// # Algorithms
//
// COO to CSF sorts the tuples in level order by an LSD radix sort that
// carries a uint32 permutation (values follow it): on a packed 64-bit key
// when the level bit widths (ceil(log2(shape[m])) summed) fit in 64, else
// one stable radix sort per 64-bit group of levels, least significant group
// first. Input already sorted in level order (checked in one early-exit
// pass) is not sorted. Then one counting pass and one filling pass build
// every level's pos and crd at once. COO to CSR/CSC is a counting sort on
// the compressed mode (per-worker histograms, prefix sum, stable scatter of
// (minor, input index) packed in 64 bits) followed by a per-row sort of
// those packed words (insertion sort for short rows); CSR to CSC is a
// counting transpose. CSF to COO expands the tree in cache-sized blocks of
// leaves. Reorder packs each leaf's key directly from the tree and sorts it,
// without a COO copy, when the key fits 64 bits.
//
// Every step that pays runs on Options.Workers goroutines (0 = GOMAXPROCS);
// results are bit-identical whatever the worker count.
//
// Limits: COO inputs with 2^32 or more entries, and matrices with more than
// 2^32 columns (rows for CSC) or more rows (columns) than 4×nnz+2^24, take
// the simple comparison-sort path.
//
// # Memory
//
// Peak extra bytes (besides the input and the output) per nonzero:
// COO to CSF 24 (two 8-byte key arrays, two 4-byte permutations; none when
// the input is already sorted), plus 2048 words per worker; COO to CSR/CSC
// 8 per nonzero plus 8×Workers per row (column); CSR to CSC 8×Workers per
// column; CSF to COO the leaf pointers of the levels above the last two (at
// most 8 per node); Reorder 24 per nonzero plus those leaf pointers. The
// outputs hold at least 12 bytes per nonzero (float32) or 16 (float64), so
// the extra stays within twice the output.
//
// # Results and reuse
//
// Every result is a validated structure. The plain forms return new
// structures that share no memory with the input. The ...To forms take a
// previous result as dst and a *Workspace: they reuse dst's buffers and the
// workspace's scratch when large enough, so repeated conversions of
// similar sizes allocate no per-nonzero memory (only the result's small
// header). After such a call dst must no longer be used (its buffers now
// belong to the result), and dst must not share memory with the input.
package convert

import (
	"fmt"

	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/layout"
)

// Float is the element type constraint: float32 or float64.
type Float = kernels.Float

// Duplicates says what a conversion does with repeated coordinates.
type Duplicates uint8

const (
	// Sum adds the values of repeated coordinates (the default).
	Sum Duplicates = iota
	// KeepLast keeps the value of the last occurrence in input order.
	KeepLast
	// Reject fails with an error naming the first repeated coordinate.
	Reject
)

// Options tunes a conversion. The zero value sums duplicates and uses
// GOMAXPROCS goroutines.
type Options struct {
	Duplicates Duplicates
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
}

// ErrDuplicate is matched by the error of a conversion that rejects a
// repeated coordinate.
var ErrDuplicate = fmt.Errorf("duplicate coordinate: %w", layout.ErrInvalid)

// Workspace holds the scratch buffers of conversions so that repeated calls
// reuse them. The zero value is ready to use. A Workspace must not be used
// by two conversions at once.
type Workspace struct {
	keys, keys2 []uint64
	pa, pb      []uint32
	hist        []int
	cnt         []uint64
	ptr2        []uint64
	aux         []uint64
	coords      []uint64
	vals        any
	va, vb      any
}

func identity(r int) []uint32 {
	o := make([]uint32, r)
	for i := range o {
		o[i] = uint32(i)
	}
	return o
}
