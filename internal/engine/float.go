package engine

import "unsafe"

// Float is the element type of every value array and product: float32 or
// float64, or a type defined on one of them.
type Float interface{ ~float32 | ~float64 }

// is32 reports whether T is float32 (or a type defined on it).
func is32[T Float]() bool { return unsafe.Sizeof(T(0)) == 4 }

func f32s[T Float](s []T) []float32 {
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

func f64s[T Float](s []T) []float64 {
	return unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}
