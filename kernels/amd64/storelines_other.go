//go:build !amd64 || purego || noasm || !gc

package amd64

import "unsafe"

// HaveStoreLines is false: StoreLines is not built here.
const HaveStoreLines = false

// StoreLines is not built here; it panics.
func StoreLines(dst, src unsafe.Pointer, n uintptr) { panic(noAsm) }

// StoreFence does nothing where StoreLines is not built.
func StoreFence() {}
