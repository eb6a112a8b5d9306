// A --cuda-device-only compile: the plugin stays silent unless given
// -fplugin-arg-warplint-device-side, and then reports once per device
// compilation; in a host + device compile, device-side moves the findings
// from the host compilation to the device one.
//
// REQUIRES: plugin
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_device_flags -Xclang -verify=silent %s
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-device-side %cuda_device_flags -Xclang -verify=dev %s
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-device-side %cuda_device_flags %s 2>&1 \
// RUN:   | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-device-side %cuda_flags -Xclang -verify=moved %s
// The host side alone, with and without device-side.
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_host_flags -Xclang -verify=dev %s
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-device-side %cuda_host_flags -Xclang -verify=silent %s

#include <cuda.h>

__global__ void k(float *p) {}

void run(float *p) {
  k<<<1, 100>>>(p); // #partial
  // CHECK: device-only.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
  k<<<1, 96>>>(p);
}

// silent-no-diagnostics
// dev-warning@#partial {{launch of 'k' uses a block of 100 threads (100x1x1)}}
// The remark on the ptxas report comes from the compilation that reports.
// dev-remark@*:* {{device-only.cu: no ptxas report; warplint-occupancy and warplint-register-spill skipped}}
#ifdef __CUDA_ARCH__
// moved-warning@#partial {{launch of 'k' uses a block of 100 threads (100x1x1)}}
// moved-remark@*:* {{device-only.cu: no ptxas report}}
#else
// moved-no-diagnostics
#endif
