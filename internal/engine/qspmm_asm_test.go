//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

// The differential tests run the fused SpMM kernels at every panel width,
// below the width from which the tiers choose them too.
func init() { qspmmFusedAnyW = true }
