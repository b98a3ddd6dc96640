package csr

import (
	"runtime"
	"testing"
)

// TestRunPanicReachesCaller: a panic in a part on a worker goroutine
// reaches the goroutine that called the product, and the workers go on
// serving later products.
func TestRunPanicReachesCaller(t *testing.T) {
	j := getJob[float64](gatherVec, &index{}, nil) // no kernels: every part panics
	func() {
		defer func() {
			if _, ok := recover().(runtime.Error); !ok {
				t.Error("a part's nil dereference did not reach the caller as a runtime.Error")
			}
		}()
		j.run([]int{0, 1, 2, 3})
	}()
	a, err := New[float64](3, 2, []uint64{0, 1, 2, 3}, []uint64{0, 1, 0}, []float64{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	ix := a.ix()
	j = getJob[float64](gatherVec, &ix, a)
	j.y, j.x, j.alpha = make([]float64, 3), []float64{10, 100}, 1
	j.run([]int{0, 1, 2, 3})
	if y := j.y; y[0] != 10 || y[1] != 200 || y[2] != 30 {
		t.Errorf("after a panicking product, y = %v, want [10 200 30]", y)
	}
}
