// Command hurray inspects, validates and converts sparse tensor files (.tns,
// .mtx, .npz, .npy) and times the sparse products on them.
//
// Usage:
//
//	hurray info FILE              format, layout, dtype, shape, nnz, density, CSF levels, kernels
//	hurray validate FILE          read and validate; exit 0 when valid
//	hurray convert IN OUT [--to coo|csr|csc|csf] [--mode-order 2,0,1] [--dtype float32|float64] [--exact] [--dequantize]
//	hurray quantize IN OUT --scheme SPELLING [--axis A] [--to coo|csr|csc|csf] [--mode-order 2,0,1] [--dtype float32|float64]
//	hurray spmv FILE [--x x.npy] [--out y.npy] [--prepare] [--threads N] [--iters N] [--seed S] [--dtype float32|float64]
//	hurray mttkrp FILE [--cols R] [--mode N] [--out M.npy] [--threads N] [--mode-order 0,1,2] [--iters N] [--seed S] [--dtype float32|float64]
//	hurray bench [--quick] [--json] [--filter REGEXP] [--threads N] [--matrices M2,M4,FILE] [--paths auto,generic,ref] [--export DIR]
//
// .mtx and .tns files hold coordinates (COO): converting to one of them
// with --to csr, csc or csf writes the entries in that layout's order.
//
// quantize writes an .npz file of quantized values (package quant's
// schemes, formats/npz's layout) and prints the error it made (largest
// and RMS absolute error) and the bytes a stored value costs before and
// after, index included. info shows a quantized file's scheme and the sizes
// of its parameter arrays, validate checks them, and convert carries
// quantized files between layouts (as .npz), keeping the codes where the
// scheme allows and saying when it re-quantized. spmv and mttkrp run on
// quantized files in float32, dequantizing inside the products (mttkrp
// builds CSF from a quantized COO file, and refuses to reorder a quantized
// CSF file). spmv --out writes y as a .npy vector and mttkrp --out the
// result as a shape[mode] x cols .npy matrix in C order, float32 for a
// quantized file, else of --dtype. spmv --prepare multiplies by the
// matrix's prepared form (package prepared: narrow indices; any scheme for
// a quantized CSR or CSC file) and prints its bytes a value and the time
// to build it.
//
// Every command that reads a file (all but bench) takes --budget SIZE, the
// memory budget for reading an .npz or .npy file (auto.Options.MaxBytes):
// every allocation the reader makes from what the file declares counts
// against it, 64 MiB plus 64 bytes a byte of file by default, at most half
// of the memory. A file that needs more is refused with one line naming
// the file, the array and the budget, and exit 1.
//
// Every command takes -h. Errors print one line on stderr and exit 1 (2 for
// usage errors). On SIGINT or SIGTERM a convert in progress removes the
// temporary file it was writing (the output keeps its old contents) and the
// command exits with 128 plus the signal's number. A HURRAY_KERNELS value
// that cannot be honoured is an error.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/formats/auto"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/layout"
)

func main() {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() { os.Exit(interrupted(<-sigs, os.Stderr)) }()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// interrupted is what main does on SIGINT or SIGTERM: it removes the
// temporary file of a conversion's output in progress (auto.RemovePending;
// the output's target is left as it was), says so on stderr and returns the
// exit code, 128 plus the signal's number as a shell reports it.
func interrupted(sig os.Signal, stderr io.Writer) int {
	err := auto.RemovePending()
	msg := "hurray: interrupted (" + sig.String() + ")"
	if err != nil {
		msg += "; " + oneLine(err.Error())
	}
	fmt.Fprintln(stderr, msg)
	if n, ok := sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 1
}

const usage = `usage: hurray <command> [arguments]

commands:
  info FILE        describe a .tns, .mtx, .npz or .npy file
  validate FILE    read and validate a file
  convert IN OUT   convert between formats and layouts (--to coo|csr|csc|csf)
  quantize IN OUT  quantize the values into an .npz file (--scheme int8:channel:axis=0, nf4, mxfp4, ...)
  spmv FILE        time y = A x on a matrix
  mttkrp FILE      time MTTKRP on a tensor of rank 3 or more
  bench            run the benchmark suite on built-in data (--quick: under a minute)

Run "hurray <command> -h" for a command's flags.
`

// errUsage marks errors that exit 2. errShown marks those among them that
// the flag package has already printed (with the command's flags).
var (
	errUsage = errors.New("usage")
	errShown = fmt.Errorf("shown: %w", errUsage)
)

// run is main without the process: it returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if err := kernels.EnvError(); err != nil {
		fmt.Fprintf(stderr, "hurray: %v\n", err)
		return 1
	}
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	var err error
	switch cmd {
	case "info":
		err = cmdInfo(rest, stdout, stderr)
	case "validate":
		err = cmdValidate(rest, stdout, stderr)
	case "convert":
		err = cmdConvert(rest, stdout, stderr)
	case "quantize":
		err = cmdQuantize(rest, stdout, stderr)
	case "spmv":
		err = cmdSpMV(rest, stdout, stderr)
	case "mttkrp":
		err = cmdMTTKRP(rest, stdout, stderr)
	case "bench":
		return runBench(rest, stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "hurray: unknown command %q\n%s", cmd, usage)
		return 2
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errShown):
		return 2
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "hurray %s: %v\n", cmd, strings.TrimSuffix(err.Error(), ": "+errUsage.Error()))
		return 2
	}
	var fe *formats.Error
	if errors.Is(err, formats.ErrTooLarge) && errors.As(err, &fe) {
		// The library names its setting; here --budget is.
		fe.Msg = strings.TrimSuffix(fe.Msg, " (Options.MaxBytes)") + " (--budget sets it)"
	}
	msg := oneLine(err.Error())
	if errors.Is(err, convert.ErrRequantize) {
		msg = strings.Replace(msg, "(QuantOptions.Exact)", "(--exact)", 1)
	}
	fmt.Fprintf(stderr, "hurray %s: %s\n", cmd, msg)
	return 1
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", "; ") }

func usageErr(format string, args ...any) error {
	return fmt.Errorf(format+": %w", append(args, errUsage)...)
}

// newFlags returns a flag set that prints its help to stderr.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: hurray %s\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses flags placed before, between or after the positional
// arguments and checks their count.
func parse(fs *flag.FlagSet, args []string, npos int) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, fmt.Errorf("%v: %w", err, errShown) // the flag package printed it
		}
		if fs.NArg() == 0 {
			break
		}
		if used := len(args) - fs.NArg(); used > 0 && args[used-1] == "--" {
			// After "--" every argument is a file name.
			pos = append(pos, fs.Args()...)
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != npos {
		fs.Usage()
		return nil, usageErr("want %d file argument(s), got %d", npos, len(pos))
	}
	if f := fs.Lookup("dtype"); f != nil { // registered by dtypeFlag
		if err := checkDtype(f.Value.String()); err != nil {
			return nil, err
		}
	}
	return pos, nil
}

// readFile reads path as T with a progress line, within the memory budget
// of --budget (0: the default).
func readFile[T auto.Float](path string, budget int64, stderr io.Writer) (*auto.File[T], error) {
	p := newProgress(stderr, "reading "+path)
	defer p.done()
	return auto.Read[T](path, auto.Options{Progress: p.bytes, MaxBytes: budget})
}

// budgetValue is the --budget flag: a byte count, 0 for the default.
type budgetValue int64

// threadsFlag adds --threads to a product command; setThreads applies it.
func threadsFlag(fs *flag.FlagSet) *int {
	return fs.Int("threads", 0, "threads the product may use (GOMAXPROCS; default: every core)")
}

// setThreads caps the goroutines running at once at n (GOMAXPROCS), which
// the products' default worker count follows; n = 0 keeps the default.
func setThreads(n int) error {
	if n < 0 || n > 1<<16 {
		return usageErr("--threads %d: want 0..65536", n)
	}
	if n > 0 {
		runtime.GOMAXPROCS(n)
	}
	return nil
}

// budgetFlag registers --budget.
func budgetFlag(fs *flag.FlagSet) *budgetValue {
	b := new(budgetValue)
	fs.Var(b, "budget", "memory budget for reading an .npz or .npy file: a `SIZE` in bytes, or with a unit K, M, G or T (powers of 1024; KiB, MB, ... too), e.g. 2GiB\n"+
		"(default: 64 MiB plus 64 bytes a byte of file, at most half of the memory)")
	return b
}

// String returns the budget in bytes ("" for the default).
func (b *budgetValue) String() string {
	if b == nil || *b == 0 {
		return ""
	}
	return strconv.FormatInt(int64(*b), 10)
}

// Set parses a byte count with an optional binary unit: "4096", "512M",
// "1.5GiB". It refuses more than the memory (mem.Limit): a read
// allowed beyond it could end the process with an out-of-memory failure.
func (b *budgetValue) Set(s string) error {
	num := strings.TrimRightFunc(s, func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' })
	shift, ok := map[string]uint{"": 0, "b": 0, "k": 10, "kb": 10, "kib": 10, "m": 20, "mb": 20, "mib": 20,
		"g": 30, "gb": 30, "gib": 30, "t": 40, "tb": 40, "tib": 40}[strings.ToLower(s[len(num):])]
	if !ok {
		return fmt.Errorf("unit %q: want K, M, G or T (or KiB, MB, ...)", s[len(num):])
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || v < 1 || math.IsInf(v, 0) {
		return fmt.Errorf("want a size of at least 1 byte, such as 512M or 2GiB")
	}
	n := v * float64(uint64(1)<<shift)
	if avail := float64(mem.Limit()); n > avail {
		return fmt.Errorf("more than the memory (%.0f bytes)", avail)
	}
	*b = budgetValue(n)
	return nil
}

// dtypeFlag registers --dtype; parse checks its value.
func dtypeFlag(fs *flag.FlagSet) *string {
	return fs.String("dtype", "float64", "element type to read and compute in: float32 or float64")
}

func checkDtype(s string) error {
	if s != "float32" && s != "float64" {
		return usageErr("--dtype %q: want float32 or float64", s)
	}
	return nil
}

// parseTarget checks the --to and --mode-order flags of convert and
// quantize: a layout name or "" (as read), and a mode order only with csf.
func parseTarget(to, modeOrder string) ([]uint32, error) {
	switch to {
	case "", "coo", "csr", "csc", "csf":
	default:
		return nil, usageErr("--to %q: want coo, csr, csc or csf", to)
	}
	order, err := parseModeOrder(modeOrder)
	if err != nil {
		return nil, err
	}
	if order != nil && to != "csf" {
		return nil, usageErr("--mode-order needs --to csf")
	}
	return order, nil
}

// parseModeOrder parses "2,0,1".
func parseModeOrder(s string) ([]uint32, error) {
	if s == "" {
		return nil, nil
	}
	var out []uint32
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.ParseUint(strings.TrimSpace(f), 10, 32)
		if err != nil {
			return nil, usageErr("--mode-order %q: %v", s, err)
		}
		out = append(out, uint32(n))
	}
	if len(out) > layout.MaxRank {
		return nil, usageErr("--mode-order %q: %d modes, at most %d", s, len(out), layout.MaxRank)
	}
	if err := layout.CheckModeOrder(out, len(out)); err != nil {
		return nil, usageErr("--mode-order %q: not a permutation of 0..%d: %v", s, len(out)-1, err)
	}
	return out, nil
}
