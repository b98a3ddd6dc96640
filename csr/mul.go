package csr

import (
	"fmt"

	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/parallel"
)

// A row loop over the compressed dimension (A x for CSR, Aᵀ x for CSC)
// gathers: each output element is a dot product, computed by the kernels
// SpMV and SpMM. The other direction scatters each entry into the output
// (kernels ScatterAdd and SpMMScatter). Parts run on internal/parallel's
// persistent worker goroutines with their state in a pooled job (run.go),
// so products allocate nothing per call (the benchmarks report allocs/op).

var setting parallel.Setting

// SetWorkers sets how many goroutines a product may use; n <= 0 means
// GOMAXPROCS (the default). It returns the previous setting and is safe to
// call concurrently with products (which read it once per call).
//
// A product split into p parts runs p-1 of them on worker goroutines that
// internal/parallel starts when a loop first needs them and keeps, parked
// when idle, for the life of the process (shared with packages coo, csf
// and convert): as many as the largest split so far needs, less one.
// Lowering the setting leaves them parked; they cost their stacks only.
func SetWorkers(n int) (prev int) {
	return setting.SetWorkers(n)
}

// SetParallelThreshold sets the product size (nonzeros times k, plus rows)
// below which a product runs on the calling goroutine whatever SetWorkers
// allows; work <= 0 restores DefaultParallelThreshold. It returns the
// previous setting (0 for the default) and is safe to call concurrently
// with products.
func SetParallelThreshold(work int) (prev int) {
	return setting.SetMinWork(work)
}

// split is how a product splits its work: the goroutines, and the most
// bytes of private accumulators a scatter product holds. split, products
// and SetWorkers are deliberate twins of coo's (coo/mul.go): each package
// holds its own setting and tuning behind the same shape.
type split struct {
	opts    parallel.Options
	scratch int
}

// products is the split of the public products: the SetWorkers and
// SetParallelThreshold settings and the package's tuning.
func products() split {
	return split{opts: setting.Options(DefaultParallelThreshold), scratch: scatterScratch}
}

// parts returns how many goroutines a product of the given work takes.
func (sp split) parts(work int) int {
	return min(sp.opts.Goroutines(work), maxParts)
}

// The product methods below are deliberate twins of the other formats'
// (coo, csr and prepared, float and quantized): one-line entry points
// that each type's public API names.

// MulVec computes y = A x; len(x) == Cols and len(y) == Rows. It panics
// on other lengths, when y shares memory with x or the values, and on an
// unvalidated matrix. It allocates nothing and may split the work over
// goroutines (the package doc's "Products" says how).
func (a *Matrix[T]) MulVec(y, x []T) { a.MulVecTo(y, 1, x, 0) }

// MulVecTrans computes y = Aᵀ x; len(x) == Rows and len(y) == Cols.
func (a *Matrix[T]) MulVecTrans(y, x []T) { a.MulVecTransTo(y, 1, x, 0) }

// MulVecTo computes y = alpha A x + beta y.
func (a *Matrix[T]) MulVecTo(y []T, alpha T, x []T, beta T) {
	a.mulVec("MulVecTo", false, y, alpha, x, beta)
}

// MulVecTransTo computes y = alpha Aᵀ x + beta y.
func (a *Matrix[T]) MulVecTransTo(y []T, alpha T, x []T, beta T) {
	a.mulVec("MulVecTransTo", true, y, alpha, x, beta)
}

// MulMat computes Y = A X with X cols x k and Y rows x k, row-major. It
// panics on other lengths, when y shares memory with x or the values, and
// on an unvalidated matrix. It allocates nothing and may split the work
// over goroutines (the package doc's "Products" says how).
func (a *Matrix[T]) MulMat(y, x []T, k int) { a.MulMatTo(y, 1, x, k, 0) }

// MulMatTrans computes Y = Aᵀ X with X rows x k and Y cols x k, row-major.
func (a *Matrix[T]) MulMatTrans(y, x []T, k int) { a.MulMatTransTo(y, 1, x, k, 0) }

// MulMatTo computes Y = alpha A X + beta Y.
func (a *Matrix[T]) MulMatTo(y []T, alpha T, x []T, k int, beta T) {
	a.mulMatChecked("MulMatTo", false, y, k, alpha, x, k, k, beta)
}

// MulMatTransTo computes Y = alpha Aᵀ X + beta Y.
func (a *Matrix[T]) MulMatTransTo(y []T, alpha T, x []T, k int, beta T) {
	a.mulMatChecked("MulMatTransTo", true, y, k, alpha, x, k, k, beta)
}

// opDims returns the shape of op(A).
func (a *Matrix[T]) opDims(trans bool) (r, c uint64) {
	if trans {
		return a.cols, a.rows
	}
	return a.rows, a.cols
}

func (a *Matrix[T]) mulVec(name string, trans bool, y []T, alpha T, x []T, beta T) {
	a.mulVecSplit(products(), name, trans, y, alpha, x, beta)
}

// mulVecSplit is mulVec split as sp says.
func (a *Matrix[T]) mulVecSplit(sp split, name string, trans bool, y []T, alpha T, x []T, beta T) {
	a.mustValid()
	r, c := a.opDims(trans)
	if uint64(len(y)) != r || uint64(len(x)) != c {
		panic(fmt.Sprintf("csr: dimension mismatch: %s: len(y)=%d, len(x)=%d for op(A) %dx%d", name, len(y), len(x), r, c))
	}
	a.mustNotOverlap(name, y, x)
	ix := a.ix()
	mulVecRows(sp, &ix, a, trans, y, alpha, x, beta)
}

// mulVecRows computes y = alpha op(A) x + beta y for the matrix with index
// ix and row kernels ops, on operands the caller has checked, split as sp
// says.
func mulVecRows[T Float](sp split, ix *index, ops rowOps[T], trans bool, y []T, alpha T, x []T, beta T) {
	if alpha == 0 {
		dense.Scale(y, beta)
		return
	}
	nnz := len(ix.idx)
	p := sp.parts(nnz + len(ix.ptr))
	if ix.csc == trans {
		// Gather: op(A) row i is stored segment i.
		if p == 1 {
			ops.spmvRows(engine.ShortRows(ix.ptr), y, x, ix.ptr, alpha, beta)
			return
		}
		j := getJob(gatherVec, ix, ops)
		j.y, j.x, j.alpha, j.beta = y, x, alpha, beta
		j.run(j.split(p))
		putJob(j)
		return
	}
	// Scatter: stored segment m contributes to every element of y.
	dense.Scale(y, beta)
	p = dense.ScatterGoroutines(p, len(y), mem.ElemSize[T](), sp.scratch)
	if p == 1 {
		ops.scatterAdd(y, x, ix.ptr, alpha)
		return
	}
	j := getJob(scatterVec, ix, ops)
	b := j.split(p)
	copies := len(b) - 2
	ws := dense.GetAcc[T](copies * len(y))
	j.y, j.x, j.acc, j.alpha = y, x, ws.S, alpha
	j.run(b)
	// Sum the copies into y, split by elements.
	j.kind, j.copies = reduceVec, copies
	j.run(parallel.EvenTo(j.bounds[:0], len(y), min(len(b)-1, sp.parts(copies*len(y)))))
	ws.Put()
	putJob(j)
}

// mulMatChecked checks the shapes of Y = alpha op(A) X + beta Y with leading
// dimensions ldy and ldx, then computes it.
func (a *Matrix[T]) mulMatChecked(name string, trans bool, y []T, ldy int, alpha T, x []T, ldx, k int, beta T) {
	a.mustValid()
	r, c := a.opDims(trans)
	if !dense.Is(len(y), r, k) || !dense.Is(len(x), c, k) {
		panic(fmt.Sprintf("csr: dimension mismatch: %s: len(y)=%d, len(x)=%d, k=%d for op(A) %dx%d", name, len(y), len(x), k, r, c))
	}
	a.mustNotOverlap(name, y, x)
	a.mulMatSplit(products(), trans, y, ldy, alpha, x, ldx, k, beta)
}

// mustNotOverlap panics when a product's output y shares memory with its
// input x or with the matrix's arrays.
func (a *Matrix[T]) mustNotOverlap(name string, y, x []T) {
	if dense.Overlap(y, x) || a.overlaps(y) {
		panic(fmt.Sprintf("csr: %s: y overlaps x or the matrix's values or indices", name))
	}
}

// overlaps reports whether s shares memory with the matrix's values, ptr or
// idx. An output over the indices would change them while the kernels,
// which trust validated indices, read them (two FromBuffers matrices may
// view the same bytes, one's values another's col_idx).
func (a *Matrix[T]) overlaps(s []T) bool {
	return dense.Overlap(s, a.values) || dense.OverlapAny(s, a.ptr, a.idx)
}

// mulMat computes Y = alpha op(A) X + beta Y on strided operands whose
// shapes the caller has checked.
func (a *Matrix[T]) mulMat(trans bool, y []T, ldy int, alpha T, x []T, ldx, k int, beta T) {
	a.mulMatSplit(products(), trans, y, ldy, alpha, x, ldx, k, beta)
}

// mulMatSplit is mulMat split as sp says.
func (a *Matrix[T]) mulMatSplit(sp split, trans bool, y []T, ldy int, alpha T, x []T, ldx, k int, beta T) {
	ix := a.ix()
	mulMatRows(sp, &ix, a, trans, y, ldy, alpha, x, ldx, k, beta)
}

// mulMatRows computes Y = alpha op(A) X + beta Y for the matrix with index
// ix and row kernels ops, on strided operands the caller has checked,
// split as sp says.
func mulMatRows[T Float](sp split, ix *index, ops rowOps[T], trans bool, y []T, ldy int, alpha T, x []T, ldx, k int, beta T) {
	if k == 0 {
		return
	}
	nnz := len(ix.idx)
	if nnz == 0 || alpha == 0 {
		r := ix.rows
		if trans {
			r = ix.cols
		}
		for i := range int(r) {
			dense.Scale(y[i*ldy:i*ldy+k], beta)
		}
		return
	}
	p := sp.parts(nnz*k + len(ix.ptr))
	if ix.csc == trans {
		// Gather. The kernel walks Y's row in register-blocked chunks (64
		// floats or 32 doubles under AVX-512) over all of the row's
		// entries. It does not split X into column panels sized for L2: a
		// strided panel uses a fraction of L2's sets, and a panel packed
		// into a contiguous copy holds one cache line per X row, so each
		// entry is visited k/16 times.
		if p == 1 {
			ops.spmm(0, len(ix.ptr)-1, y, ldy, x, ldx, k, alpha, beta)
			return
		}
		j := getJob(gatherMat, ix, ops)
		j.y, j.ldy, j.x, j.ldx, j.w, j.alpha, j.beta = y, ldy, x, ldx, k, alpha, beta
		j.run(j.split(p))
		putJob(j)
		return
	}
	// Scatter: Y = beta Y, then every stored entry adds a scaled row of X.
	yrows := int(ix.minor())
	for i := range yrows {
		dense.Scale(y[i*ldy:i*ldy+k], beta)
	}
	n := yrows * k
	p = dense.ScatterGoroutines(p, n, mem.ElemSize[T](), sp.scratch)
	if p == 1 {
		ops.spmmScatter(0, len(ix.ptr)-1, y, ldy, x, ldx, k, alpha)
		return
	}
	j := getJob(scatterMat, ix, ops)
	b := j.split(p)
	copies := len(b) - 2
	ws := dense.GetAcc[T](copies * n)
	j.y, j.ldy, j.x, j.ldx, j.w, j.acc, j.alpha = y, ldy, x, ldx, k, ws.S, alpha
	j.run(b)
	// Sum the copies into Y, split by rows. A split into one part (one row
	// holding nearly every entry) made none.
	if copies > 0 {
		j.kind, j.copies = reduceMat, copies
		j.run(parallel.EvenTo(j.bounds[:0], yrows, min(len(b)-1, sp.parts(copies*n))))
	}
	ws.Put()
	putJob(j)
}
