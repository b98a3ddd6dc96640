#!/usr/bin/env bash
# Prints the kernel tiers this CPU must run in the differential tests
# (HURRAY_TEST_REQUIRE), read from /proc/cpuinfo: a missing tier then fails
# the run instead of being skipped silently. x86-64 lists its features on
# "flags" lines, arm64 on "Features" lines (asimd: NEON).
flags=$(grep -m1 -E '^(flags|Features)[[:space:]]*:' /proc/cpuinfo 2>/dev/null || true)
flags=${flags#*:}
tiers=""
case " $flags " in *" avx2 "*) case " $flags " in *" bmi2 "*) case " $flags " in *" fma "*) tiers="avx2";; esac;; esac;; esac
case " $flags " in *" avx512f "*) case " $flags " in *" avx512vl "*) case " $flags " in *" avx512bw "*) case " $flags " in *" avx512dq "*) tiers="${tiers:+$tiers,}avx512";; esac;; esac;; esac;; esac
case " $flags " in *" asimd "*) tiers="neon";; esac
echo "$tiers"
