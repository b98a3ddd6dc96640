#!/usr/bin/env bash
# Prints the kernel tiers this CPU must run in the differential tests
# (HURRAY_TEST_REQUIRE), read from /proc/cpuinfo: a missing tier then fails
# the run instead of being skipped silently.
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || true)
tiers=""
case " $flags " in *" avx2 "*) case " $flags " in *" bmi2 "*) case " $flags " in *" fma "*) tiers="avx2";; esac;; esac;; esac
case " $flags " in *" avx512f "*) case " $flags " in *" avx512vl "*) case " $flags " in *" avx512bw "*) case " $flags " in *" avx512dq "*) tiers="${tiers:+$tiers,}avx512";; esac;; esac;; esac;; esac
echo "$tiers"
