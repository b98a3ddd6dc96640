//go:build !race

package kernels

// raceEnabled reports a -race build (see products_race.go).
const raceEnabled = false
