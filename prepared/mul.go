package prepared

import (
	"fmt"
	"sort"

	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/parallel"
)

var setting parallel.Setting

// SetWorkers sets how many goroutines a product may use; n <= 0 means
// GOMAXPROCS (the default). It returns the previous setting and is safe to
// call concurrently with products (which read it once per call). The
// goroutines are internal/parallel's workers, shared with packages csr,
// coo, csf and convert (csr.SetWorkers says how they live).
func SetWorkers(n int) (prev int) { return setting.SetWorkers(n) }

// SetParallelThreshold sets the product size (entries times k, plus
// rows) below which a product runs on the calling goroutine; work <= 0
// restores DefaultParallelThreshold. It returns the previous setting (0
// for the default) and is safe to call concurrently with products.
func SetParallelThreshold(work int) (prev int) { return setting.SetMinWork(work) }

// parts returns how many goroutines a product of the given work takes.
func parts(work int) int {
	return min(setting.Options(DefaultParallelThreshold).Goroutines(work), maxParts)
}

// The product methods below are deliberate twins of the other formats'
// (coo, csr and prepared, float and quantized): one-line entry points
// that each type's public API names.

// MulVec computes y = A x; len(x) == Cols and len(y) == Rows. It panics
// ("prepared: dimension mismatch: ...") on other lengths and when y shares
// memory with x. It allocates nothing per call (a parallel scatter takes
// its private accumulators from a pool), may split the work over
// goroutines (the package doc's "Products" says how) and may run
// concurrently with other products on m.
func (m *Matrix[T]) MulVec(y, x []T) { m.MulVecTo(y, 1, x, 0) }

// MulVecTrans computes y = Aᵀ x; len(x) == Rows and len(y) == Cols, with
// the panics, allocation and concurrency of MulVec.
func (m *Matrix[T]) MulVecTrans(y, x []T) { m.MulVecTransTo(y, 1, x, 0) }

// MulVecTo computes y = alpha A x + beta y, with the shapes, panics,
// allocation and concurrency of MulVec. With alpha = 0 it reads no x and
// only scales y by beta (beta = 0 zeroes y, NaNs included).
func (m *Matrix[T]) MulVecTo(y []T, alpha T, x []T, beta T) {
	m.mulVec("MulVecTo", false, y, alpha, x, beta)
}

// MulVecTransTo computes y = alpha Aᵀ x + beta y, with the shapes of
// MulVecTrans and the panics, allocation and concurrency of MulVec.
func (m *Matrix[T]) MulVecTransTo(y []T, alpha T, x []T, beta T) {
	m.mulVec("MulVecTransTo", true, y, alpha, x, beta)
}

// MulMat computes Y = A X with X cols x k and Y rows x k, row-major
// (len(x) == Cols·k, len(y) == Rows·k). It panics on other lengths and
// when y shares memory with x; k = 0 does nothing. Allocation and
// concurrency are those of MulVec.
func (m *Matrix[T]) MulMat(y, x []T, k int) { m.MulMatTo(y, 1, x, k, 0) }

// MulMatTrans computes Y = Aᵀ X with X rows x k and Y cols x k,
// row-major, with the panics, allocation and concurrency of MulMat.
func (m *Matrix[T]) MulMatTrans(y, x []T, k int) { m.MulMatTransTo(y, 1, x, k, 0) }

// MulMatTo computes Y = alpha A X + beta Y, with the shapes, panics,
// allocation and concurrency of MulMat.
func (m *Matrix[T]) MulMatTo(y []T, alpha T, x []T, k int, beta T) {
	m.mulMat("MulMatTo", false, y, alpha, x, k, beta)
}

// MulMatTransTo computes Y = alpha Aᵀ X + beta Y, with the shapes of
// MulMatTrans and the panics, allocation and concurrency of MulMat.
func (m *Matrix[T]) MulMatTransTo(y []T, alpha T, x []T, k int, beta T) {
	m.mulMat("MulMatTransTo", true, y, alpha, x, k, beta)
}

// opDims returns the shape of op(A).
func (f *form) opDims(trans bool) (r, c uint64) {
	if trans {
		return f.cols, f.rows
	}
	return f.rows, f.cols
}

func (m *Matrix[T]) mulVec(name string, trans bool, y []T, alpha T, x []T, beta T) {
	mulVec(&m.f, m, name, trans, y, alpha, x, beta)
}

func (m *Matrix[T]) mulMat(name string, trans bool, y []T, alpha T, x []T, k int, beta T) {
	mulMat(&m.f, m, name, trans, y, alpha, x, k, beta)
}

// mulVec checks the operands of the vector product name of op(A), A the
// form f with the kernels o, and runs it.
func mulVec[T Float](f *form, o ops[T], name string, trans bool, y []T, alpha T, x []T, beta T) {
	r, c := f.opDims(trans)
	if uint64(len(y)) != r || uint64(len(x)) != c {
		panic(fmt.Sprintf("prepared: dimension mismatch: %s: len(y)=%d, len(x)=%d for op(A) %dx%d", name, len(y), len(x), r, c))
	}
	if dense.Overlap(y, x) {
		panic(fmt.Sprintf("prepared: %s: y overlaps x", name))
	}
	if alpha == 0 || f.nnz() == 0 && f.csc != trans {
		dense.Scale(y, beta)
		return
	}
	kind := scatterVec
	if f.csc == trans {
		kind = gatherVec
	}
	run(f, o, o, kind, y, x, 1, alpha, beta)
}

// mulMat is mulVec for the matrix products, X and Y of k columns.
func mulMat[T Float](f *form, o ops[T], name string, trans bool, y []T, alpha T, x []T, k int, beta T) {
	r, c := f.opDims(trans)
	if !dense.Is(len(y), r, k) || !dense.Is(len(x), c, k) {
		panic(fmt.Sprintf("prepared: dimension mismatch: %s: len(y)=%d, len(x)=%d, k=%d for op(A) %dx%d", name, len(y), len(x), k, r, c))
	}
	if dense.Overlap(y, x) {
		panic(fmt.Sprintf("prepared: %s: y overlaps x", name))
	}
	if k == 0 {
		return
	}
	if alpha == 0 || f.nnz() == 0 {
		dense.Scale(y, beta)
		return
	}
	kind := scatterMat
	if f.csc == trans {
		kind = gatherMat
	}
	run(f, o, o, kind, y, x, k, alpha, beta)
}

// gatherer runs the gather kernel of one block on compressed rows lo..hi-1
// (within the block's rows), as the values of the form hold them: float
// values (Matrix) or int8 codes with row scales (Quantized).
type gatherer[T Float] interface {
	gather(f *form, b *block, lo, hi int, y, x []T, alpha, beta T)
}

// ops is a gatherer with the other kernels of the float products.
type ops[T Float] interface {
	gatherer[T]
	scatter(f *form, b *block, lo, hi int, y, x []T, alpha T)
	gatherMat(f *form, b *block, lo, hi int, y, x []T, k int, alpha, beta T)
	scatterMat(f *form, b *block, lo, hi int, y, x []T, k int, alpha T)
}

// rowPtr returns the pointers of rows lo..hi-1 of block b.
func (f *form) rowPtr(b *block, lo, hi int) []uint32 {
	return f.ptr[b.p0+lo-b.r0 : b.p0+hi-b.r0+1]
}

func (m *Matrix[T]) gather(f *form, b *block, lo, hi int, y, x []T, alpha, beta T) {
	xs := x[b.c0 : b.c0+b.cw]
	f.parts(b, lo, hi, func(i, j int, p []uint32, e0, e1 int, c16 []uint16, c32 []uint32) {
		v := m.vals[e0:e1]
		switch {
		case b.sums != 0 && beta == 0 && c32 != nil:
			// The form's pointers are non-decreasing within the block.
			engine.SpMVShortUnchecked(y[i:j], xs, p, c32, v, int(b.sums), alpha)
		case b.sums != 0 && beta == 0:
			engine.SpMVShortUnchecked(y[i:j], xs, p, c16, v, int(b.sums), alpha)
		case c32 != nil:
			engine.SpMVNarrow(y[i:j], xs, p, c32, v, alpha, beta)
		default:
			engine.SpMVNarrow(y[i:j], xs, p, c16, v, alpha, beta)
		}
	})
}

func (m *Matrix[T]) scatter(f *form, b *block, lo, hi int, y, x []T, alpha T) {
	ys := y[b.c0 : b.c0+b.cw]
	f.parts(b, lo, hi, func(i, j int, p []uint32, e0, e1 int, c16 []uint16, c32 []uint32) {
		if c32 != nil {
			engine.ScatterAddNarrow(ys, x[i:j], p, c32, m.vals[e0:e1], alpha)
		} else {
			engine.ScatterAddNarrow(ys, x[i:j], p, c16, m.vals[e0:e1], alpha)
		}
	})
}

func (m *Matrix[T]) gatherMat(f *form, b *block, lo, hi int, y, x []T, k int, alpha, beta T) {
	xs := x[b.c0*k : (b.c0+b.cw)*k]
	f.parts(b, lo, hi, func(i, j int, p []uint32, e0, e1 int, c16 []uint16, c32 []uint32) {
		if c32 != nil {
			engine.SpMMNarrowUnchecked(y[i*k:j*k], k, xs, k, k, p, c32, m.vals[e0:e1], alpha, beta)
		} else {
			engine.SpMMNarrowUnchecked(y[i*k:j*k], k, xs, k, k, p, c16, m.vals[e0:e1], alpha, beta)
		}
	})
}

func (m *Matrix[T]) scatterMat(f *form, b *block, lo, hi int, y, x []T, k int, alpha T) {
	ys := y[b.c0*k : (b.c0+b.cw)*k]
	f.parts(b, lo, hi, func(i, j int, p []uint32, e0, e1 int, c16 []uint16, c32 []uint32) {
		if c32 != nil {
			engine.SpMMScatterNarrowUnchecked(ys, k, x[i*k:j*k], k, k, p, c32, m.vals[e0:e1], alpha)
		} else {
			engine.SpMMScatterNarrowUnchecked(ys, k, x[i*k:j*k], k, k, p, c16, m.vals[e0:e1], alpha)
		}
	})
}

// jobKind is what a part of a product does. It is a deliberate twin of
// package csr's jobKind (run.go): each package's jobs hold its own operand.
type jobKind uint8

const (
	gatherVec jobKind = iota
	scatterVec
	gatherMat
	scatterMat
	reduce // add the private accumulators into y, split by elements
)

// job is one product: what every part needs, pooled per element type so
// that a product allocates nothing.
type job[T Float] struct {
	kind        jobKind
	f           *form
	g           gatherer[T]
	ops         ops[T] // nil for a product that only gathers
	y, x, acc   []T
	k           int // columns of X and Y (1 for a vector)
	n           int // elements of the output (of one accumulator)
	copies      int
	alpha, beta T
	bounds      [maxParts + 1]int
}

var jobPools parallel.Pools

// run computes the product kind on operands the caller has checked.
// g runs the gathers; o, when the product scatters or multiplies a matrix,
// the rest.
func run[T Float](f *form, g gatherer[T], o ops[T], kind jobKind, y, x []T, k int, alpha, beta T) {
	p := parts(f.nnz()*k + f.nr)
	gather := kind == gatherVec || kind == gatherMat
	if p == 1 && gather {
		// One part: the rows on the calling goroutine, with no pooled job,
		// no split and no dispatch (the fixed cost of a product of a few µs).
		j := job[T]{kind: kind, f: f, g: g, ops: o, y: y, x: x, k: k, n: len(y), alpha: alpha, beta: beta}
		j.Part(0, 0, 0, f.nr)
		return
	}
	j, ok := parallel.PoolOf[T](&jobPools).Get().(*job[T])
	if !ok {
		j = new(job[T])
	}
	*j = job[T]{kind: kind, f: f, g: g, ops: o, y: y, x: x, k: k, n: len(y), alpha: alpha, beta: beta}
	if gather {
		// Ranges of rows go to the goroutines as each finishes its last, so
		// that one slowed by another tenant of its core takes fewer.
		ranges := p
		if p > 1 {
			ranges = min(p*gatherShares, maxParts)
		}
		parallel.Do(j.split(ranges), p, j)
	} else {
		dense.Scale(y, beta)
		p = dense.ScatterGoroutines(p, len(y), mem.ElemSize[T](), scatterScratch)
		b := j.split(p)
		if len(b) <= 2 {
			parallel.Do(b, len(b)-1, j)
		} else {
			j.copies = len(b) - 2
			ws := dense.GetAcc[T](j.copies * len(y))
			j.acc = ws.S
			parallel.Do(b, len(b)-1, j)
			j.kind = reduce
			b = parallel.EvenTo(j.bounds[:0], len(y), min(len(b)-1, parts(j.copies*len(y))))
			parallel.Do(b, len(b)-1, j)
			ws.Put()
		}
	}
	*j = job[T]{}
	parallel.PoolOf[T](&jobPools).Put(j)
}

// split fills j.bounds with at most p ranges of compressed rows of nearly
// equal entries (a row costs as much as 2 entries), cut at the marks; one
// range for p = 1.
func (j *job[T]) split(p int) []int {
	f := j.f
	b := parallel.SplitPtrTo(j.bounds[:0], f.marks, min(p, maxParts), 2*markStep)
	for i := range b {
		b[i] = min(b[i]*markStep, f.nr)
	}
	return b
}

// Part runs part k: compressed rows lo..hi-1, or outputs lo..hi-1 of a
// reduction.
func (j *job[T]) Part(_, part, lo, hi int) {
	f := j.f
	if j.kind == reduce {
		dense.Reduce(j.y[lo:hi], j.acc[lo:], j.n, j.copies)
		return
	}
	y := j.y
	if part > 0 && (j.kind == scatterVec || j.kind == scatterMat) {
		y = j.acc[(part-1)*j.n : part*j.n]
		clear(y)
	}
	if lo == hi {
		if j.kind == gatherVec || j.kind == gatherMat {
			return
		}
	}
	rb := sort.SearchInts(f.rowBlock, lo+1) - 1
	for ; rb < len(f.rowBlock)-1 && f.rowBlock[rb] < hi; rb++ {
		a, z := max(lo, f.rowBlock[rb]), min(hi, f.rowBlock[rb+1])
		if a >= z {
			continue
		}
		first := f.firstBlock[rb]
		for q := first; q < f.firstBlock[rb+1]; q++ {
			b := &f.blocks[q]
			beta := j.beta
			if q > first {
				beta = 1
			}
			switch j.kind {
			case gatherVec:
				j.g.gather(f, b, a, z, y[a:z], j.x, j.alpha, beta)
			case scatterVec:
				j.ops.scatter(f, b, a, z, y, j.x[a:z], j.alpha)
			case gatherMat:
				j.ops.gatherMat(f, b, a, z, y[a*j.k:z*j.k], j.x, j.k, j.alpha, beta)
			case scatterMat:
				j.ops.scatterMat(f, b, a, z, y, j.x[a*j.k:z*j.k], j.k, j.alpha)
			}
		}
	}
}
