//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

// descendLevelNEON adapts arm64.DescendLevelNEON, which advances every
// query of the slice it gets, to descendLevelAsm's kernel (width 1).
func descendLevelNEON(node []int, n int, pos, crd, coords []uint64, stride, off int) {
	arm64.DescendLevelNEON(node[:n], pos, crd, coords[:n*stride], stride, off)
}
