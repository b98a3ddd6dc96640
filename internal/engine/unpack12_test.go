package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestUnpack12 checks every path of Unpack12 against the reference on
// every length up to a few vectors and longer ones, from every phase of
// the first offset, the packed bytes exactly as long as they need.
func TestUnpack12(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 12))
	vals := make([]uint16, 600)
	for i := range vals {
		vals[i] = uint16(r.IntN(4096))
	}
	vals[0], vals[1], vals[2] = 0xFFF, 0, 0xFFF
	packed := make([]byte, Packed12Bytes(len(vals)))
	for k, v := range vals {
		Put12(packed, k, v)
	}
	for k, v := range vals {
		if got := Get12(packed, k); got != v {
			t.Fatalf("Get12(%d) = %d, want %d", k, got, v)
		}
	}
	forEachTier(t, unpack12, func(t *testing.T, impl, _ unpack12Func) {
		for first := range 5 {
			for n := 0; first+n <= len(vals); n++ {
				if n > 80 && n%37 != 0 && first+n != len(vals) {
					continue
				}
				src := packed[:Packed12Bytes(first+n)]
				got := make([]uint16, n+1)
				got[n] = 0xBEEF
				if n > 0 {
					impl(got[:n], src, first)
				}
				if !slices.Equal(got[:n], vals[first:first+n]) || got[n] != 0xBEEF {
					t.Fatalf("first %d n %d: got %v, want %v", first, n, got, vals[first:first+n])
				}
			}
		}
	})
}

func TestUnpack12Checks(t *testing.T) {
	src := make([]byte, 6) // four offsets
	for _, c := range []struct{ n, first int }{{5, 0}, {4, 1}, {1, -1}, {0, 5}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%+v: no panic", c)
				}
			}()
			Unpack12(make([]uint16, c.n), src, c.first)
		}()
	}
	Unpack12(make([]uint16, 4), src, 0)
	Unpack12(nil, src, 4)
}
