//go:build linux || darwin || freebsd || netbsd || openbsd

package bench

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) of the whole process so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
