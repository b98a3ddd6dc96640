package kernels

// Assembly is not preemptible (golang/go#73787), so the arch wrappers call it
// on bounded pieces of a long input and return to Go in between.
const (
	// chunk is how many elements one assembly call handles at most.
	chunk = 1 << 16

	// descendChunk is how many queries one DescendLevel assembly call
	// advances: with cache misses a query can cost a microsecond.
	descendChunk = 1024

	// productChunk bounds the leaves (or, for DotRows, row elements) one
	// product assembly call visits, together with the nodes.
	productChunk = 1 << 14

	// spmvRowsPerCall bounds the rows one SpMV or ScatterAdd assembly call
	// handles: a preemption point every few microseconds on ordinary rows.
	spmvRowsPerCall = 1024

	// spmmWorkPerCall bounds the multiply-adds (entries x w) of one SpMM
	// assembly call, about 100 µs.
	spmmWorkPerCall = 1 << 20
)

// spmmRows returns the end of the rows from lo to take in one SpMM call: at
// least one, at most 4096, and no more than spmmWorkPerCall multiply-adds
// unless one row alone exceeds them.
func spmmRows(ptr []uint64, lo, w int) int {
	hi := lo + 1
	rows := len(ptr) - 1
	for hi < rows && int(ptr[hi+1]-ptr[lo])*max(w, 1) <= spmmWorkPerCall && hi-lo < 4096 {
		hi++
	}
	return hi
}
