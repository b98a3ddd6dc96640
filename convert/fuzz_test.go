package convert

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
)

// FuzzConvertVsRef compares every fast conversion with its reference on
// small arbitrary inputs: the first bytes choose rank, shape, mode order,
// duplicate policy and worker count; the rest are coordinates and values.
func FuzzConvertVsRef(f *testing.F) {
	f.Add([]byte{3, 4, 5, 6, 0, 1, 2, 1, 2, 3, 1, 2, 3, 0, 0, 0})
	f.Add([]byte{2, 7, 7, 0, 0, 3, 1, 1, 1, 1, 2, 2})
	f.Add([]byte{4, 255, 2, 3, 255, 5, 2, 3, 9, 9, 9, 9, 9, 9, 9, 9, 1, 1, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 4 {
			return
		}
		r := 2 + int(data[0])%3 // 2..4
		data = data[1:]
		if len(data) < r+3 {
			return
		}
		shape := make([]uint64, r)
		for m := range shape {
			b := data[m]
			switch {
			case b == 255:
				shape[m] = math.MaxUint64
			case b >= 250:
				shape[m] = 1 << (uint(b-250)*8 + 30)
			default:
				shape[m] = uint64(b%16) + 1
			}
		}
		moIdx, dup, w := int(data[r]), Duplicates(data[r+1]%3), 1+int(data[r+2])%7
		data = data[r+3:]
		// Each entry: rank coordinate bytes (scaled to the dimension) and a
		// value byte.
		var coords []uint64
		var vals []float32
		for len(data) >= r+1 && len(vals) < 200 {
			for m := range r {
				x := uint64(data[m])
				if shape[m] > 256 {
					x = shape[m] - 1 - x*binary.LittleEndian.Uint64([]byte{data[m], 0, 0, 0, 0, 0, 0, 0})%shape[m]
				}
				coords = append(coords, x%shape[m])
			}
			vals = append(vals, float32(int8(data[r]))/3)
			data = data[r+1:]
		}
		if r == 2 && (shape[0] > 1<<16 || shape[1] > 1<<16) {
			return // pointer arrays that large are not fuzzing
		}
		x, err := coo.New(shape, coords, vals)
		if err != nil {
			t.Fatal(err)
		}
		opts := small(Options{Duplicates: dup, Workers: w})
		if r == 2 {
			for _, csc := range []bool{false, true} {
				want, werr := cooToCompressedRef(x, csc, opts)
				got, err := cooToMatrix(nil, x, csc, nil, opts)
				if e := sameErr(err, werr); e != nil {
					t.Fatal(e)
				}
				if err != nil {
					continue
				}
				if e := sameMatrix(got, want); e != nil {
					t.Fatal(e)
				}
				if e := sameMatrix(TransposeTo(nil, got, nil, opts), transposeRef(want)); e != nil {
					t.Fatal(e)
				}
				if e := sameCOO(MatrixToCOOTo(nil, got, nil, opts), matrixToCOORef(want)); e != nil {
					t.Fatal(e)
				}
			}
			return
		}
		ps := allPerms(r)
		mo := ps[moIdx%len(ps)]
		want, werr := cooToCSFRef(x, mo, opts)
		got, err := COOToCSFTo(nil, x, mo, nil, opts)
		if e := sameErr(err, werr); e != nil {
			t.Fatal(e)
		}
		if err != nil {
			return
		}
		if e := sameCSF(got, want); e != nil {
			t.Fatal(e)
		}
		if e := sameCOO(CSFToCOOTo(nil, got, nil, opts), csfToCOORef(want)); e != nil {
			t.Fatal(e)
		}
		to := ps[(moIdx/7)%len(ps)]
		want2, werr := reorderRef(want, to)
		if werr != nil {
			t.Fatal(werr)
		}
		got2, err := ReorderTo(nil, got, to, nil, opts)
		if err != nil {
			t.Fatal(err)
		}
		if e := sameCSF(got2, want2); e != nil {
			t.Fatal(e)
		}
	})
}

// FuzzHollowCSF checks CSFToCOO and Reorder on valid CSF tensors with empty
// nodes, which no conversion from COO makes: the first bytes choose rank,
// shape, mode orders and workers, the rest the tree (hollowCSF).
func FuzzHollowCSF(f *testing.F) {
	f.Add([]byte{0, 3, 4, 5, 1, 2, 1, 0, 1, 2, 3, 0, 1, 2, 0, 3, 1, 2, 2})
	f.Add([]byte{1, 2, 3, 2, 4, 7, 3, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 8 {
			return
		}
		r := 3 + int(data[0])%2
		shape := make([]uint64, r)
		for m := range shape {
			shape[m] = 1 + uint64(data[1+m])%12
		}
		ps := allPerms(r)
		from, to, w := ps[int(data[r+1])%len(ps)], ps[int(data[r+2])%len(ps)], 1+int(data[r+3])%3
		data = data[r+4:]
		draw := func(n int) int {
			if len(data) == 0 {
				return 0
			}
			b := int(data[0])
			data = data[1:]
			return b % n
		}
		a := hollowCSF[float64](shape, from, draw)
		checkHollow(t, a, [][]uint32{to}, w)
	})
}
