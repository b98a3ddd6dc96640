//go:build !purego && !noasm && gc

package arm64

import "golang.org/x/sys/cpu"

// HasNEON reports whether the NEON (Advanced SIMD) path may run.
var HasNEON = cpu.ARM64.HasASIMD
