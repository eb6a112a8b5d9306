// warplint-occupancy from a real ptxas report (Inputs/kernels.ptxas.txt,
// nvcc 13 for sm_80 and sm_90), through the tool, the plugin and
// clang-tidy: low occupancy with its limiter and next step, launches that
// cannot run, kernels with __launch_bounds__ and no launch; launches whose
// numbers are unknown say nothing. The spills and stack frames of the same
// kernels are ../warplint-register-spill/spills.cu.
//
// RUN: not %warplint --checks='warplint-occupancy' --ptxas-report=%S/Inputs/kernels.ptxas.txt %s -- %cuda_flags -I%S/Inputs | FileCheck %s -DERR=error -implicit-check-not='{{warning|error}}:'
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-occupancy -fplugin-arg-warplint-ptxas-report=%S/Inputs/kernels.ptxas.txt %cuda_flags -I%S/Inputs %s 2>&1 | FileCheck %s -DERR=warning -implicit-check-not='{{warning|error}}:' %}
// RUN: %if clang-tidy %{ not %clang_tidy --load=%warplint_tidy --checks='-*,warplint-occupancy' -config="{CheckOptions: {PtxasReport: '%S/Inputs/kernels.ptxas.txt'}}" %s -- %cuda_flags -I%S/Inputs 2>/dev/null | FileCheck %s -DERR=error -implicit-check-not='{{warning|error}}:' %}
//
// --arch picks the architectures; one the report lacks gives no finding
// (only a note on standard error: missing-arch.cu).
// RUN: not %warplint --checks='warplint-occupancy' --arch=sm_90 --ptxas-report=%S/Inputs/kernels.ptxas.txt %s -- %cuda_flags -I%S/Inputs | FileCheck %s --check-prefix=SM90 -implicit-check-not='sm_80'
// RUN: %warplint --checks='warplint-occupancy,warplint-register-spill' --arch=sm_86 --ptxas-report=%S/Inputs/kernels.ptxas.txt %s -- %cuda_flags -I%S/Inputs | FileCheck %s --allow-empty --check-prefix=NONE
// NONE-NOT: {{.}}
// SM90: launch of 'heavy' reaches 37.5% occupancy on sm_90
//
// Without a report the checks have nothing to say (no-report.cu: the tool
// says so with --verbose).
// RUN: %warplint --checks='warplint-occupancy,warplint-register-spill' %s -- %cuda_flags -I%S/Inputs | FileCheck %s --allow-empty --check-prefix=NONE
//
// MinOccupancy, in each front end.
// RUN: not %warplint --checks='warplint-occupancy' --check-option=warplint-occupancy.MinOccupancy=0.75 --arch=sm_80 --ptxas-report=%S/Inputs/kernels.ptxas.txt %s -- %cuda_flags -I%S/Inputs | FileCheck %s --check-prefix=MIN
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-occupancy -fplugin-arg-warplint-arch=sm_80 -fplugin-arg-warplint-option=warplint-occupancy.MinOccupancy=0.75 -fplugin-arg-warplint-ptxas-report=%S/Inputs/kernels.ptxas.txt %cuda_flags -I%S/Inputs %s 2>&1 | FileCheck %s --check-prefix=MIN %}
// RUN: %if clang-tidy %{ not %clang_tidy --load=%warplint_tidy --checks='-*,warplint-occupancy' -config="{CheckOptions: {PtxasReport: '%S/Inputs/kernels.ptxas.txt', Arch: sm_80, warplint-occupancy.MinOccupancy: 0.75}}" %s -- %cuda_flags -I%S/Inputs 2>/dev/null | FileCheck %s --check-prefix=MIN %}
// MIN: launch of 'light' reaches 50.0% occupancy on sm_80 (32 of 64 warps per SM), limited by blocks per SM (32): blocks of 1024 threads would give 100.0%
//
// Bad reports and options are usage errors.
// RUN: not %warplint --ptxas-report=%t.missing %s -- %cuda_flags -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: warplint: error: cannot read the ptxas report '{{.*}}.missing': {{.*}}
// RUN: not %warplint --ptxas-report=%s %s -- %cuda_flags -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=NOTREPORT
// NOTREPORT: warplint: error: '{{.*}}launches.cu' is not a ptxas report: {{.*}}
// RUN: not %warplint --check-option=warplint-occupancy.MinOccupancy=2 %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=BADMIN
// BADMIN: warplint: error: check option 'warplint-occupancy.MinOccupancy' takes a number from 0 to 1, not '2'

#include "kernels.cu"

// Findings at the kernels come first (the included file's lines).
// CHECK: kernels.cu:34:40: warning: kernel 'heavyBounded' reaches 25.0% occupancy on sm_80 (16 of 64 warps per SM, with blocks of 512 threads), limited by registers (79 per thread): at most 64 registers per thread (__launch_bounds__(512, 2) or -maxrregcount=64) would give 50.0% [warplint-occupancy]
// CHECK: kernels.cu:34:40: note: ptxas: 79 registers, 0 bytes of static shared memory; 1 block of 16 warps per SM
// CHECK: kernels.cu:34:40: warning: kernel 'heavyBounded' reaches 25.0% occupancy on sm_90 (16 of 64 warps per SM, with blocks of 512 threads), limited by registers (80 per thread){{.*}} [warplint-occupancy]
// CHECK: kernels.cu:34:40: note: ptxas: 80 registers

void launch(const float4 *pos, float4 *acc, const float *in, float *out,
            const int *idx, int n, size_t dyn) {
  heavy<<<n / 256, 256>>>(pos, acc, n);
  // CHECK: :[[@LINE-1]]:20: warning: launch of 'heavy' reaches 37.5% occupancy on sm_80 (24 of 64 warps per SM), limited by registers (76 per thread): at most 64 registers per thread (__launch_bounds__(256, 4) or -maxrregcount=64) would give 50.0% [warplint-occupancy]
  // CHECK: :[[@LINE-2]]:20: note: ptxas: 76 registers, 0 bytes of static shared memory; 3 blocks of 8 warps per SM
  // CHECK: :[[@LINE-3]]:20: warning: launch of 'heavy' reaches 37.5% occupancy on sm_90 (24 of 64 warps per SM), limited by registers (76 per thread): at most 64 registers per thread (__launch_bounds__(256, 4) or -maxrregcount=64) would give 50.0% [warplint-occupancy]
  // CHECK: :[[@LINE-4]]:20: note: ptxas: 76 registers, 0 bytes of static shared memory; 3 blocks of 8 warps per SM
  heavy<<<n / 1024, 1024>>>(pos, acc, n);
  // CHECK: :[[@LINE-1]]:21: [[ERR]]: launch of 'heavy' cannot run on sm_80: {{.*}} [warplint-occupancy]
  // CHECK: :[[@LINE-2]]:21: [[ERR]]: launch of 'heavy' cannot run on sm_90: {{.*}} [warplint-occupancy]
  tiled<<<n / 128, 128, 10240 * sizeof(float)>>>(in, out);
  // CHECK: :[[@LINE-1]]:20: warning: launch of 'tiled' reaches 25.0% occupancy on sm_80 (16 of 64 warps per SM), limited by shared memory (40960 bytes (40 KB) per block): at most 32512 bytes of shared memory per block would give 31.2% [warplint-occupancy]
  // CHECK: :[[@LINE-2]]:20: note: ptxas: 12 registers, 0 bytes of static shared memory, plus 40960 bytes (40 KB) dynamic; 4 blocks of 4 warps per SM
  // CHECK: :[[@LINE-3]]:20: warning: launch of 'tiled' reaches 31.2% occupancy on sm_90 (20 of 64 warps per SM), limited by shared memory (40960 bytes (40 KB) per block): at most 37888 bytes (37 KB) of shared memory per block would give 37.5% [warplint-occupancy]
  // CHECK: :[[@LINE-4]]:20: note: ptxas: 14 registers, 0 bytes of static shared memory, plus 40960 bytes (40 KB) dynamic; 5 blocks of 4 warps per SM
  tiled<<<n / 128, 128, 200 * 1024>>>(in, out);
  // CHECK: :[[@LINE-1]]:20: [[ERR]]: launch of 'tiled' cannot run on sm_80: 204800 bytes of shared memory per block (plus the 1 KB the driver reserves per block) is above the limit of 166912 bytes (163 KB) on sm_80 [warplint-occupancy]
  // CHECK: :[[@LINE-2]]:20: warning: launch of 'tiled' reaches 6.2% occupancy on sm_90 (4 of 64 warps per SM), limited by shared memory (204800 bytes (200 KB) per block): at most 115712 bytes (113 KB) of shared memory per block would give 12.5% [warplint-occupancy]
  // CHECK: :[[@LINE-3]]:20: note: ptxas: 14 registers
  tiled<<<n / 128, 128, dyn>>>(in, out);     // unknown dynamic size: nothing
  light<<<n / 256, 256>>>(in, out);          // 100%
  light<<<n / 32, 32>>>(in, out);            // 50%: not below 0.5
  squeezed<<<n / 1024, 1024>>>(in, out, n);  // 32 registers: 100%
  stacked<<<n / 128, 128>>>(idx, out);
  templ<3><<<n / 64, dim3(n, 1)>>>(out);     // a shape known only at run time
}

