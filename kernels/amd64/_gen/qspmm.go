package main

import (
	"fmt"
	"strings"
)

// qspmm_amd64.s: the fused quantized SpMM kernels. They are the SpMM row
// loop of spmm.go (chunks of 4, 2 and 1 vectors of columns, then a masked
// tail; two or four accumulator sets; AVX-512 takes panels of 1, 2, 4 and
// 8 columns without a mask, qmmNarrow) with each entry's value decoded as a
// scalar where the float32 kernels broadcast vals[k]: the code looked up
// in a table of float32 values (256 entries for 8-bit codes; for 4-bit
// codes 512, entry p*256 + byte being the nibble p of byte), times the
// scale of its block; with one scale per row the sums are multiplied by
// alpha times the row's scale at the row's end instead. An index not below
// xrows is skipped, a segment clamped to 0..len(idx): the kernels read
// only inside their slices whatever ptr and idx hold.

// qmmKind is what one kernel reads: 4-bit codes (nib) or 8-bit ones, and
// the scale by row, by block (float32) or by block as an E8M0 exponent.
//
// u8 (AVX-512) is uint8 codes with a zero point per row (Row) or per
// block (Block).
type qmmKind struct {
	nib  bool
	mode string // "Row", "Block" or "MX"
	u8   bool
}

func (k qmmKind) block() bool { return k.mode != "Row" }

func qmmKinds(isa string) []qmmKind {
	var ks []qmmKind
	for _, nib := range []bool{false, true} {
		for _, m := range []string{"Row", "Block", "MX"} {
			if nib && m == "Row" {
				continue // 4-bit schemes are per block only
			}
			ks = append(ks, qmmKind{nib: nib, mode: m})
		}
	}
	if isa == "avx512" {
		ks = append(ks, qmmKind{mode: "Row", u8: true}, qmmKind{mode: "Block", u8: true})
	}
	return ks
}

func qmmName(isa string, k qmmKind, tile bool) string {
	w := "8"
	if k.nib {
		w = "4"
	}
	if k.u8 {
		w = "U8"
	}
	if tile {
		w = "Tile" + w
	}
	return "QSpMM" + w + k.mode + map[string]string{"avx2": "AVX2", "avx512": "AVX512"}[isa]
}

const (
	qmmSig     = "(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)"
	qmmTileSig = "(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows, limit uint64)"
)

func init() { decls = append(decls, qmmDecls()...) }

func qmmDecls() []decl {
	var ds []decl
	for _, isa := range []string{"avx2", "avx512"} {
		for _, k := range qmmKinds(isa) {
			name := qmmName(isa, k, false)
			tname := qmmName(isa, k, true)
			ds = append(ds, decl{"qspmm", tname, qmmTileSig, fmt.Sprintf(`%s is %s on one column tile of A, as SpMMTileF32AVX2 is
SpMMF32AVX2 on one: row i's entries run from seg[2i] to seg[2i+1] (clamped
to len(idx)) and stop at the first whose index is at least limit and
below xrows (an index at or above xrows is skipped); seg[2i] gets that
stop.`, tname, name)})
			var doc string
			if name == "QSpMM8BlockAVX2" {
				doc = `QSpMM8BlockAVX2 computes SpMM on 8-bit codes with one float32 scale per
block of b values (blocks run through the stored values across rows):
for each row i of ptr (segment clamped to 0..len(idx)) and column c < w,

	var s float32
	for k := ptr[i]; k < ptr[i+1]; k++ {
		if idx[k] >= xrows { continue }
		s += (table[codes[k]] * scale[k/b]) * x[idx[k]*ldx+c]
	}
	y[i*ldy+c] = alpha*s (+ beta*y[i*ldy+c] unless beta is +0)

summed in the order of SpMMF32AVX2. The other QSpMM kernels differ in
the code and the scale: 4-bit kernels read nibble k&1 of codes[k>>1]
through table[(k&1)*256 + codes[k>>1]] (the 512-entry expansion of a
16-entry table); MX kernels take scale[k/b] = E8M0(exps[k/b]); Row kernels
(8-bit codes only) read no block scale and multiply row i's sums by alpha*scale[i] (scale has
a value per row of ptr). It assumes len(table) >= 256 (512 for 4-bit
codes), codes and the block parameters covering every value below
len(idx) (len(codes) >= len(idx), or (len(idx)+1)/2 for 4-bit codes;
(len(idx)+b-1)/b scales or exponents), b >= 1, w >= 1, ldx, ldy >= w, y
holding len(ptr)-1 rows and x xrows rows.
Requires: AVX, AVX2, FMA3.`
			} else {
				base := "QSpMM8BlockAVX2"
				what := fmt.Sprintf("with %s", map[string]string{"Row": "one scale per row", "Block": "a float32 scale per block", "MX": "an E8M0 exponent per block"}[k.mode])
				if k.nib {
					what = "on 4-bit codes " + what
				} else {
					what = "on 8-bit codes " + what
				}
				req := "AVX, AVX2, FMA3."
				if isa == "avx512" {
					what += ", 16-lane vectors, decoding 16 codes at a time"
					if !k.nib {
						what += fmt.Sprintf(" as %s, the values table holds", map[bool]string{false: "int8", true: "E4M3"}[k.mode == "MX"])
					}
					if k.block() {
						what += "; len(idx)*b < 2^64"
					}
					req = "AVX512F, BMI2."
				}
				if k.u8 && k.block() {
					what = `on uint8 codes with one float32 scale and one zero point per
block, 16-lane vectors, decoding 16 codes at a time: exps holds block g's
zero point z, and the value of code c in block g is (table[c] - z) *
scale[g], the subtraction exact (table holds the 256 values c);
len(exps) >= (len(idx)+b-1)/b and len(idx)*b < 2^64`
				} else if k.u8 {
					what = `on uint8 codes with one scale and one zero point per row,
16-lane vectors, decoding 16 codes at a time: exps holds row i's zero
point z, and row i's value of code c is table[255 - z + c], c - z
(table holds the 511 values j - 255)`
				}
				doc = fmt.Sprintf("%s is %s %s.\nRequires: %s", name, base, what, req)
			}
			ds = append(ds, decl{"qspmm", name, qmmSig, doc})
		}
	}
	return ds
}

// qmmFrame is the kernels' frame: the locals below and qmmGroups' buffer.
const qmmFrame = 64 + 4*qmmG

// Locals: the ptr cursor, the row's start, the block state at the row's
// start (pointer to the scale before the first block, the first block's
// start), ldy in bytes, the row-scale cursor, the row-zero cursor and
// qmmRecip's m.
const (
	qmmPC     = "pc-8(SP)"
	qmmLo     = "lo-16(SP)"
	qmmSP0    = "sp0-24(SP)"
	qmmNB0    = "nb0-32(SP)"
	qmmLDY    = "ldyb-40(SP)"
	qmmRSPC   = "rs-48(SP)"
	qmmRZPC   = "rz-56(SP)"
	qmmRecipL = "bm-64(SP)"
)

// qmmScaleReg is the broadcast scale of the current block in a chunk of nv
// vectors (one free of the chunk's accumulators and broadcasts).
func qmmScaleReg(v *spmmV, nv int) string {
	if v.isa == "avx512" {
		return "Z25"
	}
	if nv == 1 {
		return "Y2"
	}
	return "Y14"
}

// qmmZero is the AVX-512 uint8 block kernels' broadcast zero point of the
// current block, as float32.
const qmmZero = "Z13"

// qmmLoadScale sets vs to the scale at DX (MX: 2^(e-127) built from the
// exponent's bits, exponent 0 as 2^-127); for uint8 codes by block, qmmZero
// to the block's zero point, exps[(DX-scale)/4]. It clobbers AX and R15.
func qmmLoadScale(v *spmmV, name string, k qmmKind, vs string) []string {
	if k.mode == "Block" && k.u8 {
		return []string{fmt.Sprintf("\tVBROADCASTSS (DX), %s", vs), "\tMOVQ DX, AX", "\tSUBQ " + arg(name, "scale") + ", AX",
			"\tSHRQ $2, AX", "\tADDQ " + arg(name, "exps") + ", AX", "\tMOVBLZX (AX), AX", "\tVPBROADCASTD AX, " + qmmZero,
			"\tVCVTDQ2PS " + qmmZero + ", " + qmmZero}
	}
	if k.mode == "Block" {
		return []string{fmt.Sprintf("\tVBROADCASTSS (DX), %s", vs)}
	}
	o := []string{"\tMOVBLZX (DX), AX", "\tSHLL $23, AX", "\tMOVL $0x00400000, R15", "\tTESTL AX, AX", "\tCMOVLEQ R15, AX"}
	if v.isa == "avx512" {
		return append(o, fmt.Sprintf("\tVPBROADCASTD AX, %s", vs))
	}
	x := "X" + vs[1:]
	return append(o, fmt.Sprintf("\tVMOVD AX, %s", x), fmt.Sprintf("\tVPBROADCASTD %s, %s", x, vs))
}

// qmmEntry is entry R12+e: the block's scale advanced when the entry
// starts a block, the value decoded and broadcast into bc, then the index
// checked (at or above xrows: to skip; tile kernels: at or above the limit
// and below xrows, to stop) and x's row in R15, and the FMAs.
//
// decoded says that bc holds the entry's code's value already (qmmPair).
func qmmEntry(v *spmmV, name string, k qmmKind, L string, e int, vs, bc string, accs []string, fma qmmFMA, skip, stop string, decoded bool) []string {
	var o []string
	if k.block() {
		in := fmt.Sprintf("%sb%d", L, e)
		cur := "R12"
		if e > 0 {
			o = append(o, fmt.Sprintf("\tLEAQ %d(R12), R15", e))
			cur = "R15"
		}
		o = append(o, fmt.Sprintf("\tCMPQ %s, R10", cur), "\tJB "+in, "\tADDQ "+arg(name, "b")+", R10")
		if k.mode == "MX" {
			o = append(o, "\tINCQ DX")
		} else {
			o = append(o, "\tADDQ $4, DX")
		}
		o = append(o, qmmLoadScale(v, name, k, vs)...)
		o = append(o, in+":")
	}
	switch {
	case decoded:
	case k.nib:
		o = append(o, fmt.Sprintf("\tLEAQ %d(R12), R15", e), "\tMOVQ R15, AX", "\tSHRQ $1, AX", "\tMOVBLZX (R11)(AX*1), AX",
			"\tANDL $1, R15", "\tSHLL $8, R15", "\tORL R15, AX", fmt.Sprintf("\tVBROADCASTSS (BX)(AX*4), %s", bc))
	default:
		o = append(o, fmt.Sprintf("\tMOVBLZX %s(R11)(R12*1), AX", disp(e)), fmt.Sprintf("\tVBROADCASTSS (BX)(AX*4), %s", bc))
	}
	if k.u8 && k.block() {
		o = append(o, fmt.Sprintf("\tVSUBPS %s, %s, %s", qmmZero, bc, bc))
	}
	if k.block() {
		o = append(o, fmt.Sprintf("\tVMULPS %s, %s, %s", vs, bc, bc))
	}
	o = append(o, fmt.Sprintf("\tMOVQ %s(R9)(R12*8), R15", disp(8*e)))
	if stop != "" {
		in := fmt.Sprintf("%si%d", L, e)
		o = append(o, "\tCMPQ R15, "+arg(name, "limit"), "\tJB "+in, "\tCMPQ R15, "+arg(name, "xrows"), "\tJAE "+skip, "\tJMP "+stop, in+":")
	} else {
		o = append(o, "\tCMPQ R15, "+arg(name, "xrows"), "\tJAE "+skip)
	}
	o = append(o, "\tIMULQ R8, R15", "\tADDQ SI, R15")
	o = append(o, fma(bc, accs)...)
	return append(o, skip+":")
}

// qmmFMA is a pass's FMAs of one entry: its value broadcast in bc times
// x's row at R15, into the accumulator set accs.
type qmmFMA func(bc string, accs []string) []string

// qmmPass is one chunk's walk over the row's entries, np at a time into np
// accumulator sets added at the end; it returns the code and the set that
// holds the sum.
func qmmPass(v *spmmV, name string, k qmmKind, L string, nv int, tail, tile bool) ([]string, []string) {
	np, S, B := spmmPassSets(v, nv)
	fma := func(bc string, accs []string) []string { return spmmFmasGather(v, nv, bc, accs, tail) }
	return qmmPassOn(v, name, k, L, qmmScaleReg(v, nv), np, S, B, fma, tile)
}

// qmmPassOn is qmmPass on np accumulator sets S (broadcasts B, scale vs)
// with the FMAs of fma.
func qmmPassOn(v *spmmV, name string, k qmmKind, L, vs string, np int, S [][]string, B []string, fma qmmFMA, tile bool) ([]string, []string) {
	o := spmmZeroSets(v, S)
	o = append(o, "\tMOVQ "+qmmLo+", R12")
	if k.block() {
		o = append(o, "\tMOVQ "+qmmSP0+", DX", "\tMOVQ "+qmmNB0+", R10")
	}
	loop := "kn"
	if v.isa == "avx512" {
		loop = "gn"
	}
	if k.nib {
		// the unrolled loop starts at an even entry, whose byte holds
		// the next entry's code too
		o = append(o, "\tTESTQ $1, R12", "\tJZ "+L+loop, "\tCMPQ R12, R13", "\tJAE "+L+"sum")
		stop := ""
		if tile {
			stop = L + "sum"
		}
		o = append(o, qmmEntry(v, name, k, L+"h", 0, vs, B[0], S[0], fma, L+"hs", stop, false)...)
		o = append(o, "\tINCQ R12")
	}
	if v.isa == "avx512" {
		o = append(o, qmmGroups(v, name, k, L, np, S, B, vs, fma, tile)...)
	}
	o = append(o, L+"kn:", fmt.Sprintf("\tLEAQ %d(R12), R15", np), "\tCMPQ R15, R13", "\tJA "+L+"k1")
	for e := range np {
		if k.nib && e%2 == 0 {
			o = append(o, qmmPair(e, B[e], B[e+1])...)
		}
		stop := ""
		if tile {
			stop = spmmStopAt(L, e)
		}
		o = append(o, qmmEntry(v, name, k, L, e, vs, B[e], S[e], fma, fmt.Sprintf("%ss%d", L, e), stop, k.nib)...)
	}
	o = append(o, fmt.Sprintf("\tADDQ $%d, R12", np), "\tJMP "+L+"kn")
	if tile {
		o = append(o, spmmStops(L, np, false)...)
	}
	stop := ""
	if tile {
		stop = L + "sum"
	}
	o = append(o, L+"k1:", "\tCMPQ R12, R13", "\tJAE "+L+"sum")
	o = append(o, qmmEntry(v, name, k, L+"o", 0, vs, B[0], S[0], fma, L+"s", stop, false)...)
	o = append(o, "\tINCQ R12", "\tJMP "+L+"k1", L+"sum:")
	return append(o, spmmSumSets(v, S)...), S[0]
}

// qmmPair broadcasts the values of the 4-bit codes of entries R12+e and
// R12+e+1 (R12 and e even: one byte) into b0 and b1: table entries byte
// and 256 + byte.
func qmmPair(e int, b0, b1 string) []string {
	return []string{"\tMOVQ R12, AX", "\tSHRQ $1, AX", fmt.Sprintf("\tMOVBLZX %s(R11)(AX*1), AX", disp(e/2)),
		fmt.Sprintf("\tVBROADCASTSS (BX)(AX*4), %s", b0), fmt.Sprintf("\tVBROADCASTSS 1024(BX)(AX*4), %s", b1)}
}

// qmmStore multiplies the accumulators by alpha (the row's), adds beta*y
// unless beta is +0, and stores them at DI + R14*4 + off(i).
func qmmStore(v *spmmV, name, L string, regs []string, off func(int) int, tail bool) []string {
	return alphaBetaStore(v, L, fmt.Sprintf("\tCMPL %s, $0", arg(name, "beta")), regs, off, tail)
}

func qmmFunc(isa string, k qmmKind, tile bool) []string {
	v := newSpmmV(isa, "f32", 8)
	name := qmmName(isa, k, tile)
	sig, pn, rows := qmmSig, "ptr", "\tDECQ CX"
	if tile {
		sig, pn, rows = qmmTileSig, "seg", "\tSHRQ $1, CX"
	}
	p := strings.ToLower(name)
	o := []string{fmt.Sprintf("// func %s%s\n// Requires: %s", name, sig, v.req),
		fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-%d", name, qmmFrame, argSize(sig)),
		"\tMOVQ " + arg(name, "y") + ", DI",
		"\tMOVQ " + arg(name, "ldy") + ", AX", "\tSHLQ $2, AX", "\tMOVQ AX, " + qmmLDY,
		"\tMOVQ " + arg(name, "x") + ", SI",
		"\tMOVQ " + arg(name, "ldx") + ", R8", "\tSHLQ $2, R8",
		"\tMOVQ " + arg(name, pn) + ", AX", "\tMOVQ AX, " + qmmPC,
		"\tMOVQ " + argLen(name, pn) + ", CX", rows,
		"\tMOVQ " + arg(name, "idx") + ", R9",
		"\tMOVQ " + arg(name, "codes") + ", R11",
		"\tMOVQ " + arg(name, "table") + ", BX",
		fmt.Sprintf("\tVBROADCASTSS %s, %s", arg(name, "beta"), v.beta)}
	if isa == "avx512" && k.nib {
		o = append(o, "\tVMOVUPS (BX), Z24") // qmmGroups' table
	}
	if isa == "avx512" && k.block() {
		o = append(o, qmmRecip(name)...)
	}
	if isa == "avx512" && !k.nib && k.mode == "MX" {
		// qmmE4M3's constants
		for _, c := range []struct {
			v uint32
			z string
		}{{0x7f, "Z21"}, {0x7b800000, "Z22"}, {0x7fc00000, "Z23"}} {
			o = append(o, fmt.Sprintf("\tMOVL $%#x, AX", c.v), "\tVPBROADCASTD AX, "+c.z)
		}
	}
	if k.block() {
		o = append(o, fmt.Sprintf("\tVBROADCASTSS %s, %s", arg(name, "alpha"), v.alpha))
	} else {
		o = append(o, "\tMOVQ "+arg(name, "scale")+", AX", "\tMOVQ AX, "+qmmRSPC)
	}
	if k.u8 && !k.block() {
		o = append(o, "\tMOVQ "+arg(name, "exps")+", AX", "\tMOVQ AX, "+qmmRZPC)
	}
	// tail mask for w % L lanes
	o = append(o, "\tMOVQ "+arg(name, "w")+", R15", fmt.Sprintf("\tANDQ $%d, R15", v.l-1))
	if isa == "avx512" {
		o = append(o, fmt.Sprintf("\tMOVL $%#x, AX", 1<<v.l-1), "\tBZHIQ R15, AX, AX", "\tKMOVW AX, K7")
	} else {
		o = append(o, "\tSHLQ $2, R15", "\tLEAQ qmmtail<>+32(SB), AX", "\tSUBQ R15, AX", fmt.Sprintf("\tVMOVDQU (AX), %s", v.tm))
	}
	// row start: the segment clamped to 0..len(idx)
	o = append(o, p+"row:", "\tTESTQ CX, CX", "\tJZ "+p+"done",
		"\tMOVQ "+qmmPC+", R15", "\tMOVQ (R15), R12", "\tMOVQ 8(R15), R13",
		"\tMOVQ "+argLen(name, "idx")+", R10",
		"\tCMPQ R12, R10", "\tCMOVQHI R10, R12", "\tCMPQ R13, R10", "\tCMOVQHI R10, R13", "\tCMPQ R13, R12", "\tCMOVQCS R12, R13",
		"\tMOVQ R12, "+qmmLo)
	if tile {
		o = append(o, qmmTilePrefetch(k, p)...)
	}
	if k.block() {
		// block g = lo/b: the scale cursor one before block g and the
		// block's start, so that the row's first entry loads block g's
		// scale (none when the row is empty); AVX-512: g by the
		// reciprocal (qmmRecip), the high word of lo*m' + lo
		if isa == "avx512" {
			o = append(o, "\tMOVQ R12, AX", "\tMULQ "+qmmRecipL, "\tADDQ R12, AX", "\tADCQ $0, DX", "\tMOVQ DX, AX")
		} else {
			o = append(o, "\tMOVQ R12, AX", "\tXORL DX, DX", "\tDIVQ "+arg(name, "b"))
		}
		o = append(o, "\tMOVQ AX, R15", "\tIMULQ "+arg(name, "b")+", AX", "\tMOVQ AX, "+qmmNB0)
		if k.mode == "MX" {
			o = append(o, "\tMOVQ "+arg(name, "exps")+", DX", "\tLEAQ -1(DX)(R15*1), DX")
		} else {
			o = append(o, "\tMOVQ "+arg(name, "scale")+", DX", "\tLEAQ -4(DX)(R15*4), DX")
		}
		o = append(o, "\tMOVQ DX, "+qmmSP0)
	} else {
		// alpha times the row's scale
		o = append(o, "\tMOVQ "+qmmRSPC+", R15", fmt.Sprintf("\tVBROADCASTSS (R15), %s", v.tmp),
			fmt.Sprintf("\tVBROADCASTSS %s, %s", arg(name, "alpha"), v.alpha),
			fmt.Sprintf("\tVMULPS %s, %s, %s", v.tmp, v.alpha, v.alpha))
		if k.u8 {
			// the row's zero point z: in Z20 for qmmGroups, and the
			// table from entry 255 - z
			o = append(o, "\tMOVQ "+qmmRZPC+", R15", "\tMOVBLZX (R15), AX", "\tVPBROADCASTD AX, Z20", "\tNEGQ AX",
				"\tMOVQ "+arg(name, "table")+", BX", "\tLEAQ 1020(BX)(AX*4), BX")
		}
	}
	o = append(o, "\tXORQ R14, R14")
	if isa == "avx512" {
		o = append(o, qmmNarrowDispatch(name, p)...)
	}
	chunk := func(L string, nv int, tail bool) []string {
		blk, A := qmmPass(v, name, k, L, nv, tail, tile)
		return append(blk, qmmStore(v, name, L, A, func(i int) int { return i * v.vb }, tail)...)
	}
	o = append(o, spmmColumns(v, p, arg(name, "w"), []int{4, 2, 1},
		func(L string, nv int) []string { return chunk(L, nv, false) },
		func(L string) []string { return chunk(L, 1, true) })...)
	o = append(o, p+"next:")
	if tile {
		// every pass stopped at the same entry: the next tile starts there
		o = append(o, "\tMOVQ "+qmmPC+", R15", "\tMOVQ R12, (R15)", "\tADDQ $16, "+qmmPC)
	} else {
		o = append(o, "\tADDQ $8, "+qmmPC)
	}
	o = append(o, "\tADDQ "+qmmLDY+", DI")
	if !k.block() {
		o = append(o, "\tADDQ $4, "+qmmRSPC)
	}
	if k.u8 && !k.block() {
		o = append(o, "\tINCQ "+qmmRZPC)
	}
	o = append(o, "\tDECQ CX", "\tJMP "+p+"row", p+"done:", "\tVZEROUPPER", "\tRET")
	if isa == "avx512" {
		o = append(o, qmmNarrowRows(v, name, k, p, tile)...)
	}
	return append(o, "")
}

func qspmmFile() string {
	o := []string{`// The fused quantized SpMM kernels (see _gen/qspmm.go and the declarations
// in stubs_amd64.go).
//
// Registers by role:
//	DI y row      SI x base     R8 ldx in bytes    R9 idx base
//	R11 codes     BX table      R12 k              R13 the row's end
//	R14 c         R15 x's row (and scratch)        AX the code (scratch)
//	DX the block's scale cursor                    R10 the next block's start
//	CX rows left
// Locals: the ptr cursor, the row's start, the block state at the row's
// start, ldy in bytes and the row-scale cursor.

#include "textflag.h"

` + spmmTailMask("qmmtail<>")}
	for _, isa := range []string{"avx2", "avx512"} {
		for _, k := range qmmKinds(isa) {
			o = append(o, strings.Join(qmmFunc(isa, k, false), "\n"), strings.Join(qmmFunc(isa, k, true), "\n"))
		}
	}
	return strings.Join(o, "\n")
}

// qmmTilePrefetch: a tile reads a short piece of each row, which the
// hardware prefetcher does not follow; prefetch the start of the piece of
// the row spmmTilePFD rows ahead (its indices and codes).
func qmmTilePrefetch(k qmmKind, p string) []string {
	o := []string{fmt.Sprintf("\tCMPQ CX, $%d", spmmTilePFD), "\tJBE " + p + "nopf", "\tMOVQ " + qmmPC + ", R15",
		fmt.Sprintf("\tMOVQ %d(R15), R15", 16*spmmTilePFD)}
	for q := range spmmTilePFL {
		o = append(o, fmt.Sprintf("\tPREFETCHT0 %s(R9)(R15*8)", disp(64*q)))
	}
	if k.nib {
		o = append(o, "\tSHRQ $1, R15")
	}
	return append(o, "\tPREFETCHT0 (R11)(R15*1)", p+"nopf:")
}

// qmmE4M3 decodes the 16 E4M3 codes at R11+R12 into Z9 as the E4M3
// table holds them (quant.E4M3Values): the 7 bits below the sign moved to
// bits 26..20 of a float32 (exponent and mantissa aligned with float32's,
// codes 0..7 the float32 subnormals m·2^-129) times 2^120 (Z22), exact;
// 0x7F (Z21) the quiet NaN (Z23); then the sign. It clobbers Z10, K1.
func qmmE4M3() []string {
	return []string{"\tVPMOVZXBD (R11)(R12*1), Z10", "\tVPANDD Z21, Z10, Z9", "\tVPCMPEQD Z21, Z9, K1",
		"\tVPSLLD $20, Z9, Z9", "\tVMULPS Z22, Z9, Z9", "\tVMOVDQA32 Z23, K1, Z9",
		"\tVPSRLD $7, Z10, Z10", "\tVPSLLD $31, Z10, Z10", "\tVPORD Z10, Z9, Z9"}
}

// qmmG is the entries the AVX-512 kernels decode at once: a vector of
// codes turned into a vector of values (times their blocks' scales) in
// the frame's buffer, which the entries then read as the float32 kernels
// read vals.
const qmmG = 16

// qmmBuf is value e of the decoded vector in the frame.
func qmmBuf(e int) string { return fmt.Sprintf("qb-%d(SP)", qmmFrame-4*e) }

// qmmGroups is the AVX-512 pass's loop over groups of qmmG entries from
// R12 (even for 4-bit codes) while a whole group remains, leaving for
// L+"kn" (the entries left, np at a time): the group's codes decoded into
// Z9, 8-bit ones converted as int8 (Row, Block), uint8 less the row's
// zero point (Z20) or E4M3 (MX, qmmE4M3)
// where the other kernels read the table, 4-bit ones permuted out of Z24
// (the table's first 16 entries), uint8 by block as converted; with block
// scales, Z25 the scale of the block of R12 and, for each block that
// starts inside the group (one at most for b >= qmmG), its scale blended
// in for the lanes from its start, uint8's zero points (qmmZero) alike and
// subtracted first; then the entries as qmmEntry's, reading their values
// from the buffer. A tile kernel's stop at entry e leaves for L+"k1" at R12+e.
func qmmGroups(v *spmmV, name string, k qmmKind, L string, np int, S [][]string, B []string, vs string, fma qmmFMA, tile bool) []string {
	o := []string{L + "gn:", fmt.Sprintf("\tLEAQ %d(R12), R15", qmmG), "\tCMPQ R15, R13", "\tJA " + L + "kn"}
	if k.nib {
		// word c of X9 = byte c | byte c << 4: its low byte holds
		// nibble 0 in bits 3..0, its high byte nibble 1; VPERMPS reads
		// bits 3..0 of each index
		o = append(o, "\tMOVQ R12, AX", "\tSHRQ $1, AX", "\tVPMOVZXBW (R11)(AX*1), X9", "\tVPSLLW $4, X9, X10",
			"\tVPOR X10, X9, X9", "\tVPMOVZXBD X9, Z9", "\tVPERMPS Z24, Z9, Z9")
	} else if k.mode == "MX" {
		o = append(o, qmmE4M3()...)
	} else if k.u8 && k.block() {
		o = append(o, "\tVPMOVZXBD (R11)(R12*1), Z9", "\tVCVTDQ2PS Z9, Z9")
	} else if k.u8 {
		o = append(o, "\tVPMOVZXBD (R11)(R12*1), Z9", "\tVPSUBD Z20, Z9, Z9", "\tVCVTDQ2PS Z9, Z9")
	} else {
		o = append(o, "\tVPMOVSXBD (R11)(R12*1), Z9", "\tVCVTDQ2PS Z9, Z9")
	}
	if k.block() {
		adv := []string{"\tADDQ " + arg(name, "b") + ", R10"}
		if k.mode == "MX" {
			adv = append(adv, "\tINCQ DX")
		} else {
			adv = append(adv, "\tADDQ $4, DX")
		}
		adv = append(adv, qmmLoadScale(v, name, k, vs)...)
		// sub applies the zero points z (uint8) to Z9
		sub := func(z string) []string {
			if !k.u8 {
				return nil
			}
			return []string{fmt.Sprintf("\tVSUBPS %s, Z9, Z9", z)}
		}
		o = append(o, "\tCMPQ R12, R10", "\tJB "+L+"ga")
		o = append(o, adv...)
		o = append(o, L+"ga:", fmt.Sprintf("\tLEAQ %d(R12), R15", qmmG), "\tCMPQ R15, R10", "\tJA "+L+"gx")
		o = append(o, sub(qmmZero)...)
		o = append(o, fmt.Sprintf("\tVMULPS %s, Z9, Z9", vs), "\tJMP "+L+"gm", L+"gx:", fmt.Sprintf("\tVMOVAPS %s, Z11", vs))
		if k.u8 {
			o = append(o, "\tVMOVAPS "+qmmZero+", Z14")
		}
		// each block that starts inside the group: its lanes, from its
		// start (R10 - b - R12) on, take its scale (and zero point)
		o = append(o, L+"gy:")
		o = append(o, adv...)
		o = append(o, "\tMOVQ R10, R15", "\tSUBQ "+arg(name, "b")+", R15", "\tSUBQ R12, R15", "\tMOVL $0xffff, AX",
			"\tSHLXL R15, AX, AX", "\tKMOVW AX, K2", fmt.Sprintf("\tVMOVAPS %s, K2, Z11", vs))
		if k.u8 {
			o = append(o, "\tVMOVAPS "+qmmZero+", K2, Z14")
		}
		o = append(o, fmt.Sprintf("\tLEAQ %d(R12), R15", qmmG), "\tCMPQ R15, R10", "\tJA "+L+"gy")
		o = append(o, sub("Z14")...)
		o = append(o, "\tVMULPS Z11, Z9, Z9", L+"gm:")
	}
	o = append(o, "\tVMOVUPS Z9, "+qmmBuf(0))
	for e := range qmmG {
		bc, accs := B[e%np], S[e%np]
		skip := fmt.Sprintf("%sgs%d", L, e)
		o = append(o, fmt.Sprintf("\tVBROADCASTSS %s, %s", qmmBuf(e), bc), fmt.Sprintf("\tMOVQ %s(R9)(R12*8), R15", disp(8*e)))
		if tile {
			in := fmt.Sprintf("%sgi%d", L, e)
			stop := L + "k1"
			if e > 0 {
				stop = fmt.Sprintf("%sgstop%d", L, e)
			}
			o = append(o, "\tCMPQ R15, "+arg(name, "limit"), "\tJB "+in, "\tCMPQ R15, "+arg(name, "xrows"), "\tJAE "+skip, "\tJMP "+stop, in+":")
		} else {
			o = append(o, "\tCMPQ R15, "+arg(name, "xrows"), "\tJAE "+skip)
		}
		o = append(o, "\tIMULQ R8, R15", "\tADDQ SI, R15")
		o = append(o, fma(bc, accs)...)
		o = append(o, skip+":")
	}
	o = append(o, fmt.Sprintf("\tADDQ $%d, R12", qmmG), "\tJMP "+L+"gn")
	if tile {
		for e := 1; e < qmmG; e++ {
			o = append(o, fmt.Sprintf("%sgstop%d:", L, e), fmt.Sprintf("\tADDQ $%d, R12", e), "\tJMP "+L+"k1")
		}
	}
	return o
}

// qmmRecip sets the local qmmRecipL to m' = floor((2^64-1)/b) (b >= 1),
// with which the high word of the 128-bit lo*m' + lo, lo*m for m = m' + 1
// = ceil(2^64/b), is lo/b for every lo with lo*b < 2^64: for m = (2^64 +
// r)/b (0 <= r < b) and lo = q*b + s (0 <= s < b), lo*m/2^64 = q + (s +
// lo*r/2^64)/b, and lo*r < lo*b < 2^64 puts (s + lo*r/2^64)/b below (s +
// 1)/b <= 1. (m itself overflows 64 bits for b = 1.) It clobbers AX, DX.
func qmmRecip(name string) []string {
	return []string{"\tMOVQ $-1, AX", "\tXORL DX, DX", "\tDIVQ " + arg(name, "b"), "\tMOVQ AX, " + qmmRecipL}
}

// qmmNarrow is a panel width below 16 columns that the AVX-512 kernels
// take in one piece of whole rows of x and y, loaded and stored without a
// mask (masked loads of x's rows run slower beside the stores of
// qmmGroups' buffer): "ss" is 1 column, "sd" 2, "x" 4 (an XMM register),
// "y" 8 (a YMM register). The other widths below 16 take the masked tail.
// Each column is summed as SpMMF32AVX512's masked tail sums it: four
// accumulator sets, the entries alternating, added in order at the row's
// end.
type qmmNarrow struct {
	w     int
	piece string
}

var qmmNarrows = []qmmNarrow{{1, "ss"}, {2, "sd"}, {4, "x"}, {8, "y"}}

// qmmView is vector register r (Z<n>) as a piece reads it: Y<n> for "y",
// X<n> for the others.
func qmmView(piece, r string) string {
	if piece == "y" {
		return "Y" + r[1:]
	}
	return "X" + r[1:]
}

// qmmNarrowFMA is the FMAs of one entry on a piece: x's row at R15. An
// "sd" piece is loaded into X12 first (no FMA reads 8 bytes).
func qmmNarrowFMA(piece string) qmmFMA {
	return func(bc string, accs []string) []string {
		return qmmPieceFMA(piece, "(R15)", qmmView(piece, bc), accs[0], "X12")
	}
}

// qmmPieceFMA is acc += m * b on a piece, an "sd" piece loaded into tmp.
func qmmPieceFMA(piece, m, b, acc, tmp string) []string {
	switch piece {
	case "ss":
		return []string{fmt.Sprintf("\tVFMADD231SS %s, %s, %s", m, b, acc)}
	case "sd":
		return []string{fmt.Sprintf("\tVMOVSD %s, %s", m, tmp), fmt.Sprintf("\tVFMADD231PS %s, %s, %s", tmp, b, acc)}
	}
	return []string{fmt.Sprintf("\tVFMADD231PS %s, %s, %s", m, b, acc)}
}

// qmmNarrowStore is qmmStore on a piece.
func qmmNarrowStore(v *spmmV, name, L, piece, r string) []string {
	o := []string{fmt.Sprintf("\tVMULPS %s, %s, %s", qmmView(piece, v.alpha), r, r),
		fmt.Sprintf("\tCMPL %s, $0", arg(name, "beta")), "\tJEQ " + L + "nobeta"}
	o = append(o, qmmPieceFMA(piece, "(DI)", qmmView(piece, v.beta), r, "X8")...)
	mov := map[string]string{"ss": "VMOVSS", "sd": "VMOVSD"}[piece]
	if mov == "" {
		mov = "VMOVUPS"
	}
	return append(o, L+"nobeta:", fmt.Sprintf("\t%s %s, (DI)", mov, r))
}

// qmmNarrowDispatch leaves a row of a qmmNarrow width for its pass (label
// p+"w<w>").
func qmmNarrowDispatch(name, p string) []string {
	o := []string{"\tMOVQ " + arg(name, "w") + ", R15"}
	for _, n := range qmmNarrows {
		o = append(o, fmt.Sprintf("\tCMPQ R15, $%d", n.w), fmt.Sprintf("\tJEQ %sw%d", p, n.w))
	}
	return o
}

// qmmNarrowRows is the row pass of every qmmNarrow, each back to p+"next".
func qmmNarrowRows(v *spmmV, name string, k qmmKind, p string, tile bool) []string {
	var o []string
	for _, n := range qmmNarrows {
		L := fmt.Sprintf("%sw%d", p, n.w)
		var S [][]string
		for _, r := range []string{"Z0", "Z4", "Z1", "Z5"} { // spmmSets' order
			S = append(S, []string{qmmView(n.piece, r)})
		}
		blk, A := qmmPassOn(v, name, k, L, qmmScaleReg(v, 1), 4, S, spmmBcasts(v), qmmNarrowFMA(n.piece), tile)
		o = append(o, L+":")
		o = append(o, blk...)
		o = append(o, qmmNarrowStore(v, name, L, n.piece, A[0])...)
		o = append(o, "\tJMP "+p+"next")
	}
	return o
}
