// compile-database.test: not in the database; its command is inferred from
// the nearest entry, clang_entry.cu, which provides -I and FROM_DEFINE.
#include <cuda_runtime.h>
#include "sizes.h"
__global__ void kOther(float *p) {}
void runOther(float *p) { kOther<<<1, ODD_THREADS + FROM_DEFINE + 1>>>(p); }
