// A minimal cuda::std::array with the shape of libcu++'s: the elements in
// a T __elems_[N] member, operator[] and begin()/end() returning
// references and pointers into them.
#pragma once
namespace cuda {
namespace std {
template <class T, unsigned long N> struct array {
  T __elems_[N];
  __host__ __device__ constexpr T &operator[](unsigned long i) noexcept {
    return __elems_[i];
  }
  __host__ __device__ constexpr const T &
  operator[](unsigned long i) const noexcept {
    return __elems_[i];
  }
  __host__ __device__ constexpr T *begin() noexcept { return __elems_; }
  __host__ __device__ constexpr T *end() noexcept { return __elems_ + N; }
  __host__ __device__ constexpr T *data() noexcept { return __elems_; }
};
} // namespace std
} // namespace cuda
