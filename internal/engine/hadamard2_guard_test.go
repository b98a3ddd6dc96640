//go:build linux

package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestGatherHadamard2GuardPages runs GatherHadamard2 in every mode with each
// operand exactly as long as the kernel may touch, against a PROT_NONE page
// on either side, and compares with ref. TestPushHadamard2GuardPages
// (push2_guard_test.go) is its deliberate twin for the push family.
func TestGatherHadamard2GuardPages(t *testing.T) {
	guardSweepTypes(t, 67, 10, gatherHadamard2GuardCase[float32], gatherHadamard2F32, gatherHadamard2GuardCase[float64], gatherHadamard2F64)
}

func gatherHadamard2GuardCase[T Float](t *testing.T, rng *rand.Rand, g []*guardRegion, r int, atEnd bool, f *family[gatherHadamard2Func[T]]) {
	t.Helper()
	const nrows, nc = 3, 5
	tr, vals, x, z := guardedTree2Operands[T](rng, g, atEnd, nc, nrows, r)
	ptr, crd, lptr, idx := tr.ptr, tr.crd, tr.lptr, tr.idx
	for mode := GatherPull; mode <= GatherRows; mode++ {
		sO, cO, sU, rows, outRows := gatherHadamard2Strides(mode, tr, r, nrows)
		yRows := nrows
		if sU == 0 {
			yRows = 1
		}
		y := floatsAt(g[8], yRows*r, atEnd, frand[T](rng, yRows*r, 0, false))
		init := frand[T](rng, outRows*r, 0, false)
		desc := fmt.Sprintf("mode=%d r=%d atEnd=%v", mode, r, atEnd)
		forEachTierGuarded(t, f, g[9], atEnd, init, rtolOf[T]()*float64(r), desc, func(k gatherHadamard2Func[T], out []T) {
			k(out, y, rows, rows, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, 0)
		})
	}
}

// guardTree2 is a random tree of nc nodes (randTree2) whose every other
// leaf and child, and last node, name the last of nrows rows: the row
// against the edge of a guard region. e1 and l1 are the ends of its
// children and leaves.
func guardTree2(rng *rand.Rand, nc, nrows int) (tr tree2, e1, l1 uint64) {
	tr = randTree2(rng, nc, 3, 3, nrows)
	e0 := tr.ptr[0]
	e1 = tr.ptr[nc]
	l0 := tr.lptr[e0]
	l1 = tr.lptr[e1]
	for j := l0; j < l1; j += 2 {
		tr.idx[j] = uint64(nrows - 1)
	}
	for e := e0; e < e1; e += 2 {
		tr.crd[e] = uint64(nrows - 1)
	}
	tr.ncrd[nc-1] = uint64(nrows - 1)
	return tr, e1, l1
}

// guardedTree2Operands is guardedTree2 with two dense operands of nrows
// rows of r random values in g[6] and g[7].
func guardedTree2Operands[T Float](rng *rand.Rand, g []*guardRegion, atEnd bool, nc, nrows, r int) (tr tree2, vals, a, b []T) {
	tr, vals = guardedTree2[T](rng, g, atEnd, nc, nrows)
	a = floatsAt(g[6], nrows*r, atEnd, frand[T](rng, nrows*r, 0, false))
	b = floatsAt(g[7], nrows*r, atEnd, frand[T](rng, nrows*r, 0, false))
	return tr, vals, a, b
}

// guardedTree2 places a guardTree2 in guard regions g[0] to g[4], each
// index array as long as the kernels read it (ptr and ncrd whole, crd and
// lptr up to the last child and its end, idx up to the last leaf), and
// random values for its leaves in g[5].
func guardedTree2[T Float](rng *rand.Rand, g []*guardRegion, atEnd bool, nc, nrows int) (tree2, []T) {
	tr, e1, l1 := guardTree2(rng, nc, nrows)
	at := tree2{
		ptr:  g[0].at(nc+1, atEnd, tr.ptr),
		crd:  g[1].at(int(e1), atEnd, tr.crd[:e1]),
		lptr: g[2].at(int(e1)+1, atEnd, tr.lptr[:e1+1]),
		idx:  g[3].at(int(l1), atEnd, tr.idx[:l1]),
		ncrd: g[4].at(nc, atEnd, tr.ncrd),
	}
	return at, floatsAt(g[5], int(l1), atEnd, frand[T](rng, int(l1), 0, false))
}
