//go:build !amd64 || purego || noasm || !gc

package radix

import "unsafe"

const haveStoreLines = false

func storeLines(dst, src unsafe.Pointer, n uintptr) { panic("radix: no storeLines") }

func storeFence() {}
