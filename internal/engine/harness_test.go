package engine

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
)

// ranTiers records every tier the differential harness ran, for
// HURRAY_TEST_REQUIRE.
var ranTiers sync.Map

// forEachTier runs fn as a subtest for every non-reference tier that family f
// implements and the CPU runs, handing it that implementation and the oracle.
func forEachTier[F any](t *testing.T, f *family[F], fn func(t *testing.T, impl, ref F)) {
	t.Helper()
	for tr := tierGeneric; tr < numTiers; tr++ {
		if !f.has[tr] {
			continue
		}
		t.Run("impl="+tr.String(), func(t *testing.T) {
			if !cpuSupports[tr] {
				t.Skipf("CPU lacks %s", tr)
			}
			ranTiers.Store(tr.String(), true)
			fn(t, f.impls[tr], f.impls[tierRef])
		})
	}
}

// TestMain fails the run when HURRAY_TEST_REQUIRE names a tier (comma
// separated) that no differential test ran, so that CI notices a path that was
// silently skipped.
func TestMain(m *testing.M) {
	code := m.Run()
	if req := os.Getenv("HURRAY_TEST_REQUIRE"); req != "" && code == 0 {
		for _, name := range strings.Split(req, ",") {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			if _, ok := ranTiers.Load(name); !ok {
				fmt.Fprintf(os.Stderr, "HURRAY_TEST_REQUIRE: tier %q did not run (available: %v)\n", name, Available())
				code = 1
			}
		}
	}
	os.Exit(code)
}

// Sizes every kernel is tried on: every length up to four 8-lane vectors
// plus three, then larger odd sizes.
func testSizes() []int {
	var s []int
	for n := 0; n <= 4*8+3; n++ {
		s = append(s, n)
	}
	return append(s, 63, 64, 65, 127, 255, 1000, 4099)
}

// offsets: sub-slices starting at these element offsets test unaligned data.
var testOffsets = []int{0, 1, 3}

// unaligned returns a slice of n elements that starts off elements into a
// larger allocation.
func unaligned(n, off int) []uint64 {
	return make([]uint64, n+off)[off:]
}

// sortedKeys returns n sorted values drawn from a distribution chosen by
// kind: small with duplicates, spread, or near 2^64.
func sortedKeys(rng *rand.Rand, n, off, kind int) []uint64 {
	s := unaligned(n, off)
	var v uint64
	switch kind {
	case 0: // small steps with duplicates
		for i := range s {
			v += uint64(rng.IntN(3))
			s[i] = v
		}
	case 1: // spread
		for i := range s {
			v += 1 + uint64(rng.IntN(1000))
			s[i] = v
		}
	default: // near 2^64-1 (catches signed compares)
		v = ^uint64(0) - uint64(3*n) - 5
		for i := range s {
			v += uint64(rng.IntN(3))
			s[i] = v
		}
	}
	return s
}

// probeKeys returns keys below, inside, between and above s, plus 0 and
// 2^64-1.
func probeKeys(rng *rand.Rand, s []uint64) []uint64 {
	keys := []uint64{0, 1, ^uint64(0), ^uint64(0) - 1, 1 << 63, 1<<63 - 1}
	for _, v := range s {
		keys = append(keys, v, v-1, v+1)
	}
	for range 8 {
		keys = append(keys, rng.Uint64())
	}
	return keys
}

// randPos returns a random non-decreasing pos of nparent+1 entries starting
// at 0, with empty segments, and the total.
func randPos(rng *rand.Rand, nparent, maxSeg int) []uint64 {
	pos := make([]uint64, nparent+1)
	for p := 1; p <= nparent; p++ {
		step := 0
		if rng.IntN(4) != 0 {
			step = rng.IntN(maxSeg + 1)
		}
		pos[p] = pos[p-1] + uint64(step)
	}
	return pos
}

// randLevel returns crd for pos with strictly increasing values per segment;
// kind selects small values, spread values or values near 2^64.
func randLevel(rng *rand.Rand, pos []uint64, kind int) []uint64 {
	crd := make([]uint64, pos[len(pos)-1])
	for p := 0; p+1 < len(pos); p++ {
		var v uint64
		switch kind {
		case 0:
			v = uint64(rng.IntN(4))
		case 1:
			v = uint64(rng.IntN(1 << 20))
		default:
			v = ^uint64(0) - uint64(3*(pos[p+1]-pos[p])) - 10
		}
		for j := pos[p]; j < pos[p+1]; j++ {
			crd[j] = v
			v += 1 + uint64(rng.IntN(3))
		}
	}
	return crd
}

// forEachSpMV is forEachTier over both SpMV families of one element type,
// the long-row one (spmv) and the short-row one (spmv1), which must each
// agree with ref on any matrix.
func forEachSpMV[T Float](t *testing.T, long, short *family[spmvFunc[T]], fn func(t *testing.T, impl, ref spmvFunc[T])) {
	t.Helper()
	for _, f := range []*family[spmvFunc[T]]{long, short} {
		t.Run("family="+f.name, func(t *testing.T) { forEachTier(t, f, fn) })
	}
}

// forEachSpMMTier is forEachTier for the SpMM families, handing fn each
// implementation as a kernel on whole matrices: the rows of ptr are the
// whole matrix the path chooses its kernel for.
func forEachSpMMTier[T Float](t *testing.T, f *family[spmmFunc[T]], fn func(t *testing.T, impl, ref spmmRowsFunc[T])) {
	t.Helper()
	whole := func(p spmmFunc[T]) spmmRowsFunc[T] {
		return func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
			rows := len(ptr) - 1
			p(rows, int(ptr[rows]-ptr[0]), y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
		}
	}
	forEachTier(t, f, func(t *testing.T, impl, ref spmmFunc[T]) { fn(t, whole(impl), whole(ref)) })
}
