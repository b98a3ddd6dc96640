package testutil

import "math"

// Float is the element types of the formats' values.
type Float interface{ ~float32 | ~float64 }

// Convert returns s converted element by element to T.
func Convert[T, U Float](s []U) []T {
	out := make([]T, len(s))
	for i, v := range s {
		out[i] = T(v)
	}
	return out
}

// Abs returns the absolute values of s.
func Abs[T Float](s []T) []T {
	out := make([]T, len(s))
	for i, v := range s {
		out[i] = T(math.Abs(float64(v)))
	}
	return out
}
