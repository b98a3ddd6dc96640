package csf

import (
	"strings"
	"testing"
)

// panicky is a part body that panics on its part.
type panicky struct{ bad int }

func (p panicky) part(s *wsState[float64], k int) {
	if k == p.bad {
		panic("part " + string(rune('0'+k)))
	}
}

// TestRunPanicReachesCaller: a panic in a part on a worker goroutine reaches
// the goroutine that called the product (it ended the process, and a
// panicking part never marked itself done), and the workspace's goroutines
// stay usable.
func TestRunPanicReachesCaller(t *testing.T) {
	s := &wsState[float64]{workers: 3, tune: defaultTuning()}
	for _, bad := range []int{1, 2, 0} {
		s.job = job[float64]{op: opOther, run: panicky{bad}}
		func() {
			defer func() {
				r, _ := recover().(string)
				if want := "part " + string(rune('0'+bad)); !strings.Contains(r, want) {
					t.Errorf("part %d panicked: recovered %q, want %q", bad, r, want)
				}
			}()
			s.run([]int{0, 1, 2, 3})
		}()
	}
	s.job = job[float64]{op: opOther, run: panicky{-1}}
	s.run([]int{0, 1, 2, 3}) // no panic left over from the calls above
}
