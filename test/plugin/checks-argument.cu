// -fplugin-arg-warplint-checks=GLOBS selects checks as --checks does; one
// that enables no check (-*) is a warning and is ignored, as such a Checks:
// of .warplint.yaml is (it silenced the plugin without a word);
// -fplugin-arg-warplint-option= sets a check option.
//
// REQUIRES: plugin
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=-* %cuda_flags -Xclang -verify=none,all,ptxas %s
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin '-fplugin-arg-warplint-checks=-*,warplint-block-size' %cuda_flags -Xclang -verify=all %s
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-* %cuda_flags -Xclang -verify=all,ptxas %s
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin '-fplugin-arg-warplint-checks=warplint-*,-warplint-block-size' %cuda_flags -Xclang -verify=occupancy %s
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-option=warplint-block-size.LaunchBounds=false %cuda_flags -Xclang -verify=nobounds,ptxas %s

#include <cuda.h>

__global__ void __launch_bounds__(100) k100(float *p) {} // #bounds

void run(float *p) {
  k100<<<1, 128>>>(p); // #above
  k100<<<1, 2048>>>(p); // #toobig
}

#ifndef __CUDA_ARCH__
// none-warning@*:* {{warplint: checks=-* enables no warplint check; argument ignored}}
// all-warning@#bounds {{__launch_bounds__ of 'k100' allows at most 100 threads per block}}
// all-warning@#above {{launch of 'k100' cannot succeed: block 128x1x1 has 128 threads, above the kernel's __launch_bounds__ maximum of 100}}
// all-note@#bounds {{'k100' is declared with __launch_bounds__(100) here}}
// all-warning@#toobig {{launch of 'k100' cannot succeed: blockDim.x is 2048}}
// nobounds-warning@#toobig {{launch of 'k100' cannot succeed: blockDim.x is 2048}}
// With warplint-occupancy and warplint-register-spill on and no ptxas report,
// the remark that says so (and only then).
// ptxas-remark@*:* {{no ptxas report; warplint-occupancy and warplint-register-spill skipped}}
// occupancy-remark@*:* {{no ptxas report; warplint-occupancy and warplint-register-spill skipped}}
#else
// none-no-diagnostics
// all-no-diagnostics
// nobounds-no-diagnostics
// occupancy-no-diagnostics
#endif
