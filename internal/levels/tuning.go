package levels

import "github.com/hurray-format/hurray-go/internal/engine"

// Tuning is the sizes of the builders' pieces. Callers pass DefaultTuning,
// or, in their tests, smaller sizes that cross the block edges on small
// inputs; the levels built do not depend on them.
type Tuning struct {
	// Block is the number of keys Count and Fill take at a time: one pass
	// per level over the block while it is in L1, with its counts and
	// levels (24 bytes a key: 2048 keys for 48 KiB).
	Block int
}

// defaults is the tuning on this machine; no code changes it.
var defaults = TuningFor(engine.Caches())

// DefaultTuning returns the tuning for this machine's caches.
func DefaultTuning() Tuning { return defaults }

// TuningFor returns the tuning for a machine with the caches c.
func TuningFor(c engine.CacheSizes) Tuning {
	return Tuning{Block: c.L1D / 24}
}
