// --check-option=check.Option=value: warplint-block-size.LaunchBounds=false
// ignores __launch_bounds__; the boolean spellings of the docs are accepted;
// an unknown key, an unknown check or a bad boolean is a usage error (exit 2).
//
// RUN: not %warplint %s -- %cuda_flags | FileCheck %s --check-prefixes=CHECK,BOUNDS -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --check-option=warplint-block-size.LaunchBounds=true %s -- %cuda_flags | FileCheck %s --check-prefixes=CHECK,BOUNDS -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --check-option=warplint-block-size.LaunchBounds=false %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --check-option=warplint-block-size.LaunchBounds=0 %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --check-option=warplint-block-size.LaunchBounds=no %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --check-option=warplint-block-size.LaunchBounds=off %s -- %cuda_flags | FileCheck %s -implicit-check-not='{{warning|error}}:'
// RUN: not %warplint --check-option=warplint-block-size.LaunchBounds=on %s -- %cuda_flags | FileCheck %s --check-prefixes=CHECK,BOUNDS -implicit-check-not='{{warning|error}}:'
//
// RUN: not %warplint --check-option=warplint-block-size.LaunchBounds=maybe %s -- %cuda_flags > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=BADBOOL --input-file=%t.err --match-full-lines
// RUN: FileCheck %s --check-prefix=EMPTY --allow-empty --input-file=%t.out
// RUN: sh -c '%warplint --check-option=warplint-block-size.LaunchBounds=maybe %s -- %cuda_flags; echo status=$?' 2>/dev/null | FileCheck %s --check-prefix=STATUS
// RUN: not %warplint --check-option=warplint-block-size.NoSuchOption=true %s -- %cuda_flags > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=BADKEY --input-file=%t.err --match-full-lines -DKEY=warplint-block-size.NoSuchOption
// RUN: FileCheck %s --check-prefix=EMPTY --allow-empty --input-file=%t.out
// RUN: sh -c '%warplint --check-option=NoDot=true %s -- %cuda_flags; echo status=$?' 2>&1 | FileCheck %s --check-prefixes=BADKEY,STATUS -DKEY=NoDot
// RUN: not %warplint --check-option=warplint-block-size.LaunchBounds %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=NOVALUE

#include <cuda.h>

__global__ void k(float *p) {}
__global__ void __launch_bounds__(100) k100(float *p) {}
// BOUNDS: check-option.cu:[[@LINE-1]]:17: warning: __launch_bounds__ of 'k100' allows at most 100 threads per block

void run(float *p) {
  k100<<<1, 128>>>(p);
  // BOUNDS: check-option.cu:[[@LINE-1]]:13: error: launch of 'k100' cannot succeed: block 128x1x1 has 128 threads, above the kernel's __launch_bounds__ maximum of 100
  // BOUNDS: note: 'k100' is declared with __launch_bounds__(100) here
  k<<<1, 2048>>>(p);
  // The hardware limits are checked either way.
  // CHECK: check-option.cu:[[@LINE-2]]:10: error: launch of 'k' cannot succeed: blockDim.x is 2048
}

// BADBOOL: warplint: error: check option 'warplint-block-size.LaunchBounds' takes true or false, not 'maybe'
// BADBOOL-NOT: {{.}}
// BADKEY: warplint: error: unknown check option '[[KEY]]'; known: warplint-block-size.LaunchBounds, warplint-occupancy.MinOccupancy, warplint-bank-conflict.BlockDim, warplint-bank-conflict.MaxSteps, warplint-bank-conflict.MaxFileSteps, warplint-bank-conflict.ReportPossible
// BADKEY-NOT: {{.}}
// EMPTY-NOT: {{.}}
// STATUS: status=2
// NOVALUE: warplint: error: check option 'warplint-block-size.LaunchBounds' is not of the form check-name.Option=value
