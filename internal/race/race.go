//go:build race

// Package race tells the race detector about memory that assembly reads and
// writes, which it cannot see by itself. Without the race tag the functions
// are empty and inline away.
package race

import (
	"runtime"
	"unsafe"
)

// Enabled reports whether the race detector is on (it also makes sync.Pool
// drop objects at random, so tests of pooled reuse skip their allocation
// checks).
const Enabled = true

// ReadSlice records a read of every element of s.
func ReadSlice[T any](s []T) {
	if len(s) == 0 {
		return
	}
	runtime.RaceReadRange(unsafe.Pointer(unsafe.SliceData(s)), len(s)*int(unsafe.Sizeof(s[0])))
}

// WriteSlice records a write of every element of s.
func WriteSlice[T any](s []T) {
	if len(s) == 0 {
		return
	}
	runtime.RaceWriteRange(unsafe.Pointer(unsafe.SliceData(s)), len(s)*int(unsafe.Sizeof(s[0])))
}
