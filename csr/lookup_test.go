package csr_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/quant"
)

func TestLookupShapes(t *testing.T) {
	a, err := csr.NewCSC[float64](2, 3, []uint64{0, 1, 1, 3}, []uint64{1, 0, 1}, []float64{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	for c, v := range a.All() {
		k, ok := a.FindCoord(c)
		if k2, ok2 := a.Find(c[0], c[1]); !ok || !ok2 || k != k2 || a.Values()[k] != v {
			t.Errorf("FindCoord(%v) = %d %v, Find = %d %v", c, k, ok, k2, ok2)
		}
		if a.AtCoord(c...) != v || a.At(c[0], c[1]) != v {
			t.Errorf("AtCoord(%v) = %v, want %v", c, a.AtCoord(c...), v)
		}
	}
	if _, ok := a.FindCoord([]uint64{0, 1}); ok {
		t.Error("FindCoord found an entry not stored")
	}
	if _, ok := a.FindCoord([]uint64{2, 0}); ok {
		t.Error("FindCoord found an entry outside the shape")
	}
	if a.AtCoord(0, 1) != 0 {
		t.Error("AtCoord of an entry not stored is not 0")
	}
	q, _, err := csr.Quantize(a, quant.MustParse("int8:tensor"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		want string
		f    func()
	}{
		{"csr: At(2, 0) outside the 2x3 matrix", func() { a.At(2, 0) }},
		{"csr: At(2, 0) outside the 2x3 matrix", func() { q.At(2, 0) }},
		{"csr: At(0, 3) outside the 2x3 matrix", func() { q.At(0, 3) }},
		{"csr: At(0, 3) outside the 2x3 matrix", func() { a.AtCoord(0, 3) }},
		{"csr: AtCoord: coordinate of length 3", func() { a.AtCoord(0, 0, 0) }},
		{"csr: FindCoord: coordinate of length 1", func() { a.FindCoord([]uint64{0}) }},
		{"csr: At(1, 2) outside the 3x2 matrix", func() { a.T().At(1, 2) }},
	} {
		func() {
			defer func() {
				if r := fmt.Sprint(recover()); !strings.HasPrefix(r, tc.want) {
					t.Errorf("recovered %q, want %q", r, tc.want)
				}
			}()
			tc.f()
		}()
	}
}
