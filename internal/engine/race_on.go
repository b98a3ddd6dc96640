//go:build race

package engine

import (
	"runtime"
	"unsafe"
)

// raceEnabled reports a -race build: the glue then tells the race detector
// about the memory the assembly reads and writes, which it cannot see by
// itself (for products, a loop over the rows or entries that other builds
// skip).
const raceEnabled = true

// raceRead records a read of every element of s.
func raceRead[T any](s []T) {
	if len(s) == 0 {
		return
	}
	runtime.RaceReadRange(unsafe.Pointer(unsafe.SliceData(s)), len(s)*int(unsafe.Sizeof(s[0])))
}

// raceWrite records a write of every element of s.
func raceWrite[T any](s []T) {
	if len(s) == 0 {
		return
	}
	runtime.RaceWriteRange(unsafe.Pointer(unsafe.SliceData(s)), len(s)*int(unsafe.Sizeof(s[0])))
}
