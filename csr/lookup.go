package csr

import "fmt"

// FindCoord is Find with the coordinate as a slice {i, j}, the shape of
// coo's and csf's Find, for code written once for every layout. It panics
// when len(coord) != 2.
func (a *Matrix[T]) FindCoord(coord []uint64) (k int, ok bool) {
	if len(coord) != 2 {
		panic(fmt.Sprintf("csr: FindCoord: coordinate of length %d for a matrix", len(coord)))
	}
	return a.Find(coord[0], coord[1])
}

// AtCoord is At with the coordinate as arguments coord[0], coord[1], the
// shape of coo's and csf's At, for code written once for every layout. It
// panics when len(coord) != 2 and, as At, outside the shape.
func (a *Matrix[T]) AtCoord(coord ...uint64) T {
	if len(coord) != 2 {
		panic(fmt.Sprintf("csr: AtCoord: coordinate of length %d for a matrix", len(coord)))
	}
	return a.At(coord[0], coord[1])
}
