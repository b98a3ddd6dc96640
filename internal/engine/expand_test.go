package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

const sentinel = 0xDEADBEEFCAFEF00D

// guarded returns a slice of n elements whose capacity holds 8 sentinels.
func guarded(n, off int) []uint64 {
	b := make([]uint64, n+off+8)
	for i := range b {
		b[i] = sentinel
	}
	return b[off : off+n]
}

func TestExpandPos(t *testing.T) {
	forEachTier(t, expandPos, func(t *testing.T, impl, ref func([]uint64, []uint64)) {
		rng := rand.New(rand.NewPCG(15, 16))
		for _, nparent := range []int{0, 1, 2, 3, 4, 5, 8, 9, 17, 33, 100, 1000} {
			for _, maxSeg := range []int{0, 1, 4, 19, 70} {
				for _, off := range testOffsets {
					pos := randPos(rng, nparent, maxSeg)
					n := int(pos[len(pos)-1])
					got, want := guarded(n, off), guarded(n, off)
					impl(got, pos)
					ref(want, pos)
					if !slices.Equal(got[:n+8], want[:n+8]) {
						t.Fatalf("nparent=%d seg=%d off=%d:\ngot  %v\nwant %v", nparent, maxSeg, off, got[:n+8], want[:n+8])
					}
				}
			}
		}
	})
}

func TestExpandRuns(t *testing.T) {
	forEachTier(t, expandRuns, func(t *testing.T, impl, ref func([]uint64, int, int, []uint64, []uint64)) {
		rng := rand.New(rand.NewPCG(17, 18))
		for _, stride := range []int{1, 2, 3, 4, 5, 8} {
			for _, nruns := range []int{0, 1, 2, 3, 7, 8, 9, 31, 200} {
				for _, maxSeg := range []int{0, 1, 3, 11, 50} {
					ptr := randPos(rng, nruns, maxSeg)
					vals := make([]uint64, nruns)
					for i := range vals {
						vals[i] = rng.Uint64()
					}
					rows := int(ptr[nruns])
					off := rng.IntN(stride)
					got, want := guarded(rows*stride, 1), guarded(rows*stride, 1)
					impl(got, stride, off, ptr, vals)
					ref(want, stride, off, ptr, vals)
					if !slices.Equal(got[:rows*stride+8], want[:rows*stride+8]) {
						t.Fatalf("stride=%d off=%d runs=%d seg=%d: mismatch", stride, off, nruns, maxSeg)
					}
				}
			}
		}
	})
}

func TestExclusiveScan(t *testing.T) {
	forEachTier(t, exclusiveScan, func(t *testing.T, impl, ref func([]uint64, []uint64) uint64) {
		rng := rand.New(rand.NewPCG(19, 20))
		for _, n := range testSizes() {
			for _, off := range testOffsets {
				src := unaligned(n, off)
				for i := range src {
					if rng.IntN(4) == 0 {
						src[i] = rng.Uint64() // wraps
					} else {
						src[i] = uint64(rng.IntN(10))
					}
				}
				got, want := guarded(n, off), guarded(n, 0)
				gs, ws := impl(got, src), ref(want, src)
				if gs != ws || !slices.Equal(got[:n+8], want[:n+8]) {
					t.Fatalf("n=%d off=%d: total got %d want %d", n, off, gs, ws)
				}
				// In place.
				in := slices.Clone(src)
				if s := impl(in, in); s != ws || !slices.Equal(in, want[:n]) {
					t.Fatalf("in place n=%d off=%d: mismatch", n, off)
				}
			}
		}
	})
}

func TestKernelPanics(t *testing.T) {
	mustPanic(t, "kernels: ExclusiveScan: length mismatch", func() { ExclusiveScan(make([]uint64, 2), make([]uint64, 3)) })
	mustPanic(t, "kernels: ExpandPos: pos must start at 0 and end at len(dst)", func() { ExpandPos(make([]uint64, 2), []uint64{0, 3}) })
	mustPanic(t, "kernels: ExpandRuns: len(ptr) != len(vals)+1", func() { ExpandRuns(nil, 1, 0, []uint64{0}, []uint64{1}) })
	mustPanic(t, "kernels: ExpandRuns: dst too short", func() { ExpandRuns(make([]uint64, 5), 2, 0, []uint64{0, 3}, []uint64{1}) })
	mustPanic(t, "kernels: StrictlyIncreasing: pos must start at 0 and end at len(crd)", func() { StrictlyIncreasing([]uint64{0, 1}, nil) })
	mustPanic(t, "kernels: FirstNotBelow: no bounds", func() { FirstNotBelow(nil, nil) })
}

// TestExpandUnordered: run bounds out of order (inverted runs, runs that
// overlap) on small outputs, with rows after ptr's last entry for
// ExpandRuns: every path gives the reference loop's result exactly,
// including the rows no run covers (untouched).
func TestExpandUnordered(t *testing.T) {
	forEachTier(t, expandRuns, func(t *testing.T, impl, ref func([]uint64, int, int, []uint64, []uint64)) {
		rng := rand.New(rand.NewPCG(21, 22))
		for range 20000 {
			nruns := 1 + rng.IntN(6)
			ptr := make([]uint64, nruns+1)
			vals := make([]uint64, nruns)
			for i := range ptr {
				ptr[i] = uint64(rng.IntN(7))
			}
			for i := range vals {
				vals[i] = uint64(i + 1)
			}
			rows := int(ptr[nruns]) + rng.IntN(3)
			stride := 1 + rng.IntN(3)
			off := rng.IntN(stride)
			got, want := guarded(rows*stride, 1), guarded(rows*stride, 1)
			impl(got, stride, off, ptr, vals)
			ref(want, stride, off, ptr, vals)
			if !slices.Equal(got[:rows*stride+8], want[:rows*stride+8]) {
				t.Fatalf("ptr %v rows %d stride %d off %d:\ngot  %v\nwant %v", ptr, rows, stride, off, got[:rows*stride], want[:rows*stride])
			}
		}
	})
	forEachTier(t, expandPos, func(t *testing.T, impl, ref func([]uint64, []uint64)) {
		rng := rand.New(rand.NewPCG(23, 24))
		for range 20000 {
			pos := make([]uint64, 2+rng.IntN(6))
			for i := 1; i < len(pos); i++ {
				pos[i] = uint64(rng.IntN(7))
			}
			n := int(pos[len(pos)-1])
			got, want := guarded(n, 1), guarded(n, 1)
			impl(got, pos)
			ref(want, pos)
			if !slices.Equal(got[:n+8], want[:n+8]) {
				t.Fatalf("pos %v:\ngot  %v\nwant %v", pos, got[:n], want[:n])
			}
		}
	})
}
