//go:build !linux

package hugepage

import "unsafe"

func advise(base unsafe.Pointer, off, n uintptr) {}
