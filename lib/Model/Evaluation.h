//===-- Evaluation.h - What the two evaluators share ------------*- C++ -*-===//
//
// The arithmetic of LinearValues (a constant plus uniform symbols) and the
// test of a warp-uniform node: the scalar evaluator (ThreadEvaluator.cpp)
// and the warp evaluator (WarpEvaluator.cpp) must agree on both. Private to
// lib/Model.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_LIB_MODEL_EVALUATION_H
#define WARPLINT_LIB_MODEL_EVALUATION_H

#include "warplint/Model/ThreadExpr.h"
#include <optional>

namespace warplint::model::detail {

inline LinearValue constantValue(int64_t V) {
  LinearValue L;
  L.C = V;
  return L;
}

inline LinearValue symbolValue(unsigned S, int64_t Coeff = 1) {
  LinearValue L;
  if (Coeff)
    L.Terms.push_back({S, Coeff});
  return L;
}

/// A + B * K; std::nullopt when a symbol's coefficient overflows (the
/// constant part wraps, as the 64-bit arithmetic it models does).
inline std::optional<LinearValue> addLinear(const LinearValue &A,
                                            const LinearValue &B, int64_t K) {
  LinearValue R;
  R.C = int64_t(uint64_t(A.C) + uint64_t(B.C) * uint64_t(K));
  size_t I = 0, J = 0;
  int64_t BK, C;
  while (I < A.Terms.size() || J < B.Terms.size()) {
    if (J == B.Terms.size() ||
        (I < A.Terms.size() && A.Terms[I].first < B.Terms[J].first)) {
      R.Terms.push_back(A.Terms[I++]);
    } else if (I == A.Terms.size() || B.Terms[J].first < A.Terms[I].first) {
      if (__builtin_mul_overflow(B.Terms[J].second, K, &BK))
        return std::nullopt;
      R.Terms.push_back({B.Terms[J].first, BK});
      ++J;
    } else {
      if (__builtin_mul_overflow(B.Terms[J].second, K, &BK) ||
          __builtin_add_overflow(A.Terms[I].second, BK, &C))
        return std::nullopt;
      if (C)
        R.Terms.push_back({A.Terms[I].first, C});
      ++I;
      ++J;
    }
  }
  return R;
}

/// A * K; std::nullopt when a symbol's coefficient overflows.
inline std::optional<LinearValue> scale(const LinearValue &A, int64_t K) {
  LinearValue R;
  R.C = int64_t(uint64_t(A.C) * uint64_t(K));
  if (K)
    for (auto [S, C] : A.Terms) {
      int64_t CK;
      if (__builtin_mul_overflow(C, K, &CK))
        return std::nullopt;
      R.Terms.push_back({S, CK});
    }
  return R;
}

/// Is N the same in every lane of a warp: it reads no threadIdx, or only
/// components that no warp of block shape B spans two values of
/// (threadIdx.y in a 32x8 block: `(2 + threadIdx.y) * C / 8`, each warp one
/// row). Its unknown value is then one value per warp. (The scalar and the
/// warp evaluator decide opaque symbols by it alike.)
inline bool isWarpUniform(const ExprPool &P, NodeId N, const Dim3 &B) {
  if (P.laneIndependent(N))
    return true;
  unsigned Uniform = (B.X == 1 ? 1u : 0u) |
                     (B.X % 32 == 0 || B.Y == 1 ? 2u : 0u) |
                     ((B.X * B.Y) % 32 == 0 || B.Z == 1 ? 4u : 0u);
  return (P.threadDimsRead(N) & ~Uniform) == 0;
}

} // namespace warplint::model::detail

#endif // WARPLINT_LIB_MODEL_EVALUATION_H
