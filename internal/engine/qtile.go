package engine

import (
	"fmt"

	"github.com/hurray-format/hurray-go/quant"
)

// Products on quantized values (the Q entry points) take and return
// float32 and never make a dequantized copy of the values: they walk the
// rows (or nodes) in tiles of at most qTile consecutive stored values,
// decode each tile into a pooled scratch that stays in L1 (the dequantize
// family, bit for bit quant's Values.At), rebase the tile's segment
// pointers to it and hand it to the float32 kernel of the product (SpMV,
// ScatterAdd, SpMM, SpMMScatter, the Hadamard families), whose paths then
// serve the quantized product on every path. Two products decode larger
// blocks into a scratch that stays in L2: SpMM (qspmmTiled, blocks of rows
// that keep the float32 SpMM's column tiles of X) and the two-level
// Hadamard families (nodes2, whole nodes handed to kernels that read the
// leaf pointers less the block's first leaf, so nothing is rebased).
//
// A tile holds whole rows where they fit. A row (a node, a child) with more
// values than a tile is taken in pieces, each piece a call of the float32
// kernel on that row alone: the products are linear in the values, so the
// pieces add up to the row's result, but the row's sum is then rounded
// piece by piece, an order of additions that no float32 path uses. The
// result agrees with "dequantize, then the float32 reference" within the
// float32 kernels' own bound for a sum of n terms (a few n·2^-24 times the
// sum of the terms' magnitudes), which the tests check on every path.

// qCheckRows checks a compressed product's segment pointers against the
// index array and the values: ptr is non-empty, its ends in order and
// within idx, and idx holds one index per stored value. It returns the
// first and last entry.
func qCheckRows(name string, ptr, idx []uint64, v *quant.Values, ch *Channels) (e0, e1 uint64) {
	if len(ptr) == 0 {
		panic("kernels: " + name + ": empty ptr")
	}
	if len(idx) != v.N {
		panic(fmt.Sprintf("kernels: %s: %d indices for %d values", name, len(idx), v.N))
	}
	e0, e1 = ptr[0], ptr[len(ptr)-1]
	if e1 < e0 || e1 > uint64(len(idx)) {
		panic(fmt.Sprintf("kernels: %s: ptr spans %d..%d, outside the %d values", name, e0, e1, len(idx)))
	}
	checkQuant(name, v, int(e0), int(e1-e0), ch, false)
	return e0, e1
}

// qWhole returns the end j of the rows from i that one tile holds whole:
// at most qTileRows rows whose values together fit qTile and end at or
// before e1. j == i when row i alone does not fit. On a decreasing ptr no
// row fits.
func qWhole(ptr []uint64, i int, e1 uint64) int {
	rows := len(ptr) - 1
	p := ptr[i]
	j := i
	for j < rows && j-i < qTileRows && ptr[j+1] >= p && ptr[j+1]-p <= qTile && ptr[j+1] <= e1 {
		j++
	}
	return j
}

// qDecode decodes values t0..t1-1 into the scratch's tile and returns it.
func (s *qScratch) decode(t0, t1 uint64) []float32 {
	tile := s.tile[:t1-t0]
	s.hint = dequantizeTile(tile, s, int(t0))
	return tile
}

// rebase writes ptr[i..j] minus base into the scratch's row pointers.
func (s *qScratch) rebase(ptr []uint64, i, j int, base uint64) []uint64 {
	rp := s.ptr[:j-i+1]
	for r := range rp {
		rp[r] = ptr[i+r] - base
	}
	return rp
}

// piece returns the row pointers of a single row of n values.
func (s *qScratch) piece(n uint64) []uint64 {
	s.ptr[0], s.ptr[1] = 0, n
	return s.ptr[:2]
}

// qRows walks the rows of ptr in tiles: fn(i, j, t0, t1, rp, tile, first)
// for rows i..j-1 held whole (values t0..t1-1, rp their pointers rebased to
// the tile), or, for a row longer than a tile, once per piece with j = i+1,
// rp a single row and first set on the row's first piece.
//
// Every tile lies within ptr's ends, the values qCheckRows checked: a row
// whose end lies outside ptr[0]..ptr[len(ptr)-1] or before its start
// (pointers changed after validation) panics, naming the product, before
// anything of it is decoded. Within a tile the rebased pointers may still
// be out of order; the kernels the tile goes to clamp or check them.
func (s *qScratch) rows(name string, ptr []uint64, fn func(i, j int, t0, t1 uint64, rp []uint64, tile []float32, first bool)) {
	rows := len(ptr) - 1
	e1 := ptr[rows]
	for i := 0; i < rows; {
		p := ptr[i]
		if j := qWhole(ptr, i, e1); j > i {
			t1 := ptr[j]
			tile := s.decode(p, t1)
			fn(i, j, p, t1, s.rebase(ptr, i, j, p), tile, true)
			i = j
			continue
		}
		end := ptr[i+1]
		if end < p || end > e1 {
			panic(fmt.Sprintf("kernels: %s: ptr[%d] = %d out of range %d..%d", name, i+1, end, p, e1))
		}
		for q := p; q < end; q += qTile {
			q1 := min(end, q+qTile)
			tile := s.decode(q, q1)
			fn(i, i+1, q, q1, s.piece(q1-q), tile, q == p)
		}
		i++
	}
}
