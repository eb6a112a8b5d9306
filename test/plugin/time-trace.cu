// Under clang's -ftime-trace the plugin's analysis appears in the trace, as
// "warplint" with a "warplint check" scope per check: its share of the
// compile. (The analysis runs on a thread of its own, which hands its
// scopes to the compile's trace; scopes shorter than 500 us are left out.)
//
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -fsyntax-only %cuda_host_flags -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-bank-conflict -Xclang -ftime-trace=%t/trace.json -Xclang -ftime-trace-granularity=0 %s
// RUN: %python -c "import json,sys; ev=json.load(open(sys.argv[1]))['traceEvents']; print('\n'.join(sorted({e['name'] + ' ' + e.get('args', {}).get('detail', '') for e in ev if e['name'].startswith('warplint')})))" %t/trace.json | FileCheck %s
// CHECK: warplint{{ $}}
// CHECK: warplint check warplint-bank-conflict
// Without -ftime-trace, nothing changes (the other tests).

#include <cuda.h>

__global__ void k(float *out) {
  __shared__ float t[32][32];
  for (int i = 0; i < 200; ++i)
    t[threadIdx.x][i % 32] = out[threadIdx.x];
  out[threadIdx.x] = t[0][threadIdx.x];
}

void run(float *p) { k<<<1, 32>>>(p); }
