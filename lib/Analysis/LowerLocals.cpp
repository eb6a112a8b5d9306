//===-- LowerLocals.cpp - Values of local variables
//-------------------------===//
//
// The value of a local variable at a point of a structured function body.
// The last statement before the point that writes the variable decides:
// its value after that statement. An if/else that writes it joins its arms
// into a Select on the condition (an arm that leaves by return, break or
// continue does not reach the join); a loop whose body writes it makes it
// a loop-carried variable (LowerLoops.cpp). At the entry of the function a
// parameter has its argument's value.
//
//===----------------------------------------------------------------------===//
#include "AstUtil.h"
#include "CudaModels.h"
#include "Lowering.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace warplint::model;

namespace warplint {

const FunctionFacts &Lowering::factsOf(unsigned Frame) {
  FrameInfo &Fr = Frames[Frame];
  if (!Fr.Facts)
    Fr.Facts = Engine.facts(Fr.F);
  return *Fr.Facts;
}

const ParentMap &Lowering::parentsOf(unsigned Frame) {
  FrameInfo &Fr = Frames[Frame];
  if (!Fr.Parents)
    Fr.Parents = Fr.Facts ? Fr.Facts->Parents.get() : Engine.parents(Fr.F);
  return *Fr.Parents;
}

const StmtOrder &Lowering::orderOf(unsigned Frame) {
  FrameInfo &Fr = Frames[Frame];
  if (!Fr.Order)
    Fr.Order = &Engine.order(Fr.F);
  return *Fr.Order;
}

/// Is Anc the statement S or one of its ancestors? Steps counts the
/// statements walked.
static bool enclosesCounted(const Stmt *Anc, const Stmt *S, const ParentMap &PM,
                            uint64_t &Steps) {
  for (const Stmt *X = S; X; X = PM.getParent(X)) {
    ++Steps;
    if (X == Anc)
      return true;
  }
  return false;
}

bool Lowering::encloses(const Stmt *Anc, const Stmt *S, const ParentMap &PM) {
  uint64_t Steps = 0;
  bool R = enclosesCounted(Anc, S, PM, Steps);
  charge(Steps);
  return R;
}

const llvm::SmallVector<std::pair<unsigned, const Stmt *>, 4> *
Lowering::orderedWrites(const Stmt *S, const VarDecl *V, unsigned Frame,
                        std::pair<unsigned, unsigned> &Span) {
  // Numbering a body costs a walk of all of it: worth it for a variable
  // written often (an unrolled body), not for the few writes most have,
  // which walk up to S faster (writesIn, lastWriter).
  const auto &W = factsOf(Frame).Writes;
  auto Few = W.find(V);
  if (Few == W.end() || Few->second.size() <= ManyWrites)
    return nullptr;
  const StmtOrder &O = orderOf(Frame);
  auto SI = O.Span.find(S);
  auto WI = O.Writes.find(V);
  if (SI == O.Span.end() || WI == O.Writes.end())
    return nullptr;
  Span = SI->second;
  return &WI->second;
}

llvm::SmallVector<const Stmt *, 2>
Lowering::writesIn(const Stmt *S, const VarDecl *V, unsigned Frame) {
  if (!S)
    return {};
  const FunctionFacts &FF = factsOf(Frame);
  auto It = FF.Writes.find(V);
  if (It == FF.Writes.end())
    return {};
  if (auto Known = FF.WritesIn.find({S, V}); Known != FF.WritesIn.end()) {
    charge(Known->second.Steps);
    return Known->second.Writes;
  }
  FunctionFacts::WritesFound Found;
  Found.Steps = 1;
  std::pair<unsigned, unsigned> Span;
  if (const auto *Ws = orderedWrites(S, V, Frame, Span)) {
    auto I = llvm::lower_bound(
        *Ws, Span.first, [](const auto &A, unsigned N) { return A.first < N; });
    for (; I != Ws->end() && I->first <= Span.second; ++I) {
      ++Found.Steps;
      Found.Writes.push_back(I->second);
    }
  } else {
    const ParentMap &PM = *FF.Parents;
    for (const Stmt *X : It->second)
      if (enclosesCounted(S, X, PM, Found.Steps))
        Found.Writes.push_back(X);
  }
  charge(Found.Steps);
  return FF.WritesIn.try_emplace({S, V}, std::move(Found)).first->second.Writes;
}

const Stmt *Lowering::lastWriter(const CompoundStmt *CS, const Stmt *Before,
                                 const VarDecl *V, unsigned Frame) {
  std::pair<unsigned, unsigned> Span, BeforeSpan;
  const auto *Ws = orderedWrites(CS, V, Frame, Span);
  if (Ws && Before && !orderedWrites(Before, V, Frame, BeforeSpan))
    Ws = nullptr;
  if (!Ws) {
    // The statements of CS that hold a write of V, walking up from each
    // write; the last of them before Before.
    const FunctionFacts &FF = factsOf(Frame);
    auto It = FF.Writes.find(V);
    if (It == FF.Writes.end())
      return nullptr;
    const ParentMap &PM = *FF.Parents;
    llvm::SmallPtrSet<const Stmt *, 4> Holders;
    for (const Stmt *X : It->second)
      for (const Stmt *Par; X; X = Par) {
        charge();
        Par = PM.getParent(X);
        if (Par == CS) {
          Holders.insert(X);
          break;
        }
      }
    const Stmt *Last = nullptr;
    for (const Stmt *B : CS->body()) {
      if (B == Before)
        break;
      if (Holders.count(B))
        Last = B;
    }
    return Last;
  }
  charge();
  // The write numbered last inside CS, before Before: the statement of
  // CS that holds it is the last to write V.
  unsigned End = Before ? BeforeSpan.first : Span.second + 1;
  auto I = llvm::lower_bound(
      *Ws, End, [](const auto &A, unsigned N) { return A.first < N; });
  if (I == Ws->begin() || std::prev(I)->first <= Span.first)
    return nullptr;
  const ParentMap &PM = *factsOf(Frame).Parents;
  const Stmt *X = std::prev(I)->second;
  while (X) {
    charge();
    const Stmt *Par = PM.getParent(X);
    if (Par == CS)
      return X;
    X = Par;
  }
  return nullptr;
}

bool Lowering::writes(const Stmt *S, const VarDecl *V, unsigned Frame) {
  return !writesIn(S, V, Frame).empty();
}

bool Lowering::changed(const VarDecl *V, unsigned Frame) {
  const FunctionFacts &LW = factsOf(Frame);
  auto It = LW.Writes.find(V);
  bool Assigned =
      It != LW.Writes.end() &&
      llvm::any_of(It->second, [](const Stmt *S) { return !isa<DeclStmt>(S); });
  return Assigned || LW.Escapes.count(V);
}

bool Lowering::labelBetween(const VarDecl *V, const Stmt *Use, unsigned Frame) {
  const FunctionFacts &FF = factsOf(Frame);
  const SourceManager &SM = Ctx.getSourceManager();
  for (size_t I = 0; I < FF.JumpTargets.size(); ++I) {
    SourceLocation L = FF.JumpTargets[I];
    if (FF.JumpFrom[I].isValid() ||
        !SM.isBeforeInTranslationUnit(V->getLocation(), L))
      continue; // a case label, or a label before V: V is declared again
    if (SM.isBeforeInTranslationUnit(L, Use->getBeginLoc()))
      return true;
    // After the use, but in a loop around it: reached before it next time.
    for (const Stmt *A = FF.parent(Use); A; A = FF.parent(A))
      if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(A) &&
          !SM.isBeforeInTranslationUnit(A->getEndLoc(), L))
        return true;
  }
  return false;
}

IntType Lowering::varType(const VarDecl *V) {
  QualType T = V->getType().getNonReferenceType(); // a parameter `int &i`
  return T->isPointerType() ? IntType::i64() : typeOf(T);
}

bool Lowering::canFollow(const VarDecl *V) {
  charge();
  if (overBudget())
    fail("too complex");
  else if (Depth > 64)
    fail("the definitions of '" + V->getName() +
         "' are nested more than 64 deep");
  else
    return true;
  return false;
}

std::optional<NodeId> Lowering::valueBefore(const VarDecl *V, const Stmt *Use,
                                            unsigned Frame) {
  DepthGuard G(Depth);
  if (!canFollow(V))
    return std::nullopt;
  const FunctionFacts &LW = factsOf(Frame);
  if (auto It = LW.Escapes.find(V); It != LW.Escapes.end()) {
    // `cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, k)`.
    const Stmt *Up = LW.parent(It->second);
    while (Up && isa<ParenExpr, ImplicitCastExpr, UnaryOperator>(Up))
      Up = LW.parent(Up);
    if (StringRef API = runtimeChooser(dyn_cast_or_null<CallExpr>(Up));
        !API.empty())
      return fail("'" + V->getName() + "' is chosen at run time by " + API +
                  " on line " + lineOf(Up));
    if (const auto *DRE = dyn_cast<DeclRefExpr>(It->second);
        DRE && DRE->refersToEnclosingVariableOrCapture())
      return fail("'" + V->getName() +
                  "' is changed by a lambda that captures it, on line " +
                  lineOf(It->second));
    return fail("'" + V->getName() +
                "' has its address taken or is bound to a reference on "
                "line " +
                lineOf(It->second));
  }
  if (V->getType().isVolatileQualified())
    return fail("'" + V->getName() + "' is volatile");
  if (LW.HasGoto && changed(V, Frame) && labelBetween(V, Use, Frame))
    return fail("'" + V->getName() +
                "' is assigned in a function with a "
                "goto");
  const ParentMap &PM = *factsOf(Frame).Parents;
  // Another write of V in the same expression (`s[i] = i++`).
  const Stmt *Full = Use;
  while (const Stmt *Par = PM.getParent(Full)) {
    charge();
    if (!isa<Expr>(Par))
      break;
    Full = Par;
  }
  if (isa<Expr>(Full))
    for (const Stmt *W : writesIn(Full, V, Frame))
      if (!encloses(W, Use, PM))
        return fail("'" + V->getName() +
                    "' is changed and read in one expression on line " +
                    lineOf(W));
  // The value of V before each statement of a block the walk passes is
  // the value the walk ends with (nothing between writes V): kept for the
  // other reads of V in this lowering. An integer V only: a pointer's
  // value records the ranges it is followed through (Through).
  bool Keep = V->getType()->isIntegralOrEnumerationType();
  llvm::SmallVector<const Stmt *, 8> Passed;
  auto Done = [&](std::optional<NodeId> R) {
    if (R)
      for (const Stmt *X : Passed)
        ValuesBefore.try_emplace({V, X, Frame}, *R);
    return R;
  };
  const Stmt *S = Use;
  while (true) {
    charge();
    const Stmt *Par = PM.getParent(S);
    if (!Par)
      return Done(entryValue(V, Frame));
    if (const auto *CS = dyn_cast<CompoundStmt>(Par)) {
      if (Keep) {
        auto It = ValuesBefore.find({V, S, Frame});
        if (It != ValuesBefore.end())
          return Done(It->second);
        Passed.push_back(S);
      }
      if (const Stmt *Prev = lastWriter(CS, S, V, Frame)) {
        // In a switch, a case label between the write and S leads to S
        // without the write.
        if (const auto *Sw = dyn_cast_or_null<SwitchStmt>(PM.getParent(CS)))
          for (auto It = llvm::find(CS->body(), Prev) + 1; *It != S; ++It)
            if (isa<SwitchCase>(*It))
              return fail("'" + V->getName() +
                          "' is changed in the switch on "
                          "line " +
                          lineOf(Sw) + " before a case label");
        return Done(valueAfter(V, Prev, Frame));
      }
    } else if (const auto *DS = dyn_cast<DeclStmt>(Par)) {
      // `int a = ..., b = a + 1;`: a declarator before the one read.
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD)
          continue;
        if (VD->getInit() == S)
          break;
        if (VD == V)
          return Done(valueAfter(V, DS, Frame));
      }
    } else if (const auto *For = dyn_cast<ForStmt>(Par)) {
      if (S == For->getBody() || S == For->getCond())
        return Done(header(V, For, Frame));
      if (S == For->getInc())
        return Done(endOfBody(V, For, Frame));
      // The init runs before the loop.
    } else if (const auto *W = dyn_cast<WhileStmt>(Par)) {
      if (S == W->getBody() || S == W->getCond())
        return Done(header(V, W, Frame));
    } else if (const auto *D = dyn_cast<DoStmt>(Par)) {
      if (S == D->getBody())
        return Done(header(V, D, Frame));
      if (S == D->getCond())
        return Done(endOfBody(V, D, Frame));
    } else if (const auto *R = dyn_cast<CXXForRangeStmt>(Par)) {
      if (S == R->getBody() && writes(R->getBody(), V, Frame))
        return fail("'" + V->getName() +
                    "' is changed in the range-based for loop on line " +
                    lineOf(R));
    } else if (isa<SwitchCase>(Par)) {
      // A case label is reached from the switch, or from the case before.
      const Stmt *Sw = Par;
      while (Sw && !isa<SwitchStmt>(Sw))
        Sw = PM.getParent(Sw);
      if (!Sw)
        return fail("a case label outside a switch");
      if (writes(cast<SwitchStmt>(Sw)->getBody(), V, Frame))
        return fail("'" + V->getName() +
                    "' is changed in the switch on "
                    "line " +
                    lineOf(Sw) + " before a case label");
      S = Sw;
      continue;
    }
    S = Par;
  }
}

std::optional<NodeId> Lowering::entryValue(const VarDecl *V, unsigned Frame) {
  if (!ownedBy(V, Frame)) {
    // A variable a lambda captures: its value where the capture is made.
    auto At = captureUse(V, Frame);
    if (!At)
      return std::nullopt;
    return valueBefore(V, At->first, At->second);
  }
  if (V->isInitCapture()) {
    // `[j = e]`: e, evaluated where the lambda is written.
    if (changed(V, Frame))
      return fail("'" + V->getName() +
                  "' is changed by the lambda, which keeps it from one "
                  "call to the next");
    auto Site = lambdaSite(Frame);
    if (!Site)
      return std::nullopt;
    if (V->getType()->isPointerType())
      return pointer(V->getInit(), Site->second);
    auto N = integer(V->getInit(), Site->second);
    if (!N)
      return std::nullopt;
    return P->cast(*N, varType(V));
  }
  if (const auto *PV = dyn_cast<ParmVarDecl>(V))
    return parameter(PV, Frame, V->getType()->isPointerType());
  return fail("'" + V->getName() + "' is read before it is set");
}

std::optional<NodeId> Lowering::valueAfter(const VarDecl *V, const Stmt *S,
                                           unsigned Frame) {
  DepthGuard G(Depth);
  if (!canFollow(V))
    return std::nullopt;
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return valueAfter(V, L->getSubStmt(), Frame);
  if (const auto *SC = dyn_cast<SwitchCase>(S))
    return valueAfter(V, SC->getSubStmt(), Frame);
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return valueAfter(V, A->getSubStmt(), Frame);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    if (llvm::is_contained(DS->decls(), V))
      return writeValue(V, DS, Frame);
    return fail("'" + V->getName() +
                "' is changed in a declaration on "
                "line " +
                lineOf(S));
  }
  if (isa<Expr>(S)) {
    auto Ws = writesIn(S, V, Frame);
    if (Ws.size() != 1)
      return fail("'" + V->getName() +
                  "' is changed more than once on "
                  "line " +
                  lineOf(S));
    // A write only some evaluations make: `c ? v = 1 : 0`, `c && ++v`.
    const ParentMap &PM = *factsOf(Frame).Parents;
    for (const Stmt *X = Ws[0]; X != S;) {
      const Stmt *Par = PM.getParent(X);
      if (!Par)
        break;
      const auto *CO = dyn_cast<AbstractConditionalOperator>(Par);
      const auto *B = dyn_cast<BinaryOperator>(Par);
      if ((CO && X != CO->getCond()) ||
          (B && B->isLogicalOp() && X == B->getRHS()))
        return fail("'" + V->getName() +
                    "' is changed under a condition "
                    "inside an expression on line " +
                    lineOf(S));
      X = Par;
    }
    return writeValue(V, Ws[0], Frame);
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    const Stmt *Last = lastWriter(CS, nullptr, V, Frame);
    if (!Last)
      return fail("'" + V->getName() +
                  "' has no definition in the block "
                  "on line " +
                  lineOf(S));
    return valueAfter(V, Last, Frame);
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    return ifValue(V, If, Frame);
  if (isa<ForStmt, WhileStmt, DoStmt>(S)) {
    // The value the loop leaves: its carried variable run to the end,
    // unless the loop can end another way.
    if (leavesEarly(loopBody(S)))
      // FIXME: a loop that can end at a break: the value it leaves depends on
      // the iteration that breaks, which is not modelled.
      return fail("'" + V->getName() + "' is changed by the loop on line " +
                  lineOf(S) +
                  ", which can end at a break, and read after "
                  "it");
    auto H = header(V, S, Frame);
    if (!H)
      return std::nullopt;
    auto It = Carried.find(std::make_tuple(S, Frame, V));
    if (It == Carried.end())
      return H; // the loop's init set it; the loop does not change it
    return P->loopExit(It->second, varType(V));
  }
  if (isa<CXXForRangeStmt>(S))
    return fail("'" + V->getName() + "' is changed by the loop on line " +
                lineOf(S) + " and read after it");
  if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
    // Host code: the case its value takes, or each case as a choice
    // (LowerStored.cpp).
    if (As.ArmsAreChoices && !V->getType()->isPointerType()) {
      Place Pl;
      Pl.V = V;
      Pl.Name = V->getNameAsString();
      Stored Out;
      switch (scanSwitch(Pl, Sw, Frame, Out)) {
      case Scan::Found: {
        noteDefinition(V, Out.Value);
        std::optional<NodeId> N = integer(Out.Value, Out.Frame);
        if (!N)
          return std::nullopt;
        return P->cast(*N, varType(V));
      }
      case Scan::None:
        return valueBefore(V, Sw, Frame);
      case Scan::Failed:
        return std::nullopt;
      }
    }
    // FIXME: the value a switch leaves in device code (a Select over its
    // cases) is not followed.
    return fail("'" + V->getName() + "' is assigned in the switch on line " +
                lineOf(S));
  }
  return fail("'" + V->getName() +
              "' is changed by a statement the "
              "analysis does not follow on line " +
              lineOf(S));
}

std::optional<NodeId> Lowering::ifValue(const VarDecl *V, const IfStmt *If,
                                        unsigned Frame) {
  if (If->getConditionVariable() ||
      (If->getInit() && writes(If->getInit(), V, Frame)) ||
      writes(If->getCond(), V, Frame))
    return fail("'" + V->getName() +
                "' is changed in the condition of the "
                "if on line " +
                lineOf(If));
  bool ThenLeaves = exits(If->getThen(), true);
  bool ElseLeaves = If->getElse() && exits(If->getElse(), true);
  auto Arm = [&](const Stmt *A) -> std::optional<NodeId> {
    if (A && writes(A, V, Frame))
      return valueAfter(V, A, Frame);
    return valueBefore(V, If, Frame);
  };
  if (ThenLeaves && ElseLeaves)
    return fail("'" + V->getName() + "' is read after the if on line " +
                lineOf(If) + ", whose branches both leave");
  if (ThenLeaves)
    return Arm(If->getElse());
  if (ElseLeaves)
    return Arm(If->getThen());
  IntType VT = varType(V);
  DepthGuard J(Joins); // the value is one of two definitions
  if (As.ArmsAreChoices) {
    // A host value: each arm is a value the program may use.
    std::optional<bool> Then = chosenArm(If, Frame);
    if (!Then)
      return std::nullopt;
    return Arm(*Then ? If->getThen() : If->getElse());
  }
  auto T = Arm(If->getThen());
  auto E = T ? Arm(If->getElse()) : std::nullopt;
  if (!E)
    return std::nullopt;
  if (*T == *E)
    return T;
  auto C = integer(If->getCond(), Frame);
  if (!C) {
    Why = "'" + V->getName().str() +
          "' is assigned under the condition "
          "on line " +
          lineOf(If) + ", which the analysis does not follow" +
          (Why.empty() ? "" : " (" + Why + ")");
    return std::nullopt;
  }
  return P->select(*C, P->cast(*T, VT), P->cast(*E, VT), VT);
}

std::optional<NodeId> Lowering::writeValue(const VarDecl *V, const Stmt *W,
                                           unsigned Frame) {
  bool Ptr = V->getType()->isPointerType();
  IntType VT = varType(V);
  auto Value = [&](const Expr *E) -> std::optional<NodeId> {
    if (Ptr)
      return pointer(E, Frame);
    auto N = integer(E, Frame);
    if (!N)
      return std::nullopt;
    return P->cast(*N, VT);
  };
  if (isa<DeclStmt>(W)) {
    if (!V->getInit())
      return fail("'" + V->getName() + "' is declared without a value");
    if (!Ptr && !V->getType()->isIntegralOrEnumerationType())
      return fail("'" + V->getName() + "' is not an integer");
    noteDefinition(V, V->getInit());
    return Value(V->getInit());
  }
  // `++v`, `v op= e`: the operator is where the value was last defined.
  if (!isa<BinaryOperator>(W) ||
      cast<BinaryOperator>(W)->getOpcode() != BO_Assign)
    noteDefinition(V, cast<Expr>(W));
  if (const auto *Call = dyn_cast<CallExpr>(W))
    return outValue(V, Call, Frame);
  if (const auto *U = dyn_cast<UnaryOperator>(W)) {
    auto Prev = valueBefore(V, U, Frame);
    if (!Prev)
      return std::nullopt;
    return stepped(V, *Prev, P->constant(1, IntType::i64()),
                   U->isIncrementOp());
  }
  const auto *B = cast<BinaryOperator>(W);
  if (B->getOpcode() == BO_Assign) {
    noteDefinition(V, B->getRHS());
    return Value(B->getRHS());
  }
  auto Prev = valueBefore(V, B, Frame);
  auto Rhs = Prev ? integer(B->getRHS(), Frame) : std::nullopt;
  if (!Rhs)
    return std::nullopt;
  if (Ptr) {
    if (B->getOpcode() != BO_AddAssign && B->getOpcode() != BO_SubAssign)
      return fail("an assignment operator the analysis does not follow");
    return stepped(V, *Prev, *Rhs, B->getOpcode() == BO_AddAssign);
  }
  const auto *CA = cast<CompoundAssignOperator>(B);
  std::optional<Op> O = modelOp(CA->getOpcode());
  if (!O)
    return fail("an assignment operator the analysis does not follow");
  IntType CT = typeOf(CA->getComputationLHSType());
  // A shift's right operand keeps its own type.
  NodeId R = (*O == Op::Shl || *O == Op::Shr) ? *Rhs : P->cast(*Rhs, CT);
  return P->cast(P->binary(*O, P->cast(*Prev, CT), R, CT), VT);
}

std::optional<NodeId> Lowering::stepped(const VarDecl *V, NodeId Prev,
                                        NodeId Count, bool Add) {
  IntType VT = varType(V);
  if (V->getType()->isPointerType()) {
    auto Size = sizeOf(V->getType()->getPointeeType());
    if (!Size)
      return fail("the element size is unknown");
    NodeId Off = P->binary(Op::Mul, i64(Count),
                           P->constant(*Size, IntType::i64()), IntType::i64());
    return P->binary(Add ? Op::Add : Op::Sub, Prev, Off, IntType::i64());
  }
  return P->binary(Add ? Op::Add : Op::Sub, Prev, P->cast(Count, VT), VT);
}

std::optional<NodeId> Lowering::incDecValue(const UnaryOperator *U,
                                            unsigned Frame, bool Pointer) {
  const auto *DRE = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage())
    return fail("an increment of a value the analysis does not follow");
  auto Old = valueBefore(V, U, Frame);
  if (!Old)
    return std::nullopt;
  if (U->isPostfix())
    return Old;
  auto New =
      stepped(V, *Old, P->constant(1, IntType::i64()), U->isIncrementOp());
  if (!New || Pointer)
    return New;
  return P->cast(*New, typeOf(U->getType()));
}

} // namespace warplint
