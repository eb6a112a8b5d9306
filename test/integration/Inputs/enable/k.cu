// Compiled as C++ in CUDA mode by the enable test.
__global__ void k() {}
