package prepared_test

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/prepared"
	"github.com/hurray-format/hurray-go/quant"
)

// fuzzQuantized builds from data a quantized CSR or CSC matrix (a few
// compressed rows over an indexed dimension of a few, about 4096 or about
// 65536), a scheme of allSchemes and an index form, or ok false when data
// is too short.
func fuzzQuantized(t *testing.T, data []byte) (q *csr.Quantized, k prepared.Index, workers int, ok bool) {
	if len(data) < 5 {
		return nil, 0, 0, false
	}
	csc := data[0]&1 == 1
	workers = 1 + 2*int(data[0]>>1&1)
	sp := allSchemes[int(data[1])%len(allSchemes)]
	k = prepared.Index(data[2] % 6)
	nr := int(data[3] % 9)
	// Mostly a few indices; about one strip (1 in 4), or one panel (1 in 8).
	minor := int(data[4] % 32)
	switch data[4] >> 5 {
	case 5, 6:
		minor += 4080
	case 7:
		minor += 65520
	}
	step := max(1, minor/128)
	ptr, idx := []uint64{0}, []uint64{}
	rest := data[5:]
	for range nr {
		if len(rest) > 0 {
			n := int(rest[0] % 8)
			rest = rest[1:]
			j := -1
			for ; n > 0 && len(rest) > 0; n-- {
				j += 1 + int(rest[0])*step
				rest = rest[1:]
				if j >= minor {
					break
				}
				idx = append(idx, uint64(j))
			}
		}
		ptr = append(ptr, uint64(len(idx)))
	}
	h := fnv.New64a()
	h.Write(data)
	r := rand.New(rand.NewPCG(h.Sum64(), 1))
	vals := randVec[float32](r, len(idx))
	var a *csr.Matrix[float32]
	var err error
	if csc {
		a, err = csr.NewCSC(uint64(minor), uint64(nr), ptr, idx, vals)
	} else {
		a, err = csr.New(uint64(nr), uint64(minor), ptr, idx, vals)
	}
	if err != nil {
		t.Fatal(err)
	}
	if q, _, err = csr.Quantize(a, quant.MustParse(sp)); err != nil {
		t.Fatal(err)
	}
	return q, k, workers, true
}

// FuzzPrepareQuantized: any quantized CSR or CSC matrix of any scheme
// (channels along either axis included) prepares in every index form that
// holds it, and its products match the source's within the bound.
func FuzzPrepareQuantized(f *testing.F) {
	f.Add([]byte{0, 2, 0, 4, 20, 3, 1, 2, 3, 0, 2, 5, 6, 1, 9})
	f.Add([]byte{1, 7, 3, 5, 40, 2, 0, 1, 7, 1, 2, 3, 4, 5, 6, 7, 3, 9, 9, 9})
	f.Add([]byte{3, 12, 5, 8, 180, 7, 1, 1, 1, 1, 1, 1, 1, 0, 4, 100, 100, 100, 100})
	f.Add([]byte{2, 10, 2, 3, 240, 5, 200, 10, 10, 10, 10, 1, 255})
	f.Fuzz(func(t *testing.T, data []byte) {
		q, k, w, ok := fuzzQuantized(t, data)
		if !ok {
			return
		}
		m, err := prepared.PrepareQuantized(q, prepared.Options{Index: k})
		minor := q.Cols()
		if q.IsCSC() {
			minor = q.Rows()
		}
		if k == prepared.Cols16 && minor > 1<<16 {
			if !errors.Is(err, prepared.ErrForm) {
				t.Fatalf("cols16 on %d indices: %v", minor, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%v %v: %v", q.Scheme(), k, err)
		}
		abs := absOf(t, csr.Dequantize[float32](q))
		defer prepared.SetWorkers(prepared.SetWorkers(w))
		defer prepared.SetParallelThreshold(prepared.SetParallelThreshold(1))
		checkProductsOf(t, q, abs, m, fmt.Sprintf("%v (csc %v)", m, q.IsCSC()), uint64(len(data)))
	})
}
