// Each finding is printed once: the tool parses one side of the CUDA compile
// (the host side, or the side the command chooses) however many GPU
// architectures there are, and a finding in a header that two files include
// is printed once.
//
// RUN: not %warplint %s -- %cuda_flags -I%S/Inputs | FileCheck %s --check-prefixes=CHECK,HEADER -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint %s -- %cuda_flags -I%S/Inputs --cuda-gpu-arch=sm_90 --cuda-gpu-arch=sm_70 | FileCheck %s --check-prefixes=CHECK,HEADER -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint %s -- %cuda_flags -I%S/Inputs --cuda-device-only | FileCheck %s --check-prefixes=CHECK,HEADER -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint %s %S/Inputs/includes-shared.cu -- %cuda_flags -I%S/Inputs | FileCheck %s --check-prefixes=CHECK,HEADER -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint -j 2 --format=json %s %S/Inputs/includes-shared.cu -- %cuda_flags -I%S/Inputs > %t.json
// RUN: %python %S/Inputs/check_json.py %t.json | FileCheck %s --check-prefix=JSON

#include "shared-launch.cuh"
// HEADER: shared-launch.cuh:4:17: warning: __launch_bounds__ of 'sharedKernel' allows at most 48 threads per block
// HEADER: shared-launch.cuh:5:56: warning: launch of 'sharedKernel' uses a block of 40 threads

__global__ void k(float *p) {}

void run(float *p) {
  sharedLaunch(p);
  k<<<1, 100>>>(p);
  // CHECK: duplicate-findings.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
}

// JSON: 3 findings (3 warnings, 0 errors)
