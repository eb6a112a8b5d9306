// warplint-register-spill from a real ptxas report
// (../warplint-occupancy/Inputs/kernels.ptxas.txt, nvcc 13 for sm_80 and
// sm_90, of the kernels of ../warplint-occupancy/Inputs/kernels.cu, which
// the tests of warplint-occupancy read too), through the tool, the plugin
// and clang-tidy: spills, with the register budget __launch_bounds__ leaves,
// one finding per set of architectures with the same numbers, and stack
// frames; kernels that neither spill nor use a stack frame say nothing.
//
// RUN: not %warplint --checks='warplint-register-spill' --ptxas-report=%S/../warplint-occupancy/Inputs/kernels.ptxas.txt %s -- %cuda_flags -I%S/../warplint-occupancy/Inputs | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-register-spill -fplugin-arg-warplint-ptxas-report=%S/../warplint-occupancy/Inputs/kernels.ptxas.txt %cuda_flags -I%S/../warplint-occupancy/Inputs %s 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-register-spill' -config="{CheckOptions: {PtxasReport: '%S/../warplint-occupancy/Inputs/kernels.ptxas.txt'}}" %s -- %cuda_flags -I%S/../warplint-occupancy/Inputs 2>/dev/null | FileCheck %s -implicit-check-not='{{warning|error}}:' %}
//
// With --arch, only those architectures.
// RUN: not %warplint --checks='warplint-register-spill' --arch=sm_90 --ptxas-report=%S/../warplint-occupancy/Inputs/kernels.ptxas.txt %s -- %cuda_flags -I%S/../warplint-occupancy/Inputs | FileCheck %s --check-prefix=SM90 -implicit-check-not='sm_80'
// SM90: warning: 'squeezed' spills registers to local memory on sm_90
// SM90: warning: 'stacked' uses a 256-byte stack frame in local memory on sm_90 (
//
// Without a report, nothing.
// RUN: %warplint --checks='warplint-register-spill' %s -- %cuda_flags -I%S/../warplint-occupancy/Inputs | FileCheck %s --allow-empty --check-prefix=NONE
// NONE-NOT: {{.}}

#include "kernels.cu"

// CHECK: kernels.cu:72:44: warning: 'squeezed' spills registers to local memory on sm_80: 84 bytes stored and 84 bytes loaded per thread, with 32 registers [warplint-register-spill]
// CHECK: kernels.cu:72:17: note: __launch_bounds__(1024, 2) leaves at most 32 registers per thread on sm_80 (ptxas used 32); a smaller block or fewer blocks per SM in the bound leave more
// CHECK: kernels.cu:72:44: warning: 'squeezed' spills registers to local memory on sm_90: 360 bytes stored and 360 bytes loaded per thread, with 32 registers [warplint-register-spill]
// CHECK: kernels.cu:72:17: note: __launch_bounds__(1024, 2) leaves at most 32 registers per thread on sm_90 (ptxas used 32)
// CHECK: kernels.cu:86:17: warning: 'stacked' uses a 256-byte stack frame in local memory on sm_80, sm_90 (arrays indexed at run time, or values whose address is taken) [warplint-register-spill]

void launch(const float *in, float *out, const int *idx, int n) {
  // Where the kernels are launched does not matter: the findings are at
  // the kernels.
  squeezed<<<n / 1024, 1024>>>(in, out, n);
  stacked<<<n / 128, 128>>>(idx, out);
  templ<3><<<n / 64, 64>>>(out);
}
