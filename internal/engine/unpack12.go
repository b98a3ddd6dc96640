package engine

import (
	"encoding/binary"
	"fmt"
)

// Packed 12-bit offsets (a prepared form's Strips12 indices): offset k of a
// packed array lies in the three bytes 3(k/2)..3(k/2)+2, read as a
// little-endian 24-bit word w of the pair: w & 0xFFF for k even, w >> 12
// for k odd. An array of n offsets takes Packed12Bytes(n) bytes.

// Packed12Bytes returns the bytes that n packed 12-bit offsets take.
func Packed12Bytes(n int) int { return 3 * ((n + 1) >> 1) }

// Put12 stores the low 12 bits of v as offset k of the packed array c.
func Put12(c []byte, k int, v uint16) {
	b := c[3*(k>>1) : 3*(k>>1)+3]
	if k&1 == 0 {
		b[0] = byte(v)
		b[1] = b[1]&0xF0 | byte(v>>8)&0x0F
		return
	}
	b[1] = b[1]&0x0F | byte(v<<4)
	b[2] = byte(v >> 4)
}

// Get12 returns offset k of the packed array c.
func Get12(c []byte, k int) uint16 {
	b := c[3*(k>>1) : 3*(k>>1)+3]
	if k&1 == 0 {
		return uint16(b[0]) | uint16(b[1]&0x0F)<<8
	}
	return uint16(b[1]>>4) | uint16(b[2])<<4
}

// Unpack12 writes into dst the packed 12-bit offsets first..first+len(dst)-1
// of src (see Packed12Bytes) as uint16. It panics unless first >= 0 and src
// holds those offsets.
func Unpack12(dst []uint16, src []byte, first int) {
	if first < 0 || first > len(src) || Packed12Bytes(first+len(dst)) > len(src) {
		panic(fmt.Sprintf("kernels: Unpack12: offsets %d..%d+%d beyond %d bytes", first, first, len(dst), len(src)))
	}
	if len(dst) == 0 {
		return
	}
	unpack12.fn(dst, src, first)
}

type unpack12Func = func(dst []uint16, src []byte, first int)

var unpack12 = newPartialFamily[unpack12Func]("unpack12", unpack12Ref, unpack12Generic)

func unpack12Ref(dst []uint16, src []byte, first int) {
	for i := range dst {
		dst[i] = Get12(src, first+i)
	}
}

// unpack12Generic unpacks four offsets (six bytes) a step from an even
// offset on, reading eight bytes where they exist.
func unpack12Generic(dst []uint16, src []byte, first int) {
	i := 0
	if first&1 != 0 {
		dst[0] = Get12(src, first)
		i = 1
	}
	o := 3 * ((first + i) >> 1) // the byte of offset first+i
	for ; i+4 <= len(dst) && o+8 <= len(src); i, o = i+4, o+6 {
		w := binary.LittleEndian.Uint64(src[o:])
		d := dst[i : i+4 : i+4]
		d[0] = uint16(w & 0xFFF)
		d[1] = uint16(w >> 12 & 0xFFF)
		d[2] = uint16(w >> 24 & 0xFFF)
		d[3] = uint16(w >> 36 & 0xFFF)
	}
	for ; i < len(dst); i++ {
		dst[i] = Get12(src, first+i)
	}
}
