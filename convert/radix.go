package convert

import (
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/internal/trust"
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

// trustedCOO and trustedCSF wrap arrays the fast conversions built from
// validated inputs: valid by construction, so not scanned again (see
// internal/trust; the package's tests set trust.Verify, which scans them).
func trustedCOO[T Float](shape, coords []uint64, vals []T, sorted bool) *coo.Tensor[T] {
	t := new(coo.Tensor[T])
	t.Trusted(trust.Key{}).Adopt(shape, coords, vals, sorted)
	return t
}

func trustedCSF[T Float](shape []uint64, mo []uint32, pos, crd [][]uint64, vals []T) *csf.Tensor[T] {
	t := new(csf.Tensor[T])
	t.Trusted(trust.Key{}).Adopt(shape, mo, pos, crd, vals)
	return t
}
