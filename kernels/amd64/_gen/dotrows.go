package main

import "strings"

// dotrows_amd64.s: DotRowsF32AVX2, DotRowsF32AVX512, DotRowsF64AVX2,
// DotRowsF64AVX512, from the template below and the element tokens of
// products.go.

const dotTmpl = `
// func DotRows{T}{ISA}(dst []{t}, q []{t}, k []{t}, idx []uint64, scale {t}, krows uint64) int
//
// For every j, with d = len(q) (two partial sums, the last vector masked):
//
//	if idx[j] >= krows { return 1 }   // read once, checked, then used
//	dst[j] = scale * sum over t < d of q[t] * k[idx[j]*d + t]
//
// and 0 at the end.
//
// Registers: DI dst, SI q, BX k, R11 idx, R12 len(dst), R13 row bytes, R15
// full vectors per row, AX j, CX byte offset in the row, DX vectors left,
// R14 k row; krows is read from the argument frame.
// Requires: {REQ}
TEXT ·DotRows{T}{ISA}(SB), NOSPLIT, $0-{DOTARGS}
	MOVQ  dst_base+0(FP), DI
	MOVQ  dst_len+8(FP), R12
	MOVQ  q_base+24(FP), SI
	MOVQ  q_len+32(FP), R13
	MOVQ  k_base+48(FP), BX
	MOVQ  idx_base+72(FP), R11
	VMOV{S} scale+96(FP), X9
{TAILMASK}
	MOVQ  R13, R15
	SHRQ  ${LOGWV}, R15
	SHLQ  ${LOG}, R13
	XORQ  AX, AX
	TESTQ R12, R12
	JLE   done

row:
	MOVQ  (R11)(AX*8), R14
	CMPQ  R14, krows+104(FP)
	JAE   bad
	IMULQ R13, R14
	ADDQ  BX, R14
{ZERO}
	XORQ  CX, CX
	MOVQ  R15, DX

pair:
	CMPQ DX, $2
	JB   single
{PAIR}
	ADDQ ${VB2}, CX
	SUBQ $2, DX
	JMP  pair

single:
	TESTQ DX, DX
	JZ    tail
{SINGLE}
	ADDQ ${VB}, CX

tail:
{TAIL}
{REDUCE}
	VMUL{S} X9, X0, X0
	VMOV{S} X0, (DI)(AX*{ES})
	INCQ AX
	CMPQ AX, R12
	JB   row

done:
	MOVQ $0, ret+112(FP)
	VZEROUPPER
	RET

bad:
	MOVQ $1, ret+112(FP)
	VZEROUPPER
	RET
`

// dot512 and dot256 are twins: the AVX-512 and AVX2 tokens of dotTmpl.
var dot512 = map[string]string{
	"{ISA}": "AVX512", "{REQ}": "AVX512F, AVX512DQ, BMI2", "{VB}": "64", "{VB2}": "128", "{LOGWV}": "{LOGW}",
	"{TAILMASK}": `	MOVQ   R13, DX
	ANDQ   ${WM1}, DX
	MOVQ   $-1, AX
	BZHIQ  DX, AX, AX
	{KMOV} AX, K1`,
	"{ZERO}": "\tVPXORQ Z0, Z0, Z0\n\tVPXORQ Z1, Z1, Z1",
	"{PAIR}": `	VMOVU{P}     (SI)(CX*1), Z2
	VFMADD231{P} (R14)(CX*1), Z2, Z0
	VMOVU{P}     64(SI)(CX*1), Z3
	VFMADD231{P} 64(R14)(CX*1), Z3, Z1`,
	"{SINGLE}": `	VMOVU{P}     (SI)(CX*1), Z2
	VFMADD231{P} (R14)(CX*1), Z2, Z0`,
	"{TAIL}": `	VMOVU{P}.Z   (SI)(CX*1), K1, Z2
	VFMADD231{P} (R14)(CX*1), Z2, K1, Z1
	VADD{P}      Z1, Z0, Z0`,
	"{REDUCE}": "{reduceZ}{reduceY}",
}

// dot256 is dot512's twin (see there).
var dot256 = map[string]string{
	"{ISA}": "AVX2", "{REQ}": "AVX, AVX2, FMA3", "{VB}": "32", "{VB2}": "64", "{LOGWV}": "{LOGW2}",
	"{TAILMASK}": `	MOVQ     R13, DX
	ANDQ     ${W2M1}, DX
	MOVQ     DX, X14
	{BCASTI} X14, Y14
	{CMPGT}  iota<>(SB), Y14, Y15`,
	"{ZERO}": "\tVXOR{P} Y0, Y0, Y0\n\tVXOR{P} Y1, Y1, Y1",
	"{PAIR}": `	VMOVU{P}     (SI)(CX*1), Y2
	VFMADD231{P} (R14)(CX*1), Y2, Y0
	VMOVU{P}     32(SI)(CX*1), Y3
	VFMADD231{P} 32(R14)(CX*1), Y3, Y1`,
	"{SINGLE}": `	VMOVU{P}     (SI)(CX*1), Y2
	VFMADD231{P} (R14)(CX*1), Y2, Y0`,
	"{TAIL}": `	VMASKMOV{P}  (SI)(CX*1), Y15, Y2
	VMASKMOV{P}  (R14)(CX*1), Y15, Y3
	VFMADD231{P} Y3, Y2, Y1
	VADD{P}      Y1, Y0, Y0`,
	"{REDUCE}": "{reduceY}",
}

func dotRowsFile() string {
	return productFile(`// DotRows: for every j, with d = len(q),
//
//	dst[j] = scale * sum over t < d of q[t] * k[idx[j]*d + t]
//
// (dotrows.go in kernels/amd64/_gen).
`, func(e elem, iota string) string {
		return strings.ReplaceAll(expand(dotTmpl, dot256, e), "iota<>", iota) + expand(dotTmpl, dot512, e)
	})
}
