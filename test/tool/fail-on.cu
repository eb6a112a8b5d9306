// --fail-on decides which findings make the exit status 1: warning (the
// default: any finding), error (error-level findings only) or never. Usage
// and input errors are status 2 whatever it says. The findings are printed
// the same way in every case.
//
// RUN: sh -c '%warplint --fail-on=warning %s -- %cuda_flags -DWARN; echo status=$?' | FileCheck %s --check-prefixes=WARN,STATUS1
// RUN: sh -c '%warplint --fail-on=error %s -- %cuda_flags -DWARN; echo status=$?' | FileCheck %s --check-prefixes=WARN,STATUS0
// RUN: sh -c '%warplint --fail-on=never %s -- %cuda_flags -DWARN; echo status=$?' | FileCheck %s --check-prefixes=WARN,STATUS0
// RUN: sh -c '%warplint --fail-on=warning %s -- %cuda_flags -DERR; echo status=$?' | FileCheck %s --check-prefixes=ERR,STATUS1
// RUN: sh -c '%warplint --fail-on=error %s -- %cuda_flags -DERR; echo status=$?' | FileCheck %s --check-prefixes=ERR,STATUS1
// RUN: sh -c '%warplint --fail-on=never %s -- %cuda_flags -DERR; echo status=$?' | FileCheck %s --check-prefixes=ERR,STATUS0
// RUN: sh -c '%warplint --fail-on=ERROR --format=json %s -- %cuda_flags -DERR; echo status=$?' | FileCheck %s --check-prefixes=STATUS1
// RUN: sh -c '%warplint --fail-on=never %s -- %cuda_flags; echo status=$?' | FileCheck %s --check-prefixes=STATUS0
//
// A file that cannot be analysed: 2, even with never.
// RUN: sh -c '%warplint --fail-on=never %s %s.missing -- %cuda_flags -DWARN; echo status=$?' 2>&1 | FileCheck %s --check-prefix=STATUS2
// A bad value: 2.
// RUN: sh -c '%warplint --fail-on=sometimes %s -- %cuda_flags; echo status=$?' 2>&1 | FileCheck %s --check-prefixes=USAGE,STATUS2

#include <cuda.h>

__global__ void k(float *p) {}

void launches(float *p) {
  k<<<1, 128>>>(p);
#ifdef WARN
  k<<<1, 100>>>(p);
  // WARN: fail-on.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
#endif
#ifdef ERR
  k<<<1, 100>>>(p);
  // ERR: fail-on.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
  k<<<1, 2048>>>(p);
  // ERR: fail-on.cu:[[@LINE-1]]:10: error: launch of 'k' cannot succeed
#endif
}

// USAGE: warplint: error: unknown --fail-on 'sometimes'; use warning, error or never
// STATUS0: status=0
// STATUS1: status=1
// STATUS2: status=2
