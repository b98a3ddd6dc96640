package layout

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestClasses(t *testing.T) {
	counts := map[Class]int{}
	for i := range 256 {
		counts[Tag(i).Class()]++
	}
	want := map[Class]int{ClassInvalid: 2, ClassCore: 63, ClassExtended: 64, ClassReserved: 112, ClassPrivate: 15}
	for c, n := range want {
		if counts[c] != n {
			t.Errorf("class %v: %d tags, want %d", c, counts[c], n)
		}
	}
	if TagCSF != 0x0A || TagCOO != 0x07 || TagHilbert.Class() != ClassExtended || TagCSF.String() != "csf" {
		t.Fatal("named tags")
	}
	if Tag(0x93).String() != "reserved(0x93)" || Tag(0xF3).String() != "private(0xf3)" {
		t.Fatal(Tag(0x93).String(), Tag(0xF3).String())
	}
}

func TestBufferCountAndValidate(t *testing.T) {
	for _, tc := range []struct {
		d    Descriptor
		rank int
		n    int
		ok   bool
	}{
		{COO{}, 3, 2, true}, {CSR{}, 2, 3, true}, {CSC{}, 2, 3, true}, {CSF{}, 5, 11, true},
		{CSF{}, 3, 7, true}, {CSF{}, 64, 129, true}, {CSF{}, 2, 0, false}, {CSF{}, -1, 0, false}, {CSF{}, 65, 0, false},
		{RowMajor{}, 2, 1, true}, {ColMajor{}, 2, 1, true}, {Unknown{TagVal: 0x41}, 2, 0, false},
	} {
		n, ok := tc.d.BufferCount(tc.rank)
		if n != tc.n || ok != tc.ok {
			t.Errorf("%T.BufferCount(%d) = %d, %v", tc.d, tc.rank, n, ok)
		}
	}
	shape := func(r int) []uint64 { return make([]uint64, r) }
	for _, tc := range []struct {
		d    Descriptor
		rank int
		ok   bool
	}{
		{COO{}, 0, false}, {COO{}, 1, true}, {COO{}, 64, true}, {COO{}, 65, false},
		{CSR{}, 1, false}, {CSR{}, 2, true}, {CSC{}, 3, false},
		{CSF{ModeOrder: []uint32{0, 1}}, 2, false}, {CSF{ModeOrder: []uint32{2, 0, 1}}, 3, true},
		{CSF{ModeOrder: []uint32{2, 2, 1}}, 3, false}, {CSF{ModeOrder: []uint32{0, 1, 3}}, 3, false},
		{CSF{ModeOrder: []uint32{0, 1}}, 3, false},
	} {
		err := tc.d.Validate(shape(tc.rank))
		if (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrInvalid)) {
			t.Errorf("%#v.Validate(rank %d) = %v", tc.d, tc.rank, err)
		}
	}
}

// TestSentinelsAndUnknown: an invalid sentinel tag is corrupt data
// (ErrInvalid as well as ErrUnsupported), and Encode refuses an Unknown
// that Decode could not have returned (a sentinel, or a tag it decodes)
// instead of writing a descriptor no reader accepts.
func TestSentinelsAndUnknown(t *testing.T) {
	for _, tag := range []Tag{0x00, 0xFF} {
		for _, mode := range []Mode{Strict, Permissive} {
			_, err := Decode(tag, nil, mode)
			if !errors.Is(err, ErrInvalid) || !errors.Is(err, ErrUnsupported) {
				t.Errorf("Decode(%v, %v) = %v, want ErrInvalid and ErrUnsupported", tag, mode, err)
			}
		}
	}
	for _, tag := range []Tag{0x00, 0xFF, TagCOO, TagCSF, TagRowMajor} {
		func() {
			defer func() {
				if s, _ := recover().(string); !strings.Contains(s, "Decode never returns") {
					t.Errorf("Encode(Unknown{%v}): panic %q, want one naming the tag", tag, s)
				}
			}()
			b := Encode(Unknown{TagVal: tag, Raw: []byte{1}})
			t.Errorf("Encode(Unknown{%v}) = %x", tag, b)
		}()
	}
	d, err := Decode(0x41, []byte{1, 2}, Permissive)
	if err != nil {
		t.Fatal(err)
	}
	if b := Encode(d); string(b) != "\x41\x01\x02" {
		t.Errorf("Encode of a decoded Unknown = %x", b)
	}
}

func TestDecode(t *testing.T) {
	for _, d := range []Descriptor{RowMajor{}, ColMajor{}, COO{NNZ: 7, IsSorted: true}, CSR{NNZ: 3}, CSC{NNZ: 9}, CSF{ModeOrder: []uint32{1, 2, 0}}} {
		b := Encode(d)
		got, err := Decode(Tag(b[0]), b[1:], Strict)
		if err != nil {
			t.Fatalf("%#v: %v", d, err)
		}
		if !bytes.Equal(Encode(got), b) {
			t.Fatalf("%#v round trip: %#v", d, got)
		}
	}
	// Strict rejects unknown, reserved, invalid and not-implemented tags.
	for _, tag := range []Tag{0x00, 0xFF, 0x41, 0x93, 0xF5, TagTiled, TagHilbert} {
		if _, err := Decode(tag, []byte{1, 2}, Strict); !errors.Is(err, ErrUnsupported) {
			t.Errorf("strict %v: %v", tag, err)
		}
	}
	// Permissive holds them byte-exact, except the invalid sentinels.
	for _, tag := range []Tag{0x41, 0x93, 0xF5, TagTiled} {
		raw := []byte{9, 8, 7}
		d, err := Decode(tag, raw, Permissive)
		if err != nil {
			t.Fatalf("permissive %v: %v", tag, err)
		}
		u, ok := d.(Unknown)
		if !ok || u.Tag() != tag || !bytes.Equal(Encode(u), append([]byte{byte(tag)}, raw...)) {
			t.Fatalf("permissive %v: %#v", tag, d)
		}
		if _, ok := u.BufferCount(3); ok {
			t.Fatal("unknown buffer count known")
		}
		if !errors.Is(u.Validate(nil), ErrUnsupported) {
			t.Fatal("unknown validates")
		}
		raw[0] = 0
		if u.Raw[0] != 9 {
			t.Fatal("Unknown aliases caller bytes")
		}
	}
	for _, tag := range []Tag{0x00, 0xFF} {
		if _, err := Decode(tag, nil, Permissive); err == nil {
			t.Errorf("permissive accepted sentinel %v", tag)
		}
	}
	for _, tc := range []struct {
		tag  Tag
		p    []byte
		want string
	}{
		{TagCOO, make([]byte, 8), "8 bytes, want 9"}, {TagCSR, nil, "want 8"}, {TagCSF, []byte{3, 0, 0, 0}, "want 16"},
		{TagCSF, []byte{0xFF, 0, 0, 0}, "255, want 3..64"}, {TagRowMajor, []byte{1}, "want 0"},
		{TagCSF, []byte{2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}, "rank: 2, want 3..64"},
		{TagCSF, []byte{3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}, "mode 0 repeated"},
		{TagCOO, append(make([]byte, 8), 2), "is_sorted"},
	} {
		_, err := Decode(tc.tag, tc.p, Strict)
		if err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%v, %v) = %v, want %q", tc.tag, tc.p, err, tc.want)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(uint8(TagCSF), Encode(CSF{ModeOrder: []uint32{1, 0, 2}})[1:], false)
	f.Add(uint8(TagCOO), Encode(COO{NNZ: 3})[1:], true)
	f.Fuzz(func(t *testing.T, tag uint8, payload []byte, permissive bool) {
		mode := Strict
		if permissive {
			mode = Permissive
		}
		d, err := Decode(Tag(tag), payload, mode)
		if err != nil {
			return
		}
		// What decodes re-encodes to the same bytes.
		if got := Encode(d); !bytes.Equal(got, append([]byte{tag}, payload...)) {
			t.Fatalf("re-encode %x, want %x", got, append([]byte{tag}, payload...))
		}
		if c, ok := d.(CSF); ok {
			_ = c.Validate(make([]uint64, len(c.ModeOrder)))
		}
	})
}
