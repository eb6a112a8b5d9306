// A clang CUDA compile with the plugin gets occupancy with nothing added by
// hand: the host side reads each kernel's registers and shared memory from
// the device binary clang hands it (-fcuda-include-gpubinary). No "no ptxas
// report" remark. With -fsyntax-only there is no binary: the remark stays.
// At -O0 the binary is not read.
// -fplugin-arg-warplint-object=FILE reads a built object; a file that is not
// one is a warning, and the compile goes on.
//
// REQUIRES: plugin, cuda-toolkit
// RUN: %clang -x cuda --cuda-gpu-arch=sm_80 --cuda-path=%cuda_path -Wno-unknown-cuda-version -O2 -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-occupancy -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
// CHECK: device-binary.cu:{{[0-9]+}}:22: warning: launch of 'bigTile' reaches 25.0% occupancy on sm_80 (16 of 64 warps per SM), limited by shared memory (40960 bytes (40 KB) per block){{.*}} [warplint-occupancy]
//
// RUN: %clang -x cuda --cuda-gpu-arch=sm_80 --cuda-path=%cuda_path -Wno-unknown-cuda-version -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-occupancy %s 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: remark: warplint: {{.*}}no ptxas report
// Nor in a build without optimisation, whose registers and stack frames are
// not those of the kernel an optimised build runs:
// the remark says why, and what to do: on the command line, or in CMake's
// terms when warplint_enable set the plugin up.
// RUN: %clang -x cuda --cuda-gpu-arch=sm_80 --cuda-path=%cuda_path -Wno-unknown-cuda-version -O0 -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-occupancy -c %s -o %t.O0.o 2>&1 | FileCheck %s --check-prefix=O0
// O0: remark: warplint: {{.*}}device-binary.cu: no ptxas report; warplint-occupancy skipped: the device binary of an unoptimised compile (-O0) is not read: its registers and stack frames are not those of an optimised build; compile with -O1 or more, pass one with -fplugin-arg-warplint-ptxas-report=FILE (the output of nvcc -Xptxas -v), or leave it out of -fplugin-arg-warplint-checks{{$}}
// RUN: %clang -x cuda --cuda-gpu-arch=sm_80 --cuda-path=%cuda_path -Wno-unknown-cuda-version -O0 -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-occupancy -fplugin-arg-warplint-set-up-by=warplint_enable -c %s -o %t.O0.o 2>&1 | FileCheck %s --check-prefix=O0-CMAKE
// O0-CMAKE: remark: warplint: {{.*}}device-binary.cu: no ptxas report; warplint-occupancy skipped: the device binary of an unoptimised compile (-O0) is not read: {{.*}}; build with optimisation (CMAKE_BUILD_TYPE=Release or RelWithDebInfo), add -fplugin-arg-warplint-ptxas-report=FILE (the output of nvcc -Xptxas -v) to the target's compile options, or leave it out of warplint_enable's CHECKS{{$}}
//
// RUN: %clang -x cuda --cuda-gpu-arch=sm_80 --cuda-path=%cuda_path -Wno-unknown-cuda-version -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-occupancy -fplugin-arg-warplint-object=%t.o %s 2>&1 | FileCheck %s --implicit-check-not=remark:
// RUN: %clang -x cuda --cuda-gpu-arch=sm_80 --cuda-path=%cuda_path -Wno-unknown-cuda-version -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-occupancy -fplugin-arg-warplint-object=%s %s 2>&1 | FileCheck %s --check-prefix=NOTOBJECT
// NOTOBJECT: warning: warplint: {{.*}}device-binary.cu{{.*}}; argument ignored

__global__ void bigTile(const float *in, float *out) {
  extern __shared__ float tile[];
  tile[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 128 + threadIdx.x] = tile[127 - threadIdx.x];
}

void run(const float *in, float *out, int n) {
  bigTile<<<n / 128, 128, 10240 * sizeof(float)>>>(in, out);
}
