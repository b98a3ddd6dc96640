package coo

import "fmt"

// checkInShape panics with a message naming the package and the coordinate
// when coord does not have one entry per mode or lies outside shape.
func checkInShape(pkg string, shape, coord []uint64) {
	if len(coord) != len(shape) {
		panic(fmt.Sprintf("%s: At: coordinate of length %d for rank %d", pkg, len(coord), len(shape)))
	}
	for m, c := range coord {
		if c >= shape[m] {
			panic(fmt.Sprintf("%s: At%v outside the shape %v (mode %d)", pkg, coord, shape, m))
		}
	}
}
