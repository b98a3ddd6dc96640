package csf_test

import (
	"encoding/binary"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
)

// naiveValid is an independent, loop-by-loop statement of ADR-025 §6.
func naiveValid(shape []uint64, mo []uint32, pos, crd [][]uint64, nvals int) bool {
	r := len(shape)
	if r < 3 || r > 64 || len(mo) != r || len(pos) != r || len(crd) != r {
		return false
	}
	seen := map[uint32]bool{}
	for _, m := range mo {
		if int(m) >= r || seen[m] {
			return false
		}
		seen[m] = true
	}
	parents := 1
	for l := range r {
		p, c := pos[l], crd[l]
		if len(p) != parents+1 || p[0] != 0 || p[parents] != uint64(len(c)) {
			return false
		}
		for i := 1; i < len(p); i++ {
			if p[i] < p[i-1] {
				return false
			}
		}
		for i := 0; i+1 < len(p); i++ {
			for j := p[i]; j < p[i+1]; j++ {
				if c[j] >= shape[mo[l]] || (j > p[i] && c[j] <= c[j-1]) {
					return false
				}
			}
		}
		parents = len(c)
	}
	return nvals == parents
}

// fuzzInput decodes a tensor description: rank 3..5, small dims, a mode
// order, and words that become the buffers (lengths taken from the words
// so that structured and garbage tables both occur).
func fuzzInput(data []byte) (shape []uint64, mo []uint32, bufs [][]byte) {
	if len(data) < 8 {
		return nil, nil, nil
	}
	r := 3 + int(data[0]%3)
	shape = make([]uint64, r)
	for m := range shape {
		shape[m] = uint64(data[1+m%7] % 6)
	}
	mo = make([]uint32, r)
	for i := range mo {
		mo[i] = uint32(i)
	}
	// A permutation from data[6] (and sometimes a broken one).
	for i := r - 1; i > 0; i-- {
		j := int(data[6]) % (i + 1)
		mo[i], mo[j] = mo[j], mo[i]
	}
	if data[7] == 0xFF {
		mo[0] = mo[1]
	}
	return shape, mo, testutil.FuzzWords(data[8:], 2*r+1, 6, 8)
}

func FuzzFromBuffers(f *testing.F) {
	// Seed: the small tensor, encoded the way fuzzInput reads it.
	f.Add([]byte{0, 3, 4, 5, 3, 4, 0, 0, 4, 0, 0, 0, 0, 2, 0, 2, 2, 2, 4, 3, 0, 1, 3, 3, 0, 1, 2, 4, 0, 2, 3, 4, 4, 1, 3, 1, 0})
	f.Add([]byte{1, 2, 2, 2, 2, 2, 3, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		shape, mo, bufs := fuzzInput(data)
		if shape == nil {
			return
		}
		x, err := csf.FromBuffers[float64](shape, mo, bufs, layout.Strict)
		// Permissive mode checks the rank, the buffer count and the byte
		// lengths at once, the rest in Validate: together as strict.
		p, verr := csf.FromBuffers[float64](shape, mo, bufs, layout.Permissive)
		if verr == nil {
			verr = p.Validate()
		}
		if (err == nil) != (verr == nil) {
			t.Fatalf("strict %v, permissive %v", err, verr)
		}
		if err != nil {
			return
		}
		pos, crd := make([][]uint64, len(shape)), make([][]uint64, len(shape))
		for l := range shape {
			pos[l], crd[l] = x.Pos(l), x.Crd(l)
		}
		if !naiveValid(shape, mo, pos, crd, x.NNZ()) {
			t.Fatalf("accepted an invalid tensor: shape %v mo %v pos %v crd %v", shape, mo, pos, crd)
		}
		// Exercise lookups: every stored coordinate is found at its leaf.
		leaf := 0
		var coords []uint64
		for c, v := range x.All() {
			i, ok := x.Find(c)
			if !ok || i != leaf || x.At(c...) != v {
				t.Fatalf("Find(%v) = %d,%v at leaf %d", c, i, ok, leaf)
			}
			coords = append(coords, c...)
			leaf++
		}
		testutil.FindsEach(t, coords, leaf, x.FindBatch)
	})
}

func FuzzNew(f *testing.F) {
	f.Add([]byte{0, 3, 4, 5, 3, 4, 0, 0, 4, 0, 0, 0, 0, 2, 0, 2, 2, 2, 4, 3, 0, 1, 3, 3, 0, 1, 2, 4, 0, 2, 3, 4, 4, 1, 3, 1, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		shape, mo, bufs := fuzzInput(data)
		if shape == nil {
			return
		}
		// Build level slices from the buffers directly (possibly ragged).
		r := len(shape)
		pos, crd := make([][]uint64, r), make([][]uint64, r)
		var vals []float32
		for i, b := range bufs {
			w := make([]uint64, len(b)/8)
			for j := range w {
				w[j] = binary.LittleEndian.Uint64(b[8*j:])
			}
			switch {
			case i == 0:
				vals = make([]float32, len(w))
			case i%2 == 1:
				pos[(i-1)/2] = w
			default:
				crd[(i-2)/2] = w
			}
		}
		for l := range pos {
			if pos[l] == nil {
				pos[l] = []uint64{}
			}
		}
		x, err := csf.New(shape, mo, pos, crd, vals)
		valid := naiveValid(shape, mo, pos, crd, len(vals))
		if (err == nil) != valid {
			t.Fatalf("New err=%v, naive valid=%v: shape %v mo %v pos %v crd %v vals %d", err, valid, shape, mo, pos, crd, len(vals))
		}
		if err == nil && !slices.Equal(x.LevelSizes()[:0], []int{}) {
			t.Fatal("unreachable")
		}
	})
}
