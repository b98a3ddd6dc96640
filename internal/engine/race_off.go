//go:build !race

package engine

// raceEnabled reports a -race build (see race_on.go).
const raceEnabled = false

// raceRead records a read of every element of s (a no-op without -race).
func raceRead[T any](s []T) {}

// raceWrite records a write of every element of s (a no-op without -race).
func raceWrite[T any](s []T) {}
