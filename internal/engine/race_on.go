//go:build race

package engine

import (
	"runtime"
	"unsafe"
)

// raceEnabled reports a -race build: asmPieces then runs the glue's race
// functions, which tell the race detector about the memory each assembly
// call reads and writes (the detector cannot see it by itself). Where a
// kernel reads or writes through indices, they loop over the rows or
// entries the indices name, a loop that other builds skip.
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
