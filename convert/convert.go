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
// # Cost and concurrency
//
// Every conversion runs in time linear in the entries for inputs whose
// coordinates pack into 64 bits (all but tensors of extreme shapes), skips
// the sort for input already in the target order, and runs on
// Options.Workers goroutines (0 = GOMAXPROCS). Results are bit-identical
// whatever the worker count. COO inputs with 2^32 or more entries, and
// matrices whose two coordinate bit widths sum to more than 64, take a
// slower comparison-sort path.
//
// # Memory
//
// Peak extra bytes (besides the input and the output) per nonzero, for
// float64 (float32):
//
//	COO to CSF       32 (24): two 8-byte key arrays, two value arrays;
//	                 24 when the key needs several groups (two key arrays,
//	                 two uint32 permutations); for input already sorted 8
//	                 (the key array), 0 when the key needs several groups
//	COO to CSR/CSC   32 (24), as COO to CSF; none for input in order
//	                 without duplicates
//	CSR to CSC       none per nonzero: 8 x Workers per column of counts,
//	                 and per worker the largest group of columns it
//	                 scatters (L2/32 entries of 16 (12) bytes on average)
//	                 with 8 bytes of cursor per column of a group
//	CSF to COO       at most 8 per node of the levels above the last two
//	                 (above the last three when the third-lowest has more
//	                 than a node per 8 leaves: it is walked without them)
//	Reorder          24 (20), plus the CSF to COO term, when the new
//	                 order's key fits 64 bits (two key arrays and one
//	                 value array: the values are sorted straight into the
//	                 result's); otherwise it goes through a
//	                 COO copy: 8 x rank + 8 (8 x rank + 4) for the copy,
//	                 plus COO to CSF's 24 for several groups, plus the CSF
//	                 to COO term (rank 3: about 64 (60))
//
// plus 16 KiB per worker of histograms, and for sorts of more than
// L3/16 entries (2M with a 32 MiB L3, at most 3M on Intel) 288 KiB per
// worker of write-combining buffers (pooled across calls).
// A CSF or CSR result holds at least 16 (12) bytes per nonzero, so the
// extra stays within twice the output when few entries are duplicates; the
// scratch is sized by the input's entries, so an input of mostly
// duplicates needs more (a fresh CSR result of it is then copied into
// arrays of its own size). With
// Reject, an input that holds a duplicate is sorted once more by
// the reference path to name the first one in logical order: about ten
// times the conversion's time and 24 more bytes per nonzero, spent only on
// the way to the error.
//
// # Results and reuse
//
// Every result is a valid structure, ready for compute calls. The fast
// paths build it from a validated input and do not scan it again, for
// named element types (a ~float32 or ~float64 type other than float32 and
// float64 themselves) as for the others (the package's tests validate
// every result they build); the reference paths validate through the
// format's constructor. The plain forms return new structures that share
// no memory with the input. The ...To forms take a previous result as dst
// and a *Workspace: they reuse dst's buffers and the workspace's scratch
// when large enough, so repeated conversions of similar sizes allocate no
// per-nonzero memory (only the result's small header). After such a call
// dst must no longer be used (its buffers now belong to the result), and
// it must not share memory with a structure still in use. Two cases are
// handled: a dst that shares memory with the input (dst == the input, say),
// and a dst that holds another tensor's index arrays (a TTV result along
// the leaf mode, a TTVMatrix one along it, an SDDMM result), get fresh
// buffers instead of being written while read.
// # Quantized values
//
// The Q functions (QCOOToCSR, QCOOToCSC, QCSRToCSC, QMatrixToCOO,
// QCOOToCSF, QCSFToCOO, QReorder) convert the quantized structures of
// packages coo, csr and csf, running the float conversions on their index.
// Quantizing a float structure into its quantized twin, and dequantizing
// one back, are the layout packages' Quantize and Dequantize (csr.Quantize,
// coo.Dequantize, ...).
//
// Codes are carried, not re-quantized, wherever the scheme allows: a tensor
// or channel scheme's codes move with their entries (a value's channel is
// its logical coordinate, which no conversion changes) and its parameters
// are copied. A block scheme
// (int8:block, uint8:block, int4, nf4, mxfp4, mxfp8) groups consecutive
// stored values, so its codes can be carried only when the conversion keeps
// the storage order (COO in row-major order to CSR, CSR or CSC to COO, CSF
// to COO, a COO in level order to CSF); a conversion that reorders them
// re-quantizes the dequantized values in the new order, with the same
// scheme, and returns the quant.Report of that re-quantization. A nil
// report says the codes were carried exactly. (Every 4-bit kind is a block
// scheme, so 4-bit codes are carried only in their order; the carrying
// code repacks nibbles all the same.)
//
// Duplicates follow Options.Duplicates: Reject fails as the float
// conversion does; KeepLast keeps the last code (carried, or re-quantized
// for a block scheme, whose blocks it changes); Sum adds the dequantized
// values in float32 (in input order, as the float conversions do) and
// re-quantizes the result, tensor and channel schemes included, since a
// sum need not be a code. Setting QuantOptions.Exact refuses every
// re-quantization with an error matching ErrRequantize instead.
//
// Cost: the index conversion runs on a float64 copy of the positions (8
// bytes a value, and the float conversion's scratch for float64), whose
// result gives the source of every result entry; the codes are then
// gathered in one pass. Re-quantizing adds the dequantized values (4 bytes a
// value, twice) and quant.Quantize's pass. The results share no memory with
// the input.
package convert

// How the conversions work (notes for maintainers; the package doc states
// the contract).
//
// COO to CSF sorts the tuples in level order by a stable radix sort on a
// packed key (the level coordinates, outermost most significant) when the
// level bit widths (ceil(log2(shape[m])) summed) fit in 64 bits; the values
// ride along with the keys, so nothing is gathered at random. Large inputs
// are split on the top digit first (one pass from memory into buckets of
// about 16K entries) and each bucket is then sorted by LSD passes while it
// is in cache. When the key does not fit 64 bits the levels are packed into
// several 64-bit groups and sorted by one stable radix sort per group, least
// significant group first, carrying a uint32 permutation. Input already
// sorted in level order is not sorted at all: packing the 64-bit keys checks
// their order and, while each block of keys is in cache, counts the nodes it
// starts per level (with several groups: coo.IsSorted for the identity
// order, or one early-exit pass). Then one counting pass (skipped when the
// packing counted) and one filling pass build every level's pos and crd,
// one level at a time over blocks of keys in L1.
//
// COO to CSR/CSC is the same radix sort on (major << bits(minor) | minor)
// keys, i.e. a sequence of counting sorts (histogram, prefix sum, stable
// scatter) over at most 2048 buckets each, followed by one pass that writes
// the pointer array, the indices and the merged values: not one counting
// sort straight to the rows, whose scatter to a million rows misses cache
// and TLB on nearly every entry. CSR to CSC is a stable transpose: one
// counting pass (per-worker column histograms, prefix sum, scatter in row
// order) for results that fit half of L3, else two scatters, the first to
// groups of columns and the second, within each group, to the columns in
// cache (transposeBlocked). CSF to COO expands the tree
// in blocks of 256 leaves so that every level writes the block while it is
// in L1, one loop per level and block. Reorder packs each leaf's key
// straight from the tree and sorts it, without a COO copy, when the key
// fits 64 bits.
//
// Every step that pays runs on Options.Workers goroutines (0 = GOMAXPROCS):
// histograms per worker, scatters per worker into disjoint ranges, buckets
// per worker. The CSF expansion, the level build and Reorder's subtree sort
// cut their work into many parts (16 a worker) that the workers take as
// they finish, so that on a machine where one core runs slower than another
// (a shared VM) the faster takes more. Results are bit-identical whatever
// the worker count: every sort is stable and duplicates are combined in
// input order by one worker.
//
// Limits: COO inputs with 2^32 or more entries, and matrices whose two bit
// widths exceed 64 bits, take the simple comparison-sort path.

import (
	"fmt"
	"slices"
	"sync"

	"github.com/hurray-format/hurray-go/internal/parallel"
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
	// Reject fails with an error naming a repeated coordinate, the first in
	// the result's order (whatever the workers), and its two entries.
	Reject
)

// Options tunes a conversion. The zero value sums duplicates and uses
// GOMAXPROCS goroutines.
type Options struct {
	Duplicates Duplicates
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
	// tune holds a test's sizes in place of the package's (nil: defaults).
	tune *tuning
}

// tuning returns the sizes a conversion with o takes.
func (o Options) tuning() *tuning {
	if o.tune != nil {
		return o.tune
	}
	return &defaults
}

// workers returns how many goroutines a step over n elements takes: up to
// opts.Workers, one below the tuning's minParallel.
func workers(opts Options, n int) int {
	return parallel.Options{Workers: opts.Workers, MinWork: opts.tuning().minParallel}.Goroutines(n)
}

// check reports an option out of range (a Duplicates value other than the
// three above) as an error.
func (o Options) check() error {
	if o.Duplicates > Reject {
		return fmt.Errorf("convert: Options.Duplicates = %d: want Sum, KeepLast or Reject", o.Duplicates)
	}
	return nil
}

// ErrDuplicate is matched by the error of a conversion that rejects a
// repeated coordinate.
var ErrDuplicate = fmt.Errorf("duplicate coordinate: %w", layout.ErrInvalid)

// dupError is the error rejecting entries p and q (in input order) of the
// coordinates c of rank r, which repeat one coordinate.
func dupError(c []uint64, r, p, q int) error {
	return fmt.Errorf("convert: coordinate %v at entries %d and %d: %w", c[q*r:q*r+r], p, q, ErrDuplicate)
}

// Workspace holds the scratch buffers of conversions so that repeated calls
// reuse them. The zero value is ready to use. A Workspace must not be used
// by two conversions at once.
type Workspace struct {
	keys, keys2 []uint64 // the sorts' keys and their scratch
	pa, pb      []uint32 // the permutations of sorts by several key groups
	hist        []int    // the sorts' histograms, 1<<radix.MaxWidth a worker
	cnt         []uint64 // the transpose's column counts per part
	aux         []uint64 // leaf pointers (leafPtrs), the transpose's cursors
	coords      []uint64 // Reorder's COO copy, for keys wider than 64 bits
	// Value scratch, as words that any element type may view (valuesIn):
	// a workspace used for float64 and float32 in turn keeps its buffers.
	vals   []uint64
	va, vb []uint64
}

// pooled holds the workspaces of conversions called without one (ws nil),
// so that repeated calls reuse the scratch: a first touch of fresh pages
// costs far more than the conversion's work on them, and the garbage
// collector can still drop a pooled workspace.
var pooled = sync.Pool{New: func() any { return new(Workspace) }}

// scratch returns ws, or when it is nil a pooled workspace, and the function
// that gives a pooled one back once the conversion is done with it. Results
// never hold a workspace's buffers.
func scratch(ws *Workspace) (*Workspace, func()) {
	if ws != nil {
		return ws, func() {}
	}
	p := pooled.Get().(*Workspace)
	return p, func() { pooled.Put(p) }
}

// grow returns s resliced to n elements, reallocating only when its capacity
// is short. The contents are unspecified.
func grow[S ~[]E, E any](s S, n int) S {
	if cap(s) >= n {
		return s[:n]
	}
	return make(S, n)
}

// identity returns the identity mode order of rank r.
func identity(r int) []uint32 {
	o := make([]uint32, r)
	for i := range o {
		o[i] = uint32(i)
	}
	return o
}

// levelOrder checks the input of a conversion to CSF: a validated source
// (valid), a mode order for shape (nil means the identity) and the options.
// It returns a private copy of the mode order.
func levelOrder(valid bool, shape []uint64, modeOrder []uint32, opts Options) ([]uint32, error) {
	if !valid {
		return nil, fmt.Errorf("convert: %w", layout.ErrUnvalidated)
	}
	mo := identity(len(shape))
	if modeOrder != nil {
		mo = slices.Clone(modeOrder)
	}
	if err := (layout.CSF{ModeOrder: mo}).Validate(shape); err != nil {
		return nil, err
	}
	if err := opts.check(); err != nil {
		return nil, err
	}
	return mo, nil
}
