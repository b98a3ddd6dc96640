//go:build race

package testutil

// RaceEnabled reports a -race build (the race detector also makes sync.Pool
// drop objects at random, so tests of pooled reuse skip their allocation
// checks).
const RaceEnabled = true
