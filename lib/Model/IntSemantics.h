//===-- IntSemantics.h - C's integer rules, on constants --------*- C++ -*-===//
//
// What C makes of the operators of ThreadExpr.h on integer constants,
// written once for the scalar evaluator (ThreadEvaluator.cpp) and the warp
// evaluator (WarpEvaluator.cpp), which must give the same value.
//
// A value is held in 64-bit two's complement as IntType::wrap leaves it: the
// low bits of its type, sign- or zero-extended. An operation computes in 64
// bits, wrapping on overflow (signed overflow too, as the hardware does), and
// the caller wraps the result to the node's type (IntType::wrap) as C
// converts it. Where C gives no value (a division by zero, a shift by a
// negative count or by the type's width or more) the result is std::nullopt,
// and the evaluators call the value unknown. Private to lib/Model.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_LIB_MODEL_INTSEMANTICS_H
#define WARPLINT_LIB_MODEL_INTSEMANTICS_H

#include "warplint/Model/ThreadExpr.h"
#include <cstdint>
#include <optional>

namespace warplint::model::detail {

/// A + B * K, wrapping: the constant part of a sum (K = 1) or a difference
/// (K = -1).
inline int64_t wrapAddMul(int64_t A, int64_t B, int64_t K) {
  return int64_t(uint64_t(A) + uint64_t(B) * uint64_t(K));
}

/// A * B, wrapping.
inline int64_t wrapMul(int64_t A, int64_t B) {
  return int64_t(uint64_t(A) * uint64_t(B));
}

/// What a left shift by B multiplies a value of type T by, 2^B; std::nullopt
/// where C leaves the shift undefined: B negative, or not less than T's
/// width (T is the promoted left operand's type, the node's).
inline std::optional<int64_t> shiftFactor(int64_t B, IntType T) {
  if (B < 0 || B >= T.Width)
    return std::nullopt;
  return int64_t(uint64_t(1) << B);
}

/// The value of `A && B` or `A || B` that A alone decides (C then does not
/// evaluate B): 0 for a false A of &&, 1 for a true A of ||; std::nullopt
/// when B decides.
inline std::optional<int64_t> shortCircuit(Op O, int64_t A) {
  if (O == Op::LAnd && A == 0)
    return 0;
  if (O == Op::LOr && A != 0)
    return 1;
  return std::nullopt;
}

/// A unary operator (-, ~, !) or a cast on a constant. A cast changes
/// nothing here: the caller's wrap to the node's type is the conversion.
inline int64_t applyUnary(Op O, int64_t A) {
  switch (O) {
  case Op::Neg:
    return wrapMul(A, -1);
  case Op::Not:
    return ~A;
  case Op::LNot:
    return A == 0;
  default: // Op::Cast
    return A;
  }
}

/// A binary operator on constants A and B. T is the node's type: after C's
/// usual arithmetic conversions the operands' type too (for a shift, the
/// promoted left operand's), whose signedness decides /, %, >> and whose
/// width bounds a shift count. OperandsSigned is the signedness of the
/// operands of a comparison, min or max (whose node type may differ from
/// theirs). std::nullopt where C gives no value: / or % by zero, the signed
/// INT64_MIN / -1 or % -1 (a narrower type's minimum divided by -1 fits in
/// 64 bits, and wraps), a shift by a count outside [0, width).
inline std::optional<int64_t> applyBinary(Op O, int64_t A, int64_t B, IntType T,
                                          bool OperandsSigned) {
  bool Less = OperandsSigned ? A < B : uint64_t(A) < uint64_t(B);
  bool Equal = A == B;
  switch (O) {
  case Op::Add:
    return wrapAddMul(A, B, 1);
  case Op::Sub:
    return wrapAddMul(A, B, -1);
  case Op::Mul:
    return wrapMul(A, B);
  case Op::Shl:
    if (std::optional<int64_t> F = shiftFactor(B, T))
      return wrapMul(A, *F);
    return std::nullopt;
  case Op::Div:
  case Op::Rem:
    if (B == 0)
      return std::nullopt;
    if (T.Signed) {
      if (A == INT64_MIN && B == -1)
        return std::nullopt;
      return O == Op::Div ? A / B : A % B;
    }
    return int64_t(O == Op::Div ? uint64_t(A) / uint64_t(B)
                                : uint64_t(A) % uint64_t(B));
  case Op::Shr:
    if (B < 0 || B >= T.Width)
      return std::nullopt;
    return T.Signed ? A >> B : int64_t(uint64_t(A) >> B);
  case Op::And:
    return A & B;
  case Op::Or:
    return A | B;
  case Op::Xor:
    return A ^ B;
  case Op::LT:
    return Less;
  case Op::GT:
    return !Less && !Equal;
  case Op::LE:
    return Less || Equal;
  case Op::GE:
    return !Less;
  case Op::EQ:
    return Equal;
  case Op::NE:
    return !Equal;
  case Op::LAnd:
    return A != 0 && B != 0;
  case Op::LOr:
    return A != 0 || B != 0;
  case Op::Min:
    return Less ? A : B;
  case Op::Max:
    return Less ? B : A;
  default:
    return std::nullopt;
  }
}

} // namespace warplint::model::detail

#endif // WARPLINT_LIB_MODEL_INTSEMANTICS_H
