package engine

import (
	"github.com/hurray-format/hurray-go/kernels/amd64"
)

// shortRuns reports whether the runs average fewer than min4/4 elements:
// then the per-run set-up of the vector fill costs more than the generic
// loop, which writes runs of 0-2 elements without a branch on their length
// (spillRows). Measured on 4M elements in runs of uniform random length
// (kernels, ms; generic / avx512 / avx2): lengths 1-2 2.6 / 6.9 / 16.5, 1-3
// 8-10 / 4.8 / 15.5, 1-5 11-14 / 3.9 / 14-15, 1-7 9-11 / 3.1 / 9.3, 1-9
// 8-8.7 / 4.1 / 7.0; and a CSF leaf level's 0-2 (mean 1.1) 13.9 / 33.6 /
// 52 on 16M. Hence minRunAVX512 (1.75) and minRunAVX2 (4.5).
func shortRuns(n int, ptr []uint64, min4 int) bool {
	return 4*n < min4*(len(ptr)-1)
}

// expandRunsAVX2 fills with vector stores when stride is 1; strided columns
// run the generic loop (AVX2 has no scatter, and a strided store per element
// is what the scalar loop already does).
func expandRunsAVX2(dst []uint64, stride, off int, ptr, vals []uint64) {
	if stride != 1 || shortRuns(len(dst), ptr, minRunAVX2) {
		expandRunsGeneric(dst, stride, off, ptr, vals)
		return
	}
	fillRuns(dst, ptr, vals, false)
}

// expandRunsAVX512: as expandRunsAVX2 (a scatter per 8 strided elements was
// not tried; the strided store stream is bound by the lines it touches).
func expandRunsAVX512(dst []uint64, stride, off int, ptr, vals []uint64) {
	if stride != 1 || shortRuns(len(dst), ptr, minRunAVX512) {
		expandRunsGeneric(dst, stride, off, ptr, vals)
		return
	}
	fillRuns(dst, ptr, vals, true)
}

// fillRuns writes v_k into dst[ptr[k]:ptr[k+1]] (clamped) for every run k,
// where v_k is vals[k], or k when vals is nil. The assembly takes at most
// chunk runs per call and returns after about MaxRun elements or before a
// longer run, which Go fills here.
func fillRuns(dst, ptr, vals []uint64, avx512 bool) {
	raceRead(ptr)
	raceRead(vals)
	raceWrite(dst) // conservative: the runs may cover less
	nruns := len(ptr) - 1
	k := 0
	for k < nruns {
		end := min(nruns, k+chunk)
		var v []uint64
		if vals != nil {
			v = vals[k:end]
		}
		var d int
		if avx512 {
			d = amd64.ExpandRunsAVX512(dst, ptr[k:end+1], v, uint64(k))
		} else {
			d = amd64.ExpandRunsAVX2(dst, ptr[k:end+1], v, uint64(k))
		}
		k += d
		if k == end {
			continue
		}
		lo, hi := clampRange(ptr, k, len(dst))
		if hi-lo <= amd64.MaxRun {
			continue // stopped for the element budget
		}
		x := uint64(k)
		if vals != nil {
			x = vals[k]
		}
		d2 := dst[lo:hi]
		for j := range d2 {
			d2[j] = x
		}
		k++
	}
}
