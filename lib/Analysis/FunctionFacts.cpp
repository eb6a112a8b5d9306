//===-- FunctionFacts.cpp - What one walk of a function body finds --------===//
//
// The per-function facts every lowering asks again and again: the statement
// parents, how the body writes its local variables, the statements in
// order, and the constant value of each expression; built once per body.
//
//===----------------------------------------------------------------------===//
#include "warplint/Analysis/SharedAccess.h"
#include "warplint/Model/PtxAccess.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace warplint::model;

namespace warplint {

const SharedAccessFinder::LocalWrites &
SharedAccessFinder::localWrites(const FunctionDecl *F) {
  std::unique_ptr<LocalWrites> &L = Locals[F->getBody()];
  if (L)
    return *L;
  L = std::make_unique<LocalWrites>();
  struct Walk : RecursiveASTVisitor<Walk> {
    LocalWrites &L;
    const ParentMap &PM;
    Walk(LocalWrites &L, const ParentMap &PM) : L(L), PM(PM) {}
    bool VisitGotoStmt(GotoStmt *) {
      L.HasGoto = true;
      return true;
    }
    bool VisitIndirectGotoStmt(IndirectGotoStmt *) {
      L.HasGoto = true;
      return true;
    }
    bool VisitDeclStmt(DeclStmt *S) {
      for (Decl *D : S->decls())
        if (auto *V = dyn_cast<VarDecl>(D))
          L.Writes[V].push_back(S);
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      const auto *V = dyn_cast<VarDecl>(E->getDecl());
      if (!V || !V->hasLocalStorage())
        return true;
      // Climb parentheses and the arms of an lvalue `c ? v : w`, which
      // is then read or written as a whole.
      const Stmt *Top = E;
      const Stmt *P = PM.getParent(E);
      bool InConditional = false;
      while (P) {
        const auto *CO = dyn_cast<ConditionalOperator>(P);
        if (!isa<ParenExpr>(P) &&
            !(CO && CO->isGLValue() && CO->getCond() != Top))
          break;
        InConditional |= CO != nullptr;
        Top = P;
        P = PM.getParent(P);
      }
      if (!P)
        return true;
      // Capturing by reference only names the variable; a lambda that
      // captures it and writes it (or lets it escape) in its body changes
      // it whenever the lambda runs: an escape, for this function and for
      // the lambda, wherever the write is.
      if (isa<LambdaExpr>(P))
        return true;
      if (E->refersToEnclosingVariableOrCapture() && !isRead(P, Top)) {
        L.Escapes.try_emplace(V, E);
        return true;
      }
      if (InConditional) {
        if (!isRead(P, Top) && V->getType()->isScalarType())
          L.Escapes.try_emplace(V, E);
        return true;
      }
      if (const auto *B = dyn_cast<BinaryOperator>(P);
          B && B->isAssignmentOp() && B->getLHS()->IgnoreParens() == Top) {
        L.Writes[V].push_back(B);
        return true;
      }
      if (const auto *U = dyn_cast<UnaryOperator>(P);
          U && U->isIncrementDecrementOp()) {
        L.Writes[V].push_back(U);
        return true;
      }
      // Only scalars and pointers are followed; any use other than a read
      // lets one escape.
      QualType T = V->getType();
      if (!T->isScalarType() || isRead(P, Top))
        return true;
      L.Escapes.try_emplace(V, E);
      return true;
    }
    static bool isRead(const Stmt *P, const Stmt *Top) {
      if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P))
        return ICE->getCastKind() == CK_LValueToRValue;
      if (isa<UnaryExprOrTypeTraitExpr>(P))
        return true; // sizeof
      // An input of an asm statement clang left unconverted (one of the
      // host side's device code, with a constraint the host target lacks,
      // "=f" or "=h"), passed in a register: its value is read.
      if (const auto *Asm = dyn_cast<GCCAsmStmt>(P))
        for (unsigned I = 0; I < Asm->getNumInputs(); ++I)
          if (Asm->getInputExpr(I) == Top)
            return isValueConstraint(Asm->getInputConstraint(I));
      if (const auto *Call = dyn_cast<CallExpr>(P))
        if (const FunctionDecl *F = Call->getDirectCallee())
          for (unsigned I = 0; I < Call->getNumArgs(); ++I)
            if (Call->getArg(I)->IgnoreParens() == Top) {
              unsigned J =
                  isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(F)
                      ? I - 1
                      : I;
              if (J >= F->getNumParams())
                return false;
              QualType PT = F->getParamDecl(J)->getType();
              return PT->isReferenceType() &&
                     PT->getPointeeType().isConstQualified();
            }
      return false;
    }
  } W(*L, parents(F));
  W.TraverseStmt(const_cast<Stmt *>(F->getBody()));
  return *L;
}

std::optional<int64_t> SharedAccessFinder::constantOf(const Expr *E) {
  auto [It, New] = Constants.try_emplace(E);
  if (New) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects) &&
        R.Val.getInt().getSignificantBits() <= 64)
      It->second = R.Val.getInt().getExtValue();
  }
  return It->second;
}

const ParentMap &SharedAccessFinder::parents(const FunctionDecl *F) {
  std::unique_ptr<ParentMap> &M = Maps[F->getBody()];
  if (!M)
    M = std::make_unique<ParentMap>(const_cast<Stmt *>(F->getBody()));
  return *M;
}

const SharedAccessFinder::StmtOrder &
SharedAccessFinder::order(const FunctionDecl *F) {
  std::unique_ptr<StmtOrder> &O = Orders[F->getBody()];
  if (O)
    return *O;
  O = std::make_unique<StmtOrder>();
  const Stmt *Body = F->getBody();
  const ParentMap &PM = parents(F);
  // Every statement below the body, in the order of children() (with what
  // ParentMap also maps: the semantic forms of a PseudoObjectExpr, the
  // source of an OpaqueValueExpr); then the tree ParentMap gives them, in
  // that order, numbered in pre-order. Iterative: bodies nest deep.
  std::vector<const Stmt *> Seq;
  llvm::DenseSet<const Stmt *> Seen;
  std::vector<const Stmt *> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.back();
    Stack.pop_back();
    if (!S || !Seen.insert(S).second)
      continue;
    Seq.push_back(S);
    llvm::SmallVector<const Stmt *, 8> Kids(S->children().begin(),
                                            S->children().end());
    if (const auto *POE = dyn_cast<PseudoObjectExpr>(S))
      Kids.append(POE->semantics_begin(), POE->semantics_end());
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S))
      Kids.push_back(OVE->getSourceExpr());
    Stack.insert(Stack.end(), Kids.rbegin(), Kids.rend());
  }
  llvm::DenseMap<const Stmt *, llvm::SmallVector<const Stmt *, 4>> Kids;
  for (const Stmt *S : Seq)
    if (S != Body)
      if (const Stmt *Par = PM.getParent(S))
        Kids[Par].push_back(S);
  unsigned Next = 0;
  std::vector<std::pair<const Stmt *, bool>> Walk{{Body, false}};
  while (!Walk.empty()) {
    auto [S, Done] = Walk.back();
    Walk.pop_back();
    if (Done) {
      O->Span[S].second = Next - 1;
      continue;
    }
    if (!O->Span.try_emplace(S, Next, Next).second)
      continue;
    ++Next;
    Walk.push_back({S, true});
    auto It = Kids.find(S);
    if (It != Kids.end())
      for (const Stmt *K : llvm::reverse(It->second))
        Walk.push_back({K, false});
  }
  for (const auto &[V, Ws] : localWrites(F).Writes) {
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
  return *O;
}

} // namespace warplint
