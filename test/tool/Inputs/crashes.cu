// Makes clang's parser crash (a trap), to test that warplint contains it.
#include <cuda.h>
__global__ void crashes(float *out) {
#pragma clang __debug crash
}
