package csf

import "github.com/hurray-format/hurray-go/internal/parallel"

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

// tuning is the sizes that choose a call's paths: the constants above, or
// a test's, carried by a Workspace (export_test.go), so that no test
// changes what another sees.
type tuning struct {
	minNNZ     int
	privateMax int
	packBits   uint
}

func defaultTuning() tuning {
	return tuning{minNNZ: parallelMinNNZ, privateMax: privateMaxElems, packBits: ttvPackBits}
}

// options is how the calls without a Workspace split their work:
// GOMAXPROCS goroutines above parallelMinNNZ entries.
func options() parallel.Options {
	return parallel.Options{MinWork: parallelMinNNZ}
}
