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
// Said once per build directory (build-dir=, as warplint_enable passes it):
// the second file of the build gets no remark, another build directory does.
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-build-dir=%t/build %cuda_flags -I%S/Inputs %s 2>&1 | FileCheck %s --check-prefix=ONCE --implicit-check-not=remark: -DB=%t/build %}
// RUN: %if plugin %{ cp %s %t/second.cu && %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-build-dir=%t/build %cuda_flags -I%S/Inputs %t/second.cu 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-build-dir=%t/other %cuda_flags -I%S/Inputs %t/second.cu 2>&1 | FileCheck %s --check-prefix=ONCE --implicit-check-not=remark: -DB=%t/other %}
// ONCE: remark: warplint: {{.*}}.cu: no ptxas report; warplint-occupancy and warplint-register-spill skipped: pass one with -fplugin-arg-warplint-ptxas-report=FILE (the output of nvcc -Xptxas -v), or leave them out of -fplugin-arg-warplint-checks (said once for the build in [[B]], not per file)
// A directory where nothing can be recorded: said each time rather than never.
// RUN: %if plugin %{ touch %t/file && %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-build-dir=%t/file %cuda_flags -I%S/Inputs %s 2>&1 | FileCheck %s --check-prefix=PLUGIN %}
// RUN: %if plugin %{ %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-set-up-by=make %cuda_flags -I%S/Inputs %s 2>&1 | FileCheck %s --check-prefix=BADARG %}
// BADARG: warning: warplint: set-up-by takes warplint_enable, not 'make'; argument ignored
//
// clang-tidy with a compilation database: one remark for two files.
// RUN: %if clang-tidy %{ mkdir -p %t/db && cp %s %t/db/a.cu && cp %s %t/db/b.cu && printf '[{"directory":"%t/db","file":"a.cu","arguments":["clang++","-x","cuda","--cuda-host-only","-nocudainc","-nocudalib","--cuda-gpu-arch=sm_80","-Wno-unknown-cuda-version","-isystem","%cuda_inputs","-I%S/Inputs","-c","a.cu"]},{"directory":"%t/db","file":"b.cu","arguments":["clang++","-x","cuda","--cuda-host-only","-nocudainc","-nocudalib","--cuda-gpu-arch=sm_80","-Wno-unknown-cuda-version","-isystem","%cuda_inputs","-I%S/Inputs","-c","b.cu"]}]' > %t/db/compile_commands.json %}
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-occupancy' -p %t/db %t/db/a.cu 2>&1 | FileCheck %s --check-prefix=TIDYONCE --implicit-check-not=remark: %}
// RUN: %if clang-tidy %{ %clang_tidy --load=%warplint_tidy --checks='-*,warplint-occupancy' -p %t/db %t/db/b.cu 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty %}
// TIDYONCE: remark: {{.*}}a.cu: no ptxas report; warplint-occupancy skipped: set the option PtxasReport to the output of nvcc -Xptxas -v (said once for the build in {{.*}}db, not per file) [warplint-occupancy]
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
