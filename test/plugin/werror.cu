// The plugin's findings are warnings that the user's -Werror does not turn
// into errors (the compile succeeds); -fplugin-arg-warplint-werror makes every
// finding an error, and the compile fails.
//
// REQUIRES: plugin
// RUN: %clang -fsyntax-only -Werror -fplugin=%warplint_plugin %cuda_flags %s 2>&1 | FileCheck %s --check-prefix=WARN -implicit-check-not='{{warning|error}}:'
// RUN: %clang -fsyntax-only -Werror -fplugin=%warplint_plugin %cuda_flags -Xclang -verify=warn %s
// RUN: %clang -fsyntax-only -Werror=unused-variable -fplugin=%warplint_plugin %cuda_flags -Xclang -verify=warn %s
//
// RUN: not %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-werror %cuda_flags %s 2>&1 | FileCheck %s --check-prefix=ERR -implicit-check-not='{{warning|error}}:'
// RUN: %clang -fsyntax-only -fplugin=%warplint_plugin -fplugin-arg-warplint-werror %cuda_flags -Xclang -verify=err %s
//
// The user's -Werror still applies to clang's own warnings.
// RUN: not %clang -fsyntax-only -Werror -Wunused-variable -fplugin=%warplint_plugin %cuda_flags -DUNUSED %s 2>&1 | FileCheck %s --check-prefix=CLANG

#include <cuda.h>

__global__ void k(float *p) {}

void run(float *p) {
  k<<<1, 100>>>(p); // #partial
  // WARN: werror.cu:[[@LINE-1]]:10: warning: launch of 'k' uses a block of 100 threads
  // ERR:  werror.cu:[[@LINE-2]]:10: error: launch of 'k' uses a block of 100 threads
  k<<<1, 2048>>>(p); // #toobig
  // WARN: werror.cu:[[@LINE-1]]:10: warning: launch of 'k' cannot succeed
  // ERR:  werror.cu:[[@LINE-2]]:10: error: launch of 'k' cannot succeed
#ifdef UNUSED
  int unused = 0;
  // CLANG: werror.cu:[[@LINE-1]]:7: error: unused variable 'unused' [-Werror,-Wunused-variable]
#endif
}

#ifndef __CUDA_ARCH__
// warn-warning@#partial {{launch of 'k' uses a block of 100 threads}}
// warn-warning@#toobig {{launch of 'k' cannot succeed}}
// err-error@#partial {{launch of 'k' uses a block of 100 threads}}
// err-error@#toobig {{launch of 'k' cannot succeed}}
// The remark on the ptxas report stays a remark.
// warn-remark@*:* {{werror.cu: no ptxas report}}
// err-remark@*:* {{werror.cu: no ptxas report}}
#else
// warn-no-diagnostics
// err-no-diagnostics
#endif
