package coo

import (
	"fmt"
	"unsafe"

	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/parallel"
)

// Products of a rank-2 tensor A (shape rows x cols) with dense row-major
// operands, as in package csr:
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
// Duplicate entries add up. When beta is 0, y is not read; when alpha is 0,
// neither are A and x (y = beta y). y must not share memory with x or with
// the tensor's values, or the call panics. Each entry
// scatters into the output (y is scaled by beta first), in entry order on
// one goroutine; in parallel the entries are split evenly and every
// goroutine but the first accumulates into a pooled private copy of the
// output that is added at the end. The copies of one product hold at most
// max(64 MiB, one copy of the output) whatever the worker count: a larger
// output runs on fewer goroutines, 1 + 64 MiB / the output's bytes (at
// least two). MulVec and MulVecTo of a row-major sorted tensor sum each row's
// entries first (two partial sums) and add alpha times the sum. So results
// for other worker counts, or for the same matrix stored sorted and
// unsorted, agree to rounding, not bit for bit (and the sign of an exact
// zero may differ). A tensor of another rank panics ("coo: products need rank 2"),
// lengths that do not match panic with "coo: dimension mismatch", and an
// unvalidated tensor panics with an error matching layout.ErrUnvalidated.
// For repeated products, convert to CSR: its row loop needs no atomics or
// private buffers and reads half the index bytes.

var setting parallel.Setting

// SetWorkers sets how many goroutines a product may use; n <= 0 means
// GOMAXPROCS (the default). It returns the previous setting.
func SetWorkers(n int) (prev int) {
	return setting.SetWorkers(n)
}

// split is how a product splits its work: the goroutines, and the most
// bytes of private accumulators it holds. split, products and SetWorkers
// are deliberate twins of csr's (csr/mul.go): each package holds its own
// setting and tuning behind the same shape.
type split struct {
	opts    parallel.Options
	scratch int
}

// products is the split of the public products: the SetWorkers setting and
// the package's tuning.
func products() split {
	return split{opts: setting.Options(minParallelWork), scratch: scatterScratch}
}

// The product methods below are deliberate twins of the other formats'
// (coo and csr, float and quantized): one-line entry points that each
// type's public API names.

// MulVec computes y = A x.
func (t *Tensor[T]) MulVec(y, x []T) { t.MulVecTo(y, 1, x, 0) }

// MulVecTrans computes y = Aᵀ x.
func (t *Tensor[T]) MulVecTrans(y, x []T) { t.MulVecTransTo(y, 1, x, 0) }

// MulVecTo computes y = alpha A x + beta y.
func (t *Tensor[T]) MulVecTo(y []T, alpha T, x []T, beta T) {
	t.mulMat(products(), "MulVecTo", false, y, alpha, x, 1, beta, true)
}

// MulVecTransTo computes y = alpha Aᵀ x + beta y.
func (t *Tensor[T]) MulVecTransTo(y []T, alpha T, x []T, beta T) {
	t.mulMat(products(), "MulVecTransTo", true, y, alpha, x, 1, beta, true)
}

// MulMat computes Y = A X with X cols x k and Y rows x k, row-major.
func (t *Tensor[T]) MulMat(y, x []T, k int) { t.MulMatTo(y, 1, x, k, 0) }

// MulMatTrans computes Y = Aᵀ X with X rows x k and Y cols x k.
func (t *Tensor[T]) MulMatTrans(y, x []T, k int) { t.MulMatTransTo(y, 1, x, k, 0) }

// MulMatTo computes Y = alpha A X + beta Y.
func (t *Tensor[T]) MulMatTo(y []T, alpha T, x []T, k int, beta T) {
	t.mulMat(products(), "MulMatTo", false, y, alpha, x, k, beta, false)
}

// MulMatTransTo computes Y = alpha Aᵀ X + beta Y.
func (t *Tensor[T]) MulMatTransTo(y []T, alpha T, x []T, k int, beta T) {
	t.mulMat(products(), "MulMatTransTo", true, y, alpha, x, k, beta, false)
}

func (t *Tensor[T]) mulMat(sp split, name string, trans bool, y []T, alpha T, x []T, k int, beta T, vec bool) {
	t.mustValid()
	r, c, oi, ii := opShape(t.shape, trans)
	checkShapes(name, r, c, y, x, k, vec)
	if dense.Overlap(y, x) || dense.Overlap(y, t.values) || dense.Overlap(y, t.coords) {
		panic(fmt.Sprintf("coo: %s: y overlaps x or the tensor's values or coordinates", name))
	}
	mulEntries(sp, t, len(t.values), t.sorted, y, alpha, x, k, beta, trans, oi, ii)
}

// opShape returns the shape of op(A) for a rank-2 shape and the
// coordinates that give an entry's output row and input row; it panics on
// another rank.
func opShape(shape []uint64, trans bool) (r, c uint64, oi, ii int) {
	if len(shape) != 2 {
		panic(fmt.Sprintf("coo: products need rank 2, tensor has rank %d", len(shape)))
	}
	r, c = shape[0], shape[1]
	oi, ii = 0, 1 // coordinate giving the output row, the input row
	if trans {
		r, c = c, r
		oi, ii = 1, 0
	}
	return r, c, oi, ii
}

// checkShapes panics when y and x do not fit op(A), r x c, with k columns
// (vec: the vector forms).
func checkShapes[T Float](name string, r, c uint64, y, x []T, k int, vec bool) {
	if vec {
		if uint64(len(y)) != r || uint64(len(x)) != c {
			panic(fmt.Sprintf("coo: dimension mismatch: %s: len(y)=%d, len(x)=%d for op(A) %dx%d", name, len(y), len(x), r, c))
		}
	} else if !dense.Is(len(y), r, k) || !dense.Is(len(x), c, k) {
		panic(fmt.Sprintf("coo: dimension mismatch: %s: len(y)=%d, len(x)=%d, k=%d for op(A) %dx%d", name, len(y), len(x), k, r, c))
	}
}

// entryOps is what a product runs on a range of entries: the scatter over
// the values, Tensor's float loop or Quantized's fused-dequantize kernel.
// The split, the private accumulators and their reduction are the same for
// both (mulEntries).
type entryOps[T Float] interface {
	// scatterEntries adds alpha times entries lo..hi-1 times X's input
	// rows into Y's output rows (runs: k = 1 and a row's entries
	// adjacent, summed first).
	scatterEntries(runs bool, y, x []T, k, lo, hi, oi, ii int, alpha T)
}

// scatterEntries is the engine's COOScatter on entries lo..hi-1.
func (t *Tensor[T]) scatterEntries(runs bool, y, x []T, k, lo, hi, oi, ii int, alpha T) {
	engine.COOScatter(runs, y, x, k, t.coords[2*lo:2*hi], t.values[lo:hi], oi, ii, alpha)
}

// mulEntries computes Y = alpha op(A) X + beta Y for nnz entries scattered
// by ops, on operands the caller has checked, split as sp says.
func mulEntries[T Float](sp split, ops entryOps[T], nnz int, sorted bool, y []T, alpha T, x []T, k int, beta T, trans bool, oi, ii int) {
	dense.Scale(y, beta)
	if k == 0 || nnz == 0 || alpha == 0 {
		return
	}
	runs := k == 1 && !trans && sorted // rows are runs of adjacent entries
	p := min(sp.opts.Goroutines(nnz*k+len(y)), maxParts)
	p = dense.ScatterGoroutines(p, len(y), int(unsafe.Sizeof(alpha)), sp.scratch)
	if p == 1 {
		ops.scatterEntries(runs, y, x, k, 0, nnz, oi, ii, alpha)
		return
	}
	j := getJob[T]()
	*j = job[T]{ops: ops, y: y, x: x, k: k, oi: oi, ii: ii, alpha: alpha, runs: runs}
	b := parallel.EvenTo(j.bounds[:0], nnz, p)
	copies := len(b) - 2
	ws := dense.GetAcc[T](copies * len(y))
	j.acc = ws.S
	parallel.Do(b, len(b)-1, j)
	if copies > 0 {
		// Sum the copies into y, split by elements.
		j.copies, j.reduce = copies, true
		rp := min(len(b)-1, sp.opts.Goroutines(copies*len(y)))
		parallel.Do(parallel.EvenTo(j.bounds[:0], len(y), rp), rp, j)
	}
	ws.Put()
	putJob(j)
}

// job is one parallel product, pooled per element type and run as a
// parallel.Body, so that it allocates nothing per call (a closure would).
type job[T Float] struct {
	ops       entryOps[T]
	y, x, acc []T
	k, oi, ii int
	alpha     T
	runs      bool
	copies    int  // private accumulators
	reduce    bool // the parts add the accumulators into y
	bounds    [maxParts + 1]int
}

var jobPools parallel.Pools // one pool per element type

func getJob[T Float]() *job[T] {
	if j, ok := parallel.PoolOf[T](&jobPools).Get().(*job[T]); ok {
		return j
	}
	return new(job[T])
}

func putJob[T Float](j *job[T]) {
	j.ops, j.y, j.x, j.acc = nil, nil, nil, nil
	parallel.PoolOf[T](&jobPools).Put(j)
}

// Part scatters entries lo..hi-1: part 0 into y, part p > 0 into private
// accumulator p-1 (cleared first, on the goroutine that uses it); with
// reduce set, it adds the accumulators into y[lo:hi] instead.
func (j *job[T]) Part(_, part, lo, hi int) {
	if j.reduce {
		dense.Reduce(j.y[lo:hi], j.acc[lo:], len(j.y), j.copies)
		return
	}
	dst := j.y
	if part > 0 {
		dst = j.acc[(part-1)*len(j.y) : part*len(j.y)]
		clear(dst)
	}
	j.ops.scatterEntries(j.runs, dst, j.x, j.k, lo, hi, j.oi, j.ii, j.alpha)
}
