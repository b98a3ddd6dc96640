package testutil

import (
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/hurray-format/hurray-go/kernels"
)

// isolatedEnv selects, in a child process of the test binary, the case
// that RunIsolated runs there.
const isolatedEnv = "HURRAY_ISOLATED_CASE"

// IsolatedCase returns the case this process runs as RunIsolated's child,
// or "" in an ordinary run. A test that RunIsolated runs runs that case
// alone when it is set.
func IsolatedCase() string { return os.Getenv(isolatedEnv) }

// Isolated is what a child process of RunIsolated printed and its exit
// status.
type Isolated struct {
	Output string
	Exit   int
}

// RunIsolated runs the test named test of this test binary in a child
// process with case c selected (IsolatedCase) and the kernel path forced to
// path through HURRAY_KERNELS ("" or "auto" for automatic selection), and
// returns what the child printed and its exit status: a case that could
// fault (a segmentation fault ends the whole process) runs there.
func RunIsolated(t *testing.T, test, c, path string) Isolated {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), isolatedEnv+"="+c, "HURRAY_KERNELS="+path, "HURRAY_TEST_REQUIRE=")
	out, err := cmd.CombinedOutput()
	res := Isolated{Output: string(out)}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		res.Exit = exit.ExitCode()
	case errors.Is(err, syscall.ENOEXEC):
		// The binary runs under an emulator (go test -exec qemu-...)
		// that the kernel does not start by itself: no child here.
		t.Skipf("case %s: the test binary cannot start a copy of itself here: %v", c, err)
	case err != nil:
		t.Fatalf("case %s: %v", c, err)
	}
	return res
}

// faultSigns are what the Go runtime prints when a process faults or dies
// outside a panic.
var faultSigns = []string{"SIGSEGV", "SIGBUS", "unexpected fault address", "fatal error", "signal arrived"}

// CheckNoFault fails t unless the child completed (exit status 0) or
// ended in a Go panic (exit status 2) without faulting.
func CheckNoFault(t *testing.T, c string, r Isolated) {
	t.Helper()
	for _, s := range faultSigns {
		if strings.Contains(r.Output, s) {
			t.Fatalf("case %s: the child faulted (%q):\n%s", c, s, r.Output)
		}
	}
	if r.Exit != 0 && !(r.Exit == 2 && strings.Contains(r.Output, "\npanic: ")) {
		t.Fatalf("case %s: exit status %d, want 0 or a Go panic:\n%s", c, r.Exit, r.Output)
	}
}

// CheckIsolated fails t unless the child ended as want says: with want
// empty it completed (exit status 0); else it panicked (exit status 2)
// with a message that the regular expression want matches from its start.
// Either way it must not have faulted.
func CheckIsolated(t *testing.T, c string, r Isolated, want string) {
	t.Helper()
	for _, s := range faultSigns {
		if strings.Contains(r.Output, s) {
			t.Fatalf("case %s: the child faulted (%q):\n%s", c, s, r.Output)
		}
	}
	if want == "" {
		if r.Exit != 0 {
			t.Fatalf("case %s: exit status %d, want 0:\n%s", c, r.Exit, r.Output)
		}
		return
	}
	if r.Exit != 2 || !regexp.MustCompile(`(?m)^panic: `+want).MatchString(r.Output) {
		t.Fatalf("case %s: exit status %d, want a panic with %q:\n%s", c, r.Exit, want, r.Output)
	}
}

// Case is one case that RunCases runs in a child process.
type Case struct {
	Name string
	// Want is how the child must end: "" completes (exit status 0), else
	// a panic whose message the regular expression Want matches from its
	// start. With NoFault any end but a fault passes (CheckNoFault).
	Want    string
	NoFault bool
	Run     func(t *testing.T)
}

// RunCases runs the cases of the test named test. In RunIsolated's child
// it runs the case IsolatedCase names; else it runs every case in a child
// on every kernel path and on automatic selection (automatic selection
// alone with -short), and checks how each ended (Case.Want).
func RunCases(t *testing.T, test string, cases []Case) {
	t.Helper()
	if c := IsolatedCase(); c != "" {
		for _, sc := range cases {
			if sc.Name == c {
				sc.Run(t)
				return
			}
		}
		t.Fatalf("no case %q", c)
	}
	paths := append(kernels.Available(), "auto")
	if testing.Short() {
		paths = []string{"auto"}
	}
	for _, path := range paths {
		for _, sc := range cases {
			t.Run("path="+path+"/"+sc.Name, func(t *testing.T) {
				r := RunIsolated(t, test, sc.Name, path)
				if sc.NoFault {
					CheckNoFault(t, sc.Name, r)
					return
				}
				CheckIsolated(t, sc.Name, r, sc.Want)
			})
		}
	}
}
