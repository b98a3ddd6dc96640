//go:build linux

package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestPushHadamard2GuardPages runs PushHadamard2 in both modes with each
// operand exactly as long as the kernel may touch, against a PROT_NONE page
// on either side, and compares with ref: the deliberate twin of
// TestGatherHadamard2GuardPages (hadamard2_guard_test.go).
func TestPushHadamard2GuardPages(t *testing.T) {
	guardSweepTypes(t, 75, 11, pushHadamard2GuardCase[float32], pushHadamard2F32, pushHadamard2GuardCase[float64], pushHadamard2F64)
}

func pushHadamard2GuardCase[T Float](t *testing.T, rng *rand.Rand, g []*guardRegion, r int, atEnd bool, fam *family[pushHadamard2Func[T]]) {
	t.Helper()
	const nrows, nc = 3, 5
	tr, vals, f, y := guardedTree2Operands[T](rng, g, atEnd, nc, nrows, r)
	ptr, crd, lptr, idx, ycrd := tr.ptr, tr.crd, tr.lptr, tr.idx, tr.ncrd
	above := floatsAt(g[8], r, atEnd, frand[T](rng, r, 0, false))
	for mode := PushLeaves; mode <= PushChildren; mode++ {
		init := frand[T](rng, nrows*r, 0, false)
		desc := fmt.Sprintf("mode=%d r=%d atEnd=%v", mode, r, atEnd)
		forEachTierGuarded(t, fam, g[9], atEnd, init, rtolOf[T]()*float64(4*r), desc, func(k pushHadamard2Func[T], out []T) {
			k(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, int(mode), 0)
		})
	}
}
