package prepared

import (
	"sync"

	"github.com/hurray-format/hurray-go/internal/engine"
)

// unpackEntries is the most offsets of a Strips12 form unpacked at once:
// a strip is at most stripBytes/4 wide, so a row's run in it (distinct
// indices) always fits. A piece of several rows holds at most pieceEntries
// (smaller pieces keep the offsets the kernel reads back in L1).
const (
	unpackEntries = stripBytes / 4
	pieceEntries  = 2048
)

// unpacked is the scratch of one part of a product on a Strips12 form: a
// piece of rows' offsets as uint16 and their pointers rebased to them.
type unpacked struct {
	col [unpackEntries]uint16
	ptr [tileRows + 1]uint32
}

var unpackedPool = sync.Pool{New: func() any { return new(unpacked) }}

// idx16 returns the offsets of entries e0..e1-1 of f (e1-e0 <= len(dst))
// as uint16: f.c16's, those of a Strips12 form unpacked into dst, or nil
// for Cols32.
func (f *form) idx16(dst []uint16, e0, e1 int) []uint16 {
	switch f.kind {
	case Cols32:
		return nil
	case Strips12:
	default:
		return f.c16[e0:e1]
	}
	d := dst[:e1-e0]
	engine.Unpack12(d, f.c12, e0)
	return d
}

// parts calls fn(i, j, p, e0, e1, c16, c32) for rows lo..hi-1 of block b:
// rows lo+i..lo+j-1 (i, j relative to lo), their entries e0..e1-1 of the
// form's arrays, p their pointers (rebased to e0) and their offsets in c16
// (uint16) or c32 (uint32, the other nil). A form with stored offsets takes
// one call for all the rows; a Strips12 form a call a piece (pieces12),
// with the offsets unpacked.
func (f *form) parts(b *block, lo, hi int, fn func(i, j int, p []uint32, e0, e1 int, c16 []uint16, c32 []uint32)) {
	switch f.kind {
	case Strips12:
		f.pieces12(b, lo, hi, func(i, j int, p []uint32, e0, e1 int, col []uint16) {
			fn(i, j, p, e0, e1, col, nil)
		})
	case Cols32:
		fn(0, hi-lo, f.rowPtr(b, lo, hi), b.e0, b.e1, nil, f.c32[b.e0:b.e1])
	default:
		fn(0, hi-lo, f.rowPtr(b, lo, hi), b.e0, b.e1, f.c16[b.e0:b.e1], nil)
	}
}

// pieces12 calls fn(i, j, p, e0, e1, col) for rows lo..hi-1 of block b of
// a Strips12 form, a piece at a time: rows lo+i..lo+j-1 (i, j relative to
// lo), at most tileRows of them and pieceEntries entries unless one row
// holds more, their entries e0..e1-1 of the form's arrays, p their
// pointers rebased to e0 and col their offsets unpacked. A row holds at
// most a strip's width of entries; one that held more would take a piece
// of its own and run the kernels on its first unpackEntries entries only,
// which a validated source (indices increasing along a row) never has.
func (f *form) pieces12(b *block, lo, hi int, fn func(i, j int, p []uint32, e0, e1 int, col []uint16)) {
	u := unpackedPool.Get().(*unpacked)
	p := f.rowPtr(b, lo, hi)
	n := hi - lo
	for i := 0; i < n; {
		start := p[i]
		j := i + 1
		for j < n && j-i < tileRows && p[j+1]-start <= pieceEntries {
			j++
		}
		end := min(p[j], start+unpackEntries)
		for r := i; r <= j; r++ {
			u.ptr[r-i] = min(p[r], end) - start
		}
		e0, e1 := b.e0+int(start), b.e0+int(end)
		fn(i, j, u.ptr[:j-i+1], e0, e1, f.idx16(u.col[:], e0, e1))
		i = j
	}
	unpackedPool.Put(u)
}
