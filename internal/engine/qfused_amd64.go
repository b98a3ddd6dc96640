//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/amd64"

// The fused families' amd64 paths.
var _ = registerQFusedAMD64()

func registerQFusedAMD64() bool {
	if amd64.HasAVX2 {
		qspmv.set(tierAVX2, qspmvTiled)
		qspmm.set(tierAVX2, qspmmTiled)
	}
	if amd64.HasAVX512 {
		qspmv.set(tierAVX512, qspmvTiled)
		qspmm.set(tierAVX512, qspmmTiled)
	}
	return true
}
