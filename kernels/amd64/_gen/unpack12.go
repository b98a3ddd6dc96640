package main

// unpack12_amd64.s: packed 12-bit offsets (a prepared form's Strips12
// indices, two in three bytes) to uint16.

// unpack12File is unpack12_amd64.s.
func unpack12File() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`Unpack 12-bit offsets packed two in three bytes: offset 2p is the low
12 bits of the little-endian 24-bit word at byte 3p, offset 2p+1 its high
12 bits.

	for each 16 (AVX2) or 32 (AVX-512) offsets, from 24 or 48 bytes:
		spread each 128-bit lane's 8 offsets' 12 bytes into its lane    // VPERMD
		word j of a lane = bytes 3(j/2)+(j&1), +1                         // VPSHUFB
		odd words >> 4; every word & 0xFFF                                // VPSRLVW, or VPSRLW + VPBLENDW

The AVX-512 kernel loads its 48 bytes under a mask of 12 dwords; the AVX2
one loads 32 bytes for its 24 (the caller leaves 8 bytes beyond).`)
	// AVX-512: 32 offsets a step.
	f.text("Unpack12AVX512", 0, "AVX512F, AVX512BW", "")
	f.i("MOVQ dst_base+0(FP), DI")
	f.i("MOVQ dst_len+8(FP), CX")
	f.i("MOVQ src_base+24(FP), SI")
	f.i("MOVL $0x0fff, AX")
	f.i("KMOVW AX, K1 // the 12 dwords of 32 offsets")
	f.i("VMOVDQU32 u12lanes<>(SB), Z1")
	f.i("VBROADCASTI32X4 u12bytes<>(SB), Z2")
	f.i("VMOVDQU16 u12shift<>(SB), Z3")
	f.i("VPBROADCASTW u12mask<>(SB), Z4")
	f.label("u12x32")
	f.i("CMPQ CX, $32")
	f.i("JB u12x32done")
	f.i("PREFETCHT0 %d(SI)", u12PFD)
	f.i("VMOVDQU32.Z (SI), K1, Z0")
	f.i("VPERMD Z0, Z1, Z0")
	f.i("VPSHUFB Z2, Z0, Z0")
	f.i("VPSRLVW Z3, Z0, Z0")
	f.i("VPANDD Z4, Z0, Z0")
	f.i("VMOVDQU16 Z0, (DI)")
	f.i("ADDQ $48, SI")
	f.i("ADDQ $64, DI")
	f.i("SUBQ $32, CX")
	f.i("JMP u12x32")
	f.label("u12x32done")
	f.i("VZEROUPPER")
	f.i("RET")
	// AVX2: 16 offsets a step.
	f.text("Unpack12AVX2", 0, "AVX2", "")
	f.i("MOVQ dst_base+0(FP), DI")
	f.i("MOVQ dst_len+8(FP), CX")
	f.i("MOVQ src_base+24(FP), SI")
	f.i("VMOVDQU u12lanes<>(SB), Y1")
	f.i("VBROADCASTI128 u12bytes<>(SB), Y2")
	f.i("VPBROADCASTW u12mask<>(SB), Y4")
	f.label("u12x16")
	f.i("CMPQ CX, $16")
	f.i("JB u12x16done")
	f.i("PREFETCHT0 %d(SI)", u12PFD)
	f.i("VMOVDQU (SI), Y0 // 24 bytes used of 32")
	f.i("VPERMD Y0, Y1, Y0")
	f.i("VPSHUFB Y2, Y0, Y0")
	f.i("VPSRLW $4, Y0, Y3")
	f.i("VPBLENDW $0xaa, Y3, Y0, Y0 // odd words shifted")
	f.i("VPAND Y4, Y0, Y0")
	f.i("VMOVDQU Y0, (DI)")
	f.i("ADDQ $24, SI")
	f.i("ADDQ $32, DI")
	f.i("SUBQ $16, CX")
	f.i("JMP u12x16")
	f.label("u12x16done")
	f.i("VZEROUPPER")
	f.i("RET")
	f.doc(`u12lanes: the dwords of each 128-bit lane (three a lane of 8 offsets);
u12bytes: a lane's word j from bytes 3(j/2)+(j&1) and the next; u12shift:
0 for even words, 4 for odd; u12mask: 0xFFF.`)
	for i, d := range []int{0, 1, 2, 0, 3, 4, 5, 0, 6, 7, 8, 0, 9, 10, 11, 0} {
		f.line("DATA u12lanes<>+%d(SB)/4, $%d", 4*i, d)
	}
	f.line("GLOBL u12lanes<>(SB), RODATA|NOPTR, $64")
	for j := range 8 {
		b := 3*(j/2) + j&1
		f.line("DATA u12bytes<>+%d(SB)/2, $0x%02x%02x", 2*j, b+1, b)
	}
	f.line("GLOBL u12bytes<>(SB), RODATA|NOPTR, $16")
	for j := range 32 {
		f.line("DATA u12shift<>+%d(SB)/2, $%d", 2*j, 4*(j&1))
	}
	f.line("GLOBL u12shift<>(SB), RODATA|NOPTR, $64")
	f.line("DATA u12mask<>+0(SB)/2, $0x0fff")
	f.line("GLOBL u12mask<>(SB), RODATA|NOPTR, $2")
	return f.String()
}

func init() {
	decls = append(decls,
		decl{"unpack12", "Unpack12AVX512", "(dst []uint16, src []byte)", `Unpack12AVX512 writes the first len(dst) rounded down to 32 offsets of
src, 12 bits packed two in three bytes from an even offset (offset 2p the
low 12 bits of the little-endian 24-bit word at byte 3p, 2p+1 its high
12), into dst as uint16. It reads no byte beyond those offsets; it needs
len(src) >= 3*(len(dst)/32*16).
Requires: AVX512F, AVX512BW.`},
		decl{"unpack12", "Unpack12AVX2", "(dst []uint16, src []byte)", `Unpack12AVX2 is Unpack12AVX512 16 offsets a step, reading 32 bytes for
each step's 24: it needs len(src) >= 3*(len(dst)/16*8)+8.
Requires: AVX2.`})
}

// u12PFD is how far ahead, in bytes, the unpack kernels prefetch the
// packed offsets.
const u12PFD = 1024
