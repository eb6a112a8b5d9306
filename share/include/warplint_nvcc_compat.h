/*===-- warplint_nvcc_compat.h - What nvcc declares and clang lacks ---------===
 *
 * Real CUDA code is written for nvcc. When warplint parses a file with a CUDA
 * toolkit, clang-22 reads the toolkit's headers through its own wrapper,
 * __clang_cuda_runtime_wrapper.h, which leaves some of them out and replaces
 * others; code that uses what nvcc declares and clang does not gets a clang
 * error, and warplint skips every function that contains one. The tool
 * force-includes this header (-include, right after clang's wrapper, before
 * the source and the user's own -include files) so that such code parses as
 * it does with nvcc. `warplint --verbose` shows it in the command it prints.
 *
 * Rules:
 * - Only what nvcc declares and clang-22 lacks, each with the nvcc header it
 *   mirrors and the reason clang's headers do not provide it.
 * - Nothing that changes the meaning of code that both clang and nvcc
 *   accept: every function is a template (with an unused, defaulted
 *   parameter) so that a non-template with the same signature, declared by
 *   the user's code or by a later clang's headers, is preferred to it and is
 *   no redefinition.
 * - Definitions have nvcc's semantics where that is simple (a cache hint is
 *   dropped: a plain load or store).
 *
 * It is used only with a toolkit: the built-in prelude (-nocudainc) replaces
 * clang's wrapper and the toolkit's headers, so what it lacks belongs in it.
 * The Clang plugin and the clang-tidy module run inside the user's own
 * compiler and do not include it: they must not change the compilation.
 *
 * Installed as share/warplint/include/warplint_nvcc_compat.h, for reading.
 *===----------------------------------------------------------------------===*/
#pragma clang system_header
#ifndef WARPLINT_NVCC_COMPAT_H
#define WARPLINT_NVCC_COMPAT_H

#if defined(__cplusplus) && defined(__CUDA__) &&                              \
    defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)

/* 1. The C and C++ headers nvcc's own headers include.
 *
 * nvcc includes cuda_runtime.h in every .cu file; through it,
 * crt/common_functions.h includes <string.h>, <time.h>, <stdio.h>,
 * <stdlib.h> and <assert.h>, and crt/math_functions.h (which it includes)
 * includes <math.h>, <stdlib.h>, <cmath> and <cstdlib>. clang's wrapper
 * defines __COMMON_FUNCTIONS_H__ and __MATH_FUNCTIONS_H__ so that neither
 * header is read, and includes only some of these itself. Code compiled
 * with nvcc often relies on them without including them: printf, assert,
 * clock and CLOCKS_PER_SEC, and isfinite, isnan, isinf in the global
 * namespace (from the C++ <math.h>) called from host code. */
#include <string.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>
#include <math.h>
#include <cmath>
#include <cstdlib>

/* 2. Cache-hinted loads and stores.
 *
 * nvcc's sm_32_intrinsics.h (which cuda_runtime.h includes through
 * crt/device_functions.h) declares __ldg, __ldcg, __ldca, __ldcs, __ldlu,
 * __ldcv, __stwb, __stcg, __stcs and __stwt for 30 types each: the integer
 * and floating types and their 2- and 4-element vector types. clang's wrapper
 * does not include that header (its inline assembly would hide the loads
 * from the optimiser; it defines __DEVICE_FUNCTIONS_H__ so that
 * crt/device_functions.h is not read) and defines its own in
 * __clang_cuda_intrinsics.h, which lack __ldca, __ldlu, __stwb, __stcg and
 * __stcs altogether, the unsigned long overloads of __ldcg, __ldcs and
 * __ldcv, and the long and unsigned long overloads of __stwt. These are
 * declared here, as nvcc does (device functions, for sm_32 and later), with
 * the hint dropped. The __half and __nv_bfloat16 overloads come from
 * cuda_fp16.h and cuda_bf16.h, which clang reads as nvcc does. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 320

#define __WARPLINT_LOAD(Name, Type)                                            \
  template <class = void>                                                      \
  static __device__ __inline__ Type Name(const Type *__ptr) {                  \
    return *__ptr;                                                             \
  }
#define __WARPLINT_STORE(Name, Type)                                           \
  template <class = void>                                                      \
  static __device__ __inline__ void Name(Type *__ptr, Type __value) {          \
    *__ptr = __value;                                                          \
  }
/* The 30 types of sm_32_intrinsics.h, in its order. */
#define __WARPLINT_EACH_TYPE(Def, Name)                                        \
  Def(Name, long) Def(Name, unsigned long) Def(Name, char)                     \
  Def(Name, signed char) Def(Name, short) Def(Name, int)                       \
  Def(Name, long long) Def(Name, char2) Def(Name, char4) Def(Name, short2)     \
  Def(Name, short4) Def(Name, int2) Def(Name, int4) Def(Name, longlong2)       \
  Def(Name, unsigned char) Def(Name, unsigned short) Def(Name, unsigned int)   \
  Def(Name, unsigned long long) Def(Name, uchar2) Def(Name, uchar4)            \
  Def(Name, ushort2) Def(Name, ushort4) Def(Name, uint2) Def(Name, uint4)      \
  Def(Name, ulonglong2) Def(Name, float) Def(Name, double) Def(Name, float2)   \
  Def(Name, float4) Def(Name, double2)

__WARPLINT_EACH_TYPE(__WARPLINT_LOAD, __ldca)
__WARPLINT_EACH_TYPE(__WARPLINT_LOAD, __ldlu)
__WARPLINT_EACH_TYPE(__WARPLINT_STORE, __stwb)
__WARPLINT_EACH_TYPE(__WARPLINT_STORE, __stcg)
__WARPLINT_EACH_TYPE(__WARPLINT_STORE, __stcs)
__WARPLINT_LOAD(__ldcg, unsigned long)
__WARPLINT_LOAD(__ldcs, unsigned long)
__WARPLINT_LOAD(__ldcv, unsigned long)
__WARPLINT_STORE(__stwt, long)
__WARPLINT_STORE(__stwt, unsigned long)

#undef __WARPLINT_EACH_TYPE
#undef __WARPLINT_STORE
#undef __WARPLINT_LOAD

#endif /* !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 320 */

/* 3. min and max in host code.
 *
 * nvcc's crt/math_functions.hpp defines min and max as
 * `static inline __host__ __device__` for every pair of int, unsigned int,
 * long, unsigned long, long long, unsigned long long (mixed signs too),
 * float and double, and, for host code only, int min(int, int),
 * int max(int, int), umin, umax, llmin, llmax, ullmin and ullmax. Host code
 * such as `max(n / 256, 1)` compiles with nvcc. clang's wrapper reads that
 * header with __host__ defined away, and __clang_cuda_math.h defines
 * min(int, int) and the others for the device only, so clang finds no
 * host min or max. The host overloads are declared here, with nvcc's
 * types and results. */
template <class _Tp>
static __host__ __inline__ _Tp __warplint_min(const _Tp __a, const _Tp __b) {
  return __a < __b ? __a : __b;
}
template <class _Tp>
static __host__ __inline__ _Tp __warplint_max(const _Tp __a, const _Tp __b) {
  return __a > __b ? __a : __b;
}
/* Both arguments converted to Result, as nvcc does; fmin and fmax (which
   prefer a number to a NaN) for float and double, as nvcc does. */
#define __WARPLINT_MINMAX(Result, A, B, Min, Max)                              \
  template <class = void>                                                      \
  static __host__ __inline__ Result min(const A __a, const B __b) {            \
    return Min(static_cast<Result>(__a), static_cast<Result>(__b));            \
  }                                                                            \
  template <class = void>                                                      \
  static __host__ __inline__ Result max(const A __a, const B __b) {            \
    return Max(static_cast<Result>(__a), static_cast<Result>(__b));            \
  }
#define __WARPLINT_IMINMAX(Result, A, B)                                       \
  __WARPLINT_MINMAX(Result, A, B, __warplint_min<Result>,                      \
                    __warplint_max<Result>)
__WARPLINT_IMINMAX(int, int, int)
__WARPLINT_IMINMAX(unsigned int, unsigned int, unsigned int)
__WARPLINT_IMINMAX(unsigned int, int, unsigned int)
__WARPLINT_IMINMAX(unsigned int, unsigned int, int)
__WARPLINT_IMINMAX(long, long, long)
__WARPLINT_IMINMAX(unsigned long, unsigned long, unsigned long)
__WARPLINT_IMINMAX(unsigned long, long, unsigned long)
__WARPLINT_IMINMAX(unsigned long, unsigned long, long)
__WARPLINT_IMINMAX(long long, long long, long long)
__WARPLINT_IMINMAX(unsigned long long, unsigned long long, unsigned long long)
__WARPLINT_IMINMAX(unsigned long long, long long, unsigned long long)
__WARPLINT_IMINMAX(unsigned long long, unsigned long long, long long)
__WARPLINT_MINMAX(float, float, float, ::fminf, ::fmaxf)
__WARPLINT_MINMAX(double, double, double, ::fmin, ::fmax)
__WARPLINT_MINMAX(double, float, double, ::fmin, ::fmax)
__WARPLINT_MINMAX(double, double, float, ::fmin, ::fmax)
#undef __WARPLINT_IMINMAX
#undef __WARPLINT_MINMAX

#define __WARPLINT_HOST_MINMAX(Type, Min, Max)                                 \
  template <class = void>                                                      \
  static __host__ __inline__ Type Min(const Type __a, const Type __b) {        \
    return __warplint_min<Type>(__a, __b);                                     \
  }                                                                            \
  template <class = void>                                                      \
  static __host__ __inline__ Type Max(const Type __a, const Type __b) {        \
    return __warplint_max<Type>(__a, __b);                                     \
  }
__WARPLINT_HOST_MINMAX(unsigned int, umin, umax)
__WARPLINT_HOST_MINMAX(long long, llmin, llmax)
__WARPLINT_HOST_MINMAX(unsigned long long, ullmin, ullmax)
#undef __WARPLINT_HOST_MINMAX

#endif /* __cplusplus && __CUDA__ && __CLANG_CUDA_RUNTIME_WRAPPER_H__ */
#endif /* WARPLINT_NVCC_COMPAT_H */
