//go:build !race

package csf_test

// raceEnabled: the race detector is on (sync.Pool then drops objects at
// random, so pooled calls allocate).
const raceEnabled = false
