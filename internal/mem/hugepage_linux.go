//go:build linux

package mem

import (
	"syscall"
	"unsafe"
)

// advise madvises n bytes at offset off of the allocation at base.
func advise(base unsafe.Pointer, off, n uintptr) {
	b := unsafe.Slice((*byte)(unsafe.Add(base, off)), n)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
