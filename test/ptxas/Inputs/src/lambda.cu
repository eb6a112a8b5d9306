// A namespace, a kernel template with a non-type parameter and a recursive
// device function (a stack frame) for the fixtures of test/ptxas.
namespace math {
__device__ int fib(int N) { return N < 2 ? N : fib(N - 1) + fib(N - 2); }

template <int Unroll> __global__ void fibs(int *Out) {
  Out[threadIdx.x] = fib(threadIdx.x % Unroll);
}
template __global__ void fibs<4>(int *);
} // namespace math

__global__ void empty() {}
