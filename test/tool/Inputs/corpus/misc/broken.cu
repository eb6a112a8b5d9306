// Input of corpus.test: no function parses, so warplint cannot analyse the
// file (exit status 2), unless -DFIXED is given after a second '--'.
__global__ void k(float *p) {
  __shared__ float s[32];
#ifdef FIXED
  s[threadIdx.x] = p[threadIdx.x];
#else
  s[threadIdx.x] = undeclared(p);
#endif
}
