package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hurray-format/hurray-go/bench"
)

// header is the part of the header object of `hurray bench --json` that
// the documents show.
type header struct {
	Time       string   `json:"time"`
	Size       string   `json:"size"`
	Go         string   `json:"go"`
	OSArch     string   `json:"os_arch"`
	CPU        string   `json:"cpu"`
	GOMAXPROCS int      `json:"gomaxprocs"`
	Available  []string `json:"kernels_available"`
	Active     string   `json:"kernels_active"`
	Threads    int      `json:"threads"`
	Reps       int      `json:"reps"`
	TriadGBps  float64  `json:"triad_gbps"`
}

// benchDoc is a whole `hurray bench --json` document.
type benchDoc struct {
	Header  header         `json:"header"`
	Results []bench.Result `json:"results"`
}

// round is one round of `make bench-peers`: hurray's results and SciPy's
// times of the same cases.
type round struct {
	hurray benchDoc
	// scipy maps a case to SciPy's time of `A @ x` (or the conversion) and
	// of its own kernel into a preallocated output (0 where not timed), in ns.
	scipy map[string][2]float64
	// versions holds SciPy's and NumPy's versions.
	versions map[string]string
}

// peerCase is one line of `make bench-mttkrp-peer`: MTTKRP in float64 by
// hurray and by bench/peers/csf_root.c.
type peerCase struct {
	Name         string  // "T3u/R=16/threads=1/mode=0"
	Ours, C      float64 // ms, medians over the rounds
	OursM, CM    float64 // millions of nonzeros a second
	COverHurray  float64 // median of the rounds' ratios of C's time to ours
	Tensor, Mode string
	R, Threads   int
}

// data is everything perfdoc reads.
type data struct {
	bench  benchDoc
	rounds []round
	peer   []peerCase
}

// load reads the data directory.
func load(dir string) (*data, error) {
	var d data
	if err := readBench(filepath.Join(dir, "bench.json"), &d.bench); err != nil {
		return nil, err
	}
	if len(d.bench.Results) == 0 {
		return nil, fmt.Errorf("%s: no results", filepath.Join(dir, "bench.json"))
	}
	for i := 1; ; i++ {
		hp := filepath.Join(dir, "scipy", fmt.Sprintf("hurray-%d.json", i))
		sp := filepath.Join(dir, "scipy", fmt.Sprintf("scipy-%d.json", i))
		if _, err := os.Stat(hp); errors.Is(err, os.ErrNotExist) {
			break
		}
		r, err := readRound(hp, sp)
		if err != nil {
			return nil, err
		}
		d.rounds = append(d.rounds, r)
	}
	pp := filepath.Join(dir, "mttkrp-peer.txt")
	if b, err := os.ReadFile(pp); err == nil {
		if d.peer, err = parsePeer(b); err != nil {
			return nil, fmt.Errorf("%s: %w", pp, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return &d, nil
}

// readRound reads one round of bench-peers.
func readRound(hurrayPath, scipyPath string) (round, error) {
	var r round
	var raw map[string]json.RawMessage
	b, err := os.ReadFile(scipyPath)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return r, fmt.Errorf("%s: %w", scipyPath, err)
	}
	if err := readBench(hurrayPath, &r.hurray); err != nil {
		return r, err
	}
	r.scipy = map[string][2]float64{}
	for k, v := range raw {
		if k == "_versions" {
			if err := json.Unmarshal(v, &r.versions); err != nil {
				return r, fmt.Errorf("%s: _versions: %w", scipyPath, err)
			}
			continue
		}
		var t [2]*float64
		if err := json.Unmarshal(v, &t); err != nil || t[0] == nil {
			return r, fmt.Errorf("%s: case %s: want [ns, ns or null], got %s", scipyPath, k, v)
		}
		var into float64
		if t[1] != nil {
			into = *t[1]
		}
		r.scipy[k] = [2]float64{*t[0], into}
	}
	return r, nil
}

// readBench reads a `hurray bench --json` document.
func readBench(path string, v *benchDoc) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// peerLine matches a case line of bench/peers/mttkrp.sh's report.
var peerLine = regexp.MustCompile(`^(T\w+)/R=(\d+)/threads=(\d+)/mode=(\d+)$`)

// parsePeer reads the report of `make bench-mttkrp-peer`: a header line,
// then one line a case, "case hurray-ms C-ms hurray-M/s C-M/s ratio"
// (ratio with a trailing x). Lines that are not cases (the header, make's
// echo) are skipped; a line naming a case must parse whole.
func parsePeer(b []byte) ([]peerCase, error) {
	var out []peerCase
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		m := peerLine.FindStringSubmatch(f[0])
		if m == nil {
			continue
		}
		if len(f) != 6 || !strings.HasSuffix(f[5], "x") {
			return nil, fmt.Errorf("line %d: want case and five figures, got %q", n, sc.Text())
		}
		var v [5]float64
		for i := range v {
			x, err := strconv.ParseFloat(strings.TrimSuffix(f[i+1], "x"), 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
			v[i] = x
		}
		r, _ := strconv.Atoi(m[2])
		th, _ := strconv.Atoi(m[3])
		out = append(out, peerCase{Name: f[0], Ours: v[0], C: v[1], OursM: v[2], CM: v[3], COverHurray: v[4],
			Tensor: m[1], R: r, Threads: th, Mode: m[4]})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errors.New("no case lines")
	}
	return out, nil
}

// result returns the result of a case on a path, or an error naming what
// is missing.
func (d *data) result(name, path string) (bench.Result, error) {
	i := slices.IndexFunc(d.bench.Results, func(r bench.Result) bool { return r.Name == name && r.Path == path })
	if i < 0 {
		return bench.Result{}, fmt.Errorf("bench.json has no case %q on path %s", name, path)
	}
	r := d.bench.Results[i]
	if r.Skipped != "" {
		return r, fmt.Errorf("bench.json: case %q on path %s was skipped: %s", name, path, r.Skipped)
	}
	return r, nil
}

// peerCase returns the bench-mttkrp-peer case of that name.
func (d *data) peerCase(name string) (peerCase, error) {
	i := slices.IndexFunc(d.peer, func(p peerCase) bool { return p.Name == name })
	if i < 0 {
		return peerCase{}, fmt.Errorf("mttkrp-peer.txt has no case %q", name)
	}
	return d.peer[i], nil
}

// scipyCase is one case of the SciPy comparison, over the rounds.
type scipyCase struct {
	Name              string
	Ours, SciPy, Into float64 // medians over the rounds, ns (Into 0: not timed)
	Ratio, IntoRatio  float64 // medians of the rounds' ratios, SciPy's time over ours
	Rounds            int
	HurrayThreads     int
}

// scipyCases returns the cases of the SciPy comparison in the order of the
// suite, with their medians.
func (d *data) scipyCases() []scipyCase {
	if len(d.rounds) == 0 {
		return nil
	}
	var names []string
	for _, r := range d.rounds[0].hurray.Results {
		if _, ok := d.rounds[0].scipy[r.Name]; ok && r.Path == "auto" && !slices.Contains(names, r.Name) {
			names = append(names, r.Name)
		}
	}
	var out []scipyCase
	for _, n := range names {
		c := scipyCase{Name: n, HurrayThreads: d.rounds[0].hurray.Header.Threads}
		var ours, sc, into, rat, irat []float64
		for _, r := range d.rounds {
			s, ok := r.scipy[n]
			if !ok {
				continue
			}
			i := slices.IndexFunc(r.hurray.Results, func(x bench.Result) bool { return x.Name == n && x.Path == "auto" })
			if i < 0 || r.hurray.Results[i].Skipped != "" || r.hurray.Results[i].NsPerOp <= 0 {
				continue
			}
			o := r.hurray.Results[i].NsPerOp
			ours = append(ours, o)
			sc = append(sc, s[0])
			rat = append(rat, s[0]/o)
			if s[1] > 0 {
				into = append(into, s[1])
				irat = append(irat, s[1]/o)
			}
		}
		if len(ours) == 0 {
			continue
		}
		c.Ours, c.SciPy, c.Ratio, c.Rounds = median(ours), median(sc), median(rat), len(ours)
		if len(into) > 0 {
			c.Into, c.IntoRatio = median(into), median(irat)
		}
		out = append(out, c)
	}
	return out
}

// scipyCase returns one case of the SciPy comparison.
func (d *data) scipyCase(name string) (scipyCase, error) {
	cs := d.scipyCases()
	i := slices.IndexFunc(cs, func(c scipyCase) bool { return c.Name == name })
	if i < 0 {
		return scipyCase{}, fmt.Errorf("the SciPy rounds have no case %q", name)
	}
	return cs[i], nil
}

// median returns the median of v (the mean of the middle two for an even
// count), as NumPy's median does.
func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
