package levels

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestBits(t *testing.T) {
	for _, c := range []struct {
		dim  uint64
		want int
	}{{0, 0}, {1, 0}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {1 << 20, 20}, {1<<20 + 1, 21}, {1<<64 - 1, 64}} {
		if got := Bits(c.dim); got != c.want {
			t.Errorf("Bits(%d) = %d, want %d", c.dim, got, c.want)
		}
	}
}

// TestCountFill builds a three-level tree from sorted keys (2, 1 and 2
// bits a level) in two parts, with duplicates summed and, separately, the
// last one kept, in blocks of 1 to 9 keys.
func TestCountFill(t *testing.T) {
	sh := []uint{3, 2, 0}
	msk := []uint64{3, 1, 3}
	key := func(a, b, c uint64) uint64 { return a<<3 | b<<2 | c }
	keys := []uint64{key(0, 0, 1), key(0, 0, 1), key(0, 1, 0), key(0, 1, 3), key(2, 0, 0), key(2, 0, 0), key(2, 1, 2), key(3, 1, 1)}
	vals := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	wantPos := [][]uint64{{0, 3}, {0, 2, 4, 5}, {0, 1, 3, 4, 5, 6}}
	wantCrd := [][]uint64{{0, 2, 3}, {0, 1, 0, 1, 1}, {1, 0, 3, 0, 2, 1}}
	for _, keepLast := range []bool{false, true} {
		want := []float64{3, 3, 4, 11, 7, 8}
		if keepLast {
			want = []float64{2, 3, 4, 6, 7, 8}
		}
		for bl := 1; bl <= 9; bl++ {
			tu := Tuning{Block: bl}
			parts := []int{0, 4, 8} // part 1 starts at a new key
			off := make([]int, 3*3)
			for k := range 2 {
				Count(tu, keys, sh, off[(k+1)*3:][:3], parts[k], parts[k+1])
			}
			for k := 1; k <= 2; k++ {
				for q := range 3 {
					off[k*3+q] += off[(k-1)*3+q]
				}
			}
			nodes := off[6:]
			if !slices.Equal(nodes, []int{3, 5, 6}) {
				t.Fatalf("block %d: nodes %v", bl, nodes)
			}
			pos := [][]uint64{{0, 3}, make([]uint64, 4), make([]uint64, 6)}
			crd := [][]uint64{make([]uint64, 3), make([]uint64, 5), make([]uint64, 6)}
			dst := make([]float64, 6)
			f := Filler[float64]{Pos: pos, Crd: crd, Dst: dst, Keys: keys, Shift: sh, Mask: msk, Vals: vals, KeepLast: keepLast, AnyDup: true, Tuning: tu}
			for k := range 2 {
				f.Fill(off[k*3:][:3], parts[k], parts[k+1])
			}
			pos[1][3], pos[2][5] = 5, 6
			if !slices.EqualFunc(pos, wantPos, slices.Equal) || !slices.EqualFunc(crd, wantCrd, slices.Equal) || !slices.Equal(dst, want) {
				t.Fatalf("block %d keepLast %v: pos %v crd %v vals %v", bl, keepLast, pos, crd, dst)
			}
		}
	}
}

func TestOffsetsStarts(t *testing.T) {
	nodes := []int{2, 3, 0, 1, 4, 4}
	if counts := Offsets(nodes, 2); !slices.Equal(counts, []int{6, 8}) || !slices.Equal(nodes, []int{0, 0, 2, 3, 2, 4}) {
		t.Fatalf("Offsets: counts %v, offsets %v", counts, nodes)
	}
	keys := []uint64{1, 1, 1, 1, 2, 2, 3, 3, 3, 4}
	same := func(i int) bool { return keys[i] == keys[i-1] }
	for _, c := range []struct{ bounds, want []int }{
		{[]int{0, 10}, []int{0, 10}},
		{[]int{0, 3, 5, 7, 10}, []int{0, 4, 6, 9, 10}},
		{[]int{0, 1, 2, 10}, []int{0, 4, 4, 10}}, // a part inside one run ends empty
	} {
		if got := Starts(c.bounds, same); !slices.Equal(got, c.want) {
			t.Errorf("Starts(%v) = %v, want %v", c.bounds, got, c.want)
		}
	}
}

// randomPos returns a pos array over n nodes whose children number 0 to 3
// (empty nodes included, as ADR-025 allows).
func randomPos(n int, r *rand.Rand) []uint64 {
	p := make([]uint64, n+1)
	for i := 1; i <= n; i++ {
		p[i] = p[i-1] + uint64(r.IntN(4))
	}
	return p
}

// TestLeafStarts: every level of random trees of rank 2 to 5 (empty nodes
// included), on 1 to 3 goroutines, against each node's pos entries followed
// down one level at a time.
func TestLeafStarts(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	for rank := 2; rank <= 5; rank++ {
		for range 20 {
			pos := [][]uint64{{0, uint64(r.IntN(6))}}
			for l := 1; l < rank; l++ {
				pos = append(pos, randomPos(int(pos[l-1][len(pos[l-1])-1]), r))
			}
			for l := 0; l < rank-1; l++ {
				want := make([]uint64, len(pos[l+1]))
				for x := range want {
					i := uint64(x)
					for k := l + 1; k < rank; k++ {
						i = pos[k][i]
					}
					want[x] = i
				}
				for nw := 1; nw <= 3; nw++ {
					if got := LeafStarts(pos, l, nil, nw); !slices.Equal(got, want) {
						t.Fatalf("rank %d level %d nw %d: LeafStarts = %v, want %v (pos %v)", rank, l, nw, got, want, pos)
					}
				}
			}
		}
	}
}

// BenchmarkLeafStarts: the level above two levels of 2.8M one- or
// two-child nodes (T4p's level 1, about).
func BenchmarkLeafStarts(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	one := func(n int) []uint64 {
		p := make([]uint64, n+1)
		for i := 1; i <= n; i++ {
			p[i] = p[i-1] + 1 + uint64(r.IntN(8)/7)
		}
		return p
	}
	p1 := one(2_800_000)
	p2 := one(int(p1[len(p1)-1]))
	p3 := one(int(p2[len(p2)-1]))
	pos := [][]uint64{{0, uint64(len(p1) - 1)}, p1, p2, p3}
	dst := LeafStarts(pos, 1, nil, 1)
	for b.Loop() {
		LeafStarts(pos, 1, dst, 1)
	}
}
