package mem

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// Float is the element types a buffer can be viewed as: float32, float64
// and named types of their kinds.
type Float interface{ ~float32 | ~float64 }

// LittleEndian reports whether the host stores integers little-endian, so
// that buffers can be viewed in place.
var LittleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// aligned reports whether b starts at a multiple of align bytes.
func aligned(b []byte, align uintptr) bool {
	return len(b) == 0 || uintptr(unsafe.Pointer(unsafe.SliceData(b)))%align == 0
}

// Uint64s views b (whose length must be a multiple of 8) as []uint64. It
// aliases b when the host is little-endian and b is 8-byte aligned, and
// copies (decoding little-endian) otherwise; copied reports which.
func Uint64s(b []byte) (s []uint64, copied bool) {
	n := len(b) / 8
	if n == 0 {
		return []uint64{}, false
	}
	if LittleEndian && aligned(b, 8) {
		return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(b))), n), false
	}
	s = make([]uint64, n)
	for i := range s {
		s[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return s, true
}

// Floats views b (whose length must be a multiple of the element size) as
// []T, aliasing or copying as Uint64s does.
func Floats[T Float](b []byte) (s []T, copied bool) {
	size := ElemSize[T]()
	n := len(b) / size
	if n == 0 {
		return []T{}, false
	}
	if LittleEndian && aligned(b, uintptr(size)) {
		return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), n), false
	}
	s = make([]T, n)
	for i := range s {
		if size == 4 {
			s[i] = T(math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
		} else {
			s[i] = T(math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:])))
		}
	}
	return s, true
}

// ElemSize is the size in bytes of one T.
func ElemSize[T Float]() int { return int(unsafe.Sizeof(T(0))) }

// Uint64Bytes returns the little-endian bytes of s, aliasing s on a
// little-endian host and encoding a copy otherwise.
func Uint64Bytes(s []uint64) []byte {
	if len(s) == 0 {
		return []byte{}
	}
	if LittleEndian {
		return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), 8*len(s))
	}
	b := make([]byte, 0, 8*len(s))
	for _, v := range s {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	return b
}

// FloatBytes returns the little-endian bytes of s, aliasing s on a
// little-endian host and encoding a copy otherwise.
func FloatBytes[T Float](s []T) []byte {
	size := ElemSize[T]()
	if len(s) == 0 {
		return []byte{}
	}
	if LittleEndian {
		return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), size*len(s))
	}
	b := make([]byte, 0, size*len(s))
	for _, v := range s {
		if size == 4 {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(v)))
		} else {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(float64(v)))
		}
	}
	return b
}

// Retype views s as a slice of T without copying. T and U must have the same
// size (float64 and a named type of float64's kind, say); otherwise it
// panics.
func Retype[T, U Float](s []U) []T {
	if ElemSize[T]() != ElemSize[U]() {
		panic("mem: Retype between element types of different sizes")
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}
