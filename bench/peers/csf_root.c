/*
 * csf_root.c: a same-machine anchor for MTTKRP, written for hurray-go's
 * benchmarks (it is not SPLATT, whose source we do not build here). It
 * computes MTTKRP the way SPLATT's default "all" allocation does: one CSF
 * tree per mode, with that mode at the root, so that every mode is a
 * root-mode traversal. Per root node i (rows of out are distinct, so no
 * two threads write one row):
 *
 *     out[crd0[i]] = sum over children c of   F1[crd1[c]] o S(c)
 *     S(node at level L) = sum over its children of F(L+1)[crd] o S(child)
 *     S(node at level N-2) = sum over its leaves j of vals[j] * F(N-1)[crd(N-1)[j]]
 *
 * where o is the elementwise product of rows of R values, the sums kept in
 * one buffer per level. Three-level trees take an inlined loop nest. The
 * root nodes are shared among OpenMP threads dynamically, 16 at a time;
 * out is cleared inside the timed call, as a library MTTKRP does.
 *
 * Inputs come from `go test ./bench -run TestDumpCSFForPeers` (see there
 * for the file layout): DIR/NAME.mM.csf, DIR/NAME.RR.fac and, to check the
 * result, DIR/NAME.RR.mM.out, which hurray-go computed from its single
 * identity-order tree.
 *
 * usage: csf_root DIR NAME MODE R THREADS REPS
 * prints one line: NAME mode=M R=R threads=T ms=<median> min=<min>
 * nnz/s=<rate> err=<max abs difference / max abs value>. Exits 1 on a bad
 * input and 2 when the result differs from hurray-go's by more than 1e-9.
 *
 * build: gcc -O3 -march=native -fopenmp csf_root.c -o csf_root
 */
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXRANK 8

typedef struct {
	int rank;
	uint64_t nnz;
	uint64_t mo[MAXRANK], shape[MAXRANK];
	uint64_t npos[MAXRANK], ncrd[MAXRANK];
	const uint64_t *pos[MAXRANK], *crd[MAXRANK];
	const double *vals;
	const double *f[MAXRANK]; /* factor of level L (mode mo[L]) */
	int r;
} tree;

static void die(const char *what, const char *path) {
	fprintf(stderr, "csf_root: %s: %s\n", path, what);
	exit(1);
}

static void *slurp(const char *path, size_t *n) {
	FILE *fp = fopen(path, "rb");
	if (!fp) die("cannot open", path);
	fseek(fp, 0, SEEK_END);
	long sz = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	if (sz < 0 || sz % 8 != 0) die("size is not a multiple of 8", path);
	void *b = malloc(sz ? (size_t)sz : 8);
	if (!b || fread(b, 1, (size_t)sz, fp) != (size_t)sz) die("cannot read", path);
	fclose(fp);
	*n = (size_t)sz / 8;
	return b;
}

/* load parses a .csf file into t, checking every length against the file. */
static void load(tree *t, const char *path) {
	size_t n, k = 0;
	const uint64_t *w = slurp(path, &n);
#define NEED(c) do { if (k + (c) > n) die("truncated", path); } while (0)
	NEED(2);
	t->rank = (int)w[k++];
	t->nnz = w[k++];
	if (t->rank < 3 || t->rank > MAXRANK) die("rank out of range", path);
	NEED(2 * (size_t)t->rank);
	for (int L = 0; L < t->rank; L++) t->mo[L] = w[k++];
	for (int m = 0; m < t->rank; m++) t->shape[m] = w[k++];
	for (int L = 0; L < t->rank; L++) {
		NEED(1);
		t->npos[L] = w[k++];
		NEED(t->npos[L]);
		t->pos[L] = w + k;
		k += t->npos[L];
		NEED(1);
		t->ncrd[L] = w[k++];
		NEED(t->ncrd[L]);
		t->crd[L] = w + k;
		k += t->ncrd[L];
	}
	NEED(t->nnz);
	if (t->ncrd[t->rank - 1] != t->nnz) die("leaf count is not nnz", path);
	t->vals = (const double *)(w + k);
#undef NEED
}

/* node adds F_L[crd_L[n]] o S(n) into acc, S(n) built in buf[L]. */
static void node(const tree *t, int L, uint64_t n, double *restrict acc, double *const *buf) {
	const int r = t->r, N = t->rank;
	double *restrict s = buf[L];
	memset(s, 0, sizeof(double) * r);
	if (L == N - 2) {
		const uint64_t *restrict lc = t->crd[N - 1];
		const double *restrict fl = t->f[N - 1];
		for (uint64_t j = t->pos[N - 1][n]; j < t->pos[N - 1][n + 1]; j++) {
			const double v = t->vals[j];
			const double *restrict z = fl + lc[j] * r;
			for (int q = 0; q < r; q++) s[q] += v * z[q];
		}
	} else {
		for (uint64_t c = t->pos[L + 1][n]; c < t->pos[L + 1][n + 1]; c++) node(t, L + 1, c, s, buf);
	}
	const double *restrict b = t->f[L] + t->crd[L][n] * r;
	for (int q = 0; q < r; q++) acc[q] += s[q] * b[q];
}

static void mttkrp_root(const tree *t, double *restrict out) {
	const int r = t->r;
	const uint64_t n0 = t->ncrd[0];
	memset(out, 0, sizeof(double) * t->shape[t->mo[0]] * r);
#pragma omp parallel
	{
		double *buf[MAXRANK];
		for (int L = 0; L < t->rank; L++) buf[L] = aligned_alloc(64, 64 * ((sizeof(double) * r + 63) / 64));
		double *restrict acc = buf[0];
		const uint64_t *restrict p1 = t->pos[1], *restrict c1 = t->crd[1];
		const uint64_t *restrict p2 = t->pos[2], *restrict c2 = t->crd[2];
		const double *restrict fb = t->f[1], *restrict fc = t->f[2];
		const double *restrict vals = t->vals;
#pragma omp for schedule(dynamic, 16)
		for (uint64_t i = 0; i < n0; i++) {
			double *restrict row = out + t->crd[0][i] * r;
			if (t->rank == 3) {
				for (uint64_t c = p1[i]; c < p1[i + 1]; c++) {
					/* the first leaf sets acc (a valid tree has no empty fibers) */
					uint64_t j = p2[c];
					const double v0 = vals[j];
					const double *restrict z0 = fc + c2[j] * r;
					for (int q = 0; q < r; q++) acc[q] = v0 * z0[q];
					for (j++; j < p2[c + 1]; j++) {
						const double v = vals[j];
						const double *restrict z = fc + c2[j] * r;
						for (int q = 0; q < r; q++) acc[q] += v * z[q];
					}
					const double *restrict b = fb + c1[c] * r;
					for (int q = 0; q < r; q++) row[q] += acc[q] * b[q];
				}
			} else {
				for (uint64_t c = p1[i]; c < p1[i + 1]; c++) node(t, 1, c, row, buf);
			}
		}
		for (int L = 0; L < t->rank; L++) free(buf[L]);
	}
}

static int cmpd(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv) {
	if (argc != 7) {
		fprintf(stderr, "usage: csf_root DIR NAME MODE R THREADS REPS\n");
		return 1;
	}
	const char *dir = argv[1], *name = argv[2];
	int mode = atoi(argv[3]), r = atoi(argv[4]), threads = atoi(argv[5]), reps = atoi(argv[6]);
	if (r < 1 || threads < 1 || reps < 1) die("bad R, THREADS or REPS", "arguments");
	char path[4096];
	tree t = {0};
	snprintf(path, sizeof path, "%s/%s.m%d.csf", dir, name, mode);
	load(&t, path);
	if (t.mo[0] != (uint64_t)mode) die("root is not MODE", path);
	t.r = r;
	snprintf(path, sizeof path, "%s/%s.R%d.fac", dir, name, r);
	size_t nf, off = 0;
	const double *fac = slurp(path, &nf);
	const double *fm[MAXRANK];
	for (int m = 0; m < t.rank; m++) {
		fm[m] = fac + off;
		off += t.shape[m] * r;
	}
	if (off != nf) die("factor file does not match the shape and R", path);
	for (int L = 0; L < t.rank; L++) t.f[L] = fm[t.mo[L]];

	size_t nout = t.shape[mode] * r;
	double *out = aligned_alloc(64, (nout * sizeof(double) + 63) / 64 * 64);
	omp_set_num_threads(threads);
	mttkrp_root(&t, out); /* warm-up */
	double *ms = malloc(sizeof(double) * reps);
	for (int i = 0; i < reps; i++) {
		double t0 = omp_get_wtime();
		mttkrp_root(&t, out);
		ms[i] = 1e3 * (omp_get_wtime() - t0);
	}
	qsort(ms, reps, sizeof(double), cmpd);
	double med = reps % 2 ? ms[reps / 2] : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]);

	snprintf(path, sizeof path, "%s/%s.R%d.m%d.out", dir, name, r, mode);
	size_t nw;
	const double *want = slurp(path, &nw);
	if (nw != nout) die("expected output has the wrong length", path);
	double maxd = 0, maxv = 0;
	for (size_t i = 0; i < nout; i++) {
		maxd = fmax(maxd, fabs(out[i] - want[i]));
		maxv = fmax(maxv, fabs(want[i]));
	}
	double err = maxv > 0 ? maxd / maxv : maxd;
	printf("%s mode=%d R=%d threads=%d ms=%.3f min=%.3f nnz/s=%.4g err=%.2g\n", name, mode, r, threads, med,
	       ms[0], (double)t.nnz / (med * 1e-3), err);
	return err > 1e-9 ? 2 : 0;
}
