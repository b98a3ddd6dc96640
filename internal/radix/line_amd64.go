//go:build !purego && !noasm && gc

package radix

import "unsafe"

// haveStoreLines reports whether storeLines is implemented.
const haveStoreLines = true

// storeLines copies n bytes, a multiple of 16, from src to dst (16-byte
// aligned) with non-temporal stores: the lines go to memory without being
// read first (no read for ownership) and without evicting cached data.
// storeFence must follow before other goroutines read dst.
//
//go:noescape
func storeLines(dst, src unsafe.Pointer, n uintptr)

// storeFence orders the non-temporal stores of storeLines before later
// stores (SFENCE).
func storeFence()
