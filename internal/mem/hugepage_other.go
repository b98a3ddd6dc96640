//go:build !linux

package mem

import "unsafe"

// advise does nothing: huge pages are asked for on Linux only.
func advise(base unsafe.Pointer, off, n uintptr) {}
