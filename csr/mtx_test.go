package csr

import (
	"bufio"
	"cmp"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/internal/testutil"
	"gonum.org/v1/gonum/mat"
)

// mtxDir holds real Matrix Market files (SuiteSparse collection).
var mtxDir = testutil.Sub("mtx")

type triplet struct {
	i, j uint64
	v    float64
}

// readMTX is a test-only reader of the Matrix Market coordinate format
// (real, integer or pattern; general or symmetric): it returns the shape and
// the entries, symmetric ones mirrored, sorted by (row, column), duplicates
// summed. The library's reader lives in formats/mtx.
func readMTX(t testing.TB, path string) (rows, cols int, ts []triplet) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	sc.Scan()
	head := strings.Fields(strings.ToLower(sc.Text()))
	if len(head) < 5 || head[1] != "matrix" || head[2] != "coordinate" {
		t.Fatalf("%s: unsupported header %q", path, sc.Text())
	}
	pattern, sym := head[3] == "pattern", head[4] == "symmetric"
	sized := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '%' {
			continue
		}
		fs := strings.Fields(line)
		if !sized {
			rows, _ = strconv.Atoi(fs[0])
			cols, _ = strconv.Atoi(fs[1])
			sized = true
			continue
		}
		i, _ := strconv.ParseUint(fs[0], 10, 64)
		j, _ := strconv.ParseUint(fs[1], 10, 64)
		v := 1.0
		if !pattern {
			v, _ = strconv.ParseFloat(fs[2], 64)
		}
		ts = append(ts, triplet{i - 1, j - 1, v})
		if sym && i != j {
			ts = append(ts, triplet{j - 1, i - 1, v})
		}
	}
	slices.SortFunc(ts, func(a, b triplet) int { return cmp.Or(cmp.Compare(a.i, b.i), cmp.Compare(a.j, b.j)) })
	out := ts[:0]
	for _, e := range ts {
		if n := len(out); n > 0 && out[n-1].i == e.i && out[n-1].j == e.j {
			out[n-1].v += e.v
			continue
		}
		out = append(out, e)
	}
	return rows, cols, out
}

// tripletMatrix builds the CSR (or CSC) matrix of sorted triplets.
func tripletMatrix[T Float](t testing.TB, rows, cols int, ts []triplet, csc bool) *Matrix[T] {
	t.Helper()
	if csc {
		ts = slices.Clone(ts)
		slices.SortFunc(ts, func(a, b triplet) int { return cmp.Or(cmp.Compare(a.j, b.j), cmp.Compare(a.i, b.i)) })
	}
	maj := rows
	if csc {
		maj = cols
	}
	ptr := make([]uint64, maj+1)
	idx := make([]uint64, len(ts))
	vals := make([]T, len(ts))
	for k, e := range ts {
		m, n := e.i, e.j
		if csc {
			m, n = e.j, e.i
		}
		ptr[m+1]++
		idx[k], vals[k] = n, T(e.v)
	}
	for m := range maj {
		ptr[m+1] += ptr[m]
	}
	return NewOriented(t, rows, cols, csc, ptr, idx, vals)
}

// TestRealMatrices multiplies every matrix in mtxDir (CSR and CSC, plain and
// transposed, vector and k = 7, both element types) and compares with the
// dense product (gonum) for the smaller ones and with a float64 triplet
// loop, which is the same sum, for the rest.
func TestRealMatrices(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(mtxDir, "*.mtx"))
	if len(files) == 0 {
		t.Skip("no matrices in " + mtxDir)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, path := range files {
		rows, cols, ts := readMTX(t, path)
		name := filepath.Base(path)
		if testing.Short() && len(ts) > 50000 {
			t.Logf("%s: %d entries, skipped in -short mode (the race run)", name, len(ts))
			continue
		}
		t.Run(name, func(t *testing.T) {
			var dense *mat.Dense
			if rows*cols <= 1<<22 {
				dense = mat.NewDense(rows, cols, nil)
				for _, e := range ts {
					dense.Set(int(e.i), int(e.j), e.v)
				}
			}
			for _, trans := range []bool{false, true} {
				r, c := rows, cols
				if trans {
					r, c = cols, rows
				}
				for _, k := range []int{1, 7} {
					x := make([]float64, c*k)
					for i := range x {
						x[i] = 2*rng.Float64() - 1
					}
					want := make([]float64, r*k)
					scale := make([]float64, r*k)
					for _, e := range ts {
						o, in := e.i, e.j
						if trans {
							o, in = e.j, e.i
						}
						for q := range k {
							want[int(o)*k+q] += e.v * x[int(in)*k+q]
							scale[int(o)*k+q] += math.Abs(e.v * x[int(in)*k+q])
						}
					}
					if dense != nil {
						var op mat.Matrix = dense
						if trans {
							op = dense.T()
						}
						var p mat.Dense
						p.Mul(op, mat.NewDense(c, k, x))
						for i, v := range p.RawMatrix().Data {
							if math.Abs(v-want[i]) > 1e-12*(scale[i]+1e-300) {
								t.Fatalf("oracles disagree at %d: %v vs %v", i, v, want[i])
							}
						}
					}
					for _, csc := range []bool{false, true} {
						check := func(what string, got []float64, tol float64) {
							for i := range want {
								if d := math.Abs(got[i] - want[i]); !(d <= tol*(scale[i]+1e-300)) {
									t.Fatalf("%s csc=%v trans=%v k=%d: element %d: got %v, want %v", what, csc, trans, k, i, got[i], want[i])
								}
							}
						}
						a64 := tripletMatrix[float64](t, rows, cols, ts, csc)
						got := make([]float64, r*k)
						a32 := tripletMatrix[float32](t, rows, cols, ts, csc)
						got32 := make([]float32, r*k)
						x32 := make([]float32, len(x))
						for i, v := range x {
							x32[i] = float32(v)
						}
						switch {
						case k == 1 && trans:
							a64.MulVecTrans(got, x)
							a32.MulVecTrans(got32, x32)
						case k == 1:
							a64.MulVec(got, x)
							a32.MulVec(got32, x32)
						case trans:
							a64.MulMatTrans(got, x, k)
							a32.MulMatTrans(got32, x32, k)
						default:
							a64.MulMat(got, x, k)
							a32.MulMat(got32, x32, k)
						}
						check("float64", got, 1e-12)
						g := make([]float64, len(got32))
						for i, v := range got32 {
							g[i] = float64(v)
						}
						// float32 inputs are rounded too: 1e-6 relative
						// per value and per x, plus float32 accumulation.
						check("float32", g, 3e-5)
					}
				}
			}
		})
	}
}
