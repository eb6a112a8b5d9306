//===-- LowerLoops.cpp - Loops
//----------------------------------------------===//
//
// A loop whose body writes a variable makes it a loop-carried variable, a
// model Loop in the group of the loop's other carried variables, whose next
// value is the one at the end of the body (joined with the values at each
// `if (c) { ...; continue; }`).
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

std::optional<NodeId> Lowering::rangeBegin(const VarDecl *V,
                                           const CXXForRangeStmt *R,
                                           unsigned Frame) {
  auto Key = std::make_tuple(static_cast<const Stmt *>(R), Frame, V);
  if (auto It = Carried.find(Key); It != Carried.end())
    return P->loopVar(It->second, IntType::i64());
  const auto *EndV = R->getEndStmt()
                         ? dyn_cast<VarDecl>(R->getEndStmt()->getSingleDecl())
                         : nullptr;
  if (!V->getType()->isPointerType() || !EndV || !EndV->getInit() ||
      !EndV->getType()->isPointerType())
    // FIXME: only pointers are followed as range iterators.
    return fail("the range-based for loop on line " + lineOf(R) +
                " iterates with an iterator class, which the analysis "
                "does not follow");
  auto Size = sizeOf(V->getType()->getPointeeType());
  if (!Size)
    return fail("the element size is unknown");
  if (leavesEarly(R->getBody()))
    return fail("the range-based for loop on line " + lineOf(R) +
                " can end at a break or return");
  auto Init = pointer(V->getInit(), Frame);
  if (!Init)
    return std::nullopt;
  auto End = pointer(EndV->getInit(), Frame);
  if (!End)
    return std::nullopt;
  unsigned Id = P->addLoop(V->getName());
  LoopGroups[{R, Frame}] = Id;
  Carried[Key] = Id;
  NodeId Self = P->loopVar(Id, IntType::i64());
  NodeId Step = P->constant(*Size, IntType::i64());
  Loop &L = P->loop(Id);
  L.Init = *Init;
  L.Next = P->binary(Op::Add, Self, Step, IntType::i64());
  L.Step = Step;
  L.Cond = P->binary(Op::NE, Self, *End, IntType::i32());
  L.CondKnown = true;
  L.Complete = true;
  return Self;
}

const Stmt *Lowering::loopBody(const Stmt *L) {
  if (const auto *F = dyn_cast<ForStmt>(L))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(L))
    return W->getBody();
  return cast<DoStmt>(L)->getBody();
}

std::optional<NodeId> Lowering::header(const VarDecl *V, const Stmt *L,
                                       unsigned Frame) {
  const Stmt *Init = nullptr, *Inc = nullptr;
  const Expr *Cond = nullptr;
  bool After = false;
  if (const auto *F = dyn_cast<ForStmt>(L)) {
    Init = F->getInit();
    Cond = F->getCond();
    Inc = F->getInc();
  } else if (const auto *W = dyn_cast<WhileStmt>(L)) {
    Cond = W->getCond();
  } else {
    Cond = cast<DoStmt>(L)->getCond();
    After = true;
  }
  const Stmt *Body = loopBody(L);
  auto Entering = [&]() -> std::optional<NodeId> {
    if (Init && writes(Init, V, Frame))
      return valueAfter(V, Init, Frame);
    return valueBefore(V, L, Frame);
  };
  if (!writes(Body, V, Frame) && !writes(Inc, V, Frame) &&
      !writes(Cond, V, Frame))
    return Entering();
  if (writes(Cond, V, Frame))
    return fail("'" + V->getName() +
                "' is changed in the condition of the "
                "loop on line " +
                lineOf(L));
  IntType VT = varType(V);
  auto Key = std::make_tuple(L, Frame, V);
  if (auto It = Carried.find(Key); It != Carried.end())
    return P->loopVar(It->second, VT);
  DepthGuard J(Joins); // the value differs from one iteration to the next
  auto InitN = Entering();
  if (!InitN)
    return std::nullopt;
  auto GK = std::make_pair(L, Frame);
  auto GI = LoopGroups.find(GK);
  bool First = GI == LoopGroups.end();
  unsigned Id = First ? P->addLoop(V->getName())
                      : P->addLoopInGroup(V->getName(), GI->second);
  if (First)
    LoopGroups[GK] = Id;
  Carried[Key] = Id;
  NodeId Self = P->loopVar(Id, VT);
  P->loop(Id).Init = P->cast(*InitN, VT);
  std::optional<NodeId> Next = Inc && writes(Inc, V, Frame)
                                   ? valueAfter(V, Inc, Frame)
                                   : endOfBody(V, L, Frame);
  if (!Next)
    return std::nullopt;
  P->loop(Id).Next = P->cast(*Next, VT);
  P->loop(Id).Step = stepOf(P->loop(Id).Next, Self, Id);
  if (First) {
    P->loop(Id).CondAfterBody = After;
    std::string Saved = Why;
    std::optional<NodeId> C = Cond ? integer(Cond, Frame) : std::nullopt;
    Why = Saved; // without its condition, a loop can still be an induction
    P->loop(Id).CondKnown = C.has_value();
    if (C)
      P->loop(Id).Cond = *C;
  }
  P->loop(Id).Complete = true;
  return Self;
}

std::optional<NodeId> Lowering::stepOf(NodeId Next, NodeId Self, unsigned Id) {
  auto Strip = [&](NodeId N) {
    while ((*P)[N].Kind == Op::Cast)
      N = (*P)[N].A;
    return N;
  };
  NodeId N = Strip(Next);
  const Node &X = (*P)[N];
  if (X.Kind != Op::Add && X.Kind != Op::Sub)
    return std::nullopt;
  std::optional<NodeId> E;
  bool Negate = false;
  if (Strip(X.A) == Self) {
    E = X.B;
    Negate = X.Kind == Op::Sub;
  } else if (X.Kind == Op::Add && Strip(X.B) == Self) {
    E = X.A;
  }
  if (!E || P->readsThreadIdx(*E))
    return std::nullopt;
  llvm::SmallVector<unsigned, 4> Ls;
  P->loopsRead(*E, Ls);
  if (llvm::is_contained(Ls, Id))
    return std::nullopt;
  return Negate ? P->unary(Op::Neg, *E, (*P)[*E].Type) : *E;
}

std::optional<NodeId> Lowering::endOfBody(const VarDecl *V, const Stmt *L,
                                          unsigned Frame) {
  const Stmt *Body = loopBody(L);
  if (!writes(Body, V, Frame))
    return header(V, L, Frame);
  auto Fall = valueAfter(V, Body, Frame);
  if (!Fall)
    return std::nullopt;
  llvm::SmallVector<const ContinueStmt *, 2> Continues;
  collectContinues(Body, Continues);
  if (Continues.empty())
    return Fall;
  // FIXME: only `if (c) { ...; continue; }` statements of the body itself
  // are joined; a continue nested deeper, or unconditional, is not.
  const auto *CS = dyn_cast<CompoundStmt>(Body);
  if (!CS)
    return fail("'" + V->getName() +
                "' is changed in a loop with a "
                "'continue' the analysis does not follow");
  IntType VT = varType(V);
  NodeId R = P->cast(*Fall, VT);
  unsigned Followed = 0;
  for (auto It = CS->body_rbegin(); It != CS->body_rend(); ++It) {
    const auto *If = dyn_cast<IfStmt>(*It);
    if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
      continue;
    const Stmt *Last = If->getThen();
    if (const auto *C = dyn_cast<CompoundStmt>(Last))
      Last = C->body_empty() ? nullptr : C->body_back();
    const auto *Cont = dyn_cast_or_null<ContinueStmt>(Last);
    if (!Cont)
      continue;
    auto C = integer(If->getCond(), Frame);
    auto At = C ? valueBefore(V, Cont, Frame) : std::nullopt;
    if (!At)
      return std::nullopt;
    R = P->select(*C, P->cast(*At, VT), R, VT);
    ++Followed;
  }
  if (Followed != Continues.size())
    return fail("'" + V->getName() +
                "' is changed in a loop with a "
                "'continue' the analysis does not follow on line " +
                lineOf(Continues.front()));
  return R;
}

bool Lowering::leavesEarly(const Stmt *S, bool InInner) {
  if (!S)
    return false;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(S))
    return true;
  if (isa<BreakStmt>(S))
    return !InInner;
  if (isa<Expr>(S))
    return false;
  bool Inner = InInner ||
               isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
  for (const Stmt *C : S->children())
    if (leavesEarly(C, Inner))
      return true;
  return false;
}

void Lowering::collectContinues(
    const Stmt *S, llvm::SmallVectorImpl<const ContinueStmt *> &Out) {
  if (!S)
    return;
  if (const auto *C = dyn_cast<ContinueStmt>(S)) {
    Out.push_back(C);
    return;
  }
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S) || isa<Expr>(S))
    return;
  for (const Stmt *Child : S->children())
    collectContinues(Child, Out);
}

} // namespace warplint
