package mem

import (
	"math/bits"

	"golang.org/x/sys/unix"
)

// physical returns the machine's memory in bytes, or 0 when unknown.
func physical() uint64 {
	var si unix.Sysinfo_t
	if unix.Sysinfo(&si) != nil {
		return 0
	}
	hi, lo := bits.Mul64(uint64(si.Totalram), uint64(si.Unit))
	if hi != 0 {
		return 0
	}
	return lo
}
