// --format=sarif: a SARIF 2.1.0 log valid against the schema, with one result
// per finding (rule, level, message, location, properties, notes as related
// locations) and every check in the rules; with and without findings.
//
// REQUIRES: sarif-schema
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cd %S && not %warplint --format=sarif %s -- %cuda_flags > %t.dir/log.sarif 2> %t.dir/err
// RUN: %python %S/../docs/Inputs/validate_sarif.py %sarif_schema %t.dir/log.sarif
// RUN: FileCheck %s --input-file=%t.dir/log.sarif --implicit-check-not='"ruleId"'
// RUN: FileCheck %s --check-prefix=NOERR --allow-empty --input-file=%t.dir/err
//
// From another directory, the file is not under %SRCROOT%: an absolute URI.
// RUN: cd %t.dir && not %warplint --format=sarif %s -- %cuda_flags > %t.dir/abs.sarif
// RUN: %python %S/../docs/Inputs/validate_sarif.py %sarif_schema %t.dir/abs.sarif
// RUN: FileCheck %s --check-prefix=ABS --input-file=%t.dir/abs.sarif
//
// No findings: a valid log with an empty result list, and exit 0.
// RUN: %warplint --format=sarif %s -- %cuda_flags -DCLEAN_ONLY > %t.dir/clean.sarif
// RUN: %python %S/../docs/Inputs/validate_sarif.py %sarif_schema %t.dir/clean.sarif
// RUN: FileCheck %s --check-prefix=CLEAN --input-file=%t.dir/clean.sarif

#include <cuda.h>

__global__ void k(float *p) {}
__global__ void __launch_bounds__(64) k64(float *p) {}

#ifndef CLEAN_ONLY
void launches(float *p) {
  dim3 block(10, 10);
  k<<<1, block>>>(p);
  k64<<<1, 128>>>(p);
}
#endif

void clean(float *p) { k<<<1, 64>>>(p); }

// CHECK:      "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
// CHECK:      "originalUriBaseIds": {
// CHECK-NEXT:   "%SRCROOT%": {
// CHECK-NEXT:     "uri": "file://{{.*}}/test/tool/"
// CHECK:      "results": [
// CHECK:        "level": "warning",
// CHECK:        "artifactLocation": {
// CHECK-NEXT:     "uri": "sarif-output.cu",
// CHECK-NEXT:     "uriBaseId": "%SRCROOT%"
// CHECK:        "startColumn": 10,
// CHECK-NEXT:   "startLine": 30
// CHECK:        "text": "launch of 'k' uses a block of 100 threads (10x10x1), not a multiple of the warp size 32: 4 warps with 28 idle lanes (21.9%)"
// CHECK:        "blockDim": [
// CHECK-NEXT:     10,
// CHECK-NEXT:     10,
// CHECK-NEXT:     1
// CHECK-NEXT:   ],
// CHECK-NEXT:   "idleLanes": 28,
// CHECK-NEXT:   "kernel": "k",
// CHECK-NEXT:   "launch": "<<<>>>",
// CHECK-NEXT:   "threads": 100,
// CHECK-NEXT:   "warps": 4
// CHECK:        "relatedLocations": [
// CHECK:        "text": "block shape 10x10x1 defined here"
// CHECK:        "startColumn": 8,
// CHECK-NEXT:   "startLine": 29
// CHECK:        "ruleId": "warplint-block-size",
// CHECK-NEXT:   "ruleIndex": 0
// CHECK:        "level": "error",
// CHECK:        "startColumn": 12,
// CHECK-NEXT:   "startLine": 31
// CHECK:        "text": "launch of 'k64' cannot succeed: block 128x1x1 has 128 threads, above the kernel's __launch_bounds__ maximum of 64"
// CHECK:        "launchBoundsMaxThreads": 64,
// CHECK-NEXT:   "limit": 64,
// CHECK:        "text": "'k64' is declared with __launch_bounds__(64) here"
// CHECK:        "ruleId": "warplint-block-size",
// CHECK:      "tool": {
// CHECK:        "name": "warplint",
// CHECK:        "rules": [
// CHECK:          "id": "warplint-block-size",
// CHECK:      "version": "2.1.0"

// NOERR-NOT: {{.}}

// ABS:      "uri": "file://{{/.*}}/test/tool/sarif-output.cu"
// ABS-NOT:  "uriBaseId"

// CLEAN:      "results": [],
// CLEAN:      "id": "warplint-block-size",
