package csf

import (
	"github.com/hurray-format/hurray-go/internal/levels"
	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/internal/radix"
)

// parallelMinNNZ is the entry count below which a product runs on one
// goroutine; above it every goroutine gets at least half of it
// (parallel.Options).
const parallelMinNNZ = 1 << 15

// privateMaxElems bounds the private output copies of a parallel MTTKRP
// (all goroutines but the first together), in elements.
const privateMaxElems = 1 << 24

// ttvPackBits is the widest packed key TTV's sort takes (ttvPacked); wider
// keys take the regrouping path.
const ttvPackBits = 64

const (
	// findBlock is how many queries FindBatch carries through the levels
	// together: 64K queries keep a block's workspace (32 bytes a query)
	// in L2 and L3 while its probes are dense enough to share lines.
	findBlock = 1 << 16
	// findSmall is the batch size up to which FindBatch does not sort.
	findSmall = 4096
	// findRootTable is the largest root extent FindBatch builds a
	// coordinate -> node table for (4 bytes an entry).
	findRootTable = 1 << 24
)

// allBlock is how many leaves All expands at a time.
const allBlock = 512

// tuning is the sizes that choose a call's paths: the constants above and
// those of the sort and the level builds TTV shares with package convert
// (packages radix and levels), or a test's,
// carried by a Workspace (export_test.go), so that no test changes what
// another sees.
type tuning struct {
	minNNZ     int
	privateMax int
	packBits   uint
	radix      radix.Tuning
	levels     levels.Tuning
}

func defaultTuning() tuning {
	return tuning{
		minNNZ: parallelMinNNZ, privateMax: privateMaxElems, packBits: ttvPackBits,
		radix: radix.DefaultTuning(), levels: levels.DefaultTuning(),
	}
}

// options is how the calls without a Workspace split their work:
// GOMAXPROCS goroutines above parallelMinNNZ entries.
func options() parallel.Options {
	return parallel.Options{MinWork: parallelMinNNZ}
}
