package csr_test

import (
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
)

// naiveValid states the CSR rule loop by loop (for CSC read rows as cols).
func naiveValid(major, minor uint64, ptr, idx []uint64, nvals int) bool {
	if uint64(len(ptr)) != major+1 || ptr[0] != 0 || ptr[major] != uint64(len(idx)) || nvals != len(idx) {
		return false
	}
	for i := uint64(0); i < major; i++ {
		if ptr[i+1] < ptr[i] {
			return false
		}
	}
	for i := uint64(0); i < major; i++ {
		for k := ptr[i]; k < ptr[i+1]; k++ {
			if idx[k] >= minor || (k > ptr[i] && idx[k] <= idx[k-1]) {
				return false
			}
		}
	}
	return true
}

func split(data []byte) (rows, cols uint64, csc bool, bufs [][]byte) {
	if len(data) < 3 {
		return 0, 0, false, nil
	}
	rows, cols, csc = uint64(data[0]%7), uint64(data[1]%7), data[2]&1 == 1
	bufs = testutil.FuzzWords(data[3:], 3, 9, 8)
	return
}

func FuzzFromBuffers(f *testing.F) {
	f.Add([]byte{3, 4, 0, 4, 0, 2, 2, 4, 4, 0, 2, 1, 3, 4, 1, 2, 3, 4})
	f.Add([]byte{3, 4, 1, 5, 0, 1, 2, 3, 4, 4, 0, 2, 0, 2, 4, 1, 2, 3, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, cols, csc, bufs := split(data)
		from := csr.FromBuffers[float64]
		major, minor := rows, cols
		if csc {
			from = csr.FromBuffersCSC[float64]
			major, minor = cols, rows
		}
		a, err := from(rows, cols, bufs, layout.Strict)
		// Permissive mode checks the buffer count and byte lengths at
		// once, the rest in Validate: together as strict.
		p, verr := from(rows, cols, bufs, layout.Permissive)
		if verr == nil {
			verr = p.Validate()
		}
		if (verr == nil) != (err == nil) {
			t.Fatalf("strict %v vs permissive %v", err, verr)
		}
		// The slice constructors agree with FromBuffers on the same words.
		if len(bufs) == 3 && len(bufs[0])%8 == 0 && len(bufs[1])%8 == 0 && len(bufs[2])%8 == 0 {
			vals, _ := mem.Floats[float64](bufs[0])
			ptr, _ := mem.Uint64s(bufs[1])
			idx, _ := mem.Uint64s(bufs[2])
			newFn := csr.New[float64]
			if csc {
				newFn = csr.NewCSC[float64]
			}
			if _, nerr := newFn(rows, cols, ptr, idx, vals); (nerr == nil) != (err == nil) {
				t.Fatalf("New %v vs FromBuffers %v", nerr, err)
			}
		}
		if err != nil {
			return
		}
		if !naiveValid(major, minor, a.Ptr(), a.Idx(), a.NNZ()) {
			t.Fatalf("accepted invalid: %v ptr %v idx %v", a, a.Ptr(), a.Idx())
		}
		var coords []uint64
		k := 0
		for c, v := range a.All() {
			if i, ok := a.Find(c[0], c[1]); !ok || i != k || a.At(c[0], c[1]) != v {
				t.Fatalf("Find(%v) = %d %v", c, i, ok)
			}
			coords = append(coords, c[0], c[1])
			k++
		}
		testutil.FindsEach(t, coords, k, a.FindBatch)
	})
}

// FuzzProductOperands runs every product of a small CSR or CSC matrix whose
// other dimension may be near 2^64, with k and dense operands of fuzzed
// lengths carved from a buffer with a canary tail: a product computes or
// panics with a "csr: " message (the kernels' own "kernels: " checks are a
// second line that this layer must not lean on); a runtime panic or a
// changed canary fails. The products check their operands before they
// dispatch, the same on every kernel path, so this runs on the path the
// process selected; internal/engine's TestCSRProductGuardPages holds every
// path of the kernels these products call to the operands' bounds.
func FuzzProductOperands(f *testing.F) {
	f.Add([]byte{0, 3, 2, 2, 4, 4})
	f.Add([]byte{1, 4, 1, 3, 9, 9})
	f.Add([]byte{2, 5, 255, 1, 2, 255})
	huge := []uint64{1<<63 + 1, 1 << 63, 1<<64 - 1, 0xAAAAAAAAAAAAAAAB, 1<<62 + 1}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 6 {
			return
		}
		csc := data[0]&1 == 1
		minor := uint64(1 + data[1]%4)
		if data[1]&0x80 != 0 {
			minor = huge[int(data[1])%len(huge)]
		}
		k := int(data[2] % 5)
		// Two compressed rows (columns), one entry each, at the far end.
		var a *csr.Matrix[float64]
		var err error
		idx := []uint64{minor - 1, minor / 2}
		if minor/2 >= minor-1 {
			idx = []uint64{minor - 1, minor - 1}
		}
		if csc {
			a, err = csr.NewCSC(minor, 2, []uint64{0, 1, 2}, idx, []float64{2, 3})
		} else {
			a, err = csr.New(2, minor, []uint64{0, 1, 2}, idx, []float64{2, 3})
		}
		if err != nil {
			t.Fatal(err)
		}
		const canary = -7.25
		buf := make([]float64, 256)
		lens := data[3:6]
		operand := func(slot int) []float64 {
			s := buf[slot*128 : slot*128+int(lens[slot]%65) : slot*128+128]
			for i := range s {
				s[i] = 1
			}
			return s
		}
		for op := range 8 {
			for i := range buf {
				buf[i] = canary
			}
			func() {
				defer func() {
					if p := recover(); p != nil {
						if s, ok := p.(string); !ok || !strings.HasPrefix(s, "csr: ") {
							t.Fatalf("op %d: panic %v", op, p)
						}
					}
				}()
				y, x := operand(0), operand(1)
				switch op {
				case 0:
					a.MulVec(y, x)
				case 1:
					a.MulVecTrans(y, x)
				case 2:
					a.MulMat(y, x, k)
				case 3:
					a.MulMatTrans(y, x, k)
				case 4:
					a.MulVecTo(y, 0.5, x, 2)
				case 5:
					a.MulMatTo(y, 0.5, x, k, 2)
				case 6:
					a.MulMatTransTo(y, 0, x, k, 0)
				case 7:
					a.MulVecTransTo(y, 2, x, 0)
				}
			}()
			for s := range 2 {
				for _, v := range buf[s*128+64 : s*128+128] {
					if v != canary {
						t.Fatalf("op %d wrote past an operand", op)
					}
				}
			}
		}
	})
}
