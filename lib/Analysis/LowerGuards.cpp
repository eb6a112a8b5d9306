//===-- LowerGuards.cpp - The conditions guarding an access
//-----------------===//
//
// The conditions guarding an access are collected from the enclosing if,
// ?:, && and || and loop conditions, switch cases, and from earlier
// `if (...) return;` (or continue/break, or a call that does not return:
// `__trap()`) statements and `assert(...)`s of the enclosing blocks, in
// every frame of the call chain.
//
//===----------------------------------------------------------------------===//
#include "AstUtil.h"
#include "Lowering.h"
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

bool Lowering::exits(const Stmt *S, bool LoopExitsToo) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S))
    return true;
  if (LoopExitsToo && (isa<ContinueStmt>(S) || isa<BreakStmt>(S)))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return !CS->body_empty() && exits(CS->body_back(), LoopExitsToo);
  return false;
}

bool Lowering::aborts(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return !CS->body_empty() && aborts(CS->body_back());
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return false;
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenCasts());
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F)
    return false;
  if (F->isNoReturn())
    return true;
  // CUDA's device assert does not say it does not return; it ends the
  // kernel.
  const IdentifierInfo *Id = F->getIdentifier();
  return Id &&
         (Id->getName() == "__assertfail" || Id->getName() == "__assert_fail");
}

const Expr *Lowering::assertedCondition(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return nullptr;
  const auto *CO = dyn_cast<ConditionalOperator>(E->IgnoreParenCasts());
  if (!CO || !aborts(CO->getFalseExpr()) || aborts(CO->getTrueExpr()))
    return nullptr;
  return CO->getCond();
}

void Lowering::addGuard(const Expr *Cond, bool Want, unsigned Frame,
                        std::vector<std::pair<NodeId, bool>> &Out) {
  std::string Saved = Why;
  auto N = integer(Cond, Frame);
  Why = Saved; // an unknown condition lets every lane through
  if (N)
    Out.push_back({*N, Want});
}

const Stmt *Lowering::stripLabels(const Stmt *S) {
  while (const auto *SC = dyn_cast_or_null<SwitchCase>(S))
    S = SC->getSubStmt();
  return S;
}

void Lowering::switchGuard(const SwitchStmt *Sw, const Stmt *S, unsigned Frame,
                           std::vector<std::pair<NodeId, bool>> &Out) {
  const auto *Body = dyn_cast<CompoundStmt>(Sw->getBody());
  if (!Body || Sw->getInit() || Sw->getConditionVariable())
    return;
  const ParentMap &PM = parentsOf(Frame);
  const Stmt *Inner = S;
  while (Inner && PM.getParent(Inner) != Body)
    Inner = PM.getParent(Inner);
  if (!Inner)
    return;
  llvm::SmallVector<const Stmt *, 8> Children(Body->body_begin(),
                                              Body->body_end());
  auto It = llvm::find(Children, Inner);
  if (It == Children.end())
    return;
  llvm::SmallVector<const CaseStmt *, 4> Leading;
  bool Default = false;
  for (size_t I = It - Children.begin() + 1; I-- > 0;) {
    const Stmt *C = Children[I];
    if (C != Inner && exits(stripLabels(C), true))
      break; // no fall-through from the cases before
    for (const Stmt *X = C; const auto *SC = dyn_cast_or_null<SwitchCase>(X);
         X = SC->getSubStmt()) {
      if (const auto *CS = dyn_cast<CaseStmt>(SC))
        Leading.push_back(CS);
      else
        Default = true;
    }
  }
  if (Leading.empty() && !Default)
    return; // reached only by a jump the analysis does not follow
  // The cases the guard names: those leading to S, or for a default all
  // the others.
  llvm::SmallVector<const CaseStmt *, 8> Named;
  if (Default) {
    for (const SwitchCase *SC = Sw->getSwitchCaseList(); SC;
         SC = SC->getNextSwitchCase())
      if (const auto *CS = dyn_cast<CaseStmt>(SC);
          CS && !llvm::is_contained(Leading, CS))
        Named.push_back(CS);
    if (Named.empty())
      return; // every value leads here
  } else {
    Named.assign(Leading.begin(), Leading.end());
  }
  std::string Saved = Why;
  auto Value = integer(Sw->getCond(), Frame);
  Why = Saved;
  if (!Value)
    return;
  IntType CT = typeOf(Sw->getCond()->getType());
  std::optional<NodeId> Any;
  for (const CaseStmt *CS : Named) {
    Expr::EvalResult R;
    if (CS->caseStmtIsGNURange() || !CS->getLHS()->EvaluateAsInt(R, Ctx))
      return;
    NodeId Eq =
        P->binary(Op::EQ, *Value, P->constant(R.Val.getInt().getExtValue(), CT),
                  IntType::i32());
    Any = Any ? P->binary(Op::LOr, *Any, Eq, IntType::i32()) : Eq;
  }
  Out.push_back({*Any, !Default});
}

void Lowering::guards(const Stmt *S, unsigned Frame,
                      std::vector<std::pair<NodeId, bool>> &Out) {
  const FunctionDecl *F = Frames[Frame].F;
  const ParentMap &PM = parentsOf(Frame);
  const Stmt *Child = S;
  for (const Stmt *Par = PM.getParent(S); Par;
       Child = Par, Par = PM.getParent(Par)) {
    if (const auto *Sw = dyn_cast<SwitchStmt>(Par)) {
      if (Child == Sw->getBody())
        switchGuard(Sw, S, Frame, Out);
      continue;
    }
    if (const auto *If = dyn_cast<IfStmt>(Par)) {
      if (If->getConditionVariable() || If->isConsteval())
        continue;
      if (Child == If->getThen())
        addGuard(If->getCond(), true, Frame, Out);
      else if (Child == If->getElse())
        addGuard(If->getCond(), false, Frame, Out);
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(Par)) {
      if (Child == CO->getTrueExpr())
        addGuard(CO->getCond(), true, Frame, Out);
      else if (Child == CO->getFalseExpr())
        addGuard(CO->getCond(), false, Frame, Out);
    } else if (const auto *B = dyn_cast<BinaryOperator>(Par)) {
      if (B->getOpcode() == BO_LAnd && Child == B->getRHS())
        addGuard(B->getLHS(), true, Frame, Out);
      else if (B->getOpcode() == BO_LOr && Child == B->getRHS())
        addGuard(B->getLHS(), false, Frame, Out);
    } else if (const auto *For = dyn_cast<ForStmt>(Par)) {
      if (Child == For->getBody() && For->getCond())
        addGuard(For->getCond(), true, Frame, Out);
    } else if (const auto *W = dyn_cast<WhileStmt>(Par)) {
      if (Child == W->getBody() && !W->getConditionVariable())
        addGuard(W->getCond(), true, Frame, Out);
    } else if (const auto *CS = dyn_cast<CompoundStmt>(Par)) {
      // `if (c) return;` before the access: the access needs !c.
      bool InLoop = false;
      for (const Stmt *A = PM.getParent(CS); A; A = PM.getParent(A)) {
        if (isa<ForStmt>(A) || isa<WhileStmt>(A) || isa<DoStmt>(A) ||
            isa<CXXForRangeStmt>(A)) {
          InLoop = true;
          break;
        }
        if (isa<SwitchStmt>(A))
          break;
      }
      for (const Stmt *B : CS->body()) {
        if (B == Child)
          break;
        // assert(c) before the access: the access needs c.
        if (const Expr *C = assertedCondition(B)) {
          addGuard(C, true, Frame, Out);
          continue;
        }
        const auto *If = dyn_cast<IfStmt>(B);
        if (!If || If->getConditionVariable() || If->isConsteval())
          continue;
        bool ThenExits = exits(If->getThen(), InLoop) || aborts(If->getThen());
        bool ElseExits = exits(If->getElse(), InLoop) || aborts(If->getElse());
        if (ThenExits && !ElseExits)
          addGuard(If->getCond(), false, Frame, Out);
        else if (ElseExits && !ThenExits)
          addGuard(If->getCond(), true, Frame, Out);
      }
    }
    if (Par == F->getBody())
      break;
  }
}

} // namespace warplint
