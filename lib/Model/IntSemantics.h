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
#include "llvm/Support/Compiler.h"
#include <cstdint>
#include <optional>
#include <type_traits>

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
template <Op O> inline int64_t unaryOp(int64_t A) {
  if constexpr (O == Op::Neg)
    return wrapMul(A, -1);
  else if constexpr (O == Op::Not)
    return ~A;
  else if constexpr (O == Op::LNot)
    return A == 0;
  else // Op::Cast
    return A;
}

/// Calls Fn with the unary operator O as a compile-time constant
/// (std::integral_constant<Op, O>), so that a loop over lanes inside Fn is
/// made once per operator, without a switch per lane.
template <typename F>
LLVM_ATTRIBUTE_ALWAYS_INLINE decltype(auto) dispatchUnary(Op O, F &&Fn) {
  switch (O) {
  case Op::Neg:
    return Fn(std::integral_constant<Op, Op::Neg>());
  case Op::Not:
    return Fn(std::integral_constant<Op, Op::Not>());
  case Op::LNot:
    return Fn(std::integral_constant<Op, Op::LNot>());
  default:
    return Fn(std::integral_constant<Op, Op::Cast>());
  }
}

inline int64_t applyUnary(Op O, int64_t A) {
  return dispatchUnary(O,
                       [&](auto K) { return unaryOp<decltype(K)::value>(A); });
}

/// A binary operator on constants A and B. T is the node's type: after C's
/// usual arithmetic conversions the operands' type too (for a shift, the
/// promoted left operand's), whose signedness decides /, %, >> and whose
/// width bounds a shift count. OperandsSigned is the signedness of the
/// operands of a comparison, min or max (whose node type may differ from
/// theirs). std::nullopt where C gives no value: / or % by zero, the signed
/// INT64_MIN / -1 or % -1 (a narrower type's minimum divided by -1 fits in
/// 64 bits, and wraps), a shift by a count outside [0, width); and for an
/// operator that is not binary (Op::Const).
template <Op O>
inline std::optional<int64_t> binaryOp(int64_t A, int64_t B, IntType T,
                                       bool OperandsSigned) {
  auto Less = [&] {
    return OperandsSigned ? A < B : uint64_t(A) < uint64_t(B);
  };
  if constexpr (O == Op::Add)
    return wrapAddMul(A, B, 1);
  else if constexpr (O == Op::Sub)
    return wrapAddMul(A, B, -1);
  else if constexpr (O == Op::Mul)
    return wrapMul(A, B);
  else if constexpr (O == Op::Shl) {
    if (std::optional<int64_t> F = shiftFactor(B, T))
      return wrapMul(A, *F);
    return std::nullopt;
  } else if constexpr (O == Op::Div || O == Op::Rem) {
    if (B == 0)
      return std::nullopt;
    if (T.Signed) {
      if (A == INT64_MIN && B == -1)
        return std::nullopt;
      return O == Op::Div ? A / B : A % B;
    }
    return int64_t(O == Op::Div ? uint64_t(A) / uint64_t(B)
                                : uint64_t(A) % uint64_t(B));
  } else if constexpr (O == Op::Shr) {
    if (B < 0 || B >= T.Width)
      return std::nullopt;
    return T.Signed ? A >> B : int64_t(uint64_t(A) >> B);
  } else if constexpr (O == Op::And)
    return A & B;
  else if constexpr (O == Op::Or)
    return A | B;
  else if constexpr (O == Op::Xor)
    return A ^ B;
  else if constexpr (O == Op::LT)
    return Less();
  else if constexpr (O == Op::GT)
    return !Less() && A != B;
  else if constexpr (O == Op::LE)
    return Less() || A == B;
  else if constexpr (O == Op::GE)
    return !Less();
  else if constexpr (O == Op::EQ)
    return A == B;
  else if constexpr (O == Op::NE)
    return A != B;
  else if constexpr (O == Op::LAnd)
    return A != 0 && B != 0;
  else if constexpr (O == Op::LOr)
    return A != 0 || B != 0;
  else if constexpr (O == Op::Min)
    return Less() ? A : B;
  else if constexpr (O == Op::Max)
    return Less() ? B : A;
  else
    return std::nullopt;
}

/// Calls Fn with the binary operator O as a compile-time constant (see
/// dispatchUnary); Op::Const for an operator that is not binary.
template <typename F>
LLVM_ATTRIBUTE_ALWAYS_INLINE decltype(auto) dispatchBinary(Op O, F &&Fn) {
#define WARPLINT_BINARY(X)                                                     \
  case Op::X:                                                                  \
    return Fn(std::integral_constant<Op, Op::X>());
  switch (O) {
    WARPLINT_BINARY(Add)
    WARPLINT_BINARY(Sub)
    WARPLINT_BINARY(Mul)
    WARPLINT_BINARY(Shl)
    WARPLINT_BINARY(Div)
    WARPLINT_BINARY(Rem)
    WARPLINT_BINARY(Shr)
    WARPLINT_BINARY(And)
    WARPLINT_BINARY(Or)
    WARPLINT_BINARY(Xor)
    WARPLINT_BINARY(LT)
    WARPLINT_BINARY(GT)
    WARPLINT_BINARY(LE)
    WARPLINT_BINARY(GE)
    WARPLINT_BINARY(EQ)
    WARPLINT_BINARY(NE)
    WARPLINT_BINARY(LAnd)
    WARPLINT_BINARY(LOr)
    WARPLINT_BINARY(Min)
    WARPLINT_BINARY(Max)
  default:
    return Fn(std::integral_constant<Op, Op::Const>());
  }
#undef WARPLINT_BINARY
}

inline std::optional<int64_t> applyBinary(Op O, int64_t A, int64_t B, IntType T,
                                          bool OperandsSigned) {
  return dispatchBinary(O, [&](auto K) {
    return binaryOp<decltype(K)::value>(A, B, T, OperandsSigned);
  });
}

} // namespace warplint::model::detail

#endif // WARPLINT_LIB_MODEL_INTSEMANTICS_H
