//===-- LowerDim3.cpp - dim3 values ---------------------------------------===//
//
// The x, y and z of a dim3 (CUDA's block and grid shapes): constructed
// (`dim3(16, 16)`, constexpr in the toolkit's headers), listed (`{32, 8}`),
// an integer made a dim3 (`<<<g, 256>>>`), a variable (the field rule of
// ValueEngine::fieldDefinition, or set field by field), a parameter (its
// argument), or chosen by `?:`.
//
//===----------------------------------------------------------------------===//
#include "AstUtil.h"
#include "CudaModels.h"
#include "Lowering.h"

using namespace clang;
using namespace warplint::model;

namespace warplint {

std::optional<Lowering::Dim3Nodes> Lowering::dim3(const Expr *E,
                                                  unsigned Frame) {
  DepthGuard G(Depth);
  if (Depth > 64)
    return fail("the block shape's expression is too deep");
  E = strip(E, StripToValue);
  if (E->isValueDependent() || E->isTypeDependent() || E->containsErrors())
    return fail("the expression depends on a template parameter");
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return dim3(DA->getExpr(), Frame);
  IntType U = IntType::u32();
  if (E->getType()->isIntegralOrEnumerationType()) {
    auto X = integer(E, Frame);
    if (!X)
      return std::nullopt;
    return Dim3Nodes{*X, P->constant(1, U), P->constant(1, U)};
  }
  if (!isDim3Type(E->getType()))
    return fail("not a dim3");
  const RecordDecl *RD =
      E->getType().getNonReferenceType().getCanonicalType()->getAsRecordDecl();
  // thread_index(), dim_threads() and group_index() of a thread_block.
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (std::optional<GroupQuery> Q = groupQuery(Call);
        Q && Q->What >= GroupQuery::ThreadIndex) {
      Dim3Nodes D;
      static const char *const Names[] = {"blockIdx.x", "blockIdx.y",
                                          "blockIdx.z"};
      for (unsigned I = 0; I < 3; ++I)
        D[I] =
            Q->What == GroupQuery::ThreadIndex ? P->threadIdx(I)
            : Q->What == GroupQuery::DimThreads
                ? P->blockDim(I)
                : P->symbol(
                      symbolFor(Call->getDirectCallee(), Names[I], 1, true), U);
      return D;
    }

  // A constant expression (constexpr dim3 of the real CUDA headers).
  if (E->isPRValue()) {
    Expr::EvalResult R;
    if (E->EvaluateAsRValue(R, Ctx) && R.Val.isStruct()) {
      Dim3Nodes D{P->constant(1, U), P->constant(1, U), P->constant(1, U)};
      for (const FieldDecl *F : RD->fields()) {
        unsigned I = F->getFieldIndex();
        std::optional<unsigned> C = dim3Component(F);
        if (!C || I >= R.Val.getStructNumFields() ||
            !R.Val.getStructField(I).isInt())
          continue;
        const llvm::APSInt &V = R.Val.getStructField(I).getInt();
        D[*C] = P->constant(int64_t(V.getZExtValue()), typeOf(F->getType()));
      }
      return D;
    }
  }

  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    if (Ctor->isCopyOrMoveConstructor() && CE->getNumArgs() >= 1)
      return dim3(CE->getArg(0), Frame);
    if (CE->getNumArgs() == 1 && isDim3Type(CE->getArg(0)->getType()))
      return dim3(CE->getArg(0), Frame); // dim3(uint3)
    if (CE->getNumArgs() == 0 || CE->getNumArgs() > 3)
      return fail("a dim3 constructor the analysis does not follow");
    // The constructor stores its parameters in x, y, z in order; the
    // constant evaluator above has already answered for constexpr ones, so
    // this is the non-constexpr dim3 of mock headers and older toolkits.
    Dim3Nodes D{P->constant(1, U), P->constant(1, U), P->constant(1, U)};
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      if (!CE->getArg(I)->getType()->isIntegralOrEnumerationType())
        return fail("a dim3 constructor the analysis does not follow");
      auto A = integer(CE->getArg(I), Frame);
      if (!A)
        return std::nullopt;
      D[I] = *A;
    }
    return D;
  }

  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    Dim3Nodes D{P->constant(0, U), P->constant(0, U), P->constant(0, U)};
    for (const FieldDecl *F : RD->fields()) {
      unsigned I = F->getFieldIndex();
      std::optional<unsigned> C = dim3Component(F);
      if (!C || I >= ILE->getNumInits() ||
          isa<ImplicitValueInitExpr>(ILE->getInit(I)))
        continue;
      auto A = integer(ILE->getInit(I), Frame);
      if (!A)
        return std::nullopt;
      D[*C] = *A;
    }
    return D;
  }

  if (isa<ImplicitValueInitExpr>(E))
    return Dim3Nodes{P->constant(0, U), P->constant(0, U), P->constant(0, U)};

  if (isa<DeclRefExpr>(E) || isa<MemberExpr>(E))
    return dim3Variable(E, Frame);

  // An element of a dim3 array that is never written (`blocks[i]`).
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    if (const Expr *Elem = constantElement(ASE, Frame))
      return dim3(Elem, Frame);
    if (!Why.empty())
      return std::nullopt;
    // Host code: an element of an array assigned element by element.
    if (std::optional<Stored> St = stored(ASE, Frame))
      return St->Value ? dim3(St->Value, St->Frame) : std::nullopt;
    if (!Why.empty())
      return std::nullopt;
  }

  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    if (As.ArmsAreChoices) {
      std::optional<bool> Arm = chosenArm(CO, Frame);
      if (!Arm)
        return std::nullopt;
      return dim3(*Arm ? CO->getTrueExpr() : CO->getFalseExpr(), Frame);
    }
    auto C = integer(CO->getCond(), Frame);
    auto A = C ? dim3(CO->getTrueExpr(), Frame) : std::nullopt;
    auto B = A ? dim3(CO->getFalseExpr(), Frame) : std::nullopt;
    if (!B)
      return std::nullopt;
    Dim3Nodes D;
    for (unsigned I = 0; I < 3; ++I)
      D[I] = P->select(*C, P->cast((*A)[I], U), P->cast((*B)[I], U), U);
    return D;
  }
  return fail("a dim3 the analysis does not follow");
}

std::optional<Lowering::Dim3Nodes> Lowering::dim3Variable(const Expr *E,
                                                          unsigned Frame) {
  // The variable and the members named (`cfg.block`).
  llvm::SmallVector<const FieldDecl *, 4> Fields;
  const Expr *B = E->IgnoreParens();
  while (const auto *ME = dyn_cast<MemberExpr>(B)) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (ME->isArrow() || !F)
      return fail("a dim3 member the analysis does not follow");
    Fields.insert(Fields.begin(), F);
    B = ME->getBase()->IgnoreParens();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(B);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V)
    return fail("a dim3 the analysis does not follow");
  if (const auto *PV = dyn_cast<ParmVarDecl>(V)) {
    // A parameter: its argument, unless the function changes it.
    if (isKernel(Frames[Frame].F) || !ownedBy(PV, Frame))
      return fail("'" + PV->getName() + "' is a parameter of a kernel");
    if (changed(PV, Frame))
      return fail("'" + PV->getName() + "' is changed by its function");
    if (!Frames[Frame].Call)
      return noCaller(PV, Frame);
    const Expr *Arg = argumentOf(PV, Frame);
    if (!Arg)
      return fail("the argument of '" + PV->getName() + "' is missing");
    if (Fields.empty())
      return dim3(Arg, Frames[Frame].Caller);
    const auto *ILE = dyn_cast<InitListExpr>(strip(Arg, StripToValue));
    for (const FieldDecl *F : Fields) {
      if (!ILE || F->getFieldIndex() >= ILE->getNumInits())
        return fail("a member of a parameter the analysis does not follow");
      Arg = ILE->getInit(F->getFieldIndex());
      ILE = dyn_cast<InitListExpr>(strip(Arg, StripToValue));
    }
    return dim3(Arg, Frames[Frame].Caller);
  }
  // A global of the host: what the program last stored in it.
  if (!V->hasLocalStorage() && Fields.empty() && As.ArmsAreChoices) {
    if (std::optional<Stored> St = stored(E, Frame))
      return St->Value ? dim3(St->Value, St->Frame) : std::nullopt;
    if (!Why.empty())
      return std::nullopt;
  }
  std::string Clobbered;
  if (const Expr *Def = Engine.fieldDefinition(V, Fields, E, &Clobbered)) {
    noteDefinition(V, Def);
    return dim3(Def, Frame);
  }
  if (!Fields.empty())
    return fail(Clobbered.empty() ? "a dim3 member the analysis does not follow"
                                  : Clobbered);
  std::string Saved = Why;
  if (std::optional<Dim3Nodes> D = dim3ByFields(DRE, Frame))
    return D;
  if (!As.ArmsAreChoices || !V->hasLocalStorage())
    return std::nullopt;
  // Host code: a dim3 assigned whole in the arms of an if/else or the
  // cases of a switch (LowerStored.cpp), each arm a choice.
  std::string ByFields = Why;
  Why = Saved;
  if (std::optional<Stored> St = stored(E, Frame))
    return St->Value ? dim3(St->Value, St->Frame) : std::nullopt;
  if (Why == Saved)
    Why = ByFields;
  return std::nullopt;
}

std::optional<Lowering::Dim3Nodes>
Lowering::dim3ByFields(const DeclRefExpr *Use, unsigned Frame) {
  const auto *V = dyn_cast<VarDecl>(Use->getDecl());
  auto NotFollowed = [&] {
    return fail("the dim3 '" + Use->getDecl()->getName() +
                "' is set in a way the analysis does not follow");
  };
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
      V->getType().isVolatileQualified() || !ownedBy(V, Frame))
    return NotFollowed();
  const FunctionFacts &FF = factsOf(Frame);
  // The declaration's statement and the block holding it: a search of the
  // blocks enclosing the use.
  const Stmt *Decl = nullptr;
  const CompoundStmt *Block = nullptr;
  for (const Stmt *S = FF.parent(Use); S && !Decl; S = FF.parent(S))
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      for (const Stmt *B : CS->body())
        if (const auto *DS = dyn_cast<DeclStmt>(B);
            DS && llvm::is_contained(DS->decls(), V)) {
          Decl = DS;
          Block = CS;
          break;
        }
  if (!Decl || !FF.JumpTargets.empty() || !V->getInit())
    return NotFollowed();
  auto D = dim3(V->getInit(), Frame);
  if (!D)
    return std::nullopt;
  // The statement of Block that holds the use.
  const Stmt *UseStmt = Use;
  while (UseStmt && FF.parent(UseStmt) != Block)
    UseStmt = FF.parent(UseStmt);
  if (!UseStmt)
    return NotFollowed();
  auto Refs = FF.Refs.find(V);
  llvm::ArrayRef<const DeclRefExpr *> All;
  if (Refs != FF.Refs.end())
    All = Refs->second;
  auto Inside = [&](const Stmt *Anc, const Stmt *S) {
    for (; S; S = FF.parent(S))
      if (S == Anc)
        return true;
    return false;
  };
  // The statement holding the use names V nowhere else (`d.x = 64` after
  // the use in a loop body reaches it the next time round).
  if (llvm::any_of(All, [&](const DeclRefExpr *R) {
        return R != Use && Inside(UseStmt, R);
      }))
    return NotFollowed();
  llvm::ArrayRef<Stmt *> Body(Block->body_begin(), Block->body_end());
  size_t From = llvm::find(Body, Decl) - Body.begin() + 1;
  size_t To = llvm::find(Body, UseStmt) - Body.begin();
  if (To < From)
    return NotFollowed();
  for (const Stmt *B : Body.slice(From, To - From)) {
    unsigned Named = 0, Read = 0;
    for (const DeclRefExpr *R : All)
      if (Inside(B, R)) {
        ++Named;
        Read += classifyReference(R, FF, &Engine).Kind == UseKind::Read;
      }
    // A statement that only reads V (an earlier launch) leaves it.
    if (Named == Read)
      continue;
    if (Named != 1)
      return NotFollowed();
    // `v = e;` or `v.f = e;`, and nothing else names v.
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(B)) {
      const auto *L = OC->getNumArgs() == 2
                          ? dyn_cast<DeclRefExpr>(OC->getArg(0)->IgnoreParens())
                          : nullptr;
      if (OC->getOperator() != OO_Equal || !L || L->getDecl() != V)
        return NotFollowed();
      D = dim3(OC->getArg(1), Frame);
      if (!D)
        return std::nullopt;
      continue;
    }
    const auto *A = dyn_cast<BinaryOperator>(B);
    if (!A || A->getOpcode() != BO_Assign)
      return NotFollowed();
    const auto *ME = dyn_cast<MemberExpr>(A->getLHS()->IgnoreParens());
    const auto *Base =
        ME ? dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts())
           : nullptr;
    const auto *F = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
    std::optional<unsigned> C = F ? dim3Component(F) : std::nullopt;
    if (!Base || Base->getDecl() != V || ME->isArrow() || !C)
      return NotFollowed();
    auto X = integer(A->getRHS(), Frame);
    if (!X)
      return std::nullopt;
    (*D)[*C] = *X;
  }
  return D;
}

} // namespace warplint
