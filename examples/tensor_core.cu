// tensor_core.cu: the shared-memory tile of a tensor-core GEMM, filled by
// cp.async and read by ldmatrix (inline PTX), with and without a swizzle.
//
// What warplint says, and why:
//   - tilePlain keeps a 64x64 tile of 16-bit elements (half, bfloat16) row
//     by row: each row is 128 bytes, so the eight 16-byte rows that one
//     ldmatrix matrix reads (lanes 0..7 give their addresses) all fall in
//     banks 0..3: an 8-way conflict on every matrix. The cp.async copy that
//     fills the tile is conflict-free. warplint names the relayouts that
//     make both accesses conflict-free: pad each row by 16 bytes, or XOR the
//     16-byte chunk with the row modulo 8.
//   - tileSwizzled stores chunk c of row r at chunk c ^ (r % 8), in the copy
//     and in the read: no conflict, nothing reported.
#include <cuda_runtime.h>
#include <cstdint>

constexpr int Rows = 64, Cols = 64; // 16-bit elements

__device__ uint32_t sharedAddress(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// cp.async of 16 bytes from global memory into shared memory (sm_80).
__device__ void copy16(uint32_t dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst),
               "l"(src));
}

// ldmatrix of four 8x8 matrices of 16-bit elements (sm_75).
__device__ void loadMatrices(uint32_t addr, uint32_t (&r)[4]) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}

__global__ void tilePlain(const unsigned short *a, unsigned *out) {
  __shared__ __align__(16) unsigned short tile[Rows][Cols];
  int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  for (int i = 0; i < 4; ++i) {
    int chunk = tid + i * 128, row = chunk / 8, col = chunk % 8 * 8;
    copy16(sharedAddress(&tile[row][col]), a + row * Cols + col);
  }
  asm volatile("cp.async.wait_all;\n");
  __syncthreads();
  uint32_t r[4];
  loadMatrices(sharedAddress(&tile[warp * 16 + lane % 16][lane / 16 * 8]), r);
  out[tid] = r[0] ^ r[1] ^ r[2] ^ r[3];
}

__global__ void tileSwizzled(const unsigned short *a, unsigned *out) {
  __shared__ __align__(16) unsigned short tile[Rows][Cols];
  int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  for (int i = 0; i < 4; ++i) {
    int chunk = tid + i * 128, row = chunk / 8, c = chunk % 8;
    copy16(sharedAddress(&tile[row][(c ^ row % 8) * 8]), a + row * Cols + c * 8);
  }
  asm volatile("cp.async.wait_all;\n");
  __syncthreads();
  uint32_t r[4];
  int row = warp * 16 + lane % 16;
  loadMatrices(sharedAddress(&tile[row][(lane / 16 ^ row % 8) * 8]), r);
  out[tid] = r[0] ^ r[1] ^ r[2] ^ r[3];
}

int main() {
  unsigned short *a;
  unsigned *out;
  cudaMalloc(&a, Rows * Cols * sizeof(unsigned short));
  cudaMalloc(&out, 128 * sizeof(unsigned));
  tilePlain<<<1, 128>>>(a, out);
  tileSwizzled<<<1, 128>>>(a, out);
  return cudaDeviceSynchronize() != cudaSuccess;
}
