//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

// nonDecreasingNEON adapts arm64.NonDecreasingNEON, which returns the first
// pair index of the block it stopped at, to nonDecreasingAsm's count of the
// pairs found in order.
func nonDecreasingNEON(s []uint64) int { return arm64.NonDecreasingNEON(s) - 1 }
