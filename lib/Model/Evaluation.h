//===-- Evaluation.h - What the two evaluators share ------------*- C++ -*-===//
//
// What the scalar evaluator (ThreadEvaluator.cpp) and the warp evaluator
// (WarpEvaluator.cpp) must agree on besides C's rules on constants
// (IntSemantics.h): the arithmetic of LinearValues (a constant plus uniform
// symbols), which operations keep symbols and how, and the test of a
// warp-uniform node. Private to lib/Model.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_LIB_MODEL_EVALUATION_H
#define WARPLINT_LIB_MODEL_EVALUATION_H

#include "IntSemantics.h"
#include "warplint/Model/ThreadExpr.h"
#include "llvm/ADT/STLExtras.h"
#include <optional>
#include <utility>

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
  R.C = wrapAddMul(A.C, B.C, K);
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

using Terms = decltype(LinearValue::Terms);

/// T * K; std::nullopt when a coefficient overflows (a zero K leaves no
/// symbol).
inline std::optional<Terms> scaleTerms(const Terms &T, int64_t K) {
  Terms R;
  if (K)
    for (auto [S, C] : T) {
      int64_t CK;
      if (__builtin_mul_overflow(C, K, &CK))
        return std::nullopt;
      R.push_back({S, CK});
    }
  return R;
}

/// A * K; std::nullopt when a symbol's coefficient overflows (the constant
/// part wraps).
inline std::optional<LinearValue> scale(const LinearValue &A, int64_t K) {
  std::optional<Terms> T = scaleTerms(A.Terms, K);
  if (!T)
    return std::nullopt;
  LinearValue R;
  R.C = wrapMul(A.C, K);
  R.Terms = std::move(*T);
  return R;
}

/// Does a cast from type From to type To keep the symbols T of a value: it
/// keeps every bit, or T are all shared-memory addresses and To has 32 bits
/// or more (see Symbol::SharedAddress)? Without symbols a cast is C's
/// conversion (applyUnary, then the wrap to To).
inline bool castKeepsSymbols(const ExprPool &P, IntType To, IntType From,
                             const Terms &T) {
  if (To.Width >= From.Width)
    return true;
  return To.Width >= 32 &&
         llvm::all_of(T, [&](const std::pair<unsigned, int64_t> &S) {
           return P.symbolInfo(S.first).SharedAddress;
         });
}

/// For a product or a left shift where an operand has symbols: the operand
/// the result scales (false: A, true: B) and by what, the other operand's
/// constant (for a shift, shiftFactor of the count). std::nullopt when the
/// result is not linear: symbols on both sides of *, a shift count with
/// symbols or one C leaves undefined. AConst and BConst: whether the operand
/// has no symbols; AC and BC: their constant parts.
inline std::optional<std::pair<bool, int64_t>>
linearFactor(Op O, bool AConst, int64_t AC, bool BConst, int64_t BC,
             IntType T) {
  if (O == Op::Shl) {
    if (!BConst)
      return std::nullopt;
    if (std::optional<int64_t> F = shiftFactor(BC, T))
      return std::make_pair(false, *F);
    return std::nullopt;
  }
  if (BConst)
    return std::make_pair(false, BC);
  if (AConst)
    return std::make_pair(true, AC);
  return std::nullopt;
}

/// <, >, <=, >=, ==, !=, min and max: the operators that compare their
/// operands, on whose constant parts they decide when both sides have the
/// same symbols (the symbols cancel out).
inline bool comparesOperands(Op O) {
  switch (O) {
  case Op::LT:
  case Op::GT:
  case Op::LE:
  case Op::GE:
  case Op::EQ:
  case Op::NE:
  case Op::Min:
  case Op::Max:
    return true;
  default:
    return false;
  }
}

/// The operations the scalar evaluator may compute on a value with symbols
/// and a constant (Evaluator::divideUniform: /, %, >>, & by 2^c - 1), which
/// the warp evaluator leaves to it; the others (|, ^) give an unknown value.
inline bool dividesUniformPart(Op O) {
  return O == Op::Div || O == Op::Rem || O == Op::Shr || O == Op::And;
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
