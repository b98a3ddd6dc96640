package kernels

// Assembly is not preemptible (golang/go#73787), so the arch wrappers call it
// on bounded pieces of a long input and return to Go in between.
const (
	// chunk is how many elements one assembly call handles at most.
	chunk = 1 << 16

	// descendChunk is how many queries one DescendLevel assembly call
	// advances: with cache misses a query can cost a microsecond.
	descendChunk = 1024
)
