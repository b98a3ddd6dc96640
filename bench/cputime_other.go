//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package bench

import "time"

// processCPU is not measured on this system: CPUNsPerOp stays 0.
func processCPU() time.Duration { return 0 }
