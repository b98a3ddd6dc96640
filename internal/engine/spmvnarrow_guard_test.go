//go:build linux

package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestSpMVNarrowGuarded runs the narrow SpMV (float32 values, and int8
// codes with a scale a row) of every tier with ptr, the indices, the
// values, x and y against guard pages at either edge, on rows of every
// length from 0 to 140 (passes of 64 entries, single blocks and masked
// tails) with every index in range or a few out of it, and on junk
// pointers: the kernels must touch nothing outside (a fault fails the
// run) and agree with ref.
func TestSpMVNarrowGuarded(t *testing.T) {
	testSpMVNarrowGuarded[uint16](t, spmvNarrowF32U16, qspmvNarrowU16)
	testSpMVNarrowGuarded[uint32](t, spmvNarrowF32U32, qspmvNarrowU32)
}

func testSpMVNarrowGuarded[I Narrow](t *testing.T, ff *family[spmvNarrowFunc[float32, I]], fq *family[qspmvNarrowFunc[I]]) {
	rng := rand.New(rand.NewPCG(71, 72))
	rp, rc, rv, rx, ry, rs := newGuardRegion(t, 512), newGuardRegion(t, 8192), newGuardRegion(t, 8192), newGuardRegion(t, 512), newGuardRegion(t, 512), newGuardRegion(t, 512)
	for trial := range 8 {
		rows := 141
		nx := 1 + rng.IntN(700)
		bad := trial%4 == 1 // a few indices out of range
		atEnd := trial%2 == 0
		p, col, n := guardedStairs(rng, rp, rc, rows, trial >= 6, atEnd, func() I {
			if c := I(rng.IntN(nx)); !bad || rng.IntN(50) != 0 {
				return c
			}
			return I(nx + rng.IntN(3))
		})
		vals := guardSlice[float32](rv, n, atEnd)
		copy(vals, randVals[float32](rng, n, 0, 0))
		codes := guardSlice[int8](rv, n, !atEnd)
		for k := range codes {
			codes[k] = int8(rng.IntN(255) - 127)
		}
		x := guardSlice[float32](rx, nx, !atEnd)
		copy(x, randVals[float32](rng, nx, 0, 0))
		sc := guardSlice[float32](rs, rows, atEnd)
		for i := range sc {
			sc[i] = 0.01 + rng.Float32()
		}
		absX, absV := absAll(x), absAll(vals)
		absC := make([]int8, n)
		for k, c := range codes {
			absC[k] = max(c, -c)
		}
		name := fmt.Sprintf("trial %d", trial)
		forEachTier(t, ff, func(t *testing.T, impl, ref spmvNarrowFunc[float32, I]) {
			want, scale := make([]float32, rows), make([]float32, rows)
			ref(want, x, p, col, vals, 1, 0)
			ref(scale, absX, p, col, absV, 1, 0)
			y := guardSlice[float32](ry, rows, atEnd)
			impl(y, x, p, col, vals, 1, 0)
			checkClose(t, name, y, want, scale)
		})
		forEachTier(t, fq, func(t *testing.T, impl, ref qspmvNarrowFunc[I]) {
			want, scale := make([]float32, rows), make([]float32, rows)
			ref(want, x, p, col, codes, sc, 1, 0)
			ref(scale, absX, p, col, absC, sc, 1, 0)
			y := guardSlice[float32](ry, rows, !atEnd)
			impl(y, x, p, col, codes, sc, 1, 0)
			checkClose(t, name, y, want, scale)
		})
	}
}

// stairPtr is the ptr of rows rows of lengths 0, 1, ..., rows-1.
func stairPtr(rows int) []uint32 {
	ptr := make([]uint32, rows+1)
	for i := 1; i <= rows; i++ {
		ptr[i] = ptr[i-1] + uint32(i-1)
	}
	return ptr
}

// guardedStairs lays out the stairPtr rows of a guard test: the pointers
// in rp (against its end when atEnd) and n indices drawn by idx in rc
// (against the other end). n is the stairs' entry count, or, when corrupt,
// a smaller one drawn from rng with the pointers corrupted (corruptPtr).
func guardedStairs[I Narrow](rng *rand.Rand, rp, rc *guardRegion, rows int, corrupt, atEnd bool, idx func() I) (p []uint32, col []I, n int) {
	ptr := stairPtr(rows)
	n = int(ptr[rows])
	if corrupt {
		n = rng.IntN(n)
		corruptPtr(rng, ptr, n)
	}
	p = guardSlice[uint32](rp, len(ptr), atEnd)
	copy(p, ptr)
	col = guardSlice[I](rc, n, !atEnd)
	for k := range col {
		col[k] = idx()
	}
	return p, col, n
}

// corruptPtr replaces every entry of ptr by one drawn from rng: arbitrary,
// n (the entries' count), one past it, or at most n.
func corruptPtr(rng *rand.Rand, ptr []uint32, n int) {
	for i := range ptr {
		ptr[i] = []uint32{rng.Uint32(), uint32(n), uint32(n + 1), uint32(rng.IntN(n + 1))}[rng.IntN(4)]
	}
}
