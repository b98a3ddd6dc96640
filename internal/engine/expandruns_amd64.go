//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/amd64"

// expandRunsKernel fills runs of dst (stride 1) and returns how many it
// did, stopping after about amd64.MaxRun elements or before a longer run:
// amd64.ExpandRunsAVX2 and amd64.ExpandRunsAVX512.
type expandRunsKernel = func(dst, ptr, vals []uint64, first uint64) int

// shortRuns reports whether the runs average fewer than min4/4 elements:
// then the per-run set-up of the vector fill costs more than the generic
// loop, which writes runs of 0-2 elements without a branch on their length
// (spillRows). minRunAVX2 and minRunAVX512 are where the two fills start to
// pay.
func shortRuns(n int, ptr []uint64, min4 int) bool {
	return 4*n < min4*(len(ptr)-1)
}

// expandRunsFill is the ExpandRuns glue of an amd64 kernel k, taken when
// stride is 1 and the runs average at least minRun/4 elements. Strided
// columns run the generic loop: AVX2 has no scatter, and a strided store
// per element is what the scalar loop already does (AVX-512's scatter is
// not used: the strided store stream is bound by the lines it touches).
//
//go:noinline
func expandRunsFill(k expandRunsKernel, minRun int) func(dst []uint64, stride, off int, ptr, vals []uint64) {
	return func(dst []uint64, stride, off int, ptr, vals []uint64) {
		if stride != 1 || shortRuns(len(dst), ptr, minRun) {
			expandRunsGeneric(dst, stride, off, ptr, vals)
			return
		}
		fillRuns(dst, ptr, vals, k)
	}
}

// fillRuns writes v_r into dst[ptr[r]:ptr[r+1]] (clamped) for every run r,
// where v_r is vals[r], or r when vals is nil. The kernel takes at most
// chunk runs a call and returns after about amd64.MaxRun elements or
// before a longer run, which Go fills here (preemptibly).
func fillRuns(dst, ptr, vals []uint64, k expandRunsKernel) {
	asmPieces(len(ptr)-1, chunk, func(lo, hi int) (int, bool) {
		var v []uint64
		if vals != nil {
			v = vals[lo:hi]
		}
		r := lo + k(dst, ptr[lo:hi+1], v, uint64(lo))
		if r == hi {
			return hi, true
		}
		a, b := clampRange(ptr, r, len(dst))
		if b-a <= amd64.MaxRun {
			return r, true // stopped for the element budget
		}
		x := uint64(r)
		if vals != nil {
			x = vals[r]
		}
		run := dst[a:b]
		for j := range run {
			run[j] = x
		}
		return r + 1, true
	}, func(lo, end int) {
		raceRead(ptr[lo : end+1])
		if vals != nil {
			raceRead(vals[lo:end])
		}
		raceRuns(dst, ptr, lo, end, len(dst), 1, 0)
	})
}
