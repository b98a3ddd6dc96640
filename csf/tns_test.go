package csf_test

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

var tnsDir = testutil.Sub("tns") + "/"

// readTNS is a minimal FROSTT reader for the tests: one entry per line, 1-based
// coordinates then the value; '#' comments. The shape is the largest
// coordinate per mode.
func readTNS(t *testing.T, path string) *coo.Tensor[float64] {
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("no data: %v", err)
	}
	defer f.Close()
	var coords []uint64
	var vals []float64
	var shape []uint64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		if shape == nil {
			shape = make([]uint64, len(fs)-1)
		}
		if len(fs) != len(shape)+1 {
			t.Fatalf("%s: ragged line %q", path, line)
		}
		for m := range shape {
			c, err := strconv.ParseUint(fs[m], 10, 64)
			if err != nil || c == 0 {
				t.Fatalf("%s: bad coordinate in %q", path, line)
			}
			coords = append(coords, c-1)
			shape[m] = max(shape[m], c)
		}
		v, err := strconv.ParseFloat(fs[len(fs)-1], 64)
		if err != nil {
			t.Fatalf("%s: bad value in %q", path, line)
		}
		vals = append(vals, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	x, err := coo.New(shape, coords, vals)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestMTTKRPTNS runs MTTKRP on real FROSTT tensors, every mode, against the
// product computed directly from the COO entries (duplicates, if any, add up
// in both).
func TestMTTKRPTNS(t *testing.T) {
	for _, file := range []string{"aminoacid.tns", "wikipeople_arity4.tns"} {
		t.Run(file, func(t *testing.T) {
			x := readTNS(t, tnsDir+file)
			shape := x.Shape()
			n := len(shape)
			rng := rand.New(rand.NewPCG(9, 10))
			const r = 16
			factors := make([][]float64, n)
			for m, s := range shape {
				factors[m] = randMat[float64](rng, int(s)*r)
			}
			rev := make([]uint32, n)
			for i := range rev {
				rev[i] = uint32(n - 1 - i)
			}
			for _, mo := range [][]uint32{nil, rev} {
				ct := mustCSF(t, x, mo)
				for mode := range n {
					want := make([]float64, int(shape[mode])*r)
					scale := make([]float64, len(want))
					c, v := x.Coords(), x.Values()
					for e, val := range v {
						tuple := c[e*n : (e+1)*n]
						for k := 0; k < r; k++ {
							p := val
							for m := range n {
								if m != mode {
									p *= factors[m][int(tuple[m])*r+k]
								}
							}
							want[int(tuple[mode])*r+k] += p
							scale[int(tuple[mode])*r+k] += abs(p)
						}
					}
					got := make([]float64, len(want))
					ct.MTTKRP(mode, factors, r, got)
					closeTo(t, file+"/mode="+strconv.Itoa(mode), got, want, scale, 1e-10)
				}
			}
		})
	}
}
