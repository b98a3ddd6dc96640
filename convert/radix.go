package convert

import (
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/internal/trust"
)

// workers returns how many goroutines a step over n elements takes: up to
// opts.Workers, one below minParallel (tuning).
func workers(opts Options, n int) int {
	return parallel.Options{Workers: opts.Workers, MinWork: opts.tuning().minParallel}.Goroutines(n)
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
