package quant

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// This package views float32 parameter buffers itself rather than through
// internal/bufview, which imports package kernels: kernels may import quant
// for the decode tables, and the import graph must stay acyclic.

// littleEndian reports whether the host stores integers little-endian, so
// that buffers can be viewed in place.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// viewFloat32 views b (whose length must be a multiple of 4) as []float32:
// it aliases b when the host is little-endian and b is 4-byte aligned, and
// decodes a copy otherwise.
func viewFloat32(b []byte) []float32 {
	n := len(b) / 4
	if n == 0 {
		return []float32{}
	}
	p := unsafe.SliceData(b)
	if littleEndian && uintptr(unsafe.Pointer(p))%4 == 0 {
		return unsafe.Slice((*float32)(unsafe.Pointer(p)), n)
	}
	s := make([]float32, n)
	for i := range s {
		s[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return s
}

// float32Bytes returns the little-endian bytes of s, aliasing s on a
// little-endian host and encoding a copy otherwise.
func float32Bytes(s []float32) []byte {
	if len(s) == 0 {
		return []byte{}
	}
	if littleEndian {
		return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), 4*len(s))
	}
	b := make([]byte, 0, 4*len(s))
	for _, v := range s {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
	}
	return b
}
