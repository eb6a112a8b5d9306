__global__ void k(float *o) { o[threadIdx.x] = 0; }
void run(float *o, int n) {
  k<<<1, n>>>(o);
  k<<<1, 64, n>>>(o);
  k<<<1, 64>>>(o);
}
