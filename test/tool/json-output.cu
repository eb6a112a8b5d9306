// --format=json: one object with the version and the findings of every launch
// form, each with check, severity, file, line, column, message, properties
// (threads, blockDim [x, y, z], warps, idleLanes, launch, kernel, limit) and
// notes; checked by FileCheck and by a json.load of the whole document.
//
// RUN: not %warplint --format=json %s -- %cuda_flags > %t.json
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: %python %S/Inputs/check_json.py %t.json | FileCheck %s
//
// No findings: still the whole document, and exit 0.
// RUN: %warplint --format=json %s -- %cuda_flags -DCLEAN_ONLY > %t.clean.json
// RUN: %python %S/Inputs/check_json.py %t.clean.json | FileCheck %s --check-prefix=CLEAN
// RUN: FileCheck %s --check-prefix=CLEAN-JSON --input-file=%t.clean.json
//
// The launch forms of test/checks/warplint-block-size/launch-forms.cu give valid JSON too.
// RUN: not %warplint --format=json %src_root/test/checks/warplint-block-size/launch-forms.cu -- %cuda_flags > %t.forms.json
// RUN: %python %S/Inputs/check_json.py %t.forms.json | FileCheck %s --check-prefix=FORMS

#include <cuda.h>

__global__ void k(float *p) {}
__global__ void __launch_bounds__(64) k64(float *p) {}

#ifndef CLEAN_ONLY
__global__ void __launch_bounds__(100) k100(float *p) {}
// CHECK: [[@LINE-1]]:17 warning warplint-block-size launch=__launch_bounds__ kernel=k100 threads=100 block=- warps=4 idle=28

template <int N> void launchN(float *p) { k<<<1, N>>>(p); }
// CHECK: [[@LINE-1]]:50 warning warplint-block-size launch=<<<>>> kernel=k threads=40 block=40x1x1 warps=2 idle=24

void forms(float *p) {
  k<<<1, 100>>>(p);
  // CHECK: [[@LINE-1]]:10 warning warplint-block-size launch=<<<>>> kernel=k threads=100 block=100x1x1 warps=4 idle=28
  dim3 block(7, 3, 3);
  k<<<1, block>>>(p);
  // CHECK:      [[@LINE-1]]:10 warning warplint-block-size launch=<<<>>> kernel=k threads=63 block=7x3x3 warps=2 idle=1
  // CHECK-NEXT:   note [[@LINE-3]]:8 block shape 7x3x3 defined here
  k<<<1, dim3(64, 32)>>>(p);
  // CHECK: [[@LINE-1]]:10 error warplint-block-size launch=<<<>>> kernel=k threads=2048 block=64x32x1 warps=64 idle=0
  k<<<1, dim3(32, 0)>>>(p);
  // CHECK: [[@LINE-1]]:10 error warplint-block-size launch=<<<>>> kernel=k threads=0 block=32x0x1 warps=0 idle=0
  k64<<<1, 96>>>(p);
  // CHECK:      [[@LINE-1]]:12 error warplint-block-size launch=<<<>>> kernel=k64 threads=96 block=96x1x1 warps=3 idle=0
  // CHECK-NEXT:   note 22:17 'k64' is declared with __launch_bounds__(64) here
  void *args[] = {&p};
  cudaLaunchKernel((const void *)k, dim3(1), dim3(33), args, 0, 0);
  // CHECK: [[@LINE-1]]:46 warning warplint-block-size launch=cudaLaunchKernel kernel=k threads=33 block=33x1x1 warps=2 idle=31
  cudaLaunchCooperativeKernel((const void *)k, 1, dim3(16, 2, 65), args, 0, 0);
  // CHECK: [[@LINE-1]]:51 error warplint-block-size launch=cudaLaunchCooperativeKernel kernel=k threads=2080 block=16x2x65 warps=65 idle=0
  cudaLaunchConfig_t cfg = {};
  cfg.blockDim = dim3(48);
  cudaLaunchKernelEx(&cfg, k, p);
  // CHECK:      [[@LINE-1]]:3 warning warplint-block-size launch=cudaLaunchKernelEx kernel=k threads=48 block=48x1x1 warps=2 idle=16
  // CHECK-NEXT:   note [[@LINE-3]]:18 block shape 48x1x1 defined here
  cudaLaunchConfig_t init = {dim3(2), dim3(1000), 0, 0, 0, 0};
  cudaLaunchKernelExC(&init, (const void *)k64, args);
  // CHECK:      [[@LINE-1]]:3 error warplint-block-size launch=cudaLaunchKernelExC kernel=k64 threads=1000 block=1000x1x1 warps=32 idle=24
  // CHECK-NEXT:   note [[@LINE-3]]:39 block shape 1000x1x1 defined here
  // CHECK-NEXT:   note 22:17 'k64' is declared with __launch_bounds__(64) here
  launchN<40>(p);
  launchN<64>(p);
}
// CHECK-NEXT: 11 findings (6 warnings, 5 errors)
#endif

// No findings here.
void clean(float *p) {
  k<<<1, 128>>>(p);
  k<<<1, dim3(32, 8)>>>(p);
  k64<<<1, 64>>>(p);
}

// JSON:      {
// JSON-NEXT:   "findings": [
// JSON-NEXT:     {
// JSON-NEXT:       "check": "warplint-block-size",
// JSON-NEXT:       "column": 17,
// JSON-NEXT:       "file": "{{/.*}}/json-output.cu",
// JSON-NEXT:       "line": 25,
// JSON-NEXT:       "message": "__launch_bounds__ of 'k100' allows at most 100 threads per block, not a multiple of the warp size 32: a full block runs as 4 warps with 28 idle lanes (21.9%)",
// JSON-NEXT:       "notes": [],
// JSON-NEXT:       "properties": {
// JSON-NEXT:         "idleLanes": 28,
// JSON-NEXT:         "kernel": "k100",
// JSON-NEXT:         "launch": "__launch_bounds__",
// JSON-NEXT:         "threads": 100,
// JSON-NEXT:         "warps": 4
// JSON-NEXT:       },
// JSON-NEXT:       "severity": "warning"
// JSON-NEXT:     },
// JSON:            "message": "launch of 'k' uses a block of 63 threads (7x3x3), not a multiple of the warp size 32: 2 warps with 1 idle lane (1.6%)",
// JSON-NEXT:       "notes": [
// JSON-NEXT:         {
// JSON-NEXT:           "column": 8,
// JSON-NEXT:           "file": "{{/.*}}/json-output.cu",
// JSON-NEXT:           "line": 34,
// JSON-NEXT:           "message": "block shape 7x3x3 defined here"
// JSON-NEXT:         }
// JSON-NEXT:       ],
// JSON-NEXT:       "properties": {
// JSON-NEXT:         "blockDim": [
// JSON-NEXT:           7,
// JSON-NEXT:           3,
// JSON-NEXT:           3
// JSON-NEXT:         ],
// JSON-NEXT:         "idleLanes": 1,
// JSON-NEXT:         "kernel": "k",
// JSON-NEXT:         "launch": "<<<>>>",
// JSON-NEXT:         "threads": 63,
// JSON-NEXT:         "warps": 2
// JSON-NEXT:       },
// JSON-NEXT:       "severity": "warning"
// JSON:            "launchBoundsMaxThreads": 64,
// JSON-NEXT:       "limit": 64,
// JSON-NEXT:       "threads": 96,
// JSON:        "version": "{{[0-9]+\.[0-9]+\.[0-9]+}}"
// JSON-NEXT: }

// CLEAN: 0 findings (0 warnings, 0 errors)
// CLEAN-JSON:      {
// CLEAN-JSON-NEXT:   "findings": [],
// CLEAN-JSON-NEXT:   "summary": {
// CLEAN-JSON-NEXT:     "accessesAnalysed": 0,
// CLEAN-JSON-NEXT:     "accessesUnknown": 0,
// CLEAN-JSON-NEXT:     "errors": 0,
// CLEAN-JSON-NEXT:     "files": 1,
// CLEAN-JSON-NEXT:     "filesWithFindings": 0,
// CLEAN-JSON-NEXT:     "text": "0 warnings and 0 errors in 0 of 1 file; 0 accesses analysed, 0 unknown",
// CLEAN-JSON-NEXT:     "warnings": 0
// CLEAN-JSON-NEXT:   },
// CLEAN-JSON-NEXT:   "version": "{{.*}}"
// CLEAN-JSON-NEXT: }

// FORMS: 31 findings (20 warnings, 11 errors)
