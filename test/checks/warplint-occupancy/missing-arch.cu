// An architecture asked for (--arch, Archs of .warplint.yaml, the plugin's
// arch=, clang-tidy's Arch) that the ptxas report lacks is not dropped in
// silence: each file with kernels gets one note naming it, the checks it
// skipped and how to get them; the exit status does not change. No note when
// the report covers every architecture asked for (sm_90a is sm_90), when
// --arch is not given (the report's own architectures are checked), or for a
// file without kernels. (Inputs/kernels.ptxas.txt covers sm_80 and sm_90.)
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c '%warplint --checks=warplint-occupancy,warplint-register-spill --arch=sm_86 --ptxas-report=%S/Inputs/kernels.ptxas.txt %s -- %cuda_flags -I%S/Inputs; echo status=$?' > %t/tool.out 2> %t/tool.err
// RUN: FileCheck %s --check-prefix=STATUS0 --input-file=%t/tool.out
// RUN: FileCheck %s --check-prefix=TOOL --input-file=%t/tool.err --match-full-lines --implicit-check-not=warplint:
// STATUS0: status=0
// TOOL: warplint: note: {{.*}}missing-arch.cu: no ptxas report for sm_86 (the report covers sm_80, sm_90); warplint-occupancy and warplint-register-spill skipped for sm_86: give a report of a build for sm_86 (nvcc -Xptxas -v), use --run-ptxas, or leave it out of --arch
//
// With an architecture the report has, its findings stand beside the note;
// only the enabled checks are named.
// RUN: not %warplint --checks=warplint-occupancy --arch=sm_80,sm_86,sm_87 --ptxas-report=%S/Inputs/kernels.ptxas.txt %s -- %cuda_flags -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=PARTLY
// PARTLY-DAG: warning: kernel 'heavyBounded' reaches 25.0% occupancy on sm_80
// PARTLY-DAG: warplint: note: {{.*}}missing-arch.cu: no ptxas report for sm_86, sm_87 (the report covers sm_80, sm_90); warplint-occupancy skipped for sm_86, sm_87: give a report of a build for sm_86, sm_87 (nvcc -Xptxas -v), use --run-ptxas, or leave them out of --arch
//
// Archs of .warplint.yaml is asked for as --arch is.
// RUN: cp %s %t/k.cu && printf 'Archs: [sm_86]\n' > %t/.warplint.yaml
// RUN: %warplint --ptxas-report=%S/Inputs/kernels.ptxas.txt %t/k.cu -- %cuda_flags -I%S/Inputs 2>&1 >/dev/null | FileCheck %s --check-prefix=CONFIG
// CONFIG: warplint: note: {{.*}}k.cu: no ptxas report for sm_86 (the report covers sm_80, sm_90); warplint-occupancy and warplint-register-spill skipped for sm_86
//
// No note: every architecture covered, no --arch, no kernel in the file.
// RUN: not %warplint --checks=warplint-register-spill --arch=sm_80,sm_90a --ptxas-report=%S/Inputs/kernels.ptxas.txt %s -- %cuda_flags -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: not %warplint --checks=warplint-register-spill --ptxas-report=%S/Inputs/kernels.ptxas.txt %s -- %cuda_flags -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: printf '#include <cuda.h>\n__device__ int twice(int x) { return 2 * x; }\n' > %t/nokernel.cu
// RUN: %warplint --verbose --arch=sm_86 --ptxas-report=%S/Inputs/kernels.ptxas.txt %t/nokernel.cu -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: {{warplint: note:|remark:}}
//
// The plugin: one remark for a host + device compile.
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-arch=sm_86 -fplugin-arg-warplint-ptxas-report=%S/Inputs/kernels.ptxas.txt %cuda_flags -I%S/Inputs %s 2>&1 | FileCheck %s --check-prefix=PLUGIN --implicit-check-not=remark: %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-arch=sm_80 -fplugin-arg-warplint-ptxas-report=%S/Inputs/kernels.ptxas.txt %cuda_flags -I%S/Inputs %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty --implicit-check-not=remark: %}
// PLUGIN: remark: warplint: {{.*}}missing-arch.cu: no ptxas report for sm_86 (the report covers sm_80, sm_90); warplint-occupancy and warplint-register-spill skipped for sm_86: pass a report of a build for sm_86 with -fplugin-arg-warplint-ptxas-report=FILE
//
// clang-tidy: one remark, from warplint-occupancy when it is enabled, else
// from warplint-register-spill.
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-occupancy,warplint-register-spill' -config="{CheckOptions: {PtxasReport: '%S/Inputs/kernels.ptxas.txt', Arch: sm_86}}" %s -- %cuda_flags -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=TIDY --implicit-check-not=remark: %}
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-register-spill' -config="{CheckOptions: {PtxasReport: '%S/Inputs/kernels.ptxas.txt', Arch: 'sm_80,sm_86'}}" %s -- %cuda_flags -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=TIDYSPILL --implicit-check-not=remark: %}
// TIDY: remark: {{.*}}missing-arch.cu: no ptxas report for sm_86 (the report covers sm_80, sm_90); warplint-occupancy and warplint-register-spill skipped for sm_86: set PtxasReport to a report of a build for sm_86 [warplint-occupancy]
// TIDYSPILL: remark: {{.*}}missing-arch.cu: no ptxas report for sm_86 (the report covers sm_80, sm_90); warplint-register-spill skipped for sm_86: set PtxasReport to a report of a build for sm_86 [warplint-register-spill]

#include "kernels.cu"
