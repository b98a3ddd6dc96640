package main

import (
	"fmt"
	"strings"
)

// asmFile writes one .s file for the index kernels' emitters (lowerbound.go
// and the others). An emitter calls doc for the file's and each function's
// comments, text to open a function, label, i for an instruction (with an
// optional trailing comment after " // "), c for a comment line inside the
// code and blank for a paragraph break. Consecutive instructions are aligned
// as asmfmt aligns them: operands in one column, trailing comments in
// another.
type asmFile struct {
	b   strings.Builder
	run []asmLine // instructions not yet written, aligned together
}

// asmLine is one instruction: mnemonic, operands and trailing comment.
type asmLine struct{ op, args, comment string }

// flush writes the pending instructions.
func (f *asmFile) flush() {
	opw, argw := 0, 0
	for _, l := range f.run {
		if l.args != "" {
			opw = max(opw, len(l.op))
		}
	}
	text := make([]string, len(f.run))
	for i, l := range f.run {
		text[i] = l.op
		if l.args != "" {
			text[i] = l.op + strings.Repeat(" ", opw-len(l.op)+1) + l.args
		}
		if l.comment != "" {
			argw = max(argw, len(text[i]))
		}
	}
	for i, l := range f.run {
		f.b.WriteString("\t" + text[i])
		if l.comment != "" {
			f.b.WriteString(strings.Repeat(" ", argw-len(text[i])+1) + "// " + l.comment)
		}
		f.b.WriteByte('\n')
	}
	f.run = f.run[:0]
}

// line writes a line outside an instruction run.
func (f *asmFile) line(format string, args ...any) {
	f.flush()
	fmt.Fprintf(&f.b, format, args...)
	f.b.WriteByte('\n')
}

// doc writes text as a comment block at the left margin: "// " before each
// line, "//" alone for an empty one, "//" before a line that starts with a
// tab (pseudo-code).
func (f *asmFile) doc(text string) {
	for _, ln := range commentLines(strings.TrimSuffix(text, "\n")) {
		f.line("%s", ln)
	}
}

// commentLines returns the lines of text as comment lines: "// " before
// each, "//" alone for an empty one, "//" before one that starts with a
// tab (pseudo-code).
func commentLines(text string) []string {
	lines := strings.Split(text, "\n")
	for i, ln := range lines {
		switch {
		case ln == "":
			lines[i] = "//"
		case strings.HasPrefix(ln, "\t"):
			lines[i] = "//" + ln
		default:
			lines[i] = "// " + ln
		}
	}
	return lines
}

// blank writes an empty line.
func (f *asmFile) blank() { f.line("") }

// text opens function name: a blank line, its Go signature (from decls),
// doc (when not empty), the features it requires, and the TEXT line with a
// frame of frame bytes and the argument size its signature gives.
func (f *asmFile) text(name string, frame int, requires, doc string) {
	d := declOf(name)
	f.blank()
	f.line("// func %s%s", name, d.sig)
	if doc != "" {
		f.line("//")
		f.doc(doc)
	}
	f.line("// Requires: %s", requires)
	f.line("TEXT ·%s(SB), NOSPLIT, $%d-%d", name, frame, argSize(d.sig))
}

// label ends the run and writes a blank line and l.
func (f *asmFile) label(l string) {
	f.blank()
	f.line("%s:", l)
}

// c writes a comment line inside the code.
func (f *asmFile) c(format string, args ...any) {
	f.line("\t// "+format, args...)
}

// loopHead opens a loop at label loop over CX elements: the comment, and
// the exit to exit when CX is 0.
func (f *asmFile) loopHead(comment, exit string) {
	f.label("loop")
	f.c("%s", comment)
	f.i("TESTQ CX, CX")
	f.i("JZ %s", exit)
}

// blockLoop opens a loop at label loop over blocks of n of the CX elements
// left: the comment, and the exit to done when fewer than n are left.
func (f *asmFile) blockLoop(comment string, n int) {
	f.label("loop")
	f.c("%s", comment)
	f.i("CMPQ CX, $%d", n)
	f.i("JLT done")
}

// blockNext ends a block loop (blockLoop) over n elements of 8 bytes: SI
// past the block, AX (the elements done) up by n, CX (those left) down by
// n, then wrap when not nil, and the jump back.
func (f *asmFile) blockNext(n int, wrap func()) {
	f.i("ADDQ $%d, SI", 8*n)
	f.i("ADDQ $%d, AX", n)
	f.i("SUBQ $%d, CX", n)
	if wrap != nil {
		wrap()
	}
	f.i("JMP loop")
}

// doneAX places label done and returns AX, the result at ret+off(FP).
func (f *asmFile) doneAX(off int) {
	f.label("done")
	f.i("MOVQ AX, ret+%d(FP)", off)
	vzeroRet(f)
}

// stepLoop writes a loop at label loop over CX elements, n a step: the
// comment, the exit to exit when CX is 0, body, then SI advanced by bytes,
// CX less n and the jump back.
func (f *asmFile) stepLoop(comment, exit string, n, bytes int, body func()) {
	f.loopHead(comment, exit)
	body()
	f.i("ADDQ $%d, SI", bytes)
	f.i("SUBQ $%d, CX", n)
	f.i("JMP loop")
}

// zero4 clears the four accumulators reg0..reg3 (reg "Z" or "Y") with
// xor (VPXORQ or VPXOR), the first line carrying comment.
func (f *asmFile) zero4(xor, reg, comment string) {
	for k := range 4 {
		f.i("%s %s%d, %s%d, %s%d%s", xor, reg, k, reg, k, reg, k, cond(k == 0, " // "+comment))
	}
}

// maxIndex sets every 32-bit lane of Y15 (z: Z15) to maxIndex =
// min(len(x), 2^(8*iw)) - 1, the largest index of iw bytes within x (len(x)
// > 0), for the narrow kernels' range checks. It clobbers R8 and CX.
func (f *asmFile) maxIndex(iw int, z bool) {
	f.c("maxIndex = min(len(x), 2^%d) - 1 in every 32-bit lane (len(x) > 0)", 8*iw)
	f.i("MOVQ x_len+32(FP), R8")
	f.i("MOVQ $%#x, CX", uint64(1)<<(8*iw))
	f.i("CMPQ R8, CX")
	f.i("CMOVQHI CX, R8")
	f.i("DECQ R8")
	if z {
		f.i("VPBROADCASTD R8, Z15")
	} else {
		f.i("MOVQ R8, X15")
		f.i("VPBROADCASTD X15, Y15")
	}
}

// narrowRow opens the row loop of the narrow kernels at label row: row AX
// (from 0, while below len(y)) with its segment R12..R13 read from the
// 32-bit pointers at DX and clamped to 0..R10, and X14 zeroed for its sum;
// done is the label past the loop.
func (f *asmFile) narrowRow(row, done string) {
	f.i("XORQ AX, AX")
	f.label(row)
	f.i("CMPQ AX, y_len+8(FP)")
	f.i("JAE %s", done)
	f.i("MOVL (DX)(AX*4), R12")
	f.i("MOVL 4(DX)(AX*4), R13")
	f.c("clamp the row to 0..len(col), an inverted one to empty")
	f.clampSegment()
	f.i("VXORPS X14, X14, X14")
}

// narrowEntryIndex loads the index of entry R12 (iw bytes each, from R9)
// into R8 and jumps to skip unless it is below len(x): the checked entry of
// the narrow kernels' scalar loops.
func (f *asmFile) narrowEntryIndex(iw int, skip string) {
	if iw == 2 {
		f.i("MOVWQZX (R9)(R12*2), R8")
	} else {
		f.i("MOVL (R9)(R12*4), R8")
	}
	f.i("CMPQ R8, x_len+32(FP)")
	f.i("JAE %s", skip)
}

// clampSegment clamps a row's segment R12..R13 to 0..R10 (the length of
// its index slice), an inverted one (R13 < R12) to empty, without a branch.
func (f *asmFile) clampSegment() {
	f.i("CMPQ R12, R10")
	f.i("CMOVQHI R10, R12")
	f.i("CMPQ R13, R10")
	f.i("CMOVQHI R10, R13")
	f.i("CMPQ R13, R12")
	f.i("CMOVQCS R12, R13")
}

// i adds an instruction: "OP operands", optionally " // comment". The
// operands may be formatted with args.
func (f *asmFile) i(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	s, comment, _ := strings.Cut(s, " // ")
	op, operands, _ := strings.Cut(s, " ")
	f.run = append(f.run, asmLine{op, strings.TrimSpace(operands), comment})
}

// String returns the file's text.
func (f *asmFile) String() string {
	f.flush()
	return f.b.String()
}

// argSize is the size in bytes of the ABI0 argument frame of a function of
// signature sig ("(s []uint64, key uint64) int"): the parameters in order,
// each at its alignment, then the results from the next multiple of 8.
func argSize(sig string) int {
	params, results := splitSig(sig)
	off := 0
	for _, t := range params {
		size, align := typeSize(t)
		off = (off+align-1)/align*align + size
	}
	if len(results) == 0 {
		return off
	}
	off = (off + 7) / 8 * 8
	for _, t := range results {
		size, align := typeSize(t)
		off = (off+align-1)/align*align + size
	}
	return (off + 7) / 8 * 8
}

// frameOffsets returns the offset in the ABI0 argument frame of every
// parameter of sig, in order, and of its first result (argSize's layout).
func frameOffsets(sig string) (params []int, result int) {
	ps, _ := splitSig(sig)
	off := 0
	for _, t := range ps {
		size, align := typeSize(t)
		off = (off + align - 1) / align * align
		params = append(params, off)
		off += size
	}
	return params, (off + 7) / 8 * 8
}

// arg is the frame operand of parameter pname of function name, as
// "pname+off(FP)" (a scalar, or a slice's base pointer).
func arg(name, pname string) string {
	sig := declOf(name).sig
	offs, _ := frameOffsets(sig)
	for i, n := range paramNames(sig) {
		if n == pname {
			return fmt.Sprintf("%s+%d(FP)", pname, offs[i])
		}
	}
	panic(name + " has no parameter " + pname)
}

// argLen is the frame operand of the length of slice parameter pname of
// function name, as "pname_len+off(FP)".
func argLen(name, pname string) string {
	a := arg(name, pname)
	var off int
	fmt.Sscanf(a[len(pname)+1:], "%d", &off)
	return fmt.Sprintf("%s_len+%d(FP)", pname, off+8)
}

// paramNames returns the names of sig's parameters, in order.
func paramNames(sig string) []string {
	var names []string
	for _, p := range strings.Split(sig[1:strings.Index(sig, ")")], ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(p), " ")
		if name != "" {
			names = append(names, name)
		}
	}
	return names
}

// retArg is the frame operand of function name's result, "ret+off(FP)".
func retArg(name string) string {
	_, r := frameOffsets(declOf(name).sig)
	return fmt.Sprintf("ret+%d(FP)", r)
}

// splitSig returns the types of sig's parameters and results, one per
// value ("dst, src []uint64" gives two).
func splitSig(sig string) (params, results []string) {
	end := strings.Index(sig, ")")
	params = types(sig[1:end])
	rest := strings.TrimSpace(sig[end+1:])
	if strings.HasPrefix(rest, "(") {
		return params, types(rest[1 : len(rest)-1])
	}
	if rest != "" {
		results = []string{rest}
	}
	return params, results
}

// types expands a Go parameter list into one type per value.
func types(list string) []string {
	var out []string
	pending := 0
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		name, typ, ok := strings.Cut(p, " ")
		if !ok {
			pending++ // a name whose type follows
			continue
		}
		_ = name
		for range pending + 1 {
			out = append(out, typ)
		}
		pending = 0
	}
	return out
}

// typeSize is the size and alignment of a parameter type on amd64.
func typeSize(t string) (size, align int) {
	switch {
	case strings.HasPrefix(t, "[]"):
		return 24, 8
	case t == "float32":
		return 4, 4
	case t == "int", t == "uint", t == "uint64", t == "int64", t == "float64", t == "uintptr", t == "unsafe.Pointer":
		return 8, 8
	}
	panic("typeSize: unknown type " + t)
}

// signAVX2 sets Y15 to 1<<63 in every lane (SIGN: x ^ SIGN orders
// unsigned values as signed ones, for AVX2's signed compares), through gpr.
func signAVX2(f *asmFile, gpr string) {
	f.i("MOVQ $0x8000000000000000, %s", gpr)
	broadcastAVX2(f, gpr, 15, "SIGN")
}

// broadcastAVX2 sets Yn to gpr in every lane, with a comment naming the
// value (none when comment is empty).
func broadcastAVX2(f *asmFile, gpr string, n int, comment string) {
	f.i("VMOVQ %s, X%d", gpr, n)
	if comment != "" {
		f.i("VPBROADCASTQ X%d, Y%d // %s", n, n, comment)
		return
	}
	f.i("VPBROADCASTQ X%d, Y%d", n, n)
}

// vzeroRet leaves a function that used the upper vector halves.
func vzeroRet(f *asmFile) {
	f.i("VZEROUPPER")
	f.i("RET")
}

// vzeroDone places label l and leaves (vzeroRet).
func vzeroDone(f *asmFile, l string) {
	f.label(l)
	vzeroRet(f)
}

// itoa formats n in decimal.
func itoa(n int) string { return fmt.Sprint(n) }

// dataTable is the read-only table sym of width-byte values vals (the
// operands after "$"): its DATA lines and its GLOBL line.
func dataTable(sym string, width int, vals ...string) string {
	var b strings.Builder
	for i, v := range vals {
		fmt.Fprintf(&b, "DATA %s+%d(SB)/%d, $%s\n", sym, i*width, width, v)
	}
	fmt.Fprintf(&b, "GLOBL %s(SB), RODATA|NOPTR, $%d\n", sym, len(vals)*width)
	return b.String()
}

// disp is a memory displacement: empty for 0, so that "(SI)" reads as the
// handwritten form does.
func disp(n int) string {
	if n == 0 {
		return ""
	}
	return itoa(n)
}

// cond is s when ok, else empty: an optional trailing comment.
func cond(ok bool, s string) string {
	if ok {
		return s
	}
	return ""
}

// e8m0Bits emits the float32 bits of the E8M0 scale whose exponent byte is
// at (BX) into the general register r, tmp as scratch: e<<23, and 2^-127
// (0x00400000) for exponent 0. Exponent 0xFF (NaN, which validation
// rejects) gives +Inf.
func e8m0Bits(f *asmFile, r, tmp string) {
	f.i("MOVBLZX (BX), %s", r)
	f.i("SHLL $23, %s", r)
	f.i("MOVL $0x00400000, %s // E8M0 0: 2^-127", tmp)
	f.i("TESTL %s, %s", r, r)
	f.i("CMOVLEQ %s, %s", tmp, r)
}
