//go:build linux

package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestUnpack12Guarded runs every path of Unpack12 on packed offsets
// against a guard page at either edge: no path reads a byte beyond the
// offsets it unpacks.
func TestUnpack12Guarded(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 13))
	g := newGuardRegion(t, 64)
	forEachTier(t, unpack12, func(t *testing.T, impl, ref unpack12Func) {
		for _, atEnd := range []bool{false, true} {
			for first := range 3 {
				for n := 1; first+n <= 200; n++ {
					src := g.bytesAt(Packed12Bytes(first+n), atEnd)
					for i := range src {
						src[i] = byte(r.Uint32())
					}
					got, want := make([]uint16, n), make([]uint16, n)
					impl(got, src, first)
					ref(want, src, first)
					if !slices.Equal(got, want) {
						t.Fatalf("atEnd %v first %d n %d: got %v, want %v", atEnd, first, n, got, want)
					}
				}
			}
		}
	})
}
