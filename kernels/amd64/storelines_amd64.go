//go:build !purego && !noasm && gc

package amd64

import "unsafe"

// HaveStoreLines reports whether StoreLines is built (every amd64 under the
// build constraint: it needs only SSE2).
const HaveStoreLines = true

// StoreLines copies n bytes from src to dst with non-temporal stores: the
// destination lines go to memory without being read first (no read for
// ownership) and without evicting cached data. It assumes n > 0, n a
// multiple of 16 and dst 16-byte aligned. StoreFence must follow before
// another goroutine reads dst.
//
//go:noescape
func StoreLines(dst, src unsafe.Pointer, n uintptr)

// StoreFence orders the non-temporal stores made so far before later
// stores (SFENCE).
func StoreFence()
