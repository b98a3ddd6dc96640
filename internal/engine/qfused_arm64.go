//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

// The fused families' arm64 path.
var _ = registerQFusedARM64()

func registerQFusedARM64() bool {
	if arm64.HasNEON {
		qspmv.set(tierNEON, qspmvTiled)
		qspmm.set(tierNEON, qspmmTiled)
	}
	return true
}
