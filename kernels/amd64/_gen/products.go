package main

import "strings"

// The product kernels (GatherHadamard, GatherHadamard2, ScatterHadamard,
// PushHadamard2, DotRows) are written one instance per element type: the dot
// kernels from the template below, the gather and scatter kernels from the
// emitters in blocked.go (one level), twolevel.go and push2.go (two levels).
// They are loops whose only variations are the element type and the column
// block, so a token substitution ({P}, {S}, {ES}, ...) keeps them readable
// next to their pseudo-code.

// elem is an element type's tokens for the product templates.
type elem struct {
	T, t, P, S, ES, LOG, W, W2, WM1, LOGW, KMOV, BCASTI, CMPGT string
	reduceZ, reduceY, iota                                     string
}

var f64 = elem{
	T: "F64", t: "float64", P: "PD", S: "SD", ES: "8", LOG: "3", W: "8", W2: "4", WM1: "7", LOGW: "3",
	KMOV: "KMOVB", BCASTI: "VPBROADCASTQ", CMPGT: "VPCMPGTQ",
	reduceZ: `	VEXTRACTF64X4 $1, Z0, Y1
	VADDPD        Y1, Y0, Y0
`,
	reduceY: `	VEXTRACTF128 $1, Y0, X1
	VADDPD       X1, X0, X0
	VPERMILPD    $1, X0, X1
	VADDSD       X1, X0, X0
`,
	iota: `DATA iota<>+0(SB)/8, $0
DATA iota<>+8(SB)/8, $1
DATA iota<>+16(SB)/8, $2
DATA iota<>+24(SB)/8, $3
GLOBL iota<>(SB), RODATA|NOPTR, $32
`,
}

var f32 = elem{
	T: "F32", t: "float32", P: "PS", S: "SS", ES: "4", LOG: "2", W: "16", W2: "8", WM1: "15", LOGW: "4",
	KMOV: "KMOVW", BCASTI: "VPBROADCASTD", CMPGT: "VPCMPGTD",
	reduceZ: `	VEXTRACTF32X8 $1, Z0, Y1
	VADDPS        Y1, Y0, Y0
`,
	reduceY: `	VEXTRACTF128 $1, Y0, X1
	VADDPS       X1, X0, X0
	VMOVHLPS     X0, X0, X1
	VADDPS       X1, X0, X0
	VMOVSHDUP    X0, X1
	VADDSS       X1, X0, X0
`,
	iota: `DATA iota<>+0(SB)/4, $0
DATA iota<>+4(SB)/4, $1
DATA iota<>+8(SB)/4, $2
DATA iota<>+12(SB)/4, $3
DATA iota<>+16(SB)/4, $4
DATA iota<>+20(SB)/4, $5
DATA iota<>+24(SB)/4, $6
DATA iota<>+28(SB)/4, $7
GLOBL iota<>(SB), RODATA|NOPTR, $32
`,
}

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

func expand(tmpl string, isa map[string]string, e elem) string {
	s := tmpl
	for k, v := range isa {
		s = strings.ReplaceAll(s, k, v)
	}
	w2m1 := "3"
	logw2 := "2"
	if e.T == "F32" {
		w2m1, logw2 = "7", "3"
	}
	dotArgs := "120"
	r := strings.NewReplacer("{reduceZ}", e.reduceZ, "{reduceY}", e.reduceY)
	s = r.Replace(s)
	r = strings.NewReplacer("{T}", e.T, "{t}", e.t, "{P}", e.P, "{S}", e.S, "{ES}", e.ES, "{LOG}", e.LOG,
		"{W}", e.W, "{W2}", e.W2, "{WM1}", e.WM1, "{LOGW}", e.LOGW, "{KMOV}", e.KMOV, "{BCASTI}", e.BCASTI,
		"{CMPGT}", e.CMPGT, "{W2M1}", w2m1, "{LOGW2}", logw2, "{DOTARGS}", dotArgs)
	return r.Replace(s)
}

// productFile is a product kernel file after the build line: doc, the lane
// number tables of the AVX2 masks, then gen's code for float32 and float64.
func productFile(doc string, gen func(e elem, iota string) string) string {
	var b strings.Builder
	b.WriteString(doc)
	b.WriteString("\n#include \"textflag.h\"\n")
	// One iota table per file, per element width.
	b.WriteString("\n// Lane numbers for the AVX2 masks: 64-bit lanes, then 32-bit lanes.\n")
	b.WriteString(strings.ReplaceAll(f64.iota, "iota<>", "iotaq<>"))
	b.WriteString(strings.ReplaceAll(f32.iota, "iota<>", "iotad<>"))
	for _, e := range []elem{f32, f64} {
		sym := "iotaq<>"
		if e.T == "F32" {
			sym = "iotad<>"
		}
		b.WriteString(gen(e, sym))
	}
	return b.String()
}

func gatherHadamardFile() string {
	return productFile(`// GatherHadamard: for every node c, a column block at a time,
//
//	t := sum over j in ptr[c]..ptr[c+1]-1 of vals[j] * x[idx[j]*r + block]
//	out[ocrd[c]*sO + c*cO + block] += y[ycrd[c]*sU + block] * t
//
// (blocked.go in kernels/amd64/_gen).
`, func(e elem, iota string) string { return gather256Blocked(e, iota) + gather512Blocked(e) })
}

func gatherHadamard2File() string {
	return productFile(`// GatherHadamard2: the two-level gather, for every node c, a column block at
// a time,
//
//	s := sum over e in ptr[c]..ptr[c+1]-1 of z[crd[e]*r + block] *
//	     (sum over j in lptr[e]..lptr[e+1]-1 of vals[j] * x[idx[j]*r + block])
//	out[ocrd[c]*sO + c*cO + block] += y[ycrd[c]*sU + block] * s
//
// (twolevel.go in kernels/amd64/_gen).
`, func(e elem, iota string) string { return gather2AVX2(e, iota) + gather2AVX512(e) })
}

func scatterHadamardFile() string {
	return productFile(`// ScatterHadamard: for every node c, a column block at a time,
//
//	p := base[bcrd[c]*sB + block] * y[crd[c]*r + block]
//	for j in ptr[c]..ptr[c+1]-1: out[idx[j]*r + block] += vals[j] * p
//
// (blocked.go in kernels/amd64/_gen).
`, func(e elem, iota string) string { return scatter256Blocked(e, iota) + scatter512Blocked(e) })
}

func pushHadamard2File() string {
	return productFile(`// PushHadamard2: the two-level push, for every node c, a column block at a
// time, p := above[block] * y[ycrd[c]*r + block], then for each child e
// either (mode 0) the leaves of e get vals[j] * p * f[crd[e]*r + block] in
// out row idx[j], or (mode 1) out row crd[e] gets p times the sum over the
// leaves of vals[j] * f[idx[j]*r + block]
//
// (push2.go in kernels/amd64/_gen).
`, func(e elem, iota string) string { return push2AVX2(e, iota) + push2AVX512(e) })
}

func dotRowsFile() string {
	return productFile(`// DotRows: for every j, with d = len(q),
//
//	dst[j] = scale * sum over t < d of q[t] * k[idx[j]*d + t]
//
// (products.go in kernels/amd64/_gen).
`, func(e elem, iota string) string {
		return strings.ReplaceAll(expand(dotTmpl, dot256, e), "iota<>", iota) + expand(dotTmpl, dot512, e)
	})
}
