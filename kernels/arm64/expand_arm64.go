//go:build !purego && !noasm && gc

package arm64

// The expansion kernels check nothing and are not preemptible: callers bound
// the elements written per call (about 64K) and the runs per call.

// ExpandPosNEON writes first+p into dst[lo:hi] for every run p, where lo and
// hi are pos[p] and pos[p+1] clamped to len(dst) (hi raised to lo). It
// assumes len(pos) >= 1.
//
//go:noescape
func ExpandPosNEON(dst []uint64, pos []uint64, first uint64)

// ExpandRunsNEON writes vals[i] into dst[j*stride+off] for j in the clamped
// range ptr[i]..ptr[i+1] (clamped to rows, hi raised to lo). It assumes
// len(ptr) == len(vals)+1, stride >= 1, 0 <= off < stride and
// rows*stride <= len(dst).
//
//go:noescape
func ExpandRunsNEON(dst []uint64, rows, stride, off int, ptr, vals []uint64)

// ExclusiveScanNEON writes the exclusive prefix sums of src[:len(src)&^3],
// starting from sum, into dst and returns the running sum after them. It
// assumes len(dst) >= len(src) and that dst is src or does not overlap it.
//
//go:noescape
func ExclusiveScanNEON(dst, src []uint64, sum uint64) uint64
