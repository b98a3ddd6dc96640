package engine

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/hurray-format/hurray-go/kernels/amd64"
	"github.com/hurray-format/hurray-go/kernels/arm64"
)

// tier is one implementation path. Order matters: auto selection prefers the
// highest supported tier that a family implements.
type tier uint8

const (
	tierRef tier = iota
	tierGeneric
	tierNEON
	tierAVX2
	tierAVX512
	numTiers
)

var tierNames = [numTiers]string{"ref", "generic", "neon", "avx2", "avx512"}

func (t tier) String() string { return tierNames[t] }

func parseTier(s string) (tier, bool) {
	for i, n := range tierNames {
		if n == s {
			return tier(i), true
		}
	}
	return 0, false
}

// cpuSupports reports whether this CPU (and build) can run a tier at all.
// The Has* flags are constant false under the purego and noasm tags.
var cpuSupports = [numTiers]bool{
	tierRef:     true,
	tierGeneric: true,
	tierNEON:    arm64.HasNEON,
	tierAVX2:    amd64.HasAVX2,
	tierAVX512:  amd64.HasAVX512,
}

// familyHandle is the type-erased view of a family that dispatch needs.
type familyHandle interface {
	familyName() string
	implements(t tier) bool
	selectTier(t tier)
	selectAuto()
	activeTier() tier
	isPartial() bool
}

// family holds every implementation of one kernel family and the one in use.
type family[F any] struct {
	name   string
	impls  [numTiers]F
	has    [numTiers]bool
	noAuto [numTiers]bool // tier implemented but not chosen by auto selection (slower than a lower tier on this CPU)
	// partial marks a family whose assembly covers only some paths (see
	// newPartialFamily).
	partial bool
	fn      F // the implementation in use
	active  tier
}

var registry []familyHandle

// newFamily registers a family with its oracle and portable implementation.
// Arch files add their tiers with set, during package variable
// initialisation; init then selects.
func newFamily[F any](name string, ref, generic F) *family[F] {
	f := &family[F]{name: name}
	f.set(tierRef, ref)
	f.set(tierGeneric, generic)
	f.fn, f.active = generic, tierGeneric
	registry = append(registry, f)
	return f
}

// newPartialFamily is newFamily for a family whose assembly covers only
// some of the paths: forcing a path it lacks runs the best path it has
// below that one (generic at worst), and such a family does not make a path
// unavailable. Families() lists the paths it does implement.
func newPartialFamily[F any](name string, ref, generic F) *family[F] {
	f := newFamily(name, ref, generic)
	f.partial = true
	return f
}

// set adds an implementation for tier t. Call it only when the CPU supports t.
func (f *family[F]) set(t tier, impl F) {
	f.impls[t] = impl
	f.has[t] = true
}

// skipAuto keeps tier t available for forcing and testing but out of auto
// selection; the caller says why in a comment.
func (f *family[F]) skipAuto(t tier) { f.noAuto[t] = true }

func (f *family[F]) familyName() string     { return f.name }
func (f *family[F]) implements(t tier) bool { return f.has[t] && cpuSupports[t] }
func (f *family[F]) activeTier() tier       { return f.active }
func (f *family[F]) isPartial() bool        { return f.partial }

func (f *family[F]) selectTier(t tier) {
	for f.partial && t > tierGeneric && !f.implements(t) {
		t--
	}
	if !f.implements(t) {
		panic("kernels: internal error: " + f.name + " has no " + t.String())
	}
	f.fn, f.active = f.impls[t], t
}

func (f *family[F]) selectAuto() {
	for t := numTiers - 1; t > tierGeneric; t-- {
		if f.implements(t) && !f.noAuto[t] {
			f.selectTier(t)
			return
		}
	}
	f.selectTier(tierGeneric)
}

var (
	forced   string // the path given to Use or HURRAY_KERNELS, "" for auto
	envError error
)

func init() {
	selectAll("")
	if v := strings.TrimSpace(os.Getenv("HURRAY_KERNELS")); v != "" && v != "auto" {
		if err := Use(v); err != nil {
			// Reported by EnvError, not printed: a library does not write
			// to the importing program's stderr.
			envError = fmt.Errorf("HURRAY_KERNELS=%s: %w", v, err)
		}
	}
}

func selectAll(path string) {
	forced = path
	t, _ := parseTier(path)
	for _, f := range registry {
		if path == "" {
			f.selectAuto()
		} else {
			f.selectTier(t)
		}
	}
}

// Paths implements kernels.Paths.
func Paths() []string { return slices.Clone(tierNames[:]) }

// Available implements kernels.Available.
func Available() []string {
	var out []string
	for t := tier(0); t < numTiers; t++ {
		if tierComplete(t) {
			out = append(out, t.String())
		}
	}
	return out
}

func tierComplete(t tier) bool {
	for _, f := range registry {
		if !f.implements(t) && !f.isPartial() {
			return false
		}
	}
	return cpuSupports[t]
}

// Use implements kernels.Use.
func Use(path string) error {
	if path == "" || path == "auto" {
		selectAll("")
		return nil
	}
	t, ok := parseTier(path)
	if !ok {
		return fmt.Errorf("kernels: unknown path %q (want auto or one of %s)", path, strings.Join(tierNames[:], ", "))
	}
	if !tierComplete(t) {
		return fmt.Errorf("kernels: path %q is not available on this CPU and build (available: %s)", path, strings.Join(Available(), ", "))
	}
	selectAll(path)
	return nil
}

// Forced implements kernels.Forced.
func Forced() string { return forced }

// Active implements kernels.Active.
func Active() string {
	if forced != "" {
		return forced
	}
	count := map[tier]int{}
	for _, f := range registry {
		count[f.activeTier()]++
	}
	best := tierGeneric
	for t, n := range count {
		if n > count[best] || (n == count[best] && t > best) {
			best = t
		}
	}
	var exc []string
	for _, f := range registry {
		if f.activeTier() != best {
			exc = append(exc, f.familyName()+": "+f.activeTier().String())
		}
	}
	if len(exc) == 0 {
		return best.String()
	}
	return best.String() + " (" + strings.Join(exc, ", ") + ")"
}

// Family describes one kernel family: its name, the path in use and every
// path it implements that this CPU runs.
type Family struct {
	Name   string
	Active string
	Paths  []string
}

// Families implements kernels.Families.
func Families() []Family {
	out := make([]Family, 0, len(registry))
	for _, f := range registry {
		fi := Family{Name: f.familyName(), Active: f.activeTier().String()}
		for t := tier(0); t < numTiers; t++ {
			if f.implements(t) {
				fi.Paths = append(fi.Paths, t.String())
			}
		}
		out = append(out, fi)
	}
	slices.SortFunc(out, func(a, b Family) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// EnvError implements kernels.EnvError.
func EnvError() error { return envError }
