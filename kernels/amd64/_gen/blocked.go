package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// The AVX-512 gather and scatter kernels work on column blocks of 1, 2 or 4
// vectors (chosen by the columns left: more than 2 vectors' worth takes 4,
// more than 1 takes 2), with one mask register per vector (K1..K4, partial or
// empty past r). A block walks the nodes once, so the two to four cache
// lines of each gathered row are requested together and the index arrays are
// read once per block instead of once per vector. Rejected: one vector per
// pass (the first version): it re-reads the index arrays per vector and
// serialises the row's cache-line misses.

type asm struct {
	b strings.Builder
	e elem
	// fn is the function being written: check, span and returns name its
	// arguments.
	fn string
	// leafBound and crdBound are the arguments that idx and crd (a
	// two-level kernel's children) are checked against.
	leafBound, crdBound string
	// inReg names the bound arguments a kernel keeps in a register in
	// its loops (argument name to register): check compares with the
	// register, which saves a load per index in the innermost loops.
	inReg map[string]string
}

// check leaves for bad unless reg is below the argument bound: a compare
// with the argument frame (or with the register inReg keeps it in) and a
// branch that valid data never takes. Every
// index a kernel dereferences passes one when it is read from memory, and
// is used only from the register checked: an output store may change the
// index arrays (an output over another structure's index bytes), so none
// is read twice.
func (a *asm) check(reg, bound string) {
	if r, ok := a.inReg[bound]; ok {
		a.f("\tCMPQ %s, %s", reg, r)
	} else {
		a.f("\tCMPQ %s, %s", reg, arg(a.fn, bound))
	}
	a.f("\tJAE  bad")
}

// loadBounds loads the bound arguments of inReg into their registers.
func (a *asm) loadBounds() {
	for _, bound := range slices.Sorted(maps.Keys(a.inReg)) {
		a.f("\tMOVQ %s, %s", arg(a.fn, bound), a.inReg[bound])
	}
}

// span leaves for bad unless lo <= hi <= the length of slice argument
// slice: a segment of ptr or lptr, before its entries are read. It
// compares lo with hi last, so a JE after it skips an empty segment
// without a compare of its own (vector code between them leaves the flags
// alone).
func (a *asm) span(lo, hi, slice string) {
	a.f("\tCMPQ %s, %s", hi, argLen(a.fn, slice))
	a.f("\tJA   bad")
	a.f("\tCMPQ %s, %s", lo, hi)
	a.f("\tJA   bad")
}

// returns writes the exits: done returns 0, bad (a segment or an index
// out of range) 1.
func (a *asm) returns() {
	a.f("done:")
	a.f("\tMOVQ $0, %s", retArg(a.fn))
	a.f("\tVZEROUPPER")
	a.f("\tRET")
	a.f("bad:")
	a.f("\tMOVQ $1, %s", retArg(a.fn))
	a.f("\tVZEROUPPER")
	a.f("\tRET")
}

// text opens the function fn with a frame of frame bytes: its TEXT line,
// the argument size from its declaration.
func (a *asm) text(fn string, frame int) {
	a.fn = fn
	a.f("TEXT ·%s(SB), NOSPLIT, $%d-%d", fn, frame, argSize(declOf(fn).sig))
}

func (a *asm) f(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	s = strings.NewReplacer("{P}", a.e.P, "{S}", a.e.S, "{ES}", a.e.ES, "{KMOV}", a.e.KMOV).Replace(s)
	a.b.WriteString(s)
	a.b.WriteByte('\n')
}

func (a *asm) w() int {
	if a.e.T == "F32" {
		return 16
	}
	return 8
}

// masks sets K1..Knv to the lanes of each vector of the block: clamp(R15 -
// v*W, 0, W). Clobbers AX, DX.
func (a *asm) masks(nv int) {
	a.f("\t// K1..K%d = lanes of each vector of the block: clamp(R15 - v*W, 0, W)", nv)
	for v := range nv {
		a.f("\tMOVQ    R15, DX")
		if v > 0 {
			a.f("\tSUBQ    $%d, DX", v*a.w())
			a.f("\tXORQ    AX, AX")
			a.f("\tCMPQ    DX, AX")
			a.f("\tCMOVQLT AX, DX")
		}
		a.f("\tMOVQ    $%d, AX", a.w())
		a.f("\tCMPQ    DX, AX")
		a.f("\tCMOVQGT AX, DX")
		a.f("\tMOVQ    $-1, AX")
		a.f("\tBZHIQ   DX, AX, AX")
		a.f("\t{KMOV}  AX, K%d", v+1)
	}
}

// fiber: Z0..Z(nv-1) = sum over j in [CX, DX) of vals[j] * x row idx[j],
// the leaf loop prefetching as pf asks (leafLoop), after checking the
// segment (span). Clobbers CX, R14, Z8.
func (a *asm) fiber(nv int, l string, pf leafPF) {
	a.span("CX", "DX", "idx")
	a.f("\t// Z0..Z%d = sum over j in [CX, DX) of vals[j] * x[idx[j]*r + block]", nv-1)
	for v := range nv {
		a.f("\tVPXORQ Z%d, Z%d, Z%d", v, v, v)
	}
	a.f("\tJE   fe%s", l)
	a.leafLoop("fl"+l, pf, nv, func() {
		a.f("\tMOVQ           (R11)(CX*8), R14")
		a.check("R14", a.leafBound)
		a.f("\tIMULQ          R13, R14")
		a.f("\tVBROADCAST{S}  (R10)(CX*{ES}), Z8")
		for v := range nv {
			a.f("\tVFMADD231{P}   %d(BX)(R14*1), Z8, K%d, Z%d", v*64, v+1, v)
		}
	})
	a.f("fe%s:", l)
}

// kernel512 writes the one-level AVX-512 kernel fn: its doc (the column
// blocks, then doc), its TEXT line and blocked512's body from loads.
func (a *asm) kernel512(fn, doc, loads string, block func(a *asm, nv int)) {
	a.f(`
// func %s%s
//
// Column blocks of 1, 2 or 4 vectors (masked past r), and for each block
// every node c:
//
%s
// Requires: AVX512F, AVX512DQ, BMI2`, fn, declOf(fn).sig, doc)
	a.text(fn, 0)
	a.blocked512(loads, block)
}

// blocked512 writes the rest of a one-level AVX-512 kernel after its base
// loads (loads, with the nodes in R12): the row bytes in R13 and the
// columns in R15 from r, the return for no nodes, and blocks512's dispatch,
// blocks and return.
func (a *asm) blocked512(loads string, block func(a *asm, nv int)) {
	a.f(`%s
	MOVQ r+192(FP), R13
	MOVQ R13, R15
	SHLQ $%s, R13
	TESTQ R12, R12
	JLE  done`, loads, a.e.LOG)
	a.blocks512("", block)
}

// advance512 ends an AVX-512 column block of nv vectors: the bases DI, SI
// and BX step past it, the columns left (R15, or with inFrame left-8(SP),
// the block's byte offset blk-16(SP) stepping too) drop by its columns,
// and the loop goes back to chunk while columns are left.
func (a *asm) advance512(nv int, inFrame bool) {
	a.f("\tADDQ $%d, DI", nv*64)
	a.f("\tADDQ $%d, SI", nv*64)
	a.f("\tADDQ $%d, BX", nv*64)
	if inFrame {
		a.f("\tADDQ $%d, blk-16(SP)", nv*64)
		a.f("\tSUBQ $%d, left-8(SP)", nv*a.w())
	} else {
		a.f("\tSUBQ $%d, R15", nv*a.w())
	}
	a.f("\tJG   chunk")
	a.f("\tJMP  done")
}

// fixPullLoads gives the pull blocks' initial loads their vector offsets.
func fixPullLoads(s string) string {
	lines := strings.Split(s, "\n")
	for i, ln := range lines {
		if strings.Contains(ln, ".Z (DI), K") {
			var k, z int
			fmt.Sscanf(ln[strings.Index(ln, "K"):], "K%d, Z%d", &k, &z)
			lines[i] = strings.Replace(ln, "(DI)", fmt.Sprintf("%d(DI)", (k-1)*64), 1)
		}
	}
	return strings.Join(lines, "\n")
}

// fmaVec adds the product of mul's two registers ("Za, Zb") into vector v
// of a row at mem (a memory operand after the vector's byte offset, masked
// by K(v+1)) through Z(t).
func (a *asm) fmaVec(v int, mem string, t int, mul string) {
	a.f("\tVMOVU{P}.Z   %d%s, K%d, Z%d", v*64, mem, v+1, t)
	a.f("\tVFMADD231{P} %s, Z%d", mul, t)
	a.f("\tVMOVU{P}     Z%d, K%d, %d%s", t, v+1, v*64, mem)
}

// leaves adds, for every j in [CX, DX) (at least one), vals[j] (in Z8)
// times Z0..Z(nv-1) into out row idx[j] (out at DI, loaded into Z24..): the
// loop label, prefetching as pf asks (leafLoop). Clobbers CX, R14, Z8,
// Z24...
func (a *asm) leaves(nv int, label string, pf leafPF) {
	a.leafLoop(label, pf, nv, func() {
		a.f("\tMOVQ          (R11)(CX*8), R14")
		a.check("R14", a.leafBound)
		a.f("\tIMULQ         R13, R14")
		a.f("\tVBROADCAST{S} (R10)(CX*{ES}), Z8")
		for v := range nv {
			a.fmaVec(v, "(DI)(R14*1)", 24+v, fmt.Sprintf("Z%d, Z8", v))
		}
	})
}

// The AVX2 two-level kernels take column blocks of 4, 2 or 1 full vectors
// (the most that fit in the columns left) and then, for the columns past the
// last full vector, one masked vector. A full block loads and stores with
// plain moves and memory operands; only the masked block goes through
// VMASKMOV, whose store form costs AMD cores a dozen or more micro-ops.
// Rejected: masking every vector of every block, as the AVX-512 kernels do
// for free with mask registers.

// blk256 emits one AVX2 column block: nv vectors, masked (nv = 1 only) by
// Y15 through the temporary register tmp.
type blk256 struct {
	a      *asm
	nv     int
	masked bool
	tmp    int
}

// label is the block's label suffix: its vector count, or "m" when masked.
func (b blk256) label() string {
	if b.masked {
		return "m"
	}
	return fmt.Sprint(b.nv)
}

// lines is how many cache lines the block's piece of a row spans, at most
// (when the row is line-aligned): what the prefetches request.
func (b blk256) lines() int {
	return (b.nv*32 + 63) / 64
}

// mem is vector v's operand at byte offset v*32 of the address addr.
func mem(v int, addr string) string {
	if v == 0 {
		return addr
	}
	return fmt.Sprintf("%d%s", v*32, addr)
}

// load sets Y dst to vector v at addr.
func (b blk256) load(v int, addr string, dst int) { b.move(mem(v, addr), fmt.Sprintf("Y%d", dst)) }

// store writes Y src to vector v at addr.
func (b blk256) store(src, v int, addr string) { b.move(fmt.Sprintf("Y%d", src), mem(v, addr)) }

// move is load's and store's move from src to dst, masked by Y15 in the
// masked block.
func (b blk256) move(src, dst string) {
	if b.masked {
		b.a.f("\tVMASKMOV{P}  %s, Y15, %s", src, dst)
		return
	}
	b.a.f("\tVMOVU{P}     %s, %s", src, dst)
}

// fma adds vector v at addr times Y src into Y acc.
func (b blk256) fma(v int, addr string, src, acc int) { b.arith("VFMADD231{P}", v, addr, src, acc) }

// mul sets Y dst to vector v at addr times Y src.
func (b blk256) mul(v int, addr string, src, dst int) { b.arith("VMUL{P}", v, addr, src, dst) }

// arith is fma's and mul's instruction op with vector v at addr and Y src
// as its operands, into Y dst: the masked block loads the vector into its
// temporary first.
func (b blk256) arith(op string, v int, addr string, src, dst int) {
	from := mem(v, addr)
	if b.masked {
		b.load(v, addr, b.tmp)
		from = fmt.Sprintf("Y%d", b.tmp)
	}
	b.a.f("\t%-12s %s, Y%d, Y%d", op, from, src, dst)
}

// zero clears Y first .. Y first+nv-1.
func (b blk256) zero(first int) {
	for v := range b.nv {
		b.a.f("\tVXOR{P} Y%d, Y%d, Y%d", first+v, first+v, first+v)
	}
}

// kernel256 writes the one-level AVX2 kernel fn: its doc (the column
// blocks, then doc), its prologue (loads; ptr's length at lenOff) and
// blocks256's blocks (tmp, iota, block), and returns the expanded text.
func (a *asm) kernel256(fn, doc string, lenOff int, loads string, tmp int, iota string, block func(b blk256)) string {
	a.f(`
// func %s%s
//
// Column blocks of 4, 2 or 1 full vectors, then a last one masked past r
// (blocks256), and for each block every node c:
//
%s
// Requires: AVX, AVX2, FMA3`, fn, declOf(fn).sig, doc)
	a.prologue(fn, 192, lenOff, loads)
	a.blocks256(tmp, iota, block)
	return a.expand()
}

// blocks256 writes the AVX2 column-block dispatch over the columns left,
// the blocks (full ones of 4, 2, 1 vectors, then the masked one; block
// emits each, tmp is its temporary register) and the return. A block ends
// by advancing DI, SI, BX and the block offset and going back to chunk.
func (a *asm) blocks256(tmp int, iota string, block func(b blk256)) {
	w2 := a.w() / 2
	a.f(`
chunk:
	MOVQ left-8(SP), R15
	CMPQ R15, $%d
	JGE  blk4
	CMPQ R15, $%d
	JGE  blk2
	CMPQ R15, $%d
	JGE  blk1`, 4*w2, 2*w2, w2)
	for _, nv := range []int{0, 4, 2, 1} {
		b := blk256{a: a, nv: max(nv, 1), masked: nv == 0, tmp: tmp}
		l := b.label()
		a.f("blk%s:", l)
		if b.masked {
			a.f(`	// Y15 = the first left (< W) lanes
	MOVQ     R15, X14
	%s X14, Y14
	%s  %s(SB), Y14, Y15`, a.e.BCASTI, a.e.CMPGT, iota)
		}
		block(b)
		a.f("next%s:", l)
		for _, reg := range []string{"DI", "SI", "BX", "blk-16(SP)"} {
			a.f("\tADDQ $%d, %s", b.nv*32, reg)
		}
		a.f("\tSUBQ $%d, left-8(SP)", b.nv*w2)
		a.f("\tJG   chunk")
		a.f("\tJMP  done")
	}
	a.returns()
}

// fiber sets Y0.. to the block's sum over j in [CX, DX) of vals[j]
// times x row idx[j] (x at BX), with Y val for the value, after checking
// the segment (span). Clobbers CX, R14, Y val, and b's temporary.
func (b blk256) fiber(l string, val int, pf leafPF) {
	a := b.a
	a.span("CX", "DX", "idx")
	a.f("\t// Y0..Y%d = sum over j in [CX, DX) of vals[j] * x row idx[j] (this block)", b.nv-1)
	b.zero(0)
	a.f("\tJE   fe%s", l)
	a.leafLoop("fl"+l, pf, b.lines(), func() {
		a.f("\tMOVQ           (R11)(CX*8), R14")
		a.check("R14", a.leafBound)
		a.f("\tIMULQ          R13, R14")
		a.f("\tVBROADCAST{S}  (R10)(CX*{ES}), Y%d", val)
		for v := range b.nv {
			b.fma(v, "(BX)(R14*1)", val, v)
		}
	})
	a.f("fe%s:", l)
}

// leafLoop writes the loop over the leaves j = CX..DX-1 (at least one),
// body for each, labelled label. With pf the loop is written twice, the
// second copy prefetching (prefetchLeaf, lines cache lines a row), and one
// test of pf's flag before the first leaf picks the copy: a test per leaf
// adds micro-ops to the fiber loop, which a narrow (AVX2 float64) row feels.
func (a *asm) leafLoop(label string, pf leafPF, lines int, body func()) {
	loop := func(l string, prefetch bool) {
		a.f("%s:", l)
		if prefetch {
			a.prefetchLeaf(pf, lines, l)
		}
		body()
		a.f("\tINCQ CX")
		a.f("\tCMPQ CX, DX")
		a.f("\tJB   %s", l)
	}
	if pf.flag == "" {
		loop(label, false)
		return
	}
	a.f("\tTESTQ $%d, %s", pf.bit, pf.flag)
	a.f("\tJNZ  %sp", label)
	loop(label, false)
	a.f("\tJMP  %sx", label)
	loop(label+"p", true)
	a.f("%sx:", label)
}

// leaves adds, for every j in [CX, DX) (at least one), vals[j] (in Y val)
// times Y0.. into out row idx[j] (out at DI, loaded into Y row): the loop
// label. With pf, a copy of the loop prefetches (leafLoop). Clobbers CX,
// R14, Y val, Y row.
func (b blk256) leaves(label string, val, row int, pf leafPF) {
	a := b.a
	a.leafLoop(label, pf, b.lines(), func() {
		a.f("\tMOVQ          (R11)(CX*8), R14")
		a.check("R14", a.leafBound)
		a.f("\tIMULQ         R13, R14")
		a.f("\tVBROADCAST{S} (R10)(CX*{ES}), Y%d", val)
		for v := range b.nv {
			b.load(v, "(DI)(R14*1)", row)
			a.f("\tVFMADD231{P} Y%d, Y%d, Y%d", v, val, row)
			b.store(row, v, "(DI)(R14*1)")
		}
	})
}

// leafPF describes the prefetch of a leaf-indexed row that fiber and
// leaves can do at the top of each leaf (leafLoop): when the flag argument
// has the bit and idx holds a leaf pullPFD ahead of CX, the row that leaf
// names in the rows at base (this block's lines). The zero value
// prefetches nothing.
// The rows a leaf names are as scattered as the leaves' coordinates: on
// T3u, whose fibers hold about one leaf each, every leaf's row is a miss
// once the factor exceeds L2.
type leafPF struct {
	flag   string // the flag argument, as "pf+296(FP)"
	bit    int    // its bit that turns the prefetch on
	idxLen string // idx's length argument, as "idx_len+224(FP)"
	base   string // the rows' base register
}

// prefetchLeaf writes pf's prefetch of lines cache lines, the flag
// already tested (label noxf<l>). Any idx value is safe: a prefetch does
// not fault. Clobbers R14.
func (a *asm) prefetchLeaf(pf leafPF, lines int, l string) {
	a.f("\tLEAQ %d(CX), R14", pullPFD)
	a.f("\tCMPQ R14, %s", pf.idxLen)
	a.f("\tJAE  noxf%s", l)
	a.f("\tMOVQ  %d(R11)(CX*8), R14", pullPFD*8)
	a.f("\tIMULQ R13, R14")
	for v := range lines {
		a.f("\tPREFETCHT0 %d(%s)(R14*1)", v*64, pf.base)
	}
	a.f("noxf%s:", l)
}
