// A compile with no ptxas report (the plugin in a clang build, as
// warplint_enable sets it up; clang-tidy without PtxasReport) says, once per
// file with kernels, that warplint-occupancy and warplint-register-spill were
// skipped and how to give them a report; -Werror leaves it a remark and the
// compile succeeds. Nothing when those checks are off or the file has no
// kernel. The tool, where no report is the documented way to run without
// them, says it with --verbose only.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %if plugin %{ %clang -fsyntax-only -Werror -fplugin=%warplint_plugin %cuda_flags -I%S/Inputs %s 2>&1 | FileCheck %s --check-prefix=PLUGIN --implicit-check-not=remark: %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-register-spill %cuda_flags -I%S/Inputs %s 2>&1 | FileCheck %s --check-prefix=SPILL --implicit-check-not=remark: %}
// PLUGIN: remark: warplint: {{.*}}no-report.cu: no ptxas report; warplint-occupancy and warplint-register-spill skipped: pass one with -fplugin-arg-warplint-ptxas-report=FILE (the output of nvcc -Xptxas -v), or leave them out of -fplugin-arg-warplint-checks
// SPILL: remark: warplint: {{.*}}no-report.cu: no ptxas report; warplint-register-spill skipped: pass one with
//
// -Xclang -verify sees the remark as a diagnostic without a location.
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-occupancy %cuda_flags -I%S/Inputs -Xclang -verify %s %}
//
// Nothing when the two checks are off, or for a file without a kernel.
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-checks=warplint-block-size %cuda_flags -I%S/Inputs %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty %}
// RUN: printf '#include <cuda.h>\n__device__ int twice(int x) { return 2 * x; }\n' > %t/nokernel.cu
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_flags %t/nokernel.cu 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty %}
// QUIET-NOT: {{warplint: note:|remark:}}
//
// clang-tidy: one remark, from warplint-occupancy when it is enabled.
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-*' --extra-arg=--cuda-host-only %s -- %cuda_flags -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=TIDY --implicit-check-not=remark: %}
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-block-size' %s -- %cuda_flags -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty %}
// TIDY: remark: {{.*}}no-report.cu: no ptxas report; warplint-occupancy and warplint-register-spill skipped: set the option PtxasReport to the output of nvcc -Xptxas -v [warplint-occupancy]
//
// The tool: with --verbose only.
// RUN: %warplint --checks=warplint-occupancy,warplint-register-spill %s -- %cuda_flags -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %warplint --verbose --checks=warplint-occupancy,warplint-register-spill %s -- %cuda_flags -I%S/Inputs 2>&1 | FileCheck %s --check-prefix=TOOL
// TOOL: warplint: note: {{.*}}no-report.cu: no ptxas report; warplint-occupancy and warplint-register-spill skipped: pass --ptxas-report=FILE (the output of nvcc -Xptxas -v) or --run-ptxas

#include "kernels.cu"

#ifndef __CUDA_ARCH__
// expected-remark@*:* {{no-report.cu: no ptxas report; warplint-occupancy skipped: pass one with -fplugin-arg-warplint-ptxas-report=FILE}}
#else
// expected-no-diagnostics
#endif
