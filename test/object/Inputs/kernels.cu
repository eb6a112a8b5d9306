// Kernels whose resources the object records in different places
// (test/object/agree-*.test compares them with ptxas -v).

// Static shared memory, one array and two of different alignment.
__global__ void oneArray(float *o) {
  __shared__ float t[100];
  t[threadIdx.x] = o[threadIdx.x];
  __syncthreads();
  o[threadIdx.x] = t[99 - threadIdx.x];
}
__global__ void twoArrays(double *o) {
  __shared__ double a[33];
  __shared__ char b[3];
  a[threadIdx.x] = o[threadIdx.x];
  b[threadIdx.x % 3] = 1;
  __syncthreads();
  o[threadIdx.x] = a[32 - threadIdx.x] + b[2];
}

// Named barriers: ptxas counts up to the highest one used.
__global__ void namedBarriers(int *o) {
  asm volatile("bar.sync 3, 64;");
  asm volatile("bar.sync 5, 64;");
  o[threadIdx.x] = 1;
}

// extern "C" (no mangling) with __launch_bounds__.
extern "C" __global__ void __launch_bounds__(128, 3) plainC(int *o) {
  o[threadIdx.x] = 2;
}

// A recursive device function: a stack frame on some architectures.
__device__ int recurse(int n) {
  int a[20];
  for (int i = 0; i < 20; i++)
    a[i] = n * i;
  return n <= 0 ? a[n & 7] : recurse(n - 1) + a[(n * 7) % 20];
}
__global__ void callsRecursive(int *o, int n) { o[threadIdx.x] = recurse(n); }

// A local array indexed at run time: a stack frame.
__global__ void localArray(float *o, int k) {
  float a[64];
  for (int i = 0; i < 64; i++)
    a[i] = o[i] * i;
  o[threadIdx.x] = a[k & 63];
}

// Template instantiations, their shared memory sized by the argument.
template <int N> __global__ void tiled(float *o) {
  __shared__ float t[N];
  t[threadIdx.x % N] = 1;
  __syncthreads();
  o[0] = t[1];
}
template __global__ void tiled<64>(float *);
template __global__ void tiled<512>(float *);

namespace math {
struct Vec {
  float x, y;
};
__global__ void inNamespace(Vec *v) { v[threadIdx.x].x += v[threadIdx.x].y; }
} // namespace math
