// --cuda-path=none parses with the built-in CUDA prelude, whatever toolkit
// the machine has; --cuda-path=DIR without include/cuda_runtime.h is a usage
// error (exit 2) before anything is parsed.
//
// RUN: not %warplint --cuda-path=none %s > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=NOERR --allow-empty --input-file=%t.err
// RUN: not %warplint --cuda-path=none --verbose %s 2>&1 >/dev/null | FileCheck %s --check-prefix=PRELUDE
//
// RUN: not %warplint --cuda-path=%t.nonexistent %s > %t.bad.out 2> %t.bad.err
// RUN: FileCheck %s --check-prefix=BAD --input-file=%t.bad.err --match-full-lines -DDIR=%t.nonexistent
// RUN: FileCheck %s --check-prefix=NOERR --allow-empty --input-file=%t.bad.out
// RUN: sh -c '%warplint --cuda-path=%t.nonexistent %s; echo status=$?' 2>/dev/null | FileCheck %s --check-prefix=STATUS
// A directory without the runtime header is no toolkit either.
// RUN: not %warplint --cuda-path=%S %s 2>&1 | FileCheck %s --check-prefix=BAD -DDIR=%S
//
// With the toolkit, where there is one, the same finding.
// RUN: %if cuda-toolkit %{ not %warplint --cuda-path=%cuda_path %s | FileCheck %s -implicit-check-not='{{warning|error}}:' %}

// Standard C++ headers reach clang's cuda_wrappers/new, which needs ::malloc:
// with the prelude too they parse cleanly (stderr stays empty).
#include <algorithm>
#include <cuda_runtime.h>
#include <memory>
#include <vector>

__global__ void k(float *p) {}

void run(float *p) {
  k<<<1, 100>>>(p);
  // CHECK: cuda-path.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
  k<<<1, 128>>>(p);
}

// NOERR-NOT: {{.}}
// PRELUDE: warplint: no CUDA toolkit: using the built-in CUDA prelude
// BAD: warplint: error: no CUDA toolkit at '[[DIR]]' (include/cuda_runtime.h not found)
// BAD-NOT: {{.}}
// STATUS: status=2
