// A header whose launches are silenced by its own NOLINT comments.
#pragma once
__global__ void hk(float *p) {}
inline void headerLaunch(float *p) {
  hk<<<1, 100>>>(p); // NOLINT(warplint-block-size)
  hk<<<1, 101>>>(p);
}
