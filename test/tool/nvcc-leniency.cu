// Code that nvcc accepts and clang rejects (an initialised __shared__
// variable, a host-only function called from device code) costs only the
// kernels that contain it: the other kernel of the file and the launches are
// still analysed, on the host side and on the device side.
//
// RUN: not %warplint %s -- %cuda_flags > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t.err --match-full-lines -DFILE=%s
// RUN: not %warplint %s -- %cuda_flags --cuda-device-only > %t.dev.out 2> %t.dev.err
// RUN: FileCheck %s --input-file=%t.dev.out -implicit-check-not='{{warning|error}}:'
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t.dev.err --match-full-lines -DFILE=%s
// RUN: not %warplint --verbose %s -- %cuda_flags 2>&1 >/dev/null | FileCheck %s --check-prefix=VERBOSE
//
// With the toolkit and std::max from <algorithm>: clang takes constexpr
// functions as host and device (nvcc needs --expt-relaxed-constexpr), so only
// the __shared__ initialiser is an error.
// RUN: %if cuda-toolkit %{ not %warplint --cuda-path=%cuda_path %s -- -x cuda -DWITH_STD > %t.tk.out 2> %t.tk.err %}
// RUN: %if cuda-toolkit %{ FileCheck %s --input-file=%t.tk.out -implicit-check-not='{{warning|error}}:' %}
// RUN: %if cuda-toolkit %{ FileCheck %s --check-prefix=TKSUMMARY --input-file=%t.tk.err --match-full-lines -DFILE=%s %}

#ifdef WITH_STD
#include <algorithm>
#include <cuda_runtime.h>
#define MAX std::max
#else
#include <cuda.h>
int hostMax(int a, int b) { return a > b ? a : b; }
#define MAX hostMax
#endif

__global__ void __launch_bounds__(64) lenient(int *out, int n) {
  __shared__ int count = 0;
  out[threadIdx.x] = MAX(n, 3) + count;
}

__global__ void __launch_bounds__(100) strict(int *out) { out[0] = 1; }
// CHECK: nvcc-leniency.cu:[[@LINE-1]]:17: warning: __launch_bounds__ of 'strict' allows at most 100 threads per block

void run(int *out) {
  lenient<<<1, 128>>>(out, 3);
  // CHECK: nvcc-leniency.cu:[[@LINE-1]]:16: error: launch of 'lenient' cannot succeed: block 128x1x1 has 128 threads, above the kernel's __launch_bounds__ maximum of 64
  // CHECK: note: 'lenient' is declared with __launch_bounds__(64) here
  strict<<<1, 96>>>(out);
  lenient<<<1, 64>>>(out, 3);
}

// SUMMARY: warplint: 2 clang errors in [[FILE]], 1 function not analysed (--verbose shows them)
// SUMMARY-NOT: {{.}}
// TKSUMMARY: warplint: 1 clang error in [[FILE]], 1 function not analysed (--verbose shows them)
// TKSUMMARY-NOT: {{.}}
// VERBOSE-DAG: error: initialization is not supported for __shared__ variables
// VERBOSE-DAG: error: no matching function for call to 'hostMax'
