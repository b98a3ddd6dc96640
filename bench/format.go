package bench

import "fmt"

// FormatNs formats a duration in nanoseconds with three significant digits
// and the largest unit (ns, µs, ms, s) that keeps it at 1 or more, as the
// reports of `hurray bench` and perfdoc write times.
func FormatNs(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%.3g s", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.3g ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.3g µs", ns/1e3)
	}
	return fmt.Sprintf("%.3g ns", ns)
}
