package convert

import (
	"errors"
	"fmt"
	"slices"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// QuantOptions tunes a conversion of quantized values.
type QuantOptions struct {
	Options
	// Exact refuses to re-quantize: a conversion that would (a block
	// scheme reordered, summed duplicates) fails with an error matching
	// ErrRequantize.
	Exact bool
}

// ErrRequantize is matched by the error of a conversion with
// QuantOptions.Exact that would have re-quantized the values.
var ErrRequantize = errors.New("re-quantizing refused (QuantOptions.Exact)")

// positions returns 0, 1, ..., n-1 as float64: the values of the index
// conversion, which then hold the source position of every result entry.
func positions(n int) []float64 {
	p := make([]float64, n)
	for i := range p {
		p[i] = float64(i)
	}
	return p
}

// carried returns the values of the result whose entries come from source
// positions perm (each at most once), or re-quantizes them when the scheme
// depends on storage order and perm is not the identity (reports the
// re-quantization; nil when carried).
func carried(v quant.Values, shape []uint64, perm []float64, exact bool) (quant.Values, *quant.Report, error) {
	s := v.Scheme
	identity := len(perm) == v.N
	for i, p := range perm {
		if int(p) != i {
			identity = false
			break
		}
	}
	if s.Granularity() != quant.PerBlock || identity {
		return gather(v, perm, identity), nil, nil
	}
	if exact {
		return quant.Values{}, nil, fmt.Errorf("convert: %v groups consecutive stored values and the conversion reorders them, so it would re-quantize them: %w", s, ErrRequantize)
	}
	deq := make([]float32, v.N)
	v.Dequantize(deq, quant.Channels{})
	vals := make([]float32, len(perm))
	for i, p := range perm {
		vals[i] = deq[int(p)]
	}
	w, rep, err := quant.Quantize(s, shape, vals, quant.Channels{})
	if err != nil {
		return quant.Values{}, nil, fmt.Errorf("convert: re-quantizing %v: %w", s, err)
	}
	return w, &rep, nil
}

// carriedInOrder is carried for a conversion that keeps the storage order
// (perm is the identity), which every scheme carries.
func carriedInOrder(v quant.Values, shape []uint64, perm []float64) quant.Values {
	w, _, err := carried(v, shape, perm, true)
	if err != nil {
		panic("convert: internal error: an expansion reordered the values: " + err.Error())
	}
	return w
}

// gather returns a copy of v's parameters with the codes of positions perm
// in their order (4-bit codes repacked, the padding nibble zero); identity
// says perm is 0..N-1 and the codes are copied whole.
func gather(v quant.Values, perm []float64, identity bool) quant.Values {
	out := quant.Values{Scheme: v.Scheme, N: len(perm), Scale: slices.Clone(v.Scale), Zero: slices.Clone(v.Zero), Exp: slices.Clone(v.Exp)}
	if identity {
		out.Codes = slices.Clone(v.Codes)
		return out
	}
	out.Codes = make([]byte, v.Scheme.CodeBytes(len(perm)))
	if v.Scheme.CodeBits() == 8 {
		for i, p := range perm {
			out.Codes[i] = v.Codes[int(p)]
		}
		return out
	}
	for i, p := range perm {
		k := int(p)
		c := v.Codes[k>>1] >> (4 * (k & 1)) & 15
		out.Codes[i>>1] |= c << (4 * (i & 1))
	}
	return out
}

// requantError refuses a sum of duplicates under Exact.
func requantError(s quant.Scheme) error {
	return fmt.Errorf("convert: summing duplicate coordinates of %v values would re-quantize them: %w", s, ErrRequantize)
}

// dequantized returns the values of v dequantized with channels ch.
func dequantized(v quant.Values, ch quant.Channels) []float32 {
	f := make([]float32, v.N)
	v.Dequantize(f, ch)
	return f
}

// QCOOToCSR converts a rank-2 quantized COO tensor to CSR, as COOToCSRWith
// converts its index, carrying the codes where the scheme allows (see
// above). It returns the report of a re-quantization, or nil.
func QCOOToCSR(t *coo.Quantized, opts QuantOptions) (*csr.Quantized, *quant.Report, error) {
	return qCOOToMatrix(t, false, opts)
}

// QCOOToCSC converts a rank-2 quantized COO tensor to CSC, as QCOOToCSR.
func QCOOToCSC(t *coo.Quantized, opts QuantOptions) (*csr.Quantized, *quant.Report, error) {
	return qCOOToMatrix(t, true, opts)
}

// cooPositions returns a float64 COO sharing t's coordinates, whose values
// are the positions.
func cooPositions(t *coo.Quantized) *coo.Tensor[float64] {
	p := new(coo.Tensor[float64])
	p.Trusted(check.Key{}).Adopt(t.Shape(), t.Coords(), positions(t.NNZ()), t.IsSorted())
	return p
}

// cooFloat returns a float32 COO sharing t's coordinates, with its values
// dequantized.
func cooFloat(t *coo.Quantized) *coo.Tensor[float32] {
	f := new(coo.Tensor[float32])
	f.Trusted(check.Key{}).Adopt(t.Shape(), t.Coords(), dequantized(t.Values(), t.Channels()), t.IsSorted())
	return f
}

func qCOOToMatrix(t *coo.Quantized, csc bool, opts QuantOptions) (*csr.Quantized, *quant.Report, error) {
	conv := COOToCSRWith[float64]
	convF := COOToCSRWith[float32]
	if csc {
		conv, convF = COOToCSCWith[float64], COOToCSCWith[float32]
	}
	return qFromCOO(t, opts, conv, convF, csr.Quantize[float32], func(r *csr.Matrix[float64], v quant.Values) *csr.Quantized {
		q := new(csr.Quantized)
		q.Trusted(check.Key{}).Adopt(r.Rows(), r.Cols(), r.IsCSC(), r.Ptr(), r.Idx(), v)
		return q
	})
}

// qFromCOO converts a quantized COO tensor to another layout: index
// converts its coordinates (with the positions for values, and KeepLast for
// Sum, which tells a repeat by the lost entries) and adopt builds the
// result on that index with the codes carried where the scheme allows.
// When Sum merged repeats, the values are dequantized, converted with
// convF and re-quantized (quantize) instead, unless opts.Exact refuses it.
func qFromCOO[R interface {
	NNZ() int
	Values() []float64
}, F, Q any](t *coo.Quantized, opts QuantOptions, index func(*coo.Tensor[float64], Options) (R, error),
	convF func(*coo.Tensor[float32], Options) (F, error), quantize func(F, quant.Scheme) (Q, quant.Report, error),
	adopt func(R, quant.Values) Q) (Q, *quant.Report, error) {
	var none Q
	if !t.Valid() {
		return none, nil, fmt.Errorf("convert: %w", layout.ErrUnvalidated)
	}
	po := opts.Options
	if po.Duplicates == Sum {
		po.Duplicates = KeepLast
	}
	r, err := index(cooPositions(t), po)
	if err != nil {
		return none, nil, err
	}
	s := t.Scheme()
	if r.NNZ() < t.NNZ() && opts.Duplicates == Sum {
		if opts.Exact {
			return none, nil, requantError(s)
		}
		f, err := convF(cooFloat(t), opts.Options)
		if err != nil {
			return none, nil, err
		}
		q, rep, err := quantize(f, s)
		if err != nil {
			return none, nil, fmt.Errorf("convert: re-quantizing the summed values: %w", err)
		}
		return q, &rep, nil
	}
	v, rep, err := carried(t.Values(), t.Shape(), r.Values(), opts.Exact)
	if err != nil {
		return none, nil, err
	}
	return adopt(r, v), rep, nil
}

// QCSRToCSC converts a quantized CSR matrix to CSC of the same logical
// matrix, or a CSC one to CSR, as TransposeTo converts the index (and
// panics as it does on a matrix too large to transpose). Tensor and channel
// schemes carry their codes; a block scheme is re-quantized in the new
// storage order unless no entry changes position. It returns the report of
// a re-quantization, or nil.
func QCSRToCSC(a *csr.Quantized, opts QuantOptions) (*csr.Quantized, *quant.Report, error) {
	if !a.Valid() {
		return nil, nil, fmt.Errorf("convert: %w", layout.ErrUnvalidated)
	}
	if err := opts.check(); err != nil {
		return nil, nil, err
	}
	p := new(csr.Matrix[float64])
	p.Trusted(check.Key{}).Adopt(a.Rows(), a.Cols(), a.IsCSC(), true, a.Ptr(), a.Idx(), positions(a.NNZ()))
	r := TransposeTo(nil, p, nil, opts.Options)
	v, rep, err := carried(a.Values(), a.Shape(), r.Values(), opts.Exact)
	if err != nil {
		return nil, nil, err
	}
	q := new(csr.Quantized)
	q.Trusted(check.Key{}).Adopt(r.Rows(), r.Cols(), r.IsCSC(), r.Ptr(), r.Idx(), v)
	return q, rep, nil
}

// QMatrixToCOO expands a quantized CSR or CSC matrix into a rank-2
// quantized COO tensor in storage order, as MatrixToCOO: the codes keep
// their order, so every scheme's are carried. It panics with an error
// matching layout.ErrUnvalidated when a has not passed validation.
func QMatrixToCOO(a *csr.Quantized) *coo.Quantized {
	if !a.Valid() {
		panic(fmt.Errorf("convert: %w", layout.ErrUnvalidated))
	}
	p := new(csr.Matrix[float64])
	p.Trusted(check.Key{}).Adopt(a.Rows(), a.Cols(), a.IsCSC(), true, a.Ptr(), a.Idx(), positions(a.NNZ()))
	return cooInOrder(MatrixToCOO(p), a.Values(), a.Shape())
}

// cooInOrder adopts the coordinates of r, a conversion that keeps the
// storage order of values v of a structure of the given shape, with v's
// codes (carriedInOrder).
func cooInOrder(r *coo.Tensor[float64], v quant.Values, shape []uint64) *coo.Quantized {
	q := new(coo.Quantized)
	q.Trusted(check.Key{}).Adopt(r.Shape(), r.Coords(), carriedInOrder(v, shape, r.Values()), r.IsSorted())
	return q
}

// QCOOToCSF converts a quantized COO tensor of rank 3 or more to CSF with
// the given mode order (nil for identity), as COOToCSFWith converts its
// index, carrying the codes where the scheme allows (see above). It returns
// the report of a re-quantization, or nil.
func QCOOToCSF(t *coo.Quantized, modeOrder []uint32, opts QuantOptions) (*csf.Quantized, *quant.Report, error) {
	return qFromCOO(t, opts, func(p *coo.Tensor[float64], o Options) (*csf.Tensor[float64], error) {
		return COOToCSFWith(p, modeOrder, o)
	}, func(f *coo.Tensor[float32], o Options) (*csf.Tensor[float32], error) {
		return COOToCSFWith(f, modeOrder, o)
	}, csf.Quantize[float32], csfResult)
}

// csfResult adopts r's levels with values v.
func csfResult(r *csf.Tensor[float64], v quant.Values) *csf.Quantized {
	pos, crd := levelsOf(r)
	q := new(csf.Quantized)
	q.Trusted(check.Key{}).Adopt(r.Shape(), r.ModeOrder(), pos, crd, v)
	return q
}

// csfPositions returns a float64 CSF sharing t's levels, whose values are
// the positions.
func csfPositions(t *csf.Quantized) *csf.Tensor[float64] {
	pos, crd := levelsOf(t)
	p := new(csf.Tensor[float64])
	p.Trusted(check.Key{}).Adopt(t.Shape(), t.ModeOrder(), pos, crd, positions(t.NNZ()))
	return p
}

// levelsOf returns the pos and crd arrays of every level of a CSF tensor,
// float or quantized, without copying them.
func levelsOf[L interface {
	Rank() int
	Pos(l int) []uint64
	Crd(l int) []uint64
}](t L) (pos, crd [][]uint64) {
	pos = make([][]uint64, t.Rank())
	crd = make([][]uint64, t.Rank())
	for l := range pos {
		pos[l], crd[l] = t.Pos(l), t.Crd(l)
	}
	return pos, crd
}

// QCSFToCOO expands a quantized CSF tensor into a quantized COO tensor in
// storage order, as CSFToCOO: the codes keep their order, so every
// scheme's are carried. It panics on an unvalidated tensor.
func QCSFToCOO(t *csf.Quantized) *coo.Quantized {
	if !t.Valid() {
		panic(fmt.Errorf("convert: CSFToCOO: %w", layout.ErrUnvalidated))
	}
	return cooInOrder(CSFToCOO(csfPositions(t)), t.Values(), t.Shape())
}

// QReorder returns t with its levels in another mode order (nil for
// identity), as Reorder: a block scheme is re-quantized in the new storage
// order unless it keeps the leaves' order; tensor and channel schemes carry
// their codes. It returns the report of a re-quantization, or nil.
func QReorder(t *csf.Quantized, modeOrder []uint32, opts QuantOptions) (*csf.Quantized, *quant.Report, error) {
	if !t.Valid() {
		return nil, nil, fmt.Errorf("convert: %w", layout.ErrUnvalidated)
	}
	r, err := ReorderTo(nil, csfPositions(t), modeOrder, nil, opts.Options)
	if err != nil {
		return nil, nil, err
	}
	v, rep, err := carried(t.Values(), t.Shape(), r.Values(), opts.Exact)
	if err != nil {
		return nil, nil, err
	}
	return csfResult(r, v), rep, nil
}
