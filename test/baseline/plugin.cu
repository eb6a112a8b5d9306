// The plugin drops the findings of a baseline too
// (-fplugin-arg-warplint-baseline=FILE, or the Baseline of .warplint.yaml),
// matched as the tool matches them: a baseline the tool wrote silences them
// in the plugin. A baseline it cannot read is a warning, and every finding is
// reported.
//
// REQUIRES: plugin
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: cd %t && %warplint --write-baseline=b.json k.cu -- %cuda_flags
// RUN: cd %t && %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-baseline=b.json %cuda_flags k.cu -Xclang -verify=known
// With a new finding, only it.
// RUN: cd %t && %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-baseline=%t/b.json %cuda_flags -DNEW k.cu -Xclang -verify=new
// The Baseline of .warplint.yaml.
// RUN: echo 'Baseline: b.json' > %t/.warplint.yaml
// RUN: cd %t && %clang -fsyntax-only -fplugin=%warplint_plugin %cuda_flags k.cu -Xclang -verify=known
// An argument wins over it.
// RUN: echo '{"version": 1, "findings": []}' > %t/empty.json
// RUN: cd %t && %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-baseline=empty.json %cuda_flags k.cu -Xclang -verify=all
// A missing one: a warning, the findings, status 0 even with -Werror.
// RUN: cd %t && %clang -fsyntax-only -Werror -fplugin=%warplint_plugin -fplugin-arg-warplint-baseline=nope.json -fplugin-arg-warplint-no-config %cuda_flags k.cu 2>&1 | FileCheck %s -implicit-check-not='{{warning|error}}:'
// CHECK: warning: warplint: ignoring baseline: cannot read the baseline 'nope.json': No such file or directory
// CHECK:      k.cu:{{[0-9]+}}:10: warning: launch of 'k' uses a block of 100 threads
// CHECK-NEXT: k<<<1, 100>>>(p); // #{{first}}
// CHECK:      k.cu:{{[0-9]+}}:10: warning: launch of 'k' uses a block of 100 threads
// CHECK-NEXT: k<<<1, 100>>>(p); // #{{second}}

#include <cuda.h>

__global__ void k(float *p) {}

void run(float *p) {
  k<<<1, 100>>>(p); // #first
  k<<<1, 100>>>(p); // #second
#ifdef NEW
  k<<<1, 100>>>(p); // #third
  k<<<1, 99>>>(p); // #other
#endif
}

#ifndef __CUDA_ARCH__
// all-warning@#first {{uses a block of 100 threads}}
// all-warning@#second {{uses a block of 100 threads}}
// new-warning@#third {{uses a block of 100 threads}}
// new-warning@#other {{uses a block of 99 threads}}
// No ptxas report: the remark that says so, which a baseline does not drop.
// all-remark@*:* {{no ptxas report}}
// new-remark@*:* {{no ptxas report}}
// known-remark@*:* {{no ptxas report}}
#else
// all-no-diagnostics
// new-no-diagnostics
// known-no-diagnostics
#endif
