package engine

import (
	"fmt"
	"sync"

	"github.com/hurray-format/hurray-go/quant"
)

// Channels gives the channel of every stored value, for the channel schemes
// (int8 and uint8 with channel granularity): a value's channel is its
// logical coordinate on the scheme's axis. It comes per value (Idx, Stride)
// or per run of consecutive values (Ptr, ID); the zero Channels gives none,
// which is all that tensor and block schemes need.
//
// Per value: the channel of value i is Idx[i*Stride] (a CSR matrix's column
// indices with stride 1 for axis 1; a COO tensor's coordinates from the
// axis on, with stride rank; a CSF tensor's leaf crd when the axis is the
// leaf level's mode).
//
// Per run: values Ptr[r] <= i < Ptr[r+1] are in channel ID[r], or in
// channel r when ID is nil (a CSR matrix's row pointers for axis 0; for a
// CSF tensor whose axis is stored at an upper level, the leaf range of each
// node of that level with its crd as ID). Ptr holds absolute value indices
// and never decreases.
type Channels struct {
	Idx    []uint64
	Stride int
	Ptr    []uint64
	ID     []uint64
}

// PerValue returns the Channels that give value i the channel idx[i*stride].
func PerValue(idx []uint64, stride int) Channels { return Channels{Idx: idx, Stride: stride} }

// PerRun returns the Channels whose run r, values ptr[r] <= i < ptr[r+1],
// is channel id[r] (r when id is nil).
func PerRun(ptr, id []uint64) Channels { return Channels{Ptr: ptr, ID: id} }

// channel returns the channel of value i, searching the runs (the
// reference's way: no cursor).
func (c *Channels) channel(i int) uint64 {
	if c.Ptr == nil {
		if c.Idx == nil {
			return 0
		}
		return c.Idx[i*c.Stride]
	}
	r := LowerBound(c.Ptr, uint64(i)+1) - 1
	if c.ID != nil {
		return c.ID[r]
	}
	return uint64(r)
}

// run returns the run r that holds value i (Ptr[r] <= i < Ptr[r+1]),
// starting from the hint when it is at or before that run: the products
// decode their tiles in increasing order, so a cursor kept across tiles
// walks each run pointer once.
func (c *Channels) run(i, hint int) int {
	p := c.Ptr
	key := uint64(i)
	if hint < 0 || hint >= len(p)-1 || p[hint] > key {
		return LowerBound(p, key+1) - 1
	}
	for step := 0; p[hint+1] <= key; step++ {
		if step == 8 {
			return hint + LowerBound(p[hint:], key+1) - 1
		}
		hint++
	}
	return hint
}

// Dequantize writes the dequantized values i0..i0+len(dst)-1 of v into
// dst, each as quant's Values.At computes it (one float32 product, rounded
// once), bit for bit on every path:
//
//	for i := range dst {
//		dst[i] = v.At(i0+i, channel of value i0+i)
//	}
//
// v must have passed Validate. A channel scheme reads each value's channel
// from ch (checked against the channel count here); the others ignore it.
// It panics when i0 or len(dst) do not fit v.N, when v's buffers are
// shorter than its scheme needs, or when ch does not cover the values or
// names a channel out of range.
//
// Paths: ref (At per value), generic, avx2, avx512, neon (family
// "dequantize"). The vector paths decode 8-bit integer codes by sign or zero
// extension and conversion (zero points subtracted as integers), 4-bit codes
// through their 16-entry table, E4M3 codes by moving their bits into a
// float32 and scaling by 2^120 (exact); blocks shorter than a vector, and
// tails shorter than one under AVX2 and NEON, run the generic loop.
func Dequantize(dst []float32, v *quant.Values, i0 int, ch Channels) {
	checkQuant("Dequantize", v, i0, len(dst), &ch, true)
	s := getQScratch(v, ch)
	for lo := 0; lo < len(dst); lo += qTile {
		hi := min(len(dst), lo+qTile)
		s.hint = dequantizeTile(dst[lo:hi], s, i0+lo)
	}
	putQScratch(s)
}

// checkQuant checks that v's buffers hold what a product or a decode of
// values i0..i0+n-1 reads: its scheme, the codes of v.N values and a
// parameter for each group, and that ch gives every value of a channel
// scheme a channel below the count (full: every channel is read and
// checked; otherwise only the lengths, for validated structures).
func checkQuant(name string, v *quant.Values, i0, n int, ch *Channels, full bool) {
	s := v.Scheme
	if s.IsZero() {
		panic("kernels: " + name + ": values without a scheme")
	}
	if i0 < 0 || n < 0 || i0 > v.N || n > v.N-i0 {
		panic(fmt.Sprintf("kernels: %s: values %d..%d+%d out of range of %d", name, i0, i0, n, v.N))
	}
	if len(v.Codes) < s.CodeBytes(v.N) {
		panic(fmt.Sprintf("kernels: %s: %d code bytes for %d values", name, len(v.Codes), v.N))
	}
	groups := 1
	switch s.Granularity() {
	case quant.PerBlock:
		b := s.BlockSize()
		groups = (v.N + b - 1) / b
	case quant.PerChannel:
		groups = len(v.Scale)
	}
	switch s.Kind() {
	case quant.MXFP4, quant.MXFP8:
		if len(v.Exp) < groups {
			panic(fmt.Sprintf("kernels: %s: %d scales for %d groups", name, len(v.Exp), groups))
		}
	default:
		if len(v.Scale) < groups || s.Kind() == quant.Uint8 && len(v.Zero) < groups {
			panic(fmt.Sprintf("kernels: %s: %d scales, %d zero points for %d groups", name, len(v.Scale), len(v.Zero), groups))
		}
	}
	if s.Granularity() != quant.PerChannel || n == 0 {
		return
	}
	if ch.Ptr == nil {
		if ch.Stride < 1 || len(ch.Idx) == 0 || (len(ch.Idx)-1)/ch.Stride < i0+n-1 {
			panic(fmt.Sprintf("kernels: %s: %d channel indices at stride %d do not cover values up to %d", name, len(ch.Idx), ch.Stride, i0+n))
		}
		if full {
			for i := i0; i < i0+n; i++ {
				if ch.Idx[i*ch.Stride] >= uint64(groups) {
					panic(fmt.Sprintf("kernels: %s: value %d: channel %d out of range of %d", name, i, ch.Idx[i*ch.Stride], groups))
				}
			}
		}
		return
	}
	runs := len(ch.Ptr) - 1
	if runs < 1 || ch.Ptr[0] > uint64(i0) || ch.Ptr[runs] < uint64(i0+n) || ch.ID != nil && len(ch.ID) < runs || ch.ID == nil && runs > groups {
		panic(fmt.Sprintf("kernels: %s: channel runs do not cover values %d..%d or exceed %d channels", name, i0, i0+n, groups))
	}
	if full {
		if NonDecreasing(ch.Ptr) >= 0 {
			panic("kernels: " + name + ": channel run pointers decrease")
		}
		if ch.ID != nil && Max(ch.ID[:runs]) >= uint64(groups) {
			panic(fmt.Sprintf("kernels: %s: channel %d out of range of %d", name, Max(ch.ID[:runs]), groups))
		}
	}
}

// qTile is the most values one decode writes: the tile that the fused
// products decode and hand to the float32 kernels, in L1 with its rebased
// pointers.
const qTile = 2048

// qTileRows bounds the rows (or nodes) of one tile, so that their rebased
// pointers fit in the scratch.
const qTileRows = 512

// qScratch is one product's or decode's working memory, pooled: the values
// and channels it decodes, the cursor into the channel runs, the decoded
// tile, the rebased pointers and the per-group or per-value parameters
// handed to the decode kernels. The kernels are called through func values,
// so stack arrays would escape.
type qScratch struct {
	v     quant.Values
	ch    Channels
	hint  int
	tile  [qTile]float32
	ptr   [qTileRows + 1]uint64
	ptr2  [qTile + 1]uint64
	scale [qTile]float32
	zero  [qTile]uint8
	out1  [1]float32
}

var qScratchPool = sync.Pool{New: func() any { return new(qScratch) }}

// getQScratch returns a pooled scratch for values v with channels ch.
func getQScratch(v *quant.Values, ch Channels) *qScratch {
	s := qScratchPool.Get().(*qScratch)
	s.v, s.ch, s.hint = *v, ch, -1
	return s
}

func putQScratch(s *qScratch) {
	s.v, s.ch = quant.Values{}, Channels{}
	qScratchPool.Put(s)
}

// dequantizeFunc decodes values i0..i0+len(dst)-1 of s.v (at most qTile)
// into dst, with s.ch's channels and the run cursor hint; it returns the
// cursor for the next tile.
type dequantizeFunc = func(dst []float32, s *qScratch, i0, hint int) int

var dequantize = newFamily[dequantizeFunc]("dequantize", dequantizeRef, dequantizeGeneric)

// dequantizeTile runs the selected path on one tile.
func dequantizeTile(dst []float32, s *qScratch, i0 int) int {
	return dequantize.fn(dst, s, i0, s.hint)
}

func dequantizeRef(dst []float32, s *qScratch, i0, hint int) int {
	for i := range dst {
		dst[i] = s.v.At(i0+i, s.ch.channel(i0+i))
	}
	return hint
}

func dequantizeGeneric(dst []float32, s *qScratch, i0, hint int) int {
	return dqSplit(dst, s, i0, hint, &dqGo)
}

// dqKernels is one path's decode kernels. Each decodes len(dst) values
// whose parameters come by group: value i is in group 0 for i < rem, in
// group 1 + (i-rem)/b after (b == 0: group i, one parameter per value), and
//
//	i8    dst[i] = float32(int8(codes[i])) * scale[g]
//	u8    dst[i] = float32(int32(codes[i]) - int32(zero[g])) * scale[g]
//	e4m3  dst[i] = E4M3(codes[i]) * scale[g]
//	nib   dst[i] = table[nibble odd+i of codes] * scale[g]
//
// They return how many values they decoded from the start: all of them, or
// (the vector kernels) fewer, leaving a tail to the Go kernels. rem >= 1,
// and b is 0 or at least minB; the 4-bit and E4M3 kernels never get b == 0.
// The table of nib holds 16 values.
type dqKernels struct {
	i8   func(dst []float32, codes []byte, scale []float32, rem, b int) int
	u8   func(dst []float32, codes []byte, scale []float32, zero []uint8, rem, b int) int
	e4m3 func(dst []float32, codes []byte, scale []float32, rem, b int) int
	nib  func(dst []float32, codes []byte, odd int, table, scale []float32, rem, b int) int
	minB int
	// nibEven: the nib kernel takes odd == 0 only (a tile that starts at
	// a high nibble decodes its first value with the Go kernel).
	nibEven bool
}

// dqGo is the generic path's kernels: any block size.
var dqGo = dqKernels{i8: dqI8Go, u8: dqU8Go, e4m3: dqE4M3Go, nib: dqNibGo, minB: 1}

// dqWhole is rem and b for a call whose values are all in one group: no
// tile reaches it.
const dqWhole = 1 << 30

// The 16-entry tables of the 4-bit kinds, and E4M3's 256 values.
var (
	int4Table = [16]float32{0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5, -4, -3, -2, -1}
	nf4Table  = quant.NF4Levels()
	e2m1Table = quant.E2M1Values()
	e4m3Table = quant.E4M3Values()
)

// dqSplit decodes one tile with kernels k: it finds each value's group and
// parameters (converting E8M0 scales to float32, gathering per-value
// channel parameters into s.scale and s.zero) and calls the kernel on runs
// of values that the kernel's group walk covers, finishing what a vector
// kernel leaves with the Go kernels.
func dqSplit(dst []float32, s *qScratch, i0, hint int, k *dqKernels) int {
	v := &s.v
	n := len(dst)
	if n == 0 {
		return hint
	}
	sc := v.Scheme
	switch sc.Granularity() {
	case quant.PerTensor:
		dqCall(dst, v, i0, v.Scale, v.Zero, dqWhole, dqWhole, k)
	case quant.PerBlock:
		b := sc.BlockSize()
		if b < k.minB {
			k = &dqGo
		}
		g0, g1 := i0/b, (i0+n-1)/b
		scale := v.Scale[min(g0, len(v.Scale)):]
		if kind := sc.Kind(); kind == quant.MXFP4 || kind == quant.MXFP8 {
			// Blocks of 32: a tile spans at most qTile/32 + 2 of them.
			fs := s.scale[:g1-g0+1]
			for g, e := range v.Exp[g0 : g1+1] {
				fs[g] = quant.E8M0(e)
			}
			scale = fs
		}
		var zero []uint8
		if sc.Kind() == quant.Uint8 {
			zero = v.Zero[g0:]
		}
		dqCall(dst, v, i0, scale, zero, b-i0%b, b, k)
	case quant.PerChannel:
		ch := &s.ch
		if ch.Ptr == nil {
			// One parameter per value, gathered. A channel without a
			// parameter (no validated values have one; a product by
			// column skips its index) decodes with scale and zero point 0.
			fs, zs := s.scale[:n], s.zero[:n]
			idx, st := ch.Idx, ch.Stride
			for i := range fs {
				fs[i] = 0
				if c := idx[(i0+i)*st]; c < uint64(len(v.Scale)) {
					fs[i] = v.Scale[c]
				}
			}
			if sc.Kind() == quant.Uint8 {
				for i := range zs {
					zs[i] = 0
					if c := idx[(i0+i)*st]; c < uint64(len(v.Zero)) {
						zs[i] = v.Zero[c]
					}
				}
			}
			dqCall(dst, v, i0, fs, zs, 1, 0, k)
			return hint
		}
		r := ch.run(i0, hint)
		for lo := 0; lo < n; r++ {
			hi := min(n, int(ch.Ptr[r+1])-i0)
			if hi <= lo {
				continue
			}
			c := uint64(r)
			if ch.ID != nil {
				c = ch.ID[r]
			}
			var zero []uint8
			if sc.Kind() == quant.Uint8 {
				zero = v.Zero[c : c+1]
			}
			dqCall(dst[lo:hi], v, i0+lo, v.Scale[c:c+1], zero, dqWhole, dqWhole, k)
			lo = hi
			hint = r
		}
		return hint
	}
	return hint
}

// dqCall decodes values i0..i0+len(dst)-1 of v with kernels k, group walk
// (scale, zero, rem, b): a vector kernel once (after one value through Go
// when it takes only even nibble phases), then the Go kernels on what it
// leaves.
func dqCall(dst []float32, v *quant.Values, i0 int, scale []float32, zero []uint8, rem, b int, k *dqKernels) {
	n := len(dst)
	kind := v.Scheme.Kind()
	nib := v.Scheme.CodeBits() == 4
	table := int4Table[:]
	switch kind {
	case quant.NF4:
		table = nf4Table[:]
	case quant.MXFP4:
		table = e2m1Table[:]
	}
	done := 0
	// run decodes values done..done+m-1 with kernels kk and moves the group
	// walk past what it decoded.
	run := func(kk *dqKernels, m int) {
		j, out := i0+done, dst[done:done+m]
		var d int
		switch kind {
		case quant.Int8:
			d = kk.i8(out, v.Codes[j:j+m], scale, rem, b)
		case quant.Uint8:
			d = kk.u8(out, v.Codes[j:j+m], scale, zero, rem, b)
		case quant.MXFP8:
			d = kk.e4m3(out, v.Codes[j:j+m], scale, rem, b)
		default:
			d = kk.nib(out, v.Codes[j>>1:(j+m+1)>>1], j&1, table, scale, rem, b)
		}
		done += d
		switch {
		case b == 0:
			scale = scale[d:]
			if zero != nil {
				zero = zero[d:]
			}
		case d < rem:
			rem -= d
		default:
			gs := 1 + (d-rem)/b
			rem = b - (d-rem)%b
			scale = scale[gs:]
			if zero != nil {
				zero = zero[gs:]
			}
		}
	}
	if k != &dqGo {
		if nib && k.nibEven && i0&1 == 1 {
			run(&dqGo, 1)
		}
		if done < n {
			run(k, n-done)
		}
	}
	if done < n {
		run(&dqGo, n-done)
	}
}

// end returns where the values of the group that starts at i (with rem
// values left in it) end, within n.
func dqEnd(i, rem, n int) int {
	if rem >= n-i {
		return n
	}
	return i + rem
}

func dqI8Go(dst []float32, codes []byte, scale []float32, rem, b int) int {
	codes = codes[:len(dst)]
	if b == 0 {
		scale = scale[:len(dst)]
		for i, q := range codes {
			dst[i] = float32(int8(q)) * scale[i]
		}
		return len(dst)
	}
	for i, g := 0, 0; i < len(dst); g, rem = g+1, b {
		e, f := dqEnd(i, rem, len(dst)), scale[g]
		for ; i < e; i++ {
			dst[i] = float32(int8(codes[i])) * f
		}
	}
	return len(dst)
}

func dqU8Go(dst []float32, codes []byte, scale []float32, zero []uint8, rem, b int) int {
	codes = codes[:len(dst)]
	if b == 0 {
		scale, zero = scale[:len(dst)], zero[:len(dst)]
		for i, q := range codes {
			dst[i] = float32(int32(q)-int32(zero[i])) * scale[i]
		}
		return len(dst)
	}
	for i, g := 0, 0; i < len(dst); g, rem = g+1, b {
		e, f, z := dqEnd(i, rem, len(dst)), scale[g], int32(zero[g])
		for ; i < e; i++ {
			dst[i] = float32(int32(codes[i])-z) * f
		}
	}
	return len(dst)
}

func dqE4M3Go(dst []float32, codes []byte, scale []float32, rem, b int) int {
	codes = codes[:len(dst)]
	for i, g := 0, 0; i < len(dst); g, rem = g+1, b {
		e, f := dqEnd(i, rem, len(dst)), scale[g]
		for ; i < e; i++ {
			dst[i] = e4m3Table[codes[i]] * f
		}
	}
	return len(dst)
}

func dqNibGo(dst []float32, codes []byte, odd int, table, scale []float32, rem, b int) int {
	table = table[:16]
	for i, g := 0, 0; i < len(dst); g, rem = g+1, b {
		e, f := dqEnd(i, rem, len(dst)), scale[g]
		for ; i < e; i++ {
			j := i + odd
			dst[i] = table[codes[j>>1]>>(4*(j&1))&15] * f
		}
	}
	return len(dst)
}
