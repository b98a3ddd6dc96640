package main

import (
	"fmt"
	"strings"
)

// spmm_amd64.s: the SpMM kernels, whole and on one tile, for AVX2 and
// AVX-512, float32 and float64, from one template (the functions differ only
// in vector width, mnemonics, tail masking and the tile's limit) that
// spmmscatter.go, spmmnarrow.go and spmmscatternarrow.go share.
//
// Rejected: a scalar-column loop (no register blocking); processing Y's row
// one vector at a time for every entry (each entry's index and value
// reloaded per vector, and one FMA chain); an 8-vector chunk under AVX-512
// (two sets of 8 accumulators, so that a float64 row of 64 columns is one
// walk over the row's entries): slower than the 4-vector chunks.

// spmmTailMask is the table sym from which the tail kernels load their
// lane mask: four all-ones 64-bit lanes, then four zero ones.
func spmmTailMask(sym string) string {
	ones := "0xffffffffffffffff"
	return dataTable(sym, 8, ones, ones, ones, ones, "0", "0", "0", "0")
}

// spmmHeader is what both files share after their own opening paragraph.
var spmmHeader = `// Registers by role:
//	DI y row (SpMM) / y base (scatter)   BX ldy in bytes
//	SI x base (SpMM) / x row (scatter)   R8 ldx in bytes
//	DX ptr (seg) cursor    CX rows left        R9 idx base     R11 vals base
//	R10 w            AX lo = ptr[i]      R13 hi          R12 k
//	R14 c (column)   R15 address of the indexed dense row
//
// Checks (the indices are read from memory the caller may change, even
// through y): the untiled kernels check each row's segment, ptr[i] <=
// ptr[i+1] <= len(idx), when the row starts, and each index below the
// indexed operand's rows (the argument xrows or yrows) every time a pass
// reads it, and only then use it: one compare with the argument and a
// branch never taken, to bad, which returns 1 (done returns 0). The tile
// kernels compare each index with their limit in the same way; the Go side
// copies and checks the segments and keeps the last limit at the rows of
// the indexed operand. The Go side has checked the operands' lengths
// (len(vals) >= len(idx), the compressed side's rows) and that len(ptr) >=
// 1; beta is +0 for "do not read y".

#include "textflag.h"

` + spmmTailMask("tailmask<>")

var spmmDoc = `// SpMM (gather form), per row i of the compressed matrix, on a w-column panel:
//
//	for c := 0; c < w; c += chunk {         // chunk: 4, 2 or 1 vectors, then a masked tail
//		acc := 0 (2 register sets, entries alternating; 4 for one-vector chunks)
//		for k := ptr[i]; k < ptr[i+1]; k++ {   // ptr[i] <= ptr[i+1] <= len(idx), else bad
//			if idx[k] >= xrows { bad }
//			acc += vals[k] * x[idx[k]*ldx + c : ...]
//		}
//		y[i*ldy + c : ...] = alpha*acc (+ beta*y unless beta is +0)
//	}
//
// SpMMTile is SpMM on one column tile of A (the Go side walks the tiles):
// row i's entries run from seg[2i] to seg[2i+1] and stop at the first whose
// index is >= limit (every pass over the row checks every entry, so all
// passes stop at the same one, sorted row or not); seg[2i] gets that stop.
// Each row start prefetches the first lines of the row TILE_PFD rows ahead:
// a tile reads a short piece of every row, too short for the hardware
// prefetcher to follow.
//
` + spmmHeader

// spmmV holds what the SpMM code depends on for one ISA, element type and
// index width: iw-byte indices (8, or 2 and 4 for the narrow kernels) and
// pw-byte row pointers (8, or 4 for the narrow kernels; the tile kernels'
// segments are the Go side's 8-byte copies either way).
type spmmV struct {
	isa, t                       string
	es, vb, l, iw, pw            int
	r                            string // vector register letter: Z or Y
	fma, mov, add, mul, bc, mask string
	zero, tn, name, req          string
	alpha, beta, b0, b1, tmp, tm string
	xs                           []string
}

func newSpmmV(isa, t string, iw int) *spmmV {
	v := &spmmV{isa: isa, t: t, es: 4, r: "Y", vb: 32, iw: iw, pw: 8}
	if t == "f64" {
		v.es = 8
	}
	if isa == "avx512" {
		v.r, v.vb = "Z", 64
	}
	v.l = v.vb / v.es
	sfx := "PS"
	v.bc, v.tn, v.name = "VBROADCASTSS", "float32", "F32"
	if t == "f64" {
		sfx = "PD"
		v.bc, v.tn, v.name = "VBROADCASTSD", "float64", "F64"
	}
	v.fma, v.mov, v.add, v.mul = "VFMADD231"+sfx, "VMOVU"+sfx, "VADD"+sfx, "VMUL"+sfx
	v.mask = "VMASKMOV" + sfx
	if isa == "avx512" {
		v.zero, v.name, v.req = "VPXORQ", v.name+"AVX512", "AVX512F, AVX512VL, BMI2"
		v.alpha, v.beta, v.b0, v.b1, v.tmp = "Z28", "Z29", "Z30", "Z31", "Z8"
		v.xs = []string{"Z16", "Z17", "Z18", "Z19"}
	} else {
		v.zero, v.name, v.req = "VXORPS", v.name+"AVX2", "AVX, AVX2, FMA3"
		v.alpha, v.beta, v.b0, v.b1, v.tmp = "Y10", "Y11", "Y8", "Y9", "Y13"
		v.xs = []string{"Y4", "Y5", "Y6", "Y7"}
	}
	v.tm = "Y12"
	if iw != 8 {
		// SpMMNarrowF32U16AVX2 and so on.
		v.pw = 4
		v.name = fmt.Sprintf("Narrow%sU%d%s", v.name[:3], 8*iw, v.name[3:])
	}
	return v
}

// idxLoad is the instruction that loads one index into a 64-bit register,
// zero-extended.
func (v *spmmV) idxLoad() string {
	return map[int]string{2: "MOVWQZX", 4: "MOVLQZX", 8: "MOVQ"}[v.iw]
}

func (v *spmmV) reg(n int) string { return fmt.Sprintf("%s%d", v.r, n) }

// spmmLimit is the tile kernels' index limit argument.
func spmmLimit(v *spmmV, scatter bool) string {
	if scatter {
		return arg("SpMMScatterTile"+v.name, "limit")
	}
	return arg("SpMMTile"+v.name, "limit")
}

func spmmPrologue(v *spmmV, name string, scatter, tile bool) []string {
	pn := "ptr"
	if tile {
		pn = "seg"
	}
	sig := declOf(name).sig
	shift := 2
	if v.es == 8 {
		shift = 3
	}
	rows := "\tDECQ CX"
	if tile {
		rows = "\tSHRQ $1, CX"
	}
	o := []string{fmt.Sprintf("// func %s%s\n// Requires: %s", name, sig, v.req),
		fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-%d", name, argSize(sig)),
		"\tMOVQ y_base+0(FP), DI", "\tMOVQ ldy+24(FP), BX", fmt.Sprintf("\tSHLQ $%d, BX", shift),
		"\tMOVQ x_base+32(FP), SI", "\tMOVQ ldx+56(FP), R8", fmt.Sprintf("\tSHLQ $%d, R8", shift),
		"\tMOVQ w+64(FP), R10", fmt.Sprintf("\tMOVQ %s_base+72(FP), DX", pn), fmt.Sprintf("\tMOVQ %s_len+80(FP), CX", pn), rows,
		"\tMOVQ idx_base+96(FP), R9", "\tMOVQ vals_base+120(FP), R11",
		fmt.Sprintf("\t%s alpha+144(FP), %s", v.bc, v.alpha)}
	if !scatter {
		o = append(o, fmt.Sprintf("\t%s beta+%d(FP), %s", v.bc, 144+v.es, v.beta))
	}
	// tail mask for w % L lanes
	o = append(o, "\tMOVQ R10, R15", fmt.Sprintf("\tANDQ $%d, R15", v.l-1))
	if v.isa == "avx512" {
		o = append(o, fmt.Sprintf("\tMOVL $%#x, AX", 1<<v.l-1), "\tBZHIQ R15, AX, AX")
		if v.l == 16 {
			o = append(o, "\tKMOVW AX, K7")
		} else {
			o = append(o, "\tKMOVB AX, K7")
		}
	} else {
		// window of the dword table starting at 8 - (lanes in dwords)
		dw := 1
		if v.es == 8 {
			dw = 2
		}
		o = append(o, fmt.Sprintf("\tSHLQ $%d, R15", 2+(dw-1)), // bytes = lanes*dw*4
			"\tLEAQ tailmask<>+32(SB), AX", "\tSUBQ R15, AX", fmt.Sprintf("\tVMOVDQU (AX), %s", v.tm))
	}
	return o
}

// spmmBetaStore multiplies the accumulators regs by alpha, adds beta*y, and
// stores them to y at DI + R14*es + off(i).
func spmmBetaStore(v *spmmV, L string, regs []string, off func(int) int, tail bool) []string {
	cmp := fmt.Sprintf("\tCMPL beta+%d(FP), $0", 144+v.es)
	if v.es == 8 {
		cmp = fmt.Sprintf("\tCMPQ beta+%d(FP), $0", 144+v.es)
	}
	return alphaBetaStore(v, L, cmp, regs, off, tail)
}

// alphaBetaStore is spmmBetaStore's code (and qmmStore's) with betaCmp the
// compare of beta with +0 that the JEQ past the beta terms follows.
func alphaBetaStore(v *spmmV, L, betaCmp string, regs []string, off func(int) int, tail bool) []string {
	var o []string
	for _, r := range regs {
		o = append(o, fmt.Sprintf("\t%s %s, %s, %s", v.mul, v.alpha, r, r))
	}
	o = append(o, betaCmp, "\tJEQ "+L+"nobeta")
	for i, r := range regs {
		m := fmt.Sprintf("%d(DI)(R14*%d)", off(i), v.es)
		switch {
		case !tail:
			o = append(o, fmt.Sprintf("\t%s %s, %s, %s", v.fma, m, v.beta, r))
		case v.isa == "avx512":
			o = append(o, fmt.Sprintf("\t%s.Z %s, K7, %s", v.mov, m, v.tmp), fmt.Sprintf("\t%s %s, %s, %s", v.fma, v.tmp, v.beta, r))
		default:
			o = append(o, fmt.Sprintf("\t%s %s, %s, %s", v.mask, m, v.tm, v.tmp), fmt.Sprintf("\t%s %s, %s, %s", v.fma, v.tmp, v.beta, r))
		}
	}
	o = append(o, L+"nobeta:")
	for i, r := range regs {
		m := fmt.Sprintf("%d(DI)(R14*%d)", off(i), v.es)
		switch {
		case !tail:
			o = append(o, fmt.Sprintf("\t%s %s, %s", v.mov, r, m))
		case v.isa == "avx512":
			o = append(o, fmt.Sprintf("\t%s %s, K7, %s", v.mov, r, m))
		default:
			o = append(o, fmt.Sprintf("\t%s %s, %s, %s", v.mask, r, v.tm, m))
		}
	}
	return o
}

// spmmEntry loads the index of entry R12+e into R15, leaves for out
// unless it is below bound (the rows of the indexed operand, or a tile's
// limit), and sets R15 to the address of the dense row it names: base +
// the index times ld. The index is read once, and used as checked.
func spmmEntry(v *spmmV, e int, base, ld, bound, out string) []string {
	return []string{fmt.Sprintf("\t%s %s(R9)(R12*%d), R15", v.idxLoad(), disp(e*v.iw), v.iw), "\tCMPQ R15, " + bound, "\tJAE " + out,
		"\tIMULQ " + ld + ", R15", "\tADDQ " + base + ", R15"}
}

func spmmFmasGather(v *spmmV, nv int, bc string, accs []string, tail bool) []string {
	var o []string
	for j := range nv {
		m := fmt.Sprintf("%d(R15)(R14*%d)", j*v.vb, v.es)
		switch {
		case !tail:
			o = append(o, fmt.Sprintf("\t%s %s, %s, %s", v.fma, m, bc, accs[j]))
		case v.isa == "avx512":
			o = append(o, fmt.Sprintf("\t%s %s, %s, K7, %s", v.fma, m, bc, accs[j]))
		default:
			o = append(o, fmt.Sprintf("\t%s %s, %s, %s", v.mask, m, v.tm, v.tmp), fmt.Sprintf("\t%s %s, %s, %s", v.fma, v.tmp, bc, accs[j]))
		}
	}
	return o
}

// spmmSets is the accumulator register sets for np entries per pass.
func spmmSets(v *spmmV, nv, np int) [][]string {
	if np == 2 {
		var a, b []string
		for j := range nv {
			a = append(a, v.reg(j))
			b = append(b, v.reg(4+j))
		}
		return [][]string{a, b}
	}
	// np == 4, nv == 1
	return [][]string{{v.reg(0)}, {v.reg(4)}, {v.reg(1)}, {v.reg(5)}}
}

func spmmBcasts(v *spmmV) []string {
	if v.isa == "avx512" {
		return []string{v.b0, v.b1, "Z26", "Z27"}
	}
	return []string{v.b0, v.b1, "Y14", "Y15"}
}

// spmmGatherBlock is one chunk's walk over row i's entries, np at a time
// into np accumulator sets that are added at the end; it returns the code
// and the set that holds the sum. Each index is checked against bound as
// it is read: out of range, the untiled kernel leaves for bad; the tile
// kernel (bound its limit) ends the pass there, taking the entries before
// it one at a time.
func spmmGatherBlock(v *spmmV, L string, nv int, tail, tile bool, bound, bad string) ([]string, []string) {
	np, S, B := spmmPassSets(v, nv)
	o := spmmZeroSets(v, S)
	o = append(o, "\tMOVQ AX, R12", L+"kn:", fmt.Sprintf("\tLEAQ %d(R12), R15", np), "\tCMPQ R15, R13", "\tJA "+L+"k1")
	for e := range np {
		out := bad
		if tile {
			out = spmmStopAt(L, e)
		}
		o = append(o, spmmEntry(v, e, "SI", "R8", bound, out)...)
		o = append(o, fmt.Sprintf("\t%s %d(R11)(R12*%d), %s", v.bc, e*v.es, v.es, B[e]))
		o = append(o, spmmFmasGather(v, nv, B[e], S[e], tail)...)
	}
	o = append(o, fmt.Sprintf("\tADDQ $%d, R12", np), "\tJMP "+L+"kn")
	if tile {
		o = append(o, spmmStops(L, np, true)...)
	}
	out := bad
	if tile {
		out = L + "sum"
	}
	o = append(o, L+"k1:", "\tCMPQ R12, R13", "\tJAE "+L+"sum")
	o = append(o, spmmEntry(v, 0, "SI", "R8", bound, out)...)
	o = append(o, fmt.Sprintf("\t%s (R11)(R12*%d), %s", v.bc, v.es, B[0]))
	o = append(o, spmmFmasGather(v, nv, B[0], S[0], tail)...)
	o = append(o, "\tINCQ R12", "\tJMP "+L+"k1", L+"sum:")
	return append(o, spmmSumSets(v, S)...), S[0]
}

// spmmPassSets are a pass's entries per step (4 for one vector, 2 for
// more), its accumulator sets and its broadcast registers.
func spmmPassSets(v *spmmV, nv int) (int, [][]string, []string) {
	np := 4
	if nv > 1 {
		np = 2
	}
	return np, spmmSets(v, nv, np), spmmBcasts(v)
}

// spmmZeroSets clears every accumulator of the sets S.
func spmmZeroSets(v *spmmV, S [][]string) []string {
	var o []string
	for _, st := range S {
		for _, r := range st {
			o = append(o, fmt.Sprintf("\t%s %s, %s, %s", v.zero, r, r, r))
		}
	}
	return o
}

// spmmSumSets adds the sets S[1:] into S[0], which then holds the pass's
// sum.
func spmmSumSets(v *spmmV, S [][]string) []string {
	var o []string
	A := S[0]
	for _, st := range S[1:] {
		for i := range A {
			o = append(o, fmt.Sprintf("\t%s %s, %s, %s", v.add, st[i], A[i], A[i]))
		}
	}
	return o
}

// spmmStopAt is where a tile pass goes when entry R12+e of an unrolled step
// is at the limit: entries R12..R12+e-1 are in, and the pass ends one entry
// at a time (label L+"k1") from R12+e, through stop label e (spmmStops)
// when e > 0.
func spmmStopAt(L string, e int) string {
	if e == 0 {
		return L + "k1"
	}
	return fmt.Sprintf("%sstop%d", L, e)
}

// spmmStops writes a tile pass's stop labels 1..np-1: each advances R12 to
// its entry and jumps to L+"k1", the last falling through into it when fall
// is set (L+"k1" follows).
func spmmStops(L string, np int, fall bool) []string {
	var o []string
	for e := 1; e < np; e++ {
		o = append(o, fmt.Sprintf("%sstop%d:", L, e), fmt.Sprintf("\tADDQ $%d, R12", e))
		if e < np-1 || !fall {
			o = append(o, "\tJMP "+L+"k1")
		}
	}
	return o
}

// spmmColumns writes a row's column chunks: one label per chunk width of
// chunks (vectors), each taken while that many vectors of columns remain
// below w, its code from full, and the masked tail (label p+"tail", code
// from tail) while any column remains, leaving for p+"next" after.
func spmmColumns(v *spmmV, p, w string, chunks []int, full func(L string, nv int) []string, tail func(L string) []string) []string {
	var labels []string
	for _, n := range chunks {
		labels = append(labels, fmt.Sprintf("%sc%d", p, n))
	}
	labels = append(labels, p+"tail")
	var o []string
	for ci, nv := range chunks {
		L, next := labels[ci], labels[ci+1]
		o = append(o, L+":", fmt.Sprintf("\tLEAQ %d(R14), R15", nv*v.l), "\tCMPQ R15, "+w, "\tJA "+next)
		o = append(o, full(L, nv)...)
		o = append(o, fmt.Sprintf("\tADDQ $%d, R14", nv*v.l), "\tJMP "+L)
	}
	L := labels[len(labels)-1]
	o = append(o, L+":", "\tCMPQ R14, "+w, "\tJAE "+p+"next")
	return append(o, tail(L)...)
}

// The tile kernels prefetch the piece of the row spmmTilePFD rows ahead,
// spmmTilePFL lines of idx (and as many entries of vals). 4 or 16 rows and 2
// to 6 lines behave alike; 10 lines are slower.
// Rejected: prefetching X's row 8, 16 or 32 entries ahead in the tile
// kernels (one PREFETCHT0 per line of the chunk): slower at both widths.
// spmmContPF: the narrow gather tile kernels end each row by prefetching
// (to L2) the idx and vals of the spmmContPF entries where the row stopped,
// which the next tile reads first: the walk's next visit to the row comes
// after the block's other rows, a wait that covers a miss to memory, and a
// narrow row's piece of a tile spans few lines, too few for the hardware
// prefetcher to follow the walk's many streams.
const spmmContPF = 64

const (
	spmmTilePFD = 8
	spmmTilePFL = 3
)

// spmmTilePrefetch: a tile visits a short piece of each row, a new stream
// per row, which the hardware prefetcher does not follow. Prefetch the piece
// of the row spmmTilePFD rows ahead (its first lines of idx and vals: the
// entries of spmmTilePFL lines of 8-byte indices).
func spmmTilePrefetch(v *spmmV, p string) []string {
	o := []string{fmt.Sprintf("\tCMPQ CX, $%d", spmmTilePFD), "\tJBE " + p + "nopf", fmt.Sprintf("\tMOVQ %d(DX), R15", 16*spmmTilePFD)}
	for q := range (spmmTilePFL*v.iw + 7) / 8 {
		o = append(o, fmt.Sprintf("\tPREFETCHT0 %d(R9)(R15*%d)", 64*q, v.iw))
	}
	for q := range (spmmTilePFL*v.es + 7) / 8 {
		o = append(o, fmt.Sprintf("\tPREFETCHT0 %d(R11)(R15*%d)", 64*q, v.es))
	}
	return append(o, p+"nopf:")
}

// spmmRowEnd is the end of a row: the tile kernels store where every pass
// stopped (the next tile starts there), then the row pointer and, by
// advance, the dense row advance.
func spmmRowEnd(v *spmmV, name, p string, tile bool, advance string) []string {
	o := []string{p + "next:"}
	if tile {
		o = append(o, "\tMOVQ R12, (DX)", "\tADDQ $16, DX")
		if v.iw != 8 && strings.HasPrefix(name, "SpMMTile") {
			for q := range (spmmContPF*v.iw + 63) / 64 {
				o = append(o, fmt.Sprintf("\tPREFETCHT1 %d(R9)(R12*%d)", 64*q, v.iw))
			}
			for q := range (spmmContPF*v.es + 63) / 64 {
				o = append(o, fmt.Sprintf("\tPREFETCHT1 %d(R11)(R12*%d)", 64*q, v.es))
			}
		}
	} else {
		o = append(o, fmt.Sprintf("\tADDQ $%d, DX", v.pw))
	}
	o = append(o, advance, "\tDECQ CX", "\tJMP "+p+"row", p+"done:")
	if tile {
		return append(o, "\tVZEROUPPER", "\tRET", "")
	}
	// The untiled kernels return 0, or 1 from bad: a segment or an index
	// out of range.
	return append(o, "\tMOVQ $0, "+retArg(name), "\tVZEROUPPER", "\tRET", p+"bad:", "\tMOVQ $1, "+retArg(name), "\tVZEROUPPER", "\tRET", "")
}

// spmmRowStart opens row i: AX, R13 = ptr[i], ptr[i+1] and column 0; the
// untiled kernels leave for bad unless ptr[i] <= ptr[i+1] <= len(idx)
// (the tile kernels' segments are the Go side's copies, checked there).
func spmmRowStart(v *spmmV, name, p string, tile bool) []string {
	o := []string{p + "row:", "\tTESTQ CX, CX", "\tJZ " + p + "done"}
	if tile || v.pw == 8 {
		o = append(o, "\tMOVQ (DX), AX", "\tMOVQ 8(DX), R13")
	} else {
		o = append(o, "\tMOVL (DX), AX", "\tMOVL 4(DX), R13") // zero-extended
	}
	if !tile {
		o = append(o, "\tCMPQ AX, R13", "\tJA "+p+"bad", "\tCMPQ R13, "+argLen(name, "idx"), "\tJA "+p+"bad")
	}
	return append(o, "\tXORQ R14, R14")
}

// spmmBoundInR10 moves the index bound (an argument) into R10 once the
// prologue o has made the tail mask from w: the load of the bound is
// placed before the row loop.
func spmmBoundInR10(o []string, bound string) []string {
	for i, l := range o {
		if strings.HasSuffix(l, "row:") {
			return append(o[:i:i], append([]string{"\tMOVQ " + bound + ", R10"}, o[i:]...)...)
		}
	}
	panic("spmmBoundInR10: no row loop")
}

// spmmOpen starts the kernel base+v.name (base+"Tile"+v.name with tile):
// it returns the name, the label prefix and the prologue and row start.
func spmmOpen(v *spmmV, base string, scatter, tile bool) (name, p string, o []string) {
	name = base + v.name
	if tile {
		name = base + "Tile" + v.name
	}
	p = strings.ToLower(name)
	o = spmmPrologue(v, name, scatter, tile)
	return name, p, append(o, spmmRowStart(v, name, p, tile)...)
}

func spmmFunc(v *spmmV, tile bool) []string {
	name, p, o := spmmOpen(v, "SpMM", false, tile)
	bound := spmmLimit(v, false)
	if !tile {
		bound = arg(name, "xrows")
	}
	// The narrow kernels hold the bound in R10 and read w from its
	// argument at each chunk: the bound is compared at every entry, w once
	// a chunk.
	w := "R10"
	if v.iw != 8 {
		w = arg(name, "w")
		o = spmmBoundInR10(o, bound)
		bound = "R10"
	}
	if tile {
		o = append(o, spmmTilePrefetch(v, p)...)
	}
	chunk := func(L string, nv int, tail bool) []string {
		blk, A := spmmGatherBlock(v, L, nv, tail, tile, bound, p+"bad")
		return append(blk, spmmBetaStore(v, L, A, func(i int) int { return i * v.vb }, tail)...)
	}
	o = append(o, spmmColumns(v, p, w, []int{4, 2, 1},
		func(L string, nv int) []string { return chunk(L, nv, false) },
		func(L string) []string { return chunk(L, 1, true) })...)
	// tile: every pass stopped at the same entry; the next tile starts there
	return append(o, spmmRowEnd(v, name, p, tile, "\tADDQ BX, DI")...)
}

// spmmVariants are the kernels of one pair of files: index widths iws.
func spmmVariants(iws []int) []*spmmV {
	var vs []*spmmV
	for _, isa := range []string{"avx2", "avx512"} {
		for _, t := range []string{"f64", "f32"} {
			for _, iw := range iws {
				vs = append(vs, newSpmmV(isa, t, iw))
			}
		}
	}
	return vs
}

// spmmFamily is the file of an SpMM family after the build line: doc, then
// for every kernel of index widths iws its whole and its tile form, as fn
// writes them (spmmFunc or spmmScatterFunc).
func spmmFamily(doc string, iws []int, fn func(v *spmmV, tile bool) []string) string {
	a := []string{doc}
	for _, v := range spmmVariants(iws) {
		a = append(a, strings.Join(fn(v, false), "\n"), strings.Join(fn(v, true), "\n"))
	}
	return strings.Join(a, "\n")
}

// spmmFile is spmm_amd64.s after the build line.
func spmmFile() string { return spmmFamily(spmmDoc, []int{8}, spmmFunc) }
