package layout

import "fmt"

// Tag is the one-byte layout tag of the Hurray format.
type Tag uint8

// Named layout tags.
const (
	TagInvalid    Tag = 0x00 // invalid sentinel
	TagRowMajor   Tag = 0x01 // dense, row-major
	TagColMajor   Tag = 0x02 // dense, column-major
	TagStrided    Tag = 0x03 // dense with explicit strides
	TagTiled      Tag = 0x04 // tiled (recursive)
	TagMorton     Tag = 0x05 // Morton (Z-order)
	TagSubpaving  Tag = 0x06 // subpaving regions
	TagCOO        Tag = 0x07 // sparse coordinate list, any rank
	TagCSR        Tag = 0x08 // compressed sparse row, rank 2
	TagCSC        Tag = 0x09 // compressed sparse column, rank 2
	TagCSF        Tag = 0x0A // compressed sparse fiber, rank 3..64 (ADR-025)
	TagHilbert    Tag = 0x40 // Hilbert curve (extended)
	TagInvalidMax Tag = 0xFF // invalid sentinel
)

// Class is the partition of the tag space a tag belongs to.
type Class uint8

// Tag classes (ADR-013).
const (
	ClassInvalid  Class = iota // 0x00 and 0xFF
	ClassCore                  // 0x01–0x3F
	ClassExtended              // 0x40–0x7F
	ClassReserved              // 0x80–0xEF
	ClassPrivate               // 0xF0–0xFE, private extensions
)

var classNames = [...]string{"invalid", "core", "extended", "reserved", "private"}

// String returns the class name: invalid, core, extended, reserved or private.
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return fmt.Sprintf("Class(%d)", uint8(c))
}

// Class reports the partition of the tag space that t belongs to.
func (t Tag) Class() Class {
	switch {
	case t == 0x00 || t == 0xFF:
		return ClassInvalid
	case t <= 0x3F:
		return ClassCore
	case t <= 0x7F:
		return ClassExtended
	case t >= 0xF0:
		return ClassPrivate
	default:
		return ClassReserved
	}
}

var tagNames = map[Tag]string{
	TagRowMajor:  "row-major",
	TagColMajor:  "column-major",
	TagStrided:   "strided",
	TagTiled:     "tiled",
	TagMorton:    "morton",
	TagSubpaving: "subpaving",
	TagCOO:       "coo",
	TagCSR:       "csr",
	TagCSC:       "csc",
	TagCSF:       "csf",
	TagHilbert:   "hilbert",
}

// Named reports whether t is one of the named tags of the specification.
func (t Tag) Named() bool {
	_, ok := tagNames[t]
	return ok
}

// Sparse reports whether t names a sparse layout (COO, CSR, CSC or CSF).
func (t Tag) Sparse() bool {
	return t == TagCOO || t == TagCSR || t == TagCSC || t == TagCSF
}

// String returns the layout's name, or its class and hex value for an
// unnamed tag, such as "reserved(0x93)".
func (t Tag) String() string {
	if n, ok := tagNames[t]; ok {
		return n
	}
	return fmt.Sprintf("%s(0x%02x)", t.Class(), uint8(t))
}
