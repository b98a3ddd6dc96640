package convert_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// qCOO returns a quantized COO of n random entries (repeats when dups)
// in the given shape, row-major sorted when sorted.
func qCOO(t *testing.T, shape []uint64, n int, dups, sorted bool, s quant.Scheme, seed uint64) *coo.Quantized {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	r := len(shape)
	seen := map[string]bool{}
	var coords []uint64
	var vals []float64
	for len(vals) < n {
		c := make([]uint64, r)
		for m := range c {
			c[m] = rng.Uint64N(shape[m])
		}
		if dups && len(vals) > 0 && rng.IntN(4) == 0 {
			k := rng.IntN(len(vals))
			copy(c, coords[k*r:(k+1)*r])
		} else if seen[fmt.Sprint(c)] {
			continue
		}
		seen[fmt.Sprint(c)] = true
		coords = append(coords, c...)
		vals = append(vals, 8*rng.Float64()-4)
	}
	x, err := coo.New(slices.Clone(shape), coords, vals)
	if err != nil {
		t.Fatal(err)
	}
	if sorted {
		if err := x.Sort(nil); err != nil {
			t.Fatal(err)
		}
	}
	q, _, err := coo.Quantize(x, s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// sameTable fails unless two buffer tables are byte for byte equal.
func sameTable(t *testing.T, what string, got, want [][]byte) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d buffers, want %d", what, len(got), len(want))
	}
	for i := range got {
		if !bytes.Equal(got[i], want[i]) {
			t.Fatalf("%s: buffer %d differs:\n got %v\nwant %v", what, i, got[i], want[i])
		}
	}
}

// blockScheme reports whether s groups consecutive stored values.
func blockScheme(s quant.Scheme) bool { return s.Granularity() == quant.PerBlock }

// code returns code k of v.
func code(v quant.Values, k int) uint8 {
	if v.Scheme.CodeBits() == 4 {
		return v.Codes[k/2] >> (4 * (k % 2)) & 15
	}
	return v.Codes[k]
}

// TestQuantizedCOOToMatrix: COO to CSR and CSC for every scheme, sorted and
// unsorted, with and without repeats, under every duplicates policy. Codes
// carried move with their entries (the last of a repeat for KeepLast);
// re-quantized results are quantize(convert(dequantize(x))) byte for byte,
// and Exact refuses exactly those.
func TestQuantizedCOOToMatrix(t *testing.T) {
	for _, s := range testutil.Schemes(2) {
		for _, c := range []struct{ dups, sorted bool }{{false, true}, {false, false}, {true, false}, {true, true}} {
			q := qCOO(t, []uint64{9, 7}, 37, c.dups, c.sorted, s, 1)
			deq := coo.Dequantize[float32](q)
			for _, csc := range []bool{false, true} {
				for _, dup := range []convert.Duplicates{convert.Sum, convert.KeepLast, convert.Reject} {
					what := fmt.Sprintf("%v dups=%v sorted=%v csc=%v dup=%d", s, c.dups, c.sorted, csc, dup)
					conv, convF := convert.QCOOToCSR, convert.COOToCSRWith[float32]
					if csc {
						conv, convF = convert.QCOOToCSC, convert.COOToCSCWith[float32]
					}
					opts := convert.QuantOptions{Options: convert.Options{Duplicates: dup}}
					got, rep, err := conv(q, opts)
					if c.dups && dup == convert.Reject {
						if !errors.Is(err, convert.ErrDuplicate) {
							t.Fatalf("%s: %v, want ErrDuplicate", what, err)
						}
						continue
					}
					if err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					if err := got.Validate(); err != nil {
						t.Fatalf("%s: result invalid: %v", what, err)
					}
					f, err := convF(deq, convert.Options{Duplicates: dup})
					if err != nil {
						t.Fatal(err)
					}
					reorders := !c.sorted || csc
					wantRequant := c.dups && dup == convert.Sum || blockScheme(s) && (reorders || c.dups)
					if (rep != nil) != wantRequant {
						t.Fatalf("%s: report %v, want one: %v", what, rep, wantRequant)
					}
					if wantRequant {
						want, wrep, err := csr.Quantize(f, s)
						if err != nil {
							t.Fatal(err)
						}
						sameTable(t, what, got.Buffers(), want.Buffers())
						if *rep != wrep {
							t.Fatalf("%s: report %v, want %v", what, *rep, wrep)
						}
					} else {
						checkCarried(t, what, q, got)
						// The dequantized result is the converted dequantized input.
						g := csr.Dequantize[float32](got)
						if !slices.Equal(g.Values(), f.Values()) || !slices.Equal(g.Idx(), f.Idx()) {
							t.Fatalf("%s: dequantized result differs from the converted dequantized input", what)
						}
					}
					_, _, err = conv(q, convert.QuantOptions{Options: opts.Options, Exact: true})
					if wantRequant != errors.Is(err, convert.ErrRequantize) || !wantRequant && err != nil {
						t.Fatalf("%s: Exact: %v", what, err)
					}
				}
			}
		}
	}
}

// checkCarried: every entry of the matrix got has the code of the last
// entry of q at its coordinate, and the parameters are q's.
func checkCarried(t *testing.T, what string, q *coo.Quantized, got *csr.Quantized) {
	t.Helper()
	last := map[[2]uint64]int{}
	for k := range q.NNZ() {
		c := q.Coord(k)
		last[[2]uint64{c[0], c[1]}] = k
	}
	if got.NNZ() != len(last) {
		t.Fatalf("%s: %d entries, want %d", what, got.NNZ(), len(last))
	}
	gv, qv := got.Values(), q.Values()
	n := 0
	for c := range got.All() {
		k, _ := got.Find(c[0], c[1])
		if code(gv, k) != code(qv, last[[2]uint64{c[0], c[1]}]) {
			t.Fatalf("%s: code of (%d,%d) not carried", what, c[0], c[1])
		}
		n++
	}
	if !slices.Equal(gv.Scale, qv.Scale) || !slices.Equal(gv.Zero, qv.Zero) || !slices.Equal(gv.Exp, qv.Exp) {
		t.Fatalf("%s: parameters not carried", what)
	}
	if len(gv.Codes) != gv.Scheme.CodeBytes(n) {
		t.Fatalf("%s: %d code bytes", what, len(gv.Codes))
	}
}

// TestQuantizedTranspose: CSR to CSC and back, and both to COO. Carried
// codes come back byte for byte; a block scheme is re-quantized as
// quantize(transpose(dequantize(a))); expanding to COO carries every
// scheme.
func TestQuantizedTranspose(t *testing.T) {
	for _, s := range testutil.Schemes(2) {
		q := qCOO(t, []uint64{11, 6}, 29, false, true, s, 2)
		a, rep, err := convert.QCOOToCSR(q, convert.QuantOptions{})
		if err != nil || rep != nil {
			t.Fatalf("%v: sorted COO to CSR: %v %v", s, rep, err)
		}
		c, rep, err := convert.QCSRToCSC(a, convert.QuantOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !c.IsCSC() || c.Rows() != 11 {
			t.Fatalf("%v: %v", s, c)
		}
		if blockScheme(s) {
			want, wrep, err := csr.Quantize(convert.CSRToCSC(csr.Dequantize[float32](a)), s)
			if err != nil {
				t.Fatal(err)
			}
			if rep == nil || *rep != wrep {
				t.Fatalf("%v: report %v, want %v", s, rep, wrep)
			}
			sameTable(t, s.String()+" CSR to CSC", c.Buffers(), want.Buffers())
			if _, _, err := convert.QCSRToCSC(a, convert.QuantOptions{Exact: true}); !errors.Is(err, convert.ErrRequantize) {
				t.Fatalf("%v: Exact transpose: %v", s, err)
			}
		} else {
			if rep != nil {
				t.Fatalf("%v: transpose re-quantized", s)
			}
			back, rep, err := convert.QCSRToCSC(c, convert.QuantOptions{Exact: true})
			if err != nil || rep != nil {
				t.Fatalf("%v: back: %v %v", s, rep, err)
			}
			sameTable(t, s.String()+" CSR to CSC to CSR", back.Buffers(), a.Buffers())
		}
		for _, m := range []*csr.Quantized{a, c} {
			x := convert.QMatrixToCOO(m)
			if err := x.Validate(); err != nil {
				t.Fatal(err)
			}
			sameTable(t, s.String()+" to COO codes", x.Buffers()[:1], m.Buffers()[:1])
			sameTable(t, s.String()+" to COO parameters", x.Buffers()[2:], m.Buffers()[3:])
			if x.IsSorted() != !m.IsCSC() {
				t.Fatalf("%v: COO of %v sorted = %v", s, m, x.IsSorted())
			}
		}
	}
}

// TestQuantizedCSF: COO to CSF in every mode order, CSF to COO, and Reorder
// between mode orders, for every scheme of rank 3 (a channel along each
// mode) and odd counts; carried codes round-trip byte for byte, and block
// schemes reordered are quantize(convert(dequantize(x))).
func TestQuantizedCSF(t *testing.T) {
	shape := []uint64{4, 5, 3}
	for _, s := range testutil.Schemes(3) {
		q := qCOO(t, shape, 31, false, true, s, 4)
		deq := coo.Dequantize[float32](q)
		for _, mo := range [][]uint32{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
			what := fmt.Sprintf("%v %v", s, mo)
			x, rep, err := convert.QCOOToCSF(q, mo, convert.QuantOptions{})
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			identity := mo[0] == 0 && mo[1] == 1
			f, err := convert.COOToCSF(deq, mo)
			if err != nil {
				t.Fatal(err)
			}
			if blockScheme(s) && !identity {
				want, wrep, err := csf.Quantize(f, s)
				if err != nil {
					t.Fatal(err)
				}
				if rep == nil || *rep != wrep {
					t.Fatalf("%s: report %v, want %v", what, rep, wrep)
				}
				sameTable(t, what, x.Buffers(), want.Buffers())
				continue
			}
			if rep != nil {
				t.Fatalf("%s: re-quantized", what)
			}
			if g := csf.Dequantize[float32](x); !slices.Equal(g.Values(), f.Values()) {
				t.Fatalf("%s: dequantized CSF differs from the CSF of the dequantized COO", what)
			}
			// Back to COO and to CSF again: the same codes.
			y := convert.QCSFToCOO(x)
			z, rep, err := convert.QCOOToCSF(y, mo, convert.QuantOptions{Exact: true})
			if err != nil || rep != nil {
				t.Fatalf("%s: CSF to COO to CSF: %v %v", what, rep, err)
			}
			sameTable(t, what+" round trip", z.Buffers(), x.Buffers())
			// Reorder to every other order and back.
			for _, mo2 := range [][]uint32{{2, 1, 0}, {1, 2, 0}} {
				r, rep, err := convert.QReorder(x, mo2, convert.QuantOptions{Exact: !blockScheme(s)})
				if err != nil {
					t.Fatalf("%s to %v: %v", what, mo2, err)
				}
				if blockScheme(s) {
					want, wrep, err := csf.Quantize(mustT(convert.Reorder(csf.Dequantize[float32](x), mo2)), s)
					if err != nil {
						t.Fatal(err)
					}
					if rep == nil || *rep != wrep {
						t.Fatalf("%s reorder: report %v, want %v", what, rep, wrep)
					}
					sameTable(t, what+" reorder", r.Buffers(), want.Buffers())
					continue
				}
				back, _, err := convert.QReorder(r, mo, convert.QuantOptions{Exact: true})
				if err != nil {
					t.Fatal(err)
				}
				sameTable(t, what+" reorder and back", back.Buffers(), x.Buffers())
			}
		}
	}
}

// TestQuantizedCOOToCSFDuplicates: repeats under each policy, for a
// channel scheme (carried unless summed) and a block scheme.
func TestQuantizedCOOToCSFDuplicates(t *testing.T) {
	for _, sp := range []string{"uint8:channel:axis=2", "int4:block=3"} {
		s := quant.MustParse(sp)
		q := qCOO(t, []uint64{3, 4, 3}, 25, true, false, s, 9)
		deq := coo.Dequantize[float32](q)
		if _, _, err := convert.QCOOToCSF(q, nil, convert.QuantOptions{Options: convert.Options{Duplicates: convert.Reject}}); !errors.Is(err, convert.ErrDuplicate) {
			t.Fatalf("%v reject: %v", s, err)
		}
		if _, _, err := convert.QCOOToCSF(q, nil, convert.QuantOptions{Exact: true}); !errors.Is(err, convert.ErrRequantize) {
			t.Fatalf("%v exact sum: %v", s, err)
		}
		for _, dup := range []convert.Duplicates{convert.Sum, convert.KeepLast} {
			x, rep, err := convert.QCOOToCSF(q, []uint32{2, 0, 1}, convert.QuantOptions{Options: convert.Options{Duplicates: dup}})
			if err != nil || rep == nil && (dup == convert.Sum || blockScheme(s)) {
				t.Fatalf("%v dup %d: %v %v", s, dup, rep, err)
			}
			f, err := convert.COOToCSFWith(deq, []uint32{2, 0, 1}, convert.Options{Duplicates: dup})
			if err != nil {
				t.Fatal(err)
			}
			if rep != nil {
				want, _, err := csf.Quantize(f, s)
				if err != nil {
					t.Fatal(err)
				}
				sameTable(t, fmt.Sprintf("%v dup %d", s, dup), x.Buffers(), want.Buffers())
			} else if g := csf.Dequantize[float32](x); !slices.Equal(g.Values(), f.Values()) {
				t.Fatalf("%v keep last: values differ", s)
			}
		}
	}
}

// TestQuantizedUnvalidated: conversions refuse a permissive hold.
func TestQuantizedUnvalidated(t *testing.T) {
	q := qCOO(t, []uint64{3, 3}, 4, false, true, quant.MustParse("int8:tensor"), 1)
	p, err := coo.FromBuffersQuantized(q.Shape(), q.Scheme(), q.Buffers(), layout.Permissive)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := convert.QCOOToCSR(p, convert.QuantOptions{}); !errors.Is(err, layout.ErrUnvalidated) {
		t.Fatalf("QCOOToCSR of a hold: %v", err)
	}
	if _, _, err := convert.QCOOToCSF(p, nil, convert.QuantOptions{}); !errors.Is(err, layout.ErrUnvalidated) {
		t.Fatalf("QCOOToCSF of a hold: %v", err)
	}
}

func mustT[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
