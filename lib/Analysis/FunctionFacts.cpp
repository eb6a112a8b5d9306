//===-- FunctionFacts.cpp - What one walk of a function body finds --------===//
//
// One ParentMap and one walk per function body (implicit code included, so
// that the references a range-based for loop or a lambda makes are seen),
// kept by the ValueEngine for every question about the body's values; and
// the one classifier of how an expression naming a variable is used.
//
//===----------------------------------------------------------------------===//
#include "FunctionFacts.h"
#include "warplint/Analysis/ValueEngine.h"
#include "warplint/Model/PtxAccess.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>

using namespace clang;

namespace warplint {

namespace {

/// The parent of S, past parentheses.
const Stmt *parentPastParens(const ParentMap &PM, const Stmt *S) {
  const Stmt *P = PM.getParent(S);
  while (P && isa<ParenExpr>(P))
    P = PM.getParent(P);
  return P;
}

/// Whether Call passes Arg to a parameter that is a pointer to const
/// (Pointer) or a reference to const: the callee may read through it, not
/// write. A member operator's first argument is its object.
/// The parameter of Call's direct callee that argument Arg (past
/// parentheses) is passed to; null when there is none. A member
/// operator's first argument is its object.
const ParmVarDecl *parameterOf(const CallExpr *Call, const Expr *Arg) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return nullptr;
  unsigned Shift =
      isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) ? 1 : 0;
  for (unsigned I = Shift; I < Call->getNumArgs(); ++I)
    if (Call->getArg(I)->IgnoreParens() == Arg)
      return I - Shift < Callee->getNumParams()
                 ? Callee->getParamDecl(I - Shift)
                 : nullptr;
  return nullptr;
}

/// Whether Call passes Arg to a parameter that is a pointer to const
/// (Pointer) or a reference to const: the callee may read through it, not
/// write.
bool passedAsConst(const CallExpr *Call, const Expr *Arg, bool Pointer) {
  const ParmVarDecl *PV = parameterOf(Call, Arg);
  if (!PV)
    return false;
  QualType PT = PV->getType();
  return (Pointer ? PT->isPointerType() : PT->isReferenceType()) &&
         PT->getPointeeType().isConstQualified();
}

} // namespace

const CallExpr *outArgument(const Expr *Top, const Stmt *P, const VarDecl *V) {
  const auto *Call = dyn_cast<CallExpr>(P);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  QualType VT = V->getType().getNonReferenceType();
  if (!Callee || !Callee->hasBody() || Callee->isVariadic() ||
      Callee->hasAttr<CUDAGlobalAttr>() || !VT->isIntegralOrEnumerationType())
    return nullptr;
  const ParmVarDecl *PV = parameterOf(Call, Top);
  if (!PV)
    return nullptr;
  QualType PT = PV->getType();
  // `&v` to a pointer parameter of a host function (`int *threads`).
  if (const auto *UO = dyn_cast<UnaryOperator>(Top->IgnoreParens());
      UO && UO->getOpcode() == UO_AddrOf) {
    if (!PT->isPointerType() || Callee->hasAttr<CUDADeviceAttr>() ||
        PT->getPointeeType().isConstQualified() ||
        PT->getPointeeType().isVolatileQualified() ||
        PT->getPointeeType().getCanonicalType().getUnqualifiedType() !=
            VT.getCanonicalType().getUnqualifiedType())
      return nullptr;
    return Call;
  }
  if (!PT->isLValueReferenceType() || PT->getPointeeType().isConstQualified() ||
      PT->getPointeeType().isVolatileQualified() ||
      PT->getPointeeType().getCanonicalType().getUnqualifiedType() !=
          VT.getCanonicalType().getUnqualifiedType())
    return nullptr;
  return Call;
}

namespace {

/// The walk that fills a FunctionFacts.
class FactsWalk : public RecursiveASTVisitor<FactsWalk> {
public:
  explicit FactsWalk(FunctionFacts &F) : F(F), PM(*F.Parents) {}
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitGotoStmt(GotoStmt *) {
    F.HasGoto = true;
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) {
    F.HasGoto = true;
    return true;
  }
  bool VisitLabelStmt(LabelStmt *S) {
    F.JumpTargets.push_back(S->getBeginLoc());
    F.JumpFrom.push_back(SourceLocation());
    return true;
  }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    Switches.push_back(S);
    bool R = RecursiveASTVisitor::TraverseSwitchStmt(S);
    Switches.pop_back();
    return R;
  }
  bool VisitSwitchCase(SwitchCase *S) {
    F.JumpTargets.push_back(S->getBeginLoc());
    F.JumpFrom.push_back(Switches.empty() ? SourceLocation()
                                          : Switches.back()->getBeginLoc());
    return true;
  }
  bool VisitDeclStmt(DeclStmt *S) {
    for (Decl *D : S->decls())
      if (auto *V = dyn_cast<VarDecl>(D); V && !V->isImplicit())
        F.Writes[V].push_back(S);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (!V || !V->hasLocalStorage())
      return true;
    F.Refs[V].push_back(E);
    if (!V->isImplicit())
      noteUse(E, V);
    return true;
  }

private:
  FunctionFacts &F;
  const ParentMap &PM;
  llvm::SmallVector<const SwitchStmt *, 2> Switches;

  /// Records a write of V, or its escape, at the reference E.
  void noteUse(const DeclRefExpr *E, const VarDecl *V) {
    // Climb parentheses, qualification conversions (`const int &r = v`)
    // and the arms of an lvalue `c ? v : w`, which is then read or written
    // as a whole.
    const Stmt *Top = E;
    const Stmt *P = PM.getParent(E);
    bool InConditional = false;
    while (P) {
      const auto *CO = dyn_cast<ConditionalOperator>(P);
      const auto *ICE = dyn_cast<ImplicitCastExpr>(P);
      if (!isa<ParenExpr>(P) &&
          !(ICE && ICE->getCastKind() == CK_NoOp && ICE->isGLValue()) &&
          !(CO && CO->isGLValue() && CO->getCond() != Top))
        break;
      InConditional |= CO != nullptr;
      Top = P;
      P = PM.getParent(P);
    }
    // Capturing by reference only names the variable.
    if (!P || isa<LambdaExpr>(P))
      return;
    Use U = classifyUse(cast<Expr>(Top), P, PM, nullptr);
    // A reference parameter is followed as the scalar it names.
    bool Scalar = V->getType().getNonReferenceType()->isScalarType();
    // A lambda that captures the variable and writes it (or lets it
    // escape) in its body changes it whenever the lambda runs: an escape,
    // for this function and for the lambda, wherever the write is.
    if (E->refersToEnclosingVariableOrCapture() && U.Kind != UseKind::Read) {
      F.Escapes.try_emplace(V, E);
      return;
    }
    if (InConditional) {
      if (U.Kind != UseKind::Read && Scalar)
        F.Escapes.try_emplace(V, E);
      return;
    }
    if (U.Kind == UseKind::Write) {
      F.Writes[V].push_back(U.Write);
      return;
    }
    // Passed to a non-const reference parameter of a function with a body:
    // the call writes it (Lowering::outValue).
    if (Scalar && U.Kind == UseKind::Escape)
      if (const CallExpr *Call = outArgument(cast<Expr>(Top), P, V)) {
        F.Writes[V].push_back(Call);
        return;
      }
    // Its address passed to a pointer parameter (an out-parameter through
    // a pointer, Lowering::outValue).
    if (const auto *UO = dyn_cast<UnaryOperator>(P);
        Scalar && U.Kind == UseKind::Escape && UO &&
        UO->getOpcode() == UO_AddrOf &&
        !E->refersToEnclosingVariableOrCapture())
      if (const CallExpr *Call = outArgument(UO, parentPastParens(PM, UO), V)) {
        F.Writes[V].push_back(Call);
        return;
      }
    // Only scalars and pointers are followed; any use other than a read
    // lets one escape.
    if (Scalar && U.Kind == UseKind::Escape)
      F.Escapes.try_emplace(V, E);
  }
};

} // namespace

Use classifyUse(const Expr *Top, const Stmt *P, const ParentMap &PM,
                ValueEngine *Engine) {
  Use U;
  auto Read = [&] {
    U.Kind = UseKind::Read;
    return U;
  };
  auto Write = [&](const Expr *W, const Expr *Value) {
    U.Kind = UseKind::Write;
    U.Write = W;
    U.Value = Value;
    return U;
  };
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P)) {
    if (ICE->getCastKind() == CK_LValueToRValue)
      return Read();
    // An element of an array read: `v.a[i]`, or copied (`dim3 b =
    // blocks[i]`).
    if (ICE->getCastKind() == CK_ArrayToPointerDecay)
      if (const auto *ASE =
              dyn_cast_or_null<ArraySubscriptExpr>(parentPastParens(PM, ICE));
          ASE && ASE->getBase() == ICE) {
        const Expr *Elem = ASE;
        const Stmt *Up = parentPastParens(PM, ASE);
        while (const auto *C = dyn_cast_or_null<ImplicitCastExpr>(Up)) {
          if (C->getCastKind() == CK_LValueToRValue)
            return Read();
          if (C->getCastKind() != CK_NoOp)
            break;
          Elem = C;
          Up = parentPastParens(PM, C);
        }
        // Bound to a reference to const (`run(sizes[j])` with `const int
        // &`).
        if (const auto *Call = dyn_cast_or_null<CallExpr>(Up);
            Call && passedAsConst(Call, Elem, /*Pointer=*/false))
          return Read();
        if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Up);
            CE && CE->getConstructor()->isCopyConstructor() &&
            CE->getConstructor()
                ->getParamDecl(0)
                ->getType()
                ->getPointeeType()
                .isConstQualified())
          return Read();
      }
    return U;
  }
  if (isa<UnaryExprOrTypeTraitExpr>(P)) // sizeof, alignof
    return Read();
  // `o.f()`: a member function that leaves its object as it is.
  if (const auto *ME = dyn_cast<MemberExpr>(P)) {
    const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(PM.getParent(ME));
    if (M && MC && MC->getCallee()->IgnoreParens() == ME && Engine &&
        Engine->leavesObject(M))
      return Read();
    return U;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(P))
    return CE->getConstructor()->isCopyOrMoveConstructor() ? Read() : U;
  if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
    if (BO->getLHS()->IgnoreParens() != Top)
      return U;
    if (BO->getOpcode() == BO_Assign)
      return Write(BO, BO->getRHS());
    if (BO->isCompoundAssignmentOp())
      return Write(BO, BO);
    if (BO->getOpcode() == BO_Comma)
      return Read();
    return U;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
    if (UO->isIncrementDecrementOp())
      return Write(UO, UO);
    if (UO->getOpcode() != UO_AddrOf)
      return U;
    // &v is harmless where it only becomes a pointer to const.
    const Stmt *PP = parentPastParens(PM, UO);
    if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(PP))
      if (Cast->getType()->isPointerType() &&
          Cast->getType()->getPointeeType().isConstQualified())
        return Read();
    if (const auto *Call = dyn_cast_or_null<CallExpr>(PP))
      if (passedAsConst(Call, UO, /*Pointer=*/true))
        return Read();
    return U;
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
    bool OnObject =
        MD && OC->getNumArgs() >= 1 && OC->getArg(0)->IgnoreParens() == Top;
    if (OnObject && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
        (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator()))
      return Write(OC, OC->getArg(1));
    // `fn(i)`: a function object's operator() that does not change it.
    if (OnObject && Engine && Engine->leavesObject(MD))
      return Read();
    return passedAsConst(OC, Top, /*Pointer=*/false) ? Read() : U;
  }
  if (const auto *Call = dyn_cast<CallExpr>(P)) {
    // Passed by reference: harmless only as a reference to const.
    if (passedAsConst(Call, Top, /*Pointer=*/false))
      return Read();
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
      if (MC->getImplicitObjectArgument() &&
          MC->getImplicitObjectArgument()->IgnoreParens() == Top)
        if (const CXXMethodDecl *M = MC->getMethodDecl())
          if (Engine && Engine->leavesObject(M))
            return Read();
    return U;
  }
  // An input of an asm statement clang left unconverted (one of the host
  // side's device code, with a constraint the host target lacks, "=f" or
  // "=h"), passed in a register: its value is read.
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(P))
    for (unsigned I = 0; I < Asm->getNumInputs(); ++I)
      if (Asm->getInputExpr(I) == Top)
        return model::isValueConstraint(Asm->getInputConstraint(I)) ? Read()
                                                                    : U;
  return U;
}

Use classifyReference(const DeclRefExpr *R, const FunctionFacts &F,
                      ValueEngine *Engine) {
  const Stmt *Top = R;
  const Stmt *P = F.parent(R);
  while (P) {
    const auto *ICE = dyn_cast<ImplicitCastExpr>(P);
    if (!isa<ParenExpr>(P) &&
        !(ICE && ICE->getCastKind() == CK_NoOp && ICE->isGLValue()))
      break;
    Top = P;
    P = F.parent(P);
  }
  if (!P)
    return Use();
  return classifyUse(cast<Expr>(Top), P, *F.Parents, Engine);
}

RefUse classifyRef(const DeclRefExpr *R, const ParentMap &PM,
                   ValueEngine *Engine, bool Deref) {
  RefUse Out;
  const Stmt *Top = R;
  const Stmt *P = PM.getParent(R);
  if (Deref) {
    // `*p`: the pointer read, then dereferenced.
    while (isa_and_nonnull<ParenExpr>(P))
      P = PM.getParent(P);
    const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P);
    if (!ICE || ICE->getCastKind() != CK_LValueToRValue)
      return Out;
    P = PM.getParent(ICE);
    while (isa_and_nonnull<ParenExpr>(P))
      P = PM.getParent(P);
    const auto *UO = dyn_cast_or_null<UnaryOperator>(P);
    if (!UO || UO->getOpcode() != UO_Deref)
      return Out;
    Top = UO;
    P = PM.getParent(UO);
  }
  while (P) {
    if (isa<ParenExpr>(P)) {
      Top = P;
      P = PM.getParent(P);
      continue;
    }
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P)) {
      if (ICE->getCastKind() == CK_NoOp && ICE->isGLValue()) {
        Top = P;
        P = PM.getParent(P);
        continue;
      }
      // An element: `a[i]`.
      const Stmt *Up = PM.getParent(ICE);
      while (Up && isa<ParenExpr>(Up))
        Up = PM.getParent(Up);
      const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(Up);
      if (ICE->getCastKind() == CK_ArrayToPointerDecay && ASE &&
          ASE->getBase()->IgnoreParens() == ICE) {
        Out.Index.push_back(ASE->getIdx());
        Top = ASE;
        P = PM.getParent(ASE);
        continue;
      }
    }
    if (const auto *ME = dyn_cast<MemberExpr>(P);
        ME && !ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl())) {
      Out.Partial = true;
      Top = P;
      P = PM.getParent(P);
      continue;
    }
    break;
  }
  Out.Top = cast<Expr>(Top);
  if (!P)
    return Out; // an escape
  Use U = classifyUse(Out.Top, P, PM, Engine);
  Out.Kind = U.Kind;
  Out.Write = U.Write;
  Out.Value = U.Value;
  return Out;
}

std::unique_ptr<FunctionFacts> FunctionFacts::build(const Stmt *Body) {
  auto F = std::make_unique<FunctionFacts>();
  F->Body = Body;
  F->Parents = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
  return F;
}

void FunctionFacts::walk() {
  if (Walked)
    return;
  Walked = true;
  FactsWalk(*this).TraverseStmt(const_cast<Stmt *>(Body));
}

namespace {
/// A statement's number and the last number below it.
struct Numbered {
  const Stmt *S;
  unsigned First, Last;
};

/// The tree ParentMap gives the statements below Body, numbered in
/// pre-order: from each statement, its children() (with what ParentMap also
/// maps: the semantic forms of a PseudoObjectExpr, the source of an
/// OpaqueValueExpr) whose parent ParentMap says it is, in that order.
/// Iterative: bodies nest deep. Every statement is numbered, but only those
/// Keep(S, ParentIsExpr) accepts are returned. A statement is walked from
/// its one parent in ParentMap only, and once from it: the children of a
/// PseudoObjectExpr list its semantic forms again.
template <typename KeepFn>
std::vector<Numbered> numberTree(const Stmt *Body, const ParentMap &PM,
                                 KeepFn Keep) {
  std::vector<Numbered> Order;
  unsigned Next = 0;
  // (statement, whether its parent is an expression, index in Order once
  // entered: Before until then, Unkept for a statement not kept).
  struct Step {
    const Stmt *S;
    bool InExpr;
    unsigned Entered;
  };
  constexpr unsigned Before = UINT_MAX, Unkept = UINT_MAX - 1;
  std::vector<Step> Walk{{Body, false, Before}};
  llvm::SmallVector<const Stmt *, 8> Kids;
  while (!Walk.empty()) {
    Step St = Walk.back();
    Walk.pop_back();
    const Stmt *S = St.S;
    if (St.Entered != Before) {
      if (St.Entered != Unkept)
        Order[St.Entered].Last = Next - 1;
      continue;
    }
    unsigned Me = Next++;
    if (Keep(S, St.InExpr)) {
      Walk.push_back({S, false, unsigned(Order.size())});
      Order.push_back({S, Me, Me});
    } else {
      Walk.push_back({S, false, Unkept});
    }
    auto Children = S->children();
    Kids.assign(Children.begin(), Children.end());
    bool Twice = false;
    if (const auto *POE = dyn_cast<PseudoObjectExpr>(S)) {
      Kids.append(POE->semantics_begin(), POE->semantics_end());
      Twice = true;
    }
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S)) {
      Kids.push_back(OVE->getSourceExpr());
      Twice = true;
    }
    bool IsExpr = isa<Expr>(S);
    for (size_t I = Kids.size(); I-- > 0;) {
      const Stmt *K = Kids[I];
      if (!K || K == Body || PM.getParent(K) != S)
        continue;
      // Pushed in reverse: the first occurrence is walked, the others not.
      if (Twice && llvm::is_contained(llvm::ArrayRef(Kids).take_front(I), K))
        continue;
      Walk.push_back({K, IsExpr, Before});
    }
  }
  return Order;
}
} // namespace

std::unique_ptr<StmtOrder> FunctionFacts::number() const {
  auto O = std::make_unique<StmtOrder>();
  // Only the statements the lowering asks about are kept in Span:
  // statements, full expressions (an expression whose parent is not one: a
  // condition, an increment, an expression statement) and the writes.
  // (Asked about another, orderedWrites answers nothing and the lowering
  // walks up from the writes instead.)
  llvm::DenseSet<const Stmt *> IsWrite;
  for (const auto &[V, Ws] : Writes)
    IsWrite.insert(Ws.begin(), Ws.end());
  std::vector<Numbered> Order =
      numberTree(Body, *Parents, [&](const Stmt *S, bool ParentIsExpr) {
        return !isa<Expr>(S) || !ParentIsExpr || IsWrite.contains(S);
      });
  O->Span.reserve(Order.size());
  for (const Numbered &N : Order)
    O->Span.try_emplace(N.S, N.First, N.Last);
  for (const auto &[V, Ws] : Writes) {
    llvm::SmallVector<std::pair<unsigned, const Stmt *>, 4> Sorted;
    bool All = true;
    for (const Stmt *W : Ws) {
      auto It = O->Span.find(W);
      if (It == O->Span.end()) {
        All = false;
        break;
      }
      Sorted.push_back({It->second.first, W});
    }
    if (!All)
      continue;
    llvm::sort(Sorted,
               [](const auto &A, const auto &B) { return A.first < B.first; });
    O->Writes[V] = std::move(Sorted);
  }
  return O;
}

FunctionFacts &ValueEngine::parentsOfBody(const Stmt *Body) {
  std::unique_ptr<FunctionFacts> &F = Facts[Body];
  if (!F)
    F = FunctionFacts::build(Body);
  F->LastUse = ++FactsClock;
  return *F;
}

void ValueEngine::forgetFacts(size_t Keep) {
  // The folded constants too, once they are many: those of the functions
  // lowered since are folded again when asked (a file of thousands of
  // kernels kept every index expression's entry to its end).
  if (Constants.size() > 64 * Keep)
    Constants = decltype(Constants)();
  if (Facts.size() <= Keep)
    return;
  std::vector<std::pair<uint64_t, const Stmt *>> ByUse;
  ByUse.reserve(Facts.size());
  for (const auto &[Body, F] : Facts)
    ByUse.push_back({F->LastUse, Body});
  // The Keep used last stay.
  std::nth_element(ByUse.begin(), ByUse.begin() + (ByUse.size() - Keep),
                   ByUse.end());
  for (size_t I = 0; I + Keep < ByUse.size(); ++I)
    Facts.erase(ByUse[I].second);
}

const FunctionFacts &ValueEngine::factsOfBody(const Stmt *Body) {
  FunctionFacts &F = parentsOfBody(Body);
  F.walk();
  return F;
}

const FunctionFacts *ValueEngine::facts(const FunctionDecl *F) {
  if (!F || !F->getBody())
    return nullptr;
  return &factsOfBody(F->getBody());
}

const ParentMap *ValueEngine::parents(const FunctionDecl *F) {
  if (!F || !F->getBody())
    return nullptr;
  return parentsOfBody(F->getBody()).Parents.get();
}

const StmtOrder &ValueEngine::order(const FunctionDecl *F) {
  const FunctionFacts &FF = factsOfBody(F->getBody());
  if (!FF.Order)
    FF.Order = FF.number();
  return *FF.Order;
}

/// Whether the lvalue E names a variable (or an element or member of one)
/// that is neither const nor constexpr: clang reads a variable in a
/// constant only when it is constexpr, or const with a constant
/// initializer.
static bool readsVariable(const Expr *E) {
  E = E->IgnoreParens();
  // A field of the variable (not a static member: `n.value` reads no n).
  if (const auto *ME = dyn_cast<MemberExpr>(E);
      ME && !ME->isArrow() && isa<FieldDecl>(ME->getMemberDecl()))
    E = ME->getBase()->IgnoreParens();
  else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    if (const auto *Decay = dyn_cast<ImplicitCastExpr>(ASE->getBase());
        Decay && Decay->getCastKind() == CK_ArrayToPointerDecay)
      E = Decay->getSubExpr()->IgnoreParens();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  // (An array of const elements is const itself.)
  return V && !V->getType()->isReferenceType() && !V->isConstexpr() &&
         !V->getType().isConstQualified();
}

bool ValueEngine::surelyNotConstant(const Expr *E, unsigned Depth) {
  E = E->IgnoreParens();
  if (auto It = Constants.find(E); It != Constants.end())
    return !It->second;
  // Deeper than this, an expression is left to clang.
  if (Depth > 128)
    return false;
  bool Not = false;
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      Not = readsVariable(Cast->getSubExpr());
    else
      Not = (isa<ImplicitCastExpr>(Cast) || isa<ExplicitCastExpr>(Cast)) &&
            surelyNotConstant(Cast->getSubExpr(), Depth + 1);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    UnaryOperatorKind K = UO->getOpcode();
    Not = (K == UO_Plus || K == UO_Minus || K == UO_Not || K == UO_LNot) &&
          surelyNotConstant(UO->getSubExpr(), Depth + 1);
  } else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    // Not `&&`, `||` or `,`: the value of one operand may be enough.
    Not = !BO->isLogicalOp() && !BO->isCommaOp() && !BO->isAssignmentOp() &&
          (surelyNotConstant(BO->getLHS(), Depth + 1) ||
           surelyNotConstant(BO->getRHS(), Depth + 1));
  }
  if (Not)
    Constants.try_emplace(E, std::nullopt);
  return Not;
}

std::optional<int64_t> ValueEngine::constantOf(const Expr *E) {
  // Most of an index reads a thread's own variables: clang is not asked
  // to fold what surely does not (EvaluateAsInt walks the expression
  // again for each of its subexpressions).
  if (surelyNotConstant(E))
    return std::nullopt;
  auto [It, New] = Constants.try_emplace(E);
  if (New) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects) &&
        R.Val.getInt().getSignificantBits() <= 64)
      It->second = R.Val.getInt().getExtValue();
  }
  return It->second;
}

} // namespace warplint
