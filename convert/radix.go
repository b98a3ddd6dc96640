package convert

import (
	"math/bits"

	"github.com/hurray-format/hurray-go/internal/parallel"
)

// minParallel is the element count below which a step runs on one goroutine
// (the result is the same either way). Tests lower it to exercise the
// parallel paths on small inputs.
var minParallel = 1 << 15

// workers returns how many goroutines to use for n elements.
func workers(opts Options, n int) int {
	w := parallel.Workers(opts.Workers)
	if n < minParallel {
		return 1
	}
	return max(1, min(w, n/max(1, minParallel/4)+1))
}

// grow returns s resliced to n elements, reallocating only when its capacity
// is short. The contents are unspecified.
func grow[S ~[]E, E any](s S, n int) S {
	if cap(s) >= n {
		return s[:n]
	}
	return make(S, n)
}

// bitLen is the number of bits a coordinate below dim needs.
func bitLen(dim uint64) int {
	if dim <= 1 {
		return 0
	}
	return bits.Len64(dim - 1)
}
