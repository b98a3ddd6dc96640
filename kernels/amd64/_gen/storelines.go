package main

// storelines_amd64.s: StoreLines, StoreFence.

func storeLinesFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.text("StoreLines", 0, "SSE2", `Copies n bytes, 16 at a time, with non-temporal stores (MOVNTDQ, SSE2):

	for ; n > 0; n -= 16 { *dst = *src (16 bytes, not through the cache); dst, src += 16 }

The loop runs at least once, so n must be a positive multiple of 16 and
dst 16-byte aligned (the caller checks both).

Registers: DI dst, SI src, CX bytes left, X0 the 16 bytes in flight.`)
	f.i("MOVQ dst+0(FP), DI")
	f.i("MOVQ src+8(FP), SI")
	f.i("MOVQ n+16(FP), CX")
	f.label("loop")
	f.i("MOVOU 0(SI), X0")
	f.i("MOVNTO X0, 0(DI)")
	f.i("ADDQ $16, SI")
	f.i("ADDQ $16, DI")
	f.i("SUBQ $16, CX")
	f.i("JA loop")
	f.i("RET")

	f.text("StoreFence", 0, "SSE", "The non-temporal stores made so far are ordered before later stores.")
	f.i("SFENCE")
	f.i("RET")
	return f.String()
}
