package main

import "strings"

// The product kernels (GatherHadamard, GatherHadamard2, ScatterHadamard,
// PushHadamard2, DotRows) are written one instance per element type: the dot
// kernels from a template (dotrows.go), the gather and scatter kernels from
// the emitters in blocked.go (one level) and twolevel.go (two levels), each
// family in its own file (gatherhadamard.go, scatterhadamard.go,
// gatherhadamard2.go, pushhadamard2.go). This file holds what they share:
// the element tokens and the file layout.
// They are loops whose only variations are the element type and the column
// block, so a token substitution ({P}, {S}, {ES}, ...) keeps them readable
// next to their pseudo-code.

// elem is an element type's tokens for the product templates.
type elem struct {
	T, t, P, S, ES, LOG, W, W2, WM1, LOGW, KMOV, BCASTI, CMPGT string
	reduceZ, reduceY, iota                                     string
}

// f64 and f32 are twins: the tokens of the two element types.
var f64 = elem{
	T: "F64", t: "float64", P: "PD", S: "SD", ES: "8", LOG: "3", W: "8", W2: "4", WM1: "7", LOGW: "3",
	KMOV: "KMOVB", BCASTI: "VPBROADCASTQ", CMPGT: "VPCMPGTQ",
	reduceZ: `	VEXTRACTF64X4 $1, Z0, Y1
	VADDPD        Y1, Y0, Y0
`,
	reduceY: `	VEXTRACTF128 $1, Y0, X1
	VADDPD       X1, X0, X0
	VPERMILPD    $1, X0, X1
	VADDSD       X1, X0, X0
`,
	iota: dataTable("iota<>", 8, "0", "1", "2", "3"),
}

// f32 is f64's twin (see there).
var f32 = elem{
	T: "F32", t: "float32", P: "PS", S: "SS", ES: "4", LOG: "2", W: "16", W2: "8", WM1: "15", LOGW: "4",
	KMOV: "KMOVW", BCASTI: "VPBROADCASTD", CMPGT: "VPCMPGTD",
	reduceZ: `	VEXTRACTF32X8 $1, Z0, Y1
	VADDPS        Y1, Y0, Y0
`,
	reduceY: `	VEXTRACTF128 $1, Y0, X1
	VADDPS       X1, X0, X0
	VMOVHLPS     X0, X0, X1
	VADDPS       X1, X0, X0
	VMOVSHDUP    X0, X1
	VADDSS       X1, X0, X0
`,
	iota: dataTable("iota<>", 4, "0", "1", "2", "3", "4", "5", "6", "7"),
}

func expand(tmpl string, isa map[string]string, e elem) string {
	s := tmpl
	for k, v := range isa {
		s = strings.ReplaceAll(s, k, v)
	}
	w2m1 := "3"
	logw2 := "2"
	if e.T == "F32" {
		w2m1, logw2 = "7", "3"
	}
	dotArgs := "120"
	r := strings.NewReplacer("{reduceZ}", e.reduceZ, "{reduceY}", e.reduceY)
	s = r.Replace(s)
	r = strings.NewReplacer("{T}", e.T, "{t}", e.t, "{P}", e.P, "{S}", e.S, "{ES}", e.ES, "{LOG}", e.LOG,
		"{W}", e.W, "{W2}", e.W2, "{WM1}", e.WM1, "{LOGW}", e.LOGW, "{KMOV}", e.KMOV, "{BCASTI}", e.BCASTI,
		"{CMPGT}", e.CMPGT, "{W2M1}", w2m1, "{LOGW2}", logw2, "{DOTARGS}", dotArgs)
	return r.Replace(s)
}

// productFile is a product kernel file after the build line: doc, the lane
// number tables of the AVX2 masks, then gen's code for float32 and float64.
func productFile(doc string, gen func(e elem, iota string) string) string {
	var b strings.Builder
	b.WriteString(doc)
	b.WriteString("\n#include \"textflag.h\"\n")
	// One iota table per file, per element width.
	b.WriteString("\n// Lane numbers for the AVX2 masks: 64-bit lanes, then 32-bit lanes.\n")
	b.WriteString(strings.ReplaceAll(f64.iota, "iota<>", "iotaq<>"))
	b.WriteString(strings.ReplaceAll(f32.iota, "iota<>", "iotad<>"))
	for _, e := range []elem{f32, f64} {
		sym := "iotaq<>"
		if e.T == "F32" {
			sym = "iotad<>"
		}
		b.WriteString(gen(e, sym))
	}
	return b.String()
}
