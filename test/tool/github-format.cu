// --format=github: one GitHub Actions workflow command per finding,
// ::warning or ::error, with file (relative to the current directory when
// under it), line, col and the check as title; notes are further lines of the
// message. '%', CR and LF are escaped in the message, and also ':' and ',' in
// the properties, as @actions/core does.
//
// RUN: rm -rf %t && mkdir -p %t/src && cp %s '%t/src/odd,name:1%.cu'
// RUN: cd %t && not %warplint --format=github 'src/odd,name:1%.cu' -- %cuda_flags > %t.out
// RUN: FileCheck %s --input-file=%t.out --match-full-lines
// A file outside the current directory keeps its absolute path.
// RUN: cd %t/src && not %warplint --format=github %s -- %cuda_flags | FileCheck %s --check-prefix=ABS
// No findings, no output; the exit status is as for any format.
// RUN: %warplint --format=github %s -- %cuda_flags -DCLEAN | FileCheck %s --check-prefix=CLEAN --allow-empty

#include <cuda.h>

__global__ void k(float *p) {}
__global__ void __launch_bounds__(64) k64(float *p) {}

void run(float *p) {
#ifndef CLEAN
  k<<<1, 100>>>(p);
  // CHECK: ::warning file=src/odd%2Cname%3A1%25.cu,line=[[@LINE-1]],col=10,title=warplint-block-size::launch of 'k' uses a block of 100 threads (100x1x1), not a multiple of the warp size 32: 4 warps with 28 idle lanes (21.9%25)
  dim3 b(7, 3, 3);
  k<<<1, b>>>(p);
  // CHECK-NEXT: ::warning file=src/odd%2Cname%3A1%25.cu,line=[[@LINE-1]],col=10,title=warplint-block-size::launch of 'k' uses a block of 63 threads (7x3x3), not a multiple of the warp size 32: 2 warps with 1 idle lane (1.6%25)%0Anote: src/odd,name:1%25.cu:[[@LINE-2]]:8: block shape 7x3x3 defined here
  k64<<<1, 96>>>(p);
  // CHECK-NEXT: ::error file=src/odd%2Cname%3A1%25.cu,line=[[@LINE-1]],col=12,title=warplint-block-size::launch of 'k64' cannot succeed: block 96x1x1 has 96 threads, above the kernel's __launch_bounds__ maximum of 64%0Anote: src/odd,name:1%25.cu:18:17: 'k64' is declared with __launch_bounds__(64) here
#endif
}

// ABS: ::warning file=/{{.*}}/github-format.cu,line=
// CLEAN-NOT: {{.}}
