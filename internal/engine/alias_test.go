package engine

import (
	"strings"
	"testing"
	"unsafe"
)

// TestOutputOverIndices: every kernel that checks its index arrays before
// the assembly runs refuses an output over them (it would rewrite the
// indices the assembly then trusts: two FromBuffers structures may view the
// same bytes). The indices are 0, the bits of 0.0, so every earlier check
// passes.
func TestOutputOverIndices(t *testing.T) {
	slab := make([]uint64, 8)
	out := unsafe.Slice((*float64)(unsafe.Pointer(&slab[0])), len(slab))[:1]
	idx := slab[:1]
	one := func() []float64 { return []float64{1} }
	ptr := []uint64{0, 1}
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"SpMM", func() { SpMM(out, 1, one(), 1, 1, ptr, idx, one(), 1, 0) }},
		{"SpMM", func() { SpMMPart(1, 1, out, 1, one(), 1, 1, ptr, idx, one(), 1, 0) }},
		{"SpMMScatter", func() { SpMMScatter(out, 1, one(), 1, 1, ptr, idx, one(), 1) }},
		{"SpMM", func() {
			SpMM(unsafe.Slice((*float64)(unsafe.Pointer(&ptr[0])), 2)[:1], 1, one(), 1, 1, ptr, []uint64{0}, one(), 1, 0)
		}},
		{"DotRows", func() { DotRows(out, one(), one(), idx, 1) }},
		{"ScatterHadamard", func() { ScatterHadamard(out, one(), one(), []uint64{0}, ptr, one(), idx, 1) }},
		{"ScatterHadamardIndexed", func() {
			ScatterHadamardIndexed(out, one(), []uint64{0}, one(), []uint64{0}, ptr, one(), idx, 1)
		}},
		{"GatherHadamard", func() { GatherHadamard(GatherPull, out, one(), []uint64{0}, ptr, one(), idx, one(), 1) }},
		{"GatherHadamardIndexed", func() {
			GatherHadamardIndexed(out, []uint64{0}, one(), []uint64{0}, ptr, one(), idx, one(), 1)
		}},
		{"GatherHadamard2", func() {
			GatherHadamard2(GatherPull, out, one(), []uint64{0}, ptr, []uint64{0}, one(), []uint64{0, 1}, one(), idx, one(), 1)
		}},
		{"PushHadamard2", func() {
			PushHadamard2(PushLeaves, out, one(), one(), []uint64{0}, ptr, []uint64{0}, []uint64{0, 1}, one(), idx, one(), 1)
		}},
	} {
		func() {
			want := "kernels: " + c.name + ": the output overlaps an index array"
			defer func() {
				if r, _ := recover().(string); !strings.Contains(r, want) {
					t.Errorf("%s with its output over idx: panic %q, want %q", c.name, r, want)
				}
			}()
			c.f()
		}()
	}
	if raceEnabled {
		return
	}
	y, x, vals, idx0 := make([]float64, 1), one(), one(), []uint64{0}
	if n := testing.AllocsPerRun(100, func() { SpMM(y, 1, x, 1, 1, ptr, idx0, vals, 1, 0) }); n != 0 {
		t.Errorf("SpMM allocates %v times a call", n)
	}
}
