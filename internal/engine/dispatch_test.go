package engine

import (
	"slices"
	"strings"
	"testing"
)

func TestUseAndAvailable(t *testing.T) {
	defer Use("")
	av := Available()
	if !slices.Contains(av, "ref") || !slices.Contains(av, "generic") {
		t.Fatalf("Available() = %v, want ref and generic", av)
	}
	for _, p := range av {
		if err := Use(p); err != nil {
			t.Fatalf("Use(%q): %v", p, err)
		}
		if Active() != p {
			t.Fatalf("after Use(%q), Active() = %q", p, Active())
		}
		for _, f := range registry {
			a := f.activeTier()
			ok := a.String() == p
			if f.isPartial() {
				// The best path it has up to p.
				pt, _ := parseTier(p)
				ok = a <= pt && f.implements(a) && (a == pt || !f.implements(pt))
			}
			if !ok {
				t.Fatalf("after Use(%q), family %s runs %s", p, f.familyName(), a)
			}
		}
		// A kernel runs on the forced path.
		if LowerBound([]uint64{1, 3, 5}, 4) != 2 {
			t.Fatalf("LowerBound on %s wrong", p)
		}
	}
	if err := Use("sse9"); err == nil || !strings.Contains(err.Error(), "unknown path") {
		t.Fatalf("Use(sse9) = %v", err)
	}
	for _, p := range []string{"avx2", "avx512", "neon"} {
		if !slices.Contains(av, p) {
			before := Active()
			if err := Use(p); err == nil {
				t.Fatalf("Use(%q) succeeded but %q is not available", p, p)
			}
			if Active() != before {
				t.Fatalf("a failed Use changed the active path")
			}
		}
	}
	if err := Use("auto"); err != nil {
		t.Fatal(err)
	}
	if Active() == "" {
		t.Fatal("Active() empty")
	}
}

func TestFamiliesComplete(t *testing.T) {
	for _, f := range Families() {
		if !slices.Contains(f.Paths, "ref") || !slices.Contains(f.Paths, "generic") {
			t.Errorf("family %s lacks ref or generic: %v", f.Name, f.Paths)
		}
	}
}
