//===-- Lowering.cpp - One question lowered: state, entry, types ---------===//
//
// The state of one question (its assumptions, trace, budget and pool), the
// entry of a shared-memory access (run), C types as model types, and the
// symbols that stand for uniform values. See Lowering.h.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"
#include "AstUtil.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace warplint::model;

namespace warplint {

Lowering::Lowering(ValueEngine &Engine, const Assumptions &As,
                   ValueTrace &Trace, model::WorkBudget *Budget)
    : Engine(Engine), Ctx(Engine.Ctx), As(As), Chain(As.Chain),
      KernelArgs(As.KernelArgs), Pad(As.Pad), Trace(Trace), Why(Trace.Why),
      Through(Trace.Through), Budget(Budget), P(std::make_unique<ExprPool>()) {
  for (unsigned I = 0; I < Chain.Functions.size(); ++I)
    Frames.push_back(
        {Chain.Functions[I], I ? Chain.Calls[I - 1] : nullptr, I ? I - 1 : 0});
}

std::optional<LoweredAccess> Lowering::run(const SharedAccess &A) {
  unsigned Frame = Chain.Functions.size() - 1;
  if (!A.LValue)
    return fail(A.Unanalysable);
  std::optional<NodeId> Addr;
  switch (A.Given) {
  case SharedAccess::Object:
    Addr = address(A.LValue, Frame);
    break;
  case SharedAccess::Pointer:
    Addr = pointer(A.LValue, Frame);
    break;
  case SharedAccess::SharedAddress:
    // An unconverted asm operand (operandExpr) is read.
    Addr = A.LValue->isGLValue() ? load(A.LValue, Frame)
                                 : integer(A.LValue, Frame);
    if (Addr)
      Addr = i64(*Addr);
    break;
  }
  // A shared-window address needs no array: it is shared memory.
  if (!Addr || (!Root && A.Given != SharedAccess::SharedAddress)) {
    // An instruction or a copy into shared memory accesses shared memory
    // whatever the analysis finds its operand derived from.
    if (A.SharedByContract && Why.empty())
      return fail("its address does not come from a __shared__ variable "
                  "the analysis can follow");
    // Rooted in a __shared__ variable where it is written, but not on every
    // path the lowering follows (a pointer null on one of them).
    if (A.Root && Why.empty())
      return fail("its address is not followed back to '" + A.Root->getName() +
                  "' on every path: a definition on the way is not an "
                  "address the analysis follows (a null pointer, other "
                  "memory)");
    return std::nullopt;
  }
  if (A.Offset)
    Addr = P->binary(Op::Add, *Addr, P->constant(A.Offset, IntType::i64()),
                     IntType::i64());
  LoweredAccess L;
  L.Spec.Address = *Addr;
  L.Spec.Bytes = A.Bytes;
  L.Spec.AddressLanes = A.AddressLanes;
  L.Root = Root;
  L.RootSymbol = RootSymbol;
  if (A.Given == SharedAccess::Object && RootSymbol)
    L.InBounds = subscriptsInBounds(A.LValue, Frame);
  // Guards of every frame: the access's own, then each call's.
  guards(A.LValue, Frame, L.Spec.Guards);
  for (unsigned I = 0; I + 1 < Chain.Functions.size(); ++I)
    guards(Chain.Calls[I], I, L.Spec.Guards);
  // A loop group's condition and kind live in its first loop.
  for (unsigned I = 0; I < P->numLoops(); ++I) {
    Loop &Lp = P->loop(I);
    const Loop &Head = P->loop(Lp.Group);
    Lp.Cond = Head.Cond;
    Lp.CondKnown = Head.CondKnown;
    Lp.CondAfterBody = Head.CondAfterBody;
  }
  L.Pool = std::move(P);
  L.Spec.Pool = L.Pool.get();
  L.Origins = std::move(Origins);
  return L;
}

std::nullopt_t Lowering::fail(const Twine &Reason) {
  if (Why.empty())
    Why = Reason.str();
  return std::nullopt;
}

IntType Lowering::typeOf(QualType T) { return Engine.intType(T); }

IntType ValueEngine::intType(QualType T) {
  const clang::Type *Canon = T.getCanonicalType().getTypePtr();
  auto [It, New] = IntTypes.try_emplace(Canon, IntType::i64());
  if (!New || Canon->isPointerType())
    return It->second;
  QualType C(Canon, 0);
  if (const auto *ET = C->getAs<clang::EnumType>())
    C = ET->getDecl()->getIntegerType();
  unsigned W = Ctx.getIntWidth(C);
  if (W == 0 || W > 64)
    W = 64;
  It->second = {uint8_t(W), C->isSignedIntegerOrEnumerationType()};
  return It->second;
}

unsigned Lowering::symbolFor(const void *Key, const std::string &Name,
                             uint64_t Multiple, bool NonNegative,
                             bool SharedAddress) {
  auto It = Symbols.find({Key, Name});
  if (It != Symbols.end())
    return It->second;
  unsigned S = P->addSymbol(Name, Multiple, NonNegative, SharedAddress);
  Symbols[{Key, Name}] = S;
  return S;
}

std::optional<NodeId> Lowering::uniform(const void *Key,
                                        const std::string &Name, QualType T) {
  IntType IT = typeOf(T);
  return P->symbol(symbolFor(Key, Name, 1, !IT.Signed), IT);
}

std::optional<int64_t> Lowering::sizeOf(QualType T) {
  T = T.getNonReferenceType();
  if (T->isVoidType())
    return 1; // GNU void* arithmetic
  if (T->isDependentType() || T->isIncompleteType())
    return std::nullopt;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

void Lowering::noteDefinition(const VarDecl *V, const Expr *Def) {
  if (!Joins && !Trace.Definition && V->hasLocalStorage() &&
      !isa<ParmVarDecl>(V))
    Trace.Definition = Def;
}

} // namespace warplint
