__global__ void k(float *o) {
  __shared__ float t[32][32];
  o[0] = t[threadIdx.x][0]; // NOLINT(warplint-bank-conflict)
  // NOLINTNEXTLINE(warplint-*, -warplint-occupancy)
  o[1] = t[threadIdx.x][1];
  // NOLINTBEGIN
  o[2] = t[threadIdx.x][2];
  // NOLINTEND
}
