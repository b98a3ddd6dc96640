package radix

import (
	"unsafe"

	"github.com/hurray-format/hurray-go/kernels/amd64"
)

// haveStoreLines reports whether storeLines (non-temporal line copies,
// kernels/amd64.StoreLines) is built: not on other architectures nor under
// the purego and noasm tags.
const haveStoreLines = amd64.HaveStoreLines

// storeLines copies n bytes (a positive multiple of 16) from src to dst
// (16-byte aligned) with non-temporal stores; storeFence must follow before
// other goroutines read dst.
func storeLines(dst, src unsafe.Pointer, n uintptr) { amd64.StoreLines(dst, src, n) }

// storeFence orders the non-temporal stores before later stores.
func storeFence() { amd64.StoreFence() }
