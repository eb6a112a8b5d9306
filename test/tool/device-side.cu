// The device-side parse of a file with code under __CUDA_ARCH__: --verbose
// prints its command beside the host side's, and a file without such a
// conditional is parsed once; text, JSON and SARIF list each finding once;
// --dump-shared-accesses and explain list the accesses only the device side
// sees and not those of the host side's #else; a clang error that only the
// device side sees leaves that function out and does not fail the file.
//
// RUN: not %warplint --verbose %s -- %cuda_flags 2> %t.verbose.err | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=VERBOSE --input-file=%t.verbose.err -DFILE=%s
// Two architectures: sm_90 parsed device-side; sm_70 skips as the host does.
// RUN: not %warplint --verbose --arch=sm_70,sm_90 %s -- %cuda_flags 2>&1 >/dev/null | FileCheck %s --check-prefix=TWO -DFILE=%s
// No __CUDA_ARCH__ conditional in the user's code (the one here is in
// skipped code): one parse.
// RUN: not %warplint --verbose %s -- %cuda_flags -DNO_ARCH_CODE 2>&1 >/dev/null | FileCheck %s --check-prefix=ONE -DFILE=%s
// RUN: not %warplint --verbose %s -- %cuda_flags -DNO_ARCH_CODE -DMACRO_ONLY 2>&1 >/dev/null | FileCheck %s --check-prefix=ONE -DFILE=%s
// RUN: not %warplint --verbose %s -- %cuda_flags -DNO_ARCH_CODE -DSTATEMENTS_ONLY 2>&1 >/dev/null | FileCheck %s --check-prefix=VERBOSE -DFILE=%s
// RUN: not %warplint %s -- %cuda_flags -DNO_ARCH_CODE -DSTATEMENTS_ONLY | FileCheck %s --check-prefix=STATEMENTS
// Statements the device side skips too (sm_80, OLD_ARCH_ONLY): its
// preprocessor, run first, chooses the same device code, and no device-side
// parse follows; on sm_50 it keeps them, and the parse does.
// RUN: not %warplint --verbose %s -- %cuda_flags -DNO_ARCH_CODE -DOLD_ARCH_ONLY 2>&1 >/dev/null | FileCheck %s --check-prefix=SAME -DFILE=%s
// RUN: not %warplint --verbose --arch=sm_50,sm_80 %s -- %cuda_flags -DNO_ARCH_CODE -DOLD_ARCH_ONLY 2>&1 >/dev/null | FileCheck %s --check-prefix=SAME50 -DFILE=%s
// RUN: not %warplint --arch=sm_50,sm_80 %s -- %cuda_flags -DNO_ARCH_CODE -DOLD_ARCH_ONLY | FileCheck %s --check-prefix=OLDARCH
// A header missing on both sides: the device side's preprocessor has the
// host side's error, and goes on alike; no device-side parse. Missing on
// the device side alone: that is new, and the device side is parsed.
// RUN: not %warplint --verbose %s -- %cuda_flags -DNO_ARCH_CODE -DOLD_ARCH_ONLY -DMISSING_HEADER 2>&1 >/dev/null | FileCheck %s --check-prefix=SAME -DFILE=%s
// RUN: not %warplint --verbose %s -- %cuda_flags -DNO_ARCH_CODE -DOLD_ARCH_ONLY -DMISSING_DEVICE_HEADER 2>&1 >/dev/null | FileCheck %s --check-prefix=MISSINGDEV -DFILE=%s
//
// RUN: not %warplint --format=json %s -- %cuda_flags > %t.json
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json --implicit-check-not='"check":'
// RUN: not %warplint --format=sarif --arch=sm_80,sm_90 %s -- %cuda_flags > %t.sarif
// RUN: FileCheck %s --check-prefix=SARIF --input-file=%t.sarif --implicit-check-not='"ruleId":'
// RUN: %if sarif-schema %{ %python %S/../docs/Inputs/validate_sarif.py %sarif_schema %t.sarif %}
//
// RUN: %warplint --dump-shared-accesses %s -- %cuda_flags | FileCheck %s --check-prefix=DUMP --implicit-check-not='"text":'
// RUN: %warplint explain %s:52 --width=400 -- %cuda_flags | FileCheck %s --check-prefix=EXPLAIN
// RUN: not %warplint explain %s:58 --width=400 -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=NOTCOMPILED
//
// RUN: not %warplint %s -- %cuda_flags -DDEVICE_ERROR > %t.err.out 2> %t.err.err
// RUN: FileCheck %s --check-prefix=CHECK --input-file=%t.err.out -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=ERRSUMMARY --input-file=%t.err.err --match-full-lines -DFILE=%s
// RUN: not %warplint --verbose %s -- %cuda_flags -DDEVICE_ERROR 2>&1 >/dev/null | FileCheck %s --check-prefix=ERRVERBOSE -DFILE=%s
// RUN: sh -c '%warplint %s -- %cuda_flags -DDEVICE_ERROR; echo status=$?' 2>/dev/null | FileCheck %s --check-prefix=STATUS

#include <cuda.h>

#ifndef NO_ARCH_CODE
__global__ void tensorCoreKernel(float *out) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  __shared__ float tile[32][32];
  tile[threadIdx.x][0] = out[threadIdx.x];
  // CHECK: device-side.cu:[[@LINE-1]]:3: warning: shared-memory store of 'tile[threadIdx.x][0]' has a 32-way bank conflict
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.y][threadIdx.x];
#else
  __shared__ float fallback[64];
  fallback[threadIdx.x * 2] = out[threadIdx.x];
#endif
}

#ifdef DEVICE_ERROR
__global__ void brokenOnDevice(float *out) {
#ifdef __CUDA_ARCH__
  __shared__ float s[32][32];
  s[threadIdx.x][0] = undeclared;
#endif
}
// ERRVERBOSE: [[FILE]]:[[@LINE-3]]:23: error: use of undeclared identifier 'undeclared'
#endif

void launch(float *p) { tensorCoreKernel<<<1, 32>>>(p); }
#endif

// A __CUDA_ARCH__ conditional that only picks a macro's value skips no
// device code: no device-side parse (ONE). One that skips statements of a
// kernel, with no declaration of its own, does (STATEMENTS).
#ifdef MACRO_ONLY
#if __CUDA_ARCH__ >= 800
#define PAD 1
#else
#define PAD 0
#endif
#endif
#ifdef STATEMENTS_ONLY
__global__ void rows(float *out) {
  __shared__ float r[32][32];
#if __CUDA_ARCH__ >= 800
  out[threadIdx.x] = r[threadIdx.x][0];
#endif
}
// STATEMENTS: device-side.cu:[[@LINE-3]]:22: warning: shared-memory load of 'r[threadIdx.x][0]' has a 32-way bank conflict
void launchRows(float *p) { rows<<<1, 32>>>(p); }
#endif

#ifdef OLD_ARCH_ONLY
__global__ void oldArch(float *out) {
  __shared__ float q[32][32];
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ <= 500
  q[threadIdx.x][1] = out[threadIdx.x];
#endif
  // OLDARCH: device-side.cu:[[@LINE-2]]:3: warning: shared-memory store of 'q[threadIdx.x][1]' has a 32-way bank conflict
  out[threadIdx.x] = q[threadIdx.x][0];
  // OLDARCH: device-side.cu:[[@LINE-1]]:22: warning: shared-memory load of 'q[threadIdx.x][0]' has a 32-way bank conflict
}
void launchOld(float *p) { oldArch<<<1, 32>>>(p); }
#endif

__global__ void plain(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][0];
  // CHECK: device-side.cu:[[@LINE-1]]:22: warning: shared-memory load of 't[threadIdx.x][0]' has a 32-way bank conflict
}

void launchPlain(float *p) {
  plain<<<1, 100>>>(p);
  // CHECK: device-side.cu:[[@LINE-1]]:14: warning: launch of 'plain' uses a block of 100 threads
}

// VERBOSE: warplint: [[FILE]]: {{.*}} --cuda-host-only {{.*}}-fsyntax-only
// VERBOSE-NEXT: warplint: [[FILE]] (device side, sm_80): {{.*}} --cuda-device-only --cuda-gpu-arch=sm_80 {{.*}}-fsyntax-only
// VERBOSE-NOT: device side

// TWO: (device side, sm_90): {{.*}} --cuda-device-only --cuda-gpu-arch=sm_90
// TWO: (device side, sm_70): its preprocessor chooses the device code the host side's does; not parsed again

// SAME: warplint: [[FILE]]: {{.*}} --cuda-host-only
// SAME-NOT: --cuda-device-only
// SAME: warplint: [[FILE]] (device side, sm_80): its preprocessor chooses the device code the host side's does; not parsed again
// SAME-NOT: --cuda-device-only

// SAME50: warplint: [[FILE]] (device side, sm_50): {{.*}} --cuda-device-only --cuda-gpu-arch=sm_50
// SAME50-NOT: --cuda-device-only
// SAME50: warplint: [[FILE]] (device side, sm_80): its preprocessor chooses the device code the host side's does; not parsed again

// ONE: warplint: [[FILE]]: {{.*}} --cuda-host-only
// ONE-NOT: device side

// JSON-COUNT-2: "check": "warplint-bank-conflict",
// JSON: "check": "warplint-block-size",

// SARIF-COUNT-2: "ruleId": "warplint-bank-conflict",
// SARIF: "ruleId": "warplint-block-size",

// DUMP: "text": "tile[threadIdx.x][0]"
// DUMP: "text": "tile[threadIdx.y][threadIdx.x]"
// DUMP: "text": "t[threadIdx.x][0]"

// EXPLAIN: tile[threadIdx.x][0]
// EXPLAIN: 32-way
// NOTCOMPILED: warplint: error: no shared-memory access at {{.*}}device-side.cu:58

// ERRSUMMARY: warplint: 1 clang error in [[FILE]] (device side, sm_80), 1 function not analysed (--verbose shows them)
// ERRSUMMARY-NOT: {{.}}
// STATUS: status=1

// MISSINGDEV: warplint: [[FILE]] (device side, sm_80): {{.*}} --cuda-device-only --cuda-gpu-arch=sm_80

#ifdef MISSING_HEADER
#include "warplint-no-such-header.h"
#endif
#if defined(MISSING_DEVICE_HEADER) && defined(__CUDA_ARCH__)
#include "warplint-no-such-device-header.h"
#endif
