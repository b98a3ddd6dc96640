package engine

import (
	"math"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// qGuarded returns n zeros followed by a guard zone of 64 NaNs, and the
// check that the guard zone is intact.
func qGuarded(n int) ([]float32, func() bool) {
	s := make([]float32, n+64)
	for i := n; i < len(s); i++ {
		s[i] = float32(math.NaN())
	}
	return s[:n:n], func() bool {
		for _, g := range s[n:] {
			if !math.IsNaN(float64(g)) {
				return false
			}
		}
		return true
	}
}

// safeQ runs f, which may return (results on corrupted pointers may be
// wrong) or panic, but only with a message of package kernels, not a
// runtime error from reading past a slice.
func safeQ(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if r := recover(); r != nil {
			if msg, ok := r.(string); !ok || !strings.HasPrefix(msg, "kernels: ") {
				t.Errorf("%s: panic %v, want a kernels message", what, r)
			}
		}
	}()
	f()
}

// TestQCorruptPointers runs the quantized products on pointers whose ends
// are valid and whose middle entries were changed after validation: past
// the values, far past them, or before the row's start. Each must panic
// naming the pointer before it decodes anything outside the values, or
// run on clamped pointers, and write nothing outside the outputs, on every
// path.
func TestQCorruptPointers(t *testing.T) {
	const n = 64
	codes := make([]byte, n)
	for i := range codes {
		codes[i] = byte(i)
	}
	v := quant.Values{Scheme: quant.MustParse("int8:tensor"), N: n, Codes: codes, Scale: []float32{0.5}}
	idx := make([]uint64, n)
	const w = 8 // the dense operands' columns (r of the Hadamard products)
	crd := []uint64{0, 1, 2}
	forEachPath(t, func(t *testing.T) {
		for _, b := range []uint64{8, n + 1, 1 << 40, 1 << 63} {
			// One pointer array in each role: rows, nodes, children's leaves.
			ptr := []uint64{0, 16, b, n}
			p2, l2 := []uint64{0, 3}, ptr
			p3, l3 := []uint64{0, b, 3}, []uint64{0, 16, 32, n}
			x := make([]float32, 4*w)
			cases := []struct {
				name string
				outN int
				call func(out []float32)
			}{
				{"QSpMV", 3, func(o []float32) { QSpMV(o, x, ptr, idx, &v, Channels{}, 1, 0) }},
				{"QScatterAdd", 4, func(o []float32) { QScatterAdd(o, x[:3], ptr, idx, &v, Channels{}, 1) }},
				{"QSpMM", 3 * w, func(o []float32) { QSpMM(o, w, x, w, w, ptr, idx, &v, Channels{}, 1, 0) }},
				{"QSpMMScatter", 4 * w, func(o []float32) { QSpMMScatter(o, w, x[:3*w], w, w, ptr, idx, &v, Channels{}, 1) }},
				{"QGatherHadamard", 3 * w, func(o []float32) { QGatherHadamard(GatherRows, o, x, crd, ptr, &v, Channels{}, idx, x, w) }},
				{"QScatterHadamard", 4 * w, func(o []float32) { QScatterHadamard(o, x[:3*w], x, crd, ptr, &v, Channels{}, idx, w) }},
				{"QGatherHadamard2/leaves", w, func(o []float32) {
					QGatherHadamard2(GatherRows, o, x, crd[:1], p2, crd, x, l2, &v, Channels{}, idx, x, w)
				}},
				{"QGatherHadamard2/nodes", 2 * w, func(o []float32) {
					QGatherHadamard2(GatherRows, o, x, crd[:2], p3, crd, x, l3, &v, Channels{}, idx, x, w)
				}},
				{"QPushHadamard2/leaves", 4 * w, func(o []float32) {
					QPushHadamard2(PushLeaves, o, x[:w], x, crd[:1], p2, crd, l2, &v, Channels{}, idx, x, w)
				}},
				{"QPushHadamard2/nodes", 4 * w, func(o []float32) {
					QPushHadamard2(PushLeaves, o, x[:2*w], x, crd[:2], p3, crd, l3, &v, Channels{}, idx, x, w)
				}},
			}
			for _, c := range cases {
				out, intact := qGuarded(c.outN)
				safeQ(t, c.name, func() { c.call(out) })
				if !intact() {
					t.Errorf("%s, bad pointer %d: wrote past the output", c.name, b)
				}
			}
		}
	})
}
