// --format=sarif keeps what NOLINT and a baseline suppress, as known results:
// a finding the baseline holds has "suppressions" of kind "external" and
// baselineState "unchanged"; one a NOLINT comment silences, kind "inSource";
// a new one, baselineState "new" and no suppressions. The log validates; the
// text output of the same run has the new finding alone, and both runs exit
// 1 (the new warning fails the run, the suppressed ones never do).
//
// REQUIRES: sarif-schema
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: cd %t && %warplint --no-config --write-baseline=b.json k.cu -- %cuda_flags
// RUN: cd %t && not %warplint --no-config --baseline=b.json --format=sarif k.cu -- %cuda_flags -DNEW > log.sarif
// RUN: %python %S/../docs/Inputs/validate_sarif.py %sarif_schema %t/log.sarif
// RUN: FileCheck %s --input-file=%t/log.sarif
// RUN: cd %t && not %warplint --no-config --baseline=b.json k.cu -- %cuda_flags -DNEW > text.out
// RUN: FileCheck %s --check-prefix=TEXT --input-file=%t/text.out --implicit-check-not=warning:
//
// Without a baseline, no baselineState; NOLINT's result is kept all the same.
// RUN: cd %t && not %warplint --no-config --format=sarif k.cu -- %cuda_flags -DNEW > plain.sarif
// RUN: %python %S/../docs/Inputs/validate_sarif.py %sarif_schema %t/plain.sarif
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t/plain.sarif --implicit-check-not=baselineState
//
// Only suppressed findings: the run passes, in SARIF as in text.
// RUN: cd %t && %warplint --no-config --baseline=b.json --format=sarif k.cu -- %cuda_flags > old.sarif
// RUN: FileCheck %s --check-prefix=OLD --input-file=%t/old.sarif
// RUN: cd %t && %warplint --no-config --baseline=b.json k.cu -- %cuda_flags

#include <cuda.h>

__global__ void k(float *p) {}

void run(float *p) {
  k<<<1, 100>>>(p);
  k<<<1, 99>>>(p); // NOLINT(warplint-block-size)
#ifdef NEW
  k<<<1, 98>>>(p);
#endif
}

// CHECK:        "summary": {
// CHECK:          "text": "1 warning and 0 errors in 1 of 1 file
// CHECK:      "results": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "baselineState": "unchanged",
// CHECK:          "startLine": 32
// CHECK:          "text": "launch of 'k' uses a block of 100 threads
// CHECK:          "suppressions": [
// CHECK-NEXT:       {
// CHECK-NEXT:         "justification": "in the baseline {{.*}}b.json",
// CHECK-NEXT:         "kind": "external",
// CHECK-NEXT:         "status": "accepted"
// CHECK:        {
// CHECK-NOT:      "baselineState"
// CHECK:          "startLine": 33
// CHECK:          "suppressions": [
// CHECK-NEXT:       {
// CHECK-NEXT:         "justification": "a NOLINT comment",
// CHECK-NEXT:         "kind": "inSource",
// CHECK-NEXT:         "status": "accepted"
// CHECK:        {
// CHECK-NEXT:     "baselineState": "new",
// CHECK:          "startLine": 35
// CHECK-NOT:      "suppressions"
// CHECK:        "rules": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "defaultConfiguration": {
// CHECK:            "help": {
// CHECK-NEXT:         "markdown": "# warplint-block-size
// CHECK-NEXT:         "text": "thread-block sizes that are not a multiple of the warp size (32), and launch configurations that cannot succeed. The check's documentation is in help.markdown and at file:///{{.*}}/checks/warplint-block-size.md."
// CHECK-NEXT:       {{^ +}}},{{$}}
// CHECK-NEXT:       "helpUri": "file:///{{.*}}/checks/warplint-block-size.md",

// TEXT: k.cu:35:10: warning: launch of 'k' uses a block of 98 threads

// PLAIN: "kind": "inSource"
// PLAIN-NOT: "kind": "external"

// OLD:     "text": "0 warnings and 0 errors in 0 of 1 file
