//go:build !purego && !noasm && gc

package amd64

// MaxRun is the longest run ExpandRunsAVX2 and ExpandRunsAVX512 fill; they
// stop before a longer one so that Go fills it (preemptibly).
const MaxRun = 1 << 16

// ExpandRunsAVX2 fills runs of dst (stride 1) and returns how many runs it
// did:
//
//	for k := 0; k+1 < len(ptr); k++ {
//		lo, hi := ptr[k], ptr[k+1] clamped to 0 <= lo <= hi <= len(dst)
//		if hi-lo > MaxRun { return k }
//		v := first + k, or vals[k] when len(vals) > 0
//		dst[lo:hi] = v
//		if elements written >= MaxRun { return k + 1 }
//	}
//	return len(ptr) - 1
//
// It assumes len(ptr) >= 1 and len(vals) == 0 or len(vals) >= len(ptr)-1,
// and writes only inside dst[0:len(dst)].
//
//go:noescape
func ExpandRunsAVX2(dst, ptr, vals []uint64, first uint64) int

// ExpandRunsAVX512 is ExpandRunsAVX2 with 8-lane stores and a masked store
// for runs shorter than 8.
//
//go:noescape
func ExpandRunsAVX512(dst, ptr, vals []uint64, first uint64) int
