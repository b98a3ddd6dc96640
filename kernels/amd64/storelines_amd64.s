//go:build !purego && !noasm && gc

#include "textflag.h"

// func StoreLines(dst, src unsafe.Pointer, n uintptr)
//
// Copies n bytes, 16 at a time, with non-temporal stores (MOVNTDQ, SSE2):
//
//	for ; n > 0; n -= 16 { *dst = *src (16 bytes, not through the cache); dst, src += 16 }
//
// The loop runs at least once, so n must be a positive multiple of 16 and
// dst 16-byte aligned (the caller checks both).
//
// Registers: DI dst, SI src, CX bytes left, X0 the 16 bytes in flight.
TEXT ·StoreLines(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX

loop:
	MOVOU  0(SI), X0
	MOVNTO X0, 0(DI)
	ADDQ   $16, SI
	ADDQ   $16, DI
	SUBQ   $16, CX
	JA     loop
	RET

// func StoreFence()
TEXT ·StoreFence(SB), NOSPLIT, $0-0
	SFENCE
	RET
