package layout

import (
	"encoding/binary"
	"fmt"
)

// MaxRank is the largest rank the data model allows.
const MaxRank = 64

// Descriptor is the layout-specific part of a tensor descriptor.
type Descriptor interface {
	// Tag is the wire tag of the layout.
	Tag() Tag
	// BufferCount is the number of buffers the layout needs for a tensor of
	// the given rank, not counting quantization parameters; ok is false when
	// it is not known (Unknown).
	BufferCount(rank int) (n int, ok bool)
	// Validate checks the descriptor against a shape: rank rules and any
	// field that depends on the rank.
	Validate(shape []uint64) error
	// AppendPayload appends the descriptor's payload bytes (the bytes after
	// the tag) to b.
	AppendPayload(b []byte) []byte
}

// RowMajor is the dense row-major layout (no fields).
type RowMajor struct{}

// ColMajor is the dense column-major layout (no fields).
type ColMajor struct{}

// COO is the coordinate-list layout: nnz tuples of rank uint64 coordinates.
type COO struct {
	NNZ      uint64
	IsSorted bool // tuples are in non-decreasing lexicographic (row-major) order (repeats allowed)
}

// CSR is the compressed sparse row layout.
type CSR struct{ NNZ uint64 }

// CSC is the compressed sparse column layout.
type CSC struct{ NNZ uint64 }

// CSF is the compressed sparse fiber layout (ADR-025). ModeOrder[L] is the
// logical dimension stored at level L.
type CSF struct{ ModeOrder []uint32 }

// Unknown holds a tag that this library does not decode, with the raw payload
// bytes, so that a permissive relay can re-emit it byte for byte. Only
// permissive decoding produces it.
type Unknown struct {
	Raw    []byte
	TagVal Tag
}

var (
	_ Descriptor = RowMajor{}
	_ Descriptor = ColMajor{}
	_ Descriptor = COO{}
	_ Descriptor = CSR{}
	_ Descriptor = CSC{}
	_ Descriptor = CSF{}
	_ Descriptor = Unknown{}
)

// Tag returns TagRowMajor.
func (RowMajor) Tag() Tag { return TagRowMajor }

// Tag returns TagColMajor.
func (ColMajor) Tag() Tag { return TagColMajor }

// Tag returns TagCOO.
func (COO) Tag() Tag { return TagCOO }

// Tag returns TagCSR.
func (CSR) Tag() Tag { return TagCSR }

// Tag returns TagCSC.
func (CSC) Tag() Tag { return TagCSC }

// Tag returns TagCSF.
func (CSF) Tag() Tag { return TagCSF }

// Tag returns the tag that was read.
func (u Unknown) Tag() Tag { return u.TagVal }

// BufferCount: one buffer.
func (RowMajor) BufferCount(int) (int, bool) { return 1, true }

// BufferCount: one buffer.
func (ColMajor) BufferCount(int) (int, bool) { return 1, true }

// BufferCount: values and coordinates.
func (COO) BufferCount(int) (int, bool) { return 2, true }

// BufferCount: values, row_ptr and column indices.
func (CSR) BufferCount(int) (int, bool) { return 3, true }

// BufferCount: values, col_ptr and row indices.
func (CSC) BufferCount(int) (int, bool) { return 3, true }

// BufferCount: values, then pos_L and crd_L for every level: 2·rank+1; not
// known (0, false) for a rank outside 3..64, which no CSF has.
func (CSF) BufferCount(rank int) (int, bool) {
	if rank < 3 || rank > MaxRank {
		return 0, false
	}
	return 2*rank + 1, true
}

// BufferCount is not known for an unknown layout.
func (Unknown) BufferCount(int) (int, bool) { return 0, false }

func checkRank(tag Tag, shape []uint64, lo, hi int) error {
	if r := len(shape); r < lo || r > hi {
		if lo == hi {
			return Errorf(tag, "shape", -1, -1, "rank %d, want %d", r, lo)
		}
		return Errorf(tag, "shape", -1, -1, "rank %d, want %d..%d", r, lo, hi)
	}
	return nil
}

// Validate checks the rank (0..64).
func (RowMajor) Validate(shape []uint64) error { return checkRank(TagRowMajor, shape, 0, MaxRank) }

// Validate checks the rank (0..64).
func (ColMajor) Validate(shape []uint64) error { return checkRank(TagColMajor, shape, 0, MaxRank) }

// Validate checks the rank (1..64).
func (COO) Validate(shape []uint64) error { return checkRank(TagCOO, shape, 1, MaxRank) }

// Validate checks the rank (exactly 2).
func (CSR) Validate(shape []uint64) error { return checkRank(TagCSR, shape, 2, 2) }

// Validate checks the rank (exactly 2).
func (CSC) Validate(shape []uint64) error { return checkRank(TagCSC, shape, 2, 2) }

// Validate checks the rank (3..64) and that ModeOrder is a permutation of
// 0..rank-1.
func (d CSF) Validate(shape []uint64) error {
	if err := checkRank(TagCSF, shape, 3, MaxRank); err != nil {
		return err
	}
	return CheckModeOrder(d.ModeOrder, len(shape))
}

// CheckModeOrder reports whether modeOrder is a permutation of 0..rank-1.
//
// Its errors name the CSF layout (mode_order is CSF's field); a caller
// checking another layout's order (coo.Tensor.Sort) relabels them.
func CheckModeOrder(modeOrder []uint32, rank int) error {
	if len(modeOrder) != rank {
		return Errorf(TagCSF, "mode_order", -1, -1, "length %d, want rank %d", len(modeOrder), rank)
	}
	var seen [MaxRank]bool
	for i, m := range modeOrder {
		if int64(m) >= int64(rank) || rank > MaxRank {
			return Errorf(TagCSF, "mode_order", -1, i, "mode %d out of range for rank %d", m, rank)
		}
		if seen[m] {
			return Errorf(TagCSF, "mode_order", -1, i, "mode %d repeated", m)
		}
		seen[m] = true
	}
	return nil
}

// Validate cannot check an unknown layout: it reports ErrUnsupported.
func (u Unknown) Validate([]uint64) error {
	return fmt.Errorf("layout %v: %w", u.TagVal, ErrUnsupported)
}

// AppendPayload: no payload.
func (RowMajor) AppendPayload(b []byte) []byte { return b }

// AppendPayload: no payload.
func (ColMajor) AppendPayload(b []byte) []byte { return b }

// AppendPayload appends nnz (uint64 little-endian) and is_sorted (one byte, 0 or 1).
func (d COO) AppendPayload(b []byte) []byte {
	b = binary.LittleEndian.AppendUint64(b, d.NNZ)
	if d.IsSorted {
		return append(b, 1)
	}
	return append(b, 0)
}

// AppendPayload appends nnz (uint64 little-endian).
func (d CSR) AppendPayload(b []byte) []byte { return binary.LittleEndian.AppendUint64(b, d.NNZ) }

// AppendPayload appends nnz (uint64 little-endian).
func (d CSC) AppendPayload(b []byte) []byte { return binary.LittleEndian.AppendUint64(b, d.NNZ) }

// AppendPayload appends rank (uint32 little-endian) and mode_order (rank
// uint32 little-endian).
func (d CSF) AppendPayload(b []byte) []byte {
	b = binary.LittleEndian.AppendUint32(b, uint32(len(d.ModeOrder)))
	for _, m := range d.ModeOrder {
		b = binary.LittleEndian.AppendUint32(b, m)
	}
	return b
}

// AppendPayload appends the raw bytes unchanged.
func (u Unknown) AppendPayload(b []byte) []byte { return append(b, u.Raw...) }

// Encode returns the tag byte followed by the payload. It panics for an
// Unknown whose tag is an invalid sentinel (0x00, 0xFF) or a tag this
// library decodes, which Decode never returns: writing it would make a
// descriptor that no reader accepts, or one whose payload was never checked.
func Encode(d Descriptor) []byte {
	if u, ok := d.(Unknown); ok && (u.TagVal.Class() == ClassInvalid || decoded(u.TagVal)) {
		panic(fmt.Sprintf("layout: Encode: an Unknown with tag %v, which Decode never returns (an invalid sentinel, or a tag it decodes)", u.TagVal))
	}
	return d.AppendPayload([]byte{byte(d.Tag())})
}

// decoded reports whether Decode decodes tag into a named descriptor.
func decoded(tag Tag) bool {
	switch tag {
	case TagRowMajor, TagColMajor, TagCOO, TagCSR, TagCSC, TagCSF:
		return true
	}
	return false
}

// Decode reads a descriptor from its tag and payload bytes. The payload
// encodings are those of AppendPayload on each type.
//
// In Strict mode, invalid, reserved and unknown tags, and named tags this
// library does not implement, are errors matching ErrUnsupported; a payload of
// the wrong length is an error matching ErrInvalid. In Permissive mode every
// tag that is not an invalid sentinel and that this library does not decode is
// returned as Unknown with a copy of its payload; the invalid sentinels 0x00
// and 0xFF are rejected in both modes, with an error matching both
// ErrUnsupported and ErrInvalid (a sentinel is corrupt data).
func Decode(tag Tag, payload []byte, mode Mode) (Descriptor, error) {
	if tag.Class() == ClassInvalid {
		return nil, fmt.Errorf("layout: tag 0x%02x is an invalid sentinel: %w (%w)", uint8(tag), ErrInvalid, ErrUnsupported)
	}
	short := func(want string) error {
		return Errorf(tag, "payload", -1, -1, "%d bytes, want %s", len(payload), want)
	}
	switch tag {
	case TagRowMajor, TagColMajor:
		if len(payload) != 0 {
			return nil, short("0")
		}
		if tag == TagRowMajor {
			return RowMajor{}, nil
		}
		return ColMajor{}, nil
	case TagCOO:
		if len(payload) != 9 {
			return nil, short("9")
		}
		if payload[8] > 1 {
			return nil, Errorf(tag, "is_sorted", -1, -1, "byte %d, want 0 or 1", payload[8])
		}
		return COO{NNZ: binary.LittleEndian.Uint64(payload), IsSorted: payload[8] == 1}, nil
	case TagCSR, TagCSC:
		if len(payload) != 8 {
			return nil, short("8")
		}
		n := binary.LittleEndian.Uint64(payload)
		if tag == TagCSR {
			return CSR{NNZ: n}, nil
		}
		return CSC{NNZ: n}, nil
	case TagCSF:
		if len(payload) < 4 {
			return nil, short("at least 4")
		}
		r := binary.LittleEndian.Uint32(payload)
		// ADR-025 §4: every reader rejects a CSF of rank < 3.
		if r < 3 || r > MaxRank {
			return nil, Errorf(tag, "rank", -1, -1, "%d, want 3..%d", r, MaxRank)
		}
		if len(payload) != 4+4*int(r) {
			return nil, short(fmt.Sprint(4 + 4*int(r)))
		}
		mo := make([]uint32, r)
		for i := range mo {
			mo[i] = binary.LittleEndian.Uint32(payload[4+4*i:])
		}
		// The permutation is the descriptor's own invariant (its rank is
		// in the payload); permissive mode leaves it to Validate.
		if mode != Permissive {
			if err := CheckModeOrder(mo, int(r)); err != nil {
				return nil, err
			}
		}
		return CSF{ModeOrder: mo}, nil
	}
	if mode != Permissive {
		return nil, fmt.Errorf("layout: tag %v is not decoded by this library: %w", tag, ErrUnsupported)
	}
	return Unknown{TagVal: tag, Raw: append([]byte(nil), payload...)}, nil
}
