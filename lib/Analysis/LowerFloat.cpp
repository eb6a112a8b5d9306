//===-- LowerFloat.cpp - Floating-point host values made integers ---------===//
//
// Host code computes block sizes in floating point (`int blocks =
// ceil(n / 256.0)`, `(int)(x * 0.5f)`, a loop bound held in a float). The
// model computes integers only, so a floating-point value is computed here,
// as a constant, in the IEEE format of its type and with C's rules: each
// operation rounded to nearest, ties to even (llvm::APFloat), a conversion
// to an integer truncated (a value out of the integer's range unknown).
// Where the host compiler may compute otherwise (a multiply-add it may fuse
// whose fused result differs) the value is unknown. A comparison of an
// integer converted to floating point with a constant is the comparison of
// the integer with the bound where the conversion, which is monotone,
// crosses the constant: exact for every value of the integer.
//
//===----------------------------------------------------------------------===//
#include "AstUtil.h"
#include "Lowering.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;
using namespace warplint::model;
using llvm::APFloat;

namespace warplint {

namespace {
constexpr auto Nearest = APFloat::rmNearestTiesToEven;

std::string printed(const APFloat &F) {
  llvm::SmallString<24> S;
  F.toString(S);
  return std::string(S);
}

/// The rounding of a standard rounding function of the C library (ceil,
/// floor, trunc, round and their float and std:: forms), declared in a
/// system header.
std::optional<APFloat::roundingMode> roundingOf(const FunctionDecl *F,
                                                const SourceManager &SM) {
  if (!F || F->getNumParams() != 1 || !F->getIdentifier() ||
      !SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())))
    return std::nullopt;
  llvm::StringRef N = F->getName();
  N.consume_back("f");
  if (N == "ceil")
    return APFloat::rmTowardPositive;
  if (N == "floor")
    return APFloat::rmTowardNegative;
  if (N == "trunc")
    return APFloat::rmTowardZero;
  if (N == "round")
    return APFloat::rmNearestTiesToAway;
  return std::nullopt;
}
} // namespace

std::optional<APFloat> Lowering::floating(const Expr *E, unsigned Frame) {
  DepthGuard G(Depth);
  if (Depth > 64)
    return fail("the floating-point expression is too deep");
  E = E->IgnoreParens();
  QualType T = E->getType();
  if (!T->isRealFloatingType())
    return fail("a floating-point value of a type the analysis does not "
                "follow on line " +
                lineOf(E));
  const llvm::fltSemantics &Sem = Ctx.getFloatTypeSemantics(T);
  if (!As.ArmsAreChoices)
    // Device code: nvcc fuses multiply-adds and may flush denormals.
    return fail("a floating-point value in device code on line " + lineOf(E));
  if (const auto *FL = dyn_cast<FloatingLiteral>(E))
    return FL->getValue();
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = C->getSubExpr();
    switch (C->getCastKind()) {
    case CK_LValueToRValue:
      return floatLoad(Sub, Frame);
    case CK_NoOp:
      return floating(Sub, Frame);
    case CK_FloatingCast: {
      std::optional<APFloat> V = floating(Sub, Frame);
      if (!V)
        return std::nullopt;
      bool Loses;
      V->convert(Sem, Nearest, &Loses);
      return V;
    }
    case CK_IntegralToFloating: {
      std::optional<NodeId> N = integer(Sub, Frame);
      std::optional<int64_t> K = N ? hostConstant(*N) : std::nullopt;
      if (!K)
        return N ? fail("the value is not known at compile time")
                 : std::nullopt;
      IntType IT = typeOf(Sub->getType());
      APFloat V(Sem);
      V.convertFromAPInt(llvm::APInt(64, uint64_t(*K), IT.Signed), IT.Signed,
                         Nearest);
      return V;
    }
    default:
      return fail(Twine("a cast the analysis does not follow (") +
                  C->getCastKindName() + ") on line " + lineOf(C));
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    std::optional<APFloat> V = floating(U->getSubExpr(), Frame);
    if (!V || U->getOpcode() == UO_Plus)
      return V;
    if (U->getOpcode() == UO_Minus) {
      V->changeSign();
      return V;
    }
    return fail("an operator the analysis does not follow on line " +
                lineOf(U));
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return floatArithmetic(B, Frame);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    std::optional<bool> Arm = chosenArm(CO, Frame);
    if (!Arm)
      return std::nullopt;
    return floating(*Arm ? CO->getTrueExpr() : CO->getFalseExpr(), Frame);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    std::optional<APFloat::roundingMode> R =
        roundingOf(Call->getDirectCallee(), Ctx.getSourceManager());
    if (!R)
      return fail("a call of a function the analysis does not follow in a "
                  "floating-point value on line " +
                  lineOf(Call));
    std::optional<APFloat> V = floating(Call->getArg(0), Frame);
    if (!V)
      return std::nullopt;
    V->roundToIntegral(*R);
    bool Loses;
    V->convert(Sem, Nearest, &Loses); // `ceil(int)` returns a double
    return V;
  }
  return fail("a floating-point value the analysis does not follow on line " +
              lineOf(E));
}

std::optional<APFloat> Lowering::floatArithmetic(const BinaryOperator *B,
                                                 unsigned Frame) {
  BinaryOperatorKind K = B->getOpcode();
  if (K == BO_Comma)
    return floating(B->getRHS(), Frame);
  if (K != BO_Add && K != BO_Sub && K != BO_Mul && K != BO_Div)
    return fail("an operator the analysis does not follow on line " +
                lineOf(B));
  std::optional<APFloat> L = floating(B->getLHS(), Frame);
  std::optional<APFloat> R = L ? floating(B->getRHS(), Frame) : std::nullopt;
  if (!R)
    return std::nullopt;
  APFloat V = *L;
  switch (K) {
  case BO_Add:
    V.add(*R, Nearest);
    break;
  case BO_Sub:
    V.subtract(*R, Nearest);
    break;
  case BO_Mul:
    V.multiply(*R, Nearest);
    break;
  default:
    V.divide(*R, Nearest);
    break;
  }
  // `a * b + c`: the host compiler may fuse it (-ffp-contract); the value
  // is certain only where fused and rounded twice agree.
  if (K == BO_Add || K == BO_Sub)
    for (const Expr *Side : {B->getLHS(), B->getRHS()})
      if (const auto *M = dyn_cast<BinaryOperator>(Side->IgnoreParens());
          M && M->getOpcode() == BO_Mul) {
        std::optional<APFloat> X = floating(M->getLHS(), Frame);
        std::optional<APFloat> Y =
            X ? floating(M->getRHS(), Frame) : std::nullopt;
        std::optional<APFloat> Other =
            Y ? floating(Side == B->getLHS() ? B->getRHS() : B->getLHS(), Frame)
              : std::nullopt;
        if (!Other)
          return std::nullopt;
        if (K == BO_Sub) {
          if (Side == B->getLHS())
            Other->changeSign(); // x*y - c
          else
            X->changeSign(); // c - x*y
        }
        APFloat Fused = *X;
        Fused.fusedMultiplyAdd(*Y, *Other, Nearest);
        if (Fused.compare(V) != APFloat::cmpEqual &&
            !(Fused.isNaN() && V.isNaN()))
          return fail("the multiply-add on line " + lineOf(B) + " gives " +
                      printed(V) + ", or " + printed(Fused) +
                      " where the compiler fuses it");
      }
  return V;
}

std::optional<APFloat> Lowering::floatLoad(const Expr *E, unsigned Frame) {
  E = E->IgnoreParens();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (V) {
    // A parameter: its argument.
    if (const auto *PV = dyn_cast<ParmVarDecl>(V);
        PV && ownedBy(PV, Frame) && !changed(PV, Frame)) {
      if (!Frames[Frame].Call || Frames[Frame].Caller == Frame)
        return noCaller(PV, Frame);
      const Expr *Arg = argumentOf(PV, Frame);
      if (!Arg || PV->getType()->isReferenceType())
        return fail("'" + PV->getName() + "' is passed by reference");
      if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(Arg))
        Arg = DA->getExpr();
      return floating(Arg, Frames[Frame].Caller);
    }
    if (!V->hasLocalStorage() && V->getType().isConstQualified() &&
        V->getAnyInitializer())
      return floating(V->getAnyInitializer(), Frame);
  }
  // A local or a global: what the program last stored in it.
  std::string Saved = Why;
  std::optional<Stored> St = stored(E, Frame);
  if (!St) {
    if (Why == Saved)
      fail("a floating-point value the analysis does not follow on line " +
           lineOf(E));
    return std::nullopt;
  }
  if (St->Zero)
    return APFloat::getZero(Ctx.getFloatTypeSemantics(E->getType()));
  return floating(St->Value, St->Frame);
}

std::optional<NodeId> Lowering::floatToInteger(const Expr *Sub, unsigned Frame,
                                               IntType IT, bool Boolean) {
  std::optional<APFloat> V = floating(Sub, Frame);
  if (!V)
    return std::nullopt;
  if (Boolean)
    return P->constant(!V->isZero(), IT);
  llvm::APSInt R(IT.Width, !IT.Signed);
  bool Exact;
  if (V->convertToInteger(R, APFloat::rmTowardZero, &Exact) &
      APFloat::opInvalidOp)
    return fail("the floating-point value " + printed(*V) + " on line " +
                lineOf(Sub) + " is out of the range of its integer type");
  return P->constant(IT.Signed ? R.getExtValue() : int64_t(R.getZExtValue()),
                     IT);
}

std::optional<NodeId> Lowering::floatComparison(const BinaryOperator *B,
                                                unsigned Frame, IntType IT) {
  BinaryOperatorKind K = B->getOpcode();
  // `(float)i < c`: the integer against the bound where its conversion
  // crosses c, whatever i is (a loop counter, too).
  const Expr *IntSide = nullptr;
  std::optional<APFloat> C;
  for (bool Left : {true, false}) {
    const auto *Cast = dyn_cast<ImplicitCastExpr>(
        (Left ? B->getLHS() : B->getRHS())->IgnoreParens());
    if (!Cast || Cast->getCastKind() != CK_IntegralToFloating)
      continue;
    std::string Saved = Why;
    C = floating(Left ? B->getRHS() : B->getLHS(), Frame);
    if (!C) {
      Why = Saved;
      continue;
    }
    IntSide = Cast->getSubExpr();
    if (!Left)
      K = BinaryOperator::reverseComparisonOp(K);
    break;
  }
  if (!IntSide) {
    // Both sides constants.
    std::optional<APFloat> L = floating(B->getLHS(), Frame);
    std::optional<APFloat> R = L ? floating(B->getRHS(), Frame) : std::nullopt;
    if (!R)
      return std::nullopt;
    APFloat::cmpResult C = L->compare(*R);
    bool V = false;
    switch (K) {
    case BO_LT:
      V = C == APFloat::cmpLessThan;
      break;
    case BO_GT:
      V = C == APFloat::cmpGreaterThan;
      break;
    case BO_LE:
      V = C == APFloat::cmpLessThan || C == APFloat::cmpEqual;
      break;
    case BO_GE:
      V = C == APFloat::cmpGreaterThan || C == APFloat::cmpEqual;
      break;
    case BO_EQ:
      V = C == APFloat::cmpEqual;
      break;
    case BO_NE:
      V = C != APFloat::cmpEqual;
      break;
    default:
      return fail("an operator the analysis does not follow");
    }
    return P->constant(V, IT);
  }
  IntType XT = typeOf(IntSide->getType());
  if (XT.Width > 63 && !XT.Signed)
    return fail("a comparison of a 64-bit unsigned integer with a "
                "floating-point value on line " +
                lineOf(B));
  std::optional<NodeId> X = integer(IntSide, Frame);
  if (!X)
    return std::nullopt;
  const llvm::fltSemantics &Sem =
      Ctx.getFloatTypeSemantics(B->getLHS()->getType());
  int64_t Lo = XT.Signed ? -(int64_t(1) << (XT.Width - 1)) : 0;
  int64_t Hi = XT.Signed ? int64_t((uint64_t(1) << (XT.Width - 1)) - 1)
                         : int64_t((uint64_t(1) << XT.Width) - 1);
  auto Conv = [&](int64_t I) {
    APFloat F(Sem);
    F.convertFromAPInt(llvm::APInt(64, uint64_t(I), true), true, Nearest);
    return F;
  };
  // The least integer whose conversion is at least C (Strict: above C);
  // Hi + 1 when none is. Monotone, so a binary search.
  auto Cross = [&](bool Strict) {
    int64_t A = Lo, Z = Hi; // the answer is in [A, Z + 1]
    while (A <= Z) {
      int64_t M = A + (Z - A) / 2;
      APFloat::cmpResult R = Conv(M).compare(*C);
      bool Past =
          R == APFloat::cmpGreaterThan || (!Strict && R == APFloat::cmpEqual);
      if (Past)
        Z = M - 1;
      else
        A = M + 1;
    }
    return A;
  };
  if (C->isNaN())
    return P->constant(K == BO_NE, IT);
  IntType I64 = IntType::i64();
  NodeId XI = P->cast(*X, I64);
  auto Below = [&](int64_t Bound) { // X < Bound
    if (Bound <= Lo)
      return P->constant(0, IT);
    if (Bound > Hi)
      return P->constant(1, IT);
    return P->binary(Op::LT, XI, P->constant(Bound, I64), IT);
  };
  auto Not = [&](NodeId N) { return P->unary(Op::LNot, N, IT); };
  int64_t AtLeast = Cross(false), Above = Cross(true);
  switch (K) {
  case BO_LT:
    return Below(AtLeast);
  case BO_GE:
    return Not(Below(AtLeast));
  case BO_LE:
    return Below(Above);
  case BO_GT:
    return Not(Below(Above));
  case BO_EQ:
    return P->binary(Op::LAnd, Not(Below(AtLeast)), Below(Above), IT);
  case BO_NE:
    return Not(P->binary(Op::LAnd, Not(Below(AtLeast)), Below(Above), IT));
  default:
    return fail("an operator the analysis does not follow");
  }
}

} // namespace warplint
