package layout_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/layout"
)

func Example() {
	for _, tag := range []layout.Tag{layout.TagCSF, 0x41, 0x93, 0xF1, 0xFF} {
		fmt.Println(uint8(tag), tag, tag.Class())
	}
	d := layout.CSF{ModeOrder: []uint32{2, 0, 1}}
	n, _ := d.BufferCount(3)
	fmt.Println(n, d.Validate([]uint64{4, 5, 6}))

	// Strict decoding rejects a tag it does not know; permissive holds it.
	_, err := layout.Decode(0x93, []byte{1, 2}, layout.Strict)
	fmt.Println(err)
	u, _ := layout.Decode(0x93, []byte{1, 2}, layout.Permissive)
	fmt.Printf("%x\n", layout.Encode(u))
	// Output:
	// 10 csf core
	// 65 extended(0x41) extended
	// 147 reserved(0x93) reserved
	// 241 private(0xf1) private
	// 255 invalid(0xff) invalid
	// 7 <nil>
	// layout: tag reserved(0x93) is not decoded by this library: unsupported layout
	// 930102
}
