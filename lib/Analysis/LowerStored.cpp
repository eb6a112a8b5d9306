//===-- LowerStored.cpp - Values host code stores in variables and arrays -===//
//
// A host value read from a place the locals rule does not follow: a global
// variable (set in another function before the launch), an element of an
// array assigned element by element (`block[d][i] = dim3(...)`), a kernel
// pointer (`ks[0] = k;` in the cases of a switch). The value is the last
// write of that place before the point, in program order: the statements
// before the point in its function, and before the call into it in each
// caller of the chain, back to main, where a global holds its initializer.
// A statement before the point that may write the place is followed into:
// a block, an if/else (its arm chosen by its condition or as a host
// choice), a switch (the case its value takes, or each case as a choice),
// a call whose callee writes it (its body, from its end). A write the walk
// cannot place (in a loop, at an index not known, through a pointer or a
// reference, by a function whose body is not in the file or called through
// a pointer) leaves the value unknown, with the reason.
//
//===----------------------------------------------------------------------===//
#include "AstUtil.h"
#include "Lowering.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace warplint::model;

namespace warplint {

namespace {

/// The references to V and the calls made in a statement.
struct RefsAndCalls {
  const VarDecl *V;
  llvm::SmallVector<const DeclRefExpr *, 4> Refs;
  llvm::SmallVector<const Expr *, 4> Calls; ///< calls and constructions
  RefsAndCalls(const VarDecl *V, const Stmt *S) : V(V) {
    visitStmts(
        S,
        [&](const Stmt *X) {
          if (const auto *E = dyn_cast<DeclRefExpr>(X)) {
            if (E->getDecl() == V)
              Refs.push_back(E);
          } else if (isa<CallExpr, CXXConstructExpr>(X)) {
            Calls.push_back(cast<Expr>(X));
          }
          return true;
        },
        /*ImplicitCode=*/true);
  }
};

} // namespace

bool ValueEngine::mayWriteGlobal(const FunctionDecl *Callee, const VarDecl *V) {
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
  return writesGlobal(Callee, V, Seen, 0);
}

bool ValueEngine::writesGlobal(
    const FunctionDecl *Callee, const VarDecl *V,
    llvm::SmallPtrSetImpl<const FunctionDecl *> &Seen, unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || !Def) {
    // The toolkit's and the C library's functions write no variable of the
    // user's whose address they are not given (followedGlobal's places
    // never escape); a function of the user's from another file may.
    const SourceManager &SM = Ctx.getSourceManager();
    return !SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation()));
  }
  if (Def->hasAttr<CUDAGlobalAttr>())
    return false; // a kernel runs on the device
  auto Key = std::make_pair(Def, V);
  if (auto It = WritesGlobal.find(Key); It != WritesGlobal.end())
    return It->second;
  if (Depth > 16)
    return true; // too deep to tell: it may
  if (!Seen.insert(Def).second)
    return false; // on the way already: its writes are counted there
  RefsAndCalls W(V, Def->getBody());
  bool Writes = false;
  const ParentMap *PM = parents(Def);
  for (const DeclRefExpr *R : W.Refs)
    if (classifyRef(R, *PM, this).Kind != UseKind::Read)
      Writes = true;
  for (const Expr *C : W.Calls) {
    if (Writes)
      break;
    if (isa<CUDAKernelCallExpr>(C))
      continue;
    const FunctionDecl *F = nullptr;
    if (const auto *Call = dyn_cast<CallExpr>(C)) {
      F = Call->getDirectCallee();
      if (!F && !Call->getCalleeDecl())
        Writes = true; // through a pointer: it may
    } else {
      F = cast<CXXConstructExpr>(C)->getConstructor();
    }
    if (F && writesGlobal(F, V, Seen, Depth + 1))
      Writes = true;
  }
  // Only a complete answer is kept (one cut by Seen is not).
  if (Depth == 0 || Writes)
    WritesGlobal[Key] = Writes;
  return Writes;
}

bool Lowering::mayWrite(const Place &Pl, const Stmt *S, unsigned Frame) {
  if (!S)
    return false;
  charge();
  // The declaration of a local: its initializer is a write.
  if (const auto *DS = dyn_cast<DeclStmt>(S);
      DS && llvm::is_contained(DS->decls(), Pl.V))
    return true;
  RefsAndCalls W(Pl.V, S);
  const ParentMap &PM = parentsOf(Frame);
  for (const DeclRefExpr *R : W.Refs)
    if (classifyRef(R, PM, &Engine, Pl.Deref).Kind != UseKind::Read)
      return true;
  if (Pl.V->hasLocalStorage())
    return false; // a local whose address is not taken: its own writes
  for (const Expr *C : W.Calls) {
    if (isa<CUDAKernelCallExpr>(C))
      continue;
    const FunctionDecl *F = nullptr;
    if (const auto *Call = dyn_cast<CallExpr>(C)) {
      F = Call->getDirectCallee();
      if (!F)
        return true;
    } else {
      F = cast<CXXConstructExpr>(C)->getConstructor();
    }
    if (Engine.mayWriteGlobal(F, Pl.V))
      return true;
  }
  return false;
}

bool Lowering::place(const Expr *LValue, unsigned Frame, Place &Pl,
                     bool CheckUses) {
  const Expr *E = LValue->IgnoreParens();
  llvm::SmallVector<const Expr *, 4> Idx;
  while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    const auto *Base = dyn_cast<ImplicitCastExpr>(ASE->getBase());
    if (!Base || Base->getCastKind() != CK_ArrayToPointerDecay)
      return false;
    Idx.push_back(ASE->getIdx());
    E = Base->getSubExpr()->IgnoreParens();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V)
    return false;
  bool Local = V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
               ownedBy(V, Frame) && !V->getType().isVolatileQualified();
  if (!Local && !followedGlobal(V))
    return false;
  Pl.V = V;
  Pl.Name = V->getNameAsString();
  Pl.Index.clear();
  for (const Expr *I : llvm::reverse(Idx)) {
    std::string Saved = Why;
    std::optional<NodeId> N = integer(I, Frame);
    std::optional<int64_t> K = N ? hostConstant(*N) : std::nullopt;
    if (!K) {
      if (Why == Saved || Why.empty())
        fail("the index of '" + Pl.Name + "' on line " + lineOf(I) +
             " is not known at compile time");
      return false;
    }
    Pl.Index.push_back(*K);
    Pl.Name += "[" + std::to_string(*K) + "]";
  }
  if (!CheckUses)
    return true;
  // Every use of the variable reads it or assigns one of its places whole:
  // nothing else may change it behind the walk.
  auto Escaped = [&](const DeclRefExpr *R, const ParentMap &PM) {
    if (isa_and_nonnull<LambdaExpr>(PM.getParent(R)))
      return false; // a capture only names it: what the body does counts
    RefUse U = classifyRef(R, PM, &Engine);
    // A lambda that captures it by reference writes it when it runs.
    if (R->refersToEnclosingVariableOrCapture() && U.Kind != UseKind::Read) {
      fail("'" + V->getName() +
           "' is changed by a lambda that captures it, on line " + lineOf(R));
      return true;
    }
    if (U.Kind == UseKind::Read || (U.Kind == UseKind::Write && !U.Partial &&
                                    U.Index.size() == Pl.Index.size()))
      return false;
    if (U.Kind == UseKind::Write)
      return false; // a partial write: mayWrite sees it, the walk stops there
    fail("'" + V->getName() +
         "' has its address taken or is bound to a reference on line " +
         lineOf(R));
    return true;
  };
  if (Local) {
    const FunctionFacts &FF = factsOf(Frame);
    auto It = FF.Refs.find(V);
    if (It != FF.Refs.end())
      for (const DeclRefExpr *R : It->second)
        if (Escaped(R, *FF.Parents))
          return false;
    return true;
  }
  for (const auto &[R, F] : Engine.globalRefs(V)) {
    if (!F) {
      fail("'" + V->getName() + "' is used outside a function on line " +
           lineOf(R));
      return false;
    }
    if (Escaped(R, *Engine.parents(F)))
      return false;
  }
  return true;
}

std::optional<Lowering::Stored> Lowering::stored(const Expr *LValue,
                                                 unsigned Frame) {
  if (!As.ArmsAreChoices)
    return std::nullopt; // a host rule
  Place Pl;
  if (!place(LValue, Frame, Pl))
    return std::nullopt;
  const Stmt *Point = LValue;
  unsigned F = Frame;
  Stored Out;
  while (true) {
    const ParentMap &PM = parentsOf(F);
    const Stmt *S = Point;
    while (const Stmt *Par = PM.getParent(S)) {
      charge();
      if (overBudget())
        return fail("too complex");
      if (isa<Expr>(Par)) {
        // The parts of the expression evaluated in an order C leaves open.
        for (const Stmt *C : Par->children())
          if (C && C != S && mayWrite(Pl, C, F))
            return fail("'" + Pl.Name + "' is written and read in one " +
                        "expression on line " + lineOf(Par));
      } else if (const auto *CS = dyn_cast<CompoundStmt>(Par)) {
        if (isa_and_nonnull<SwitchStmt>(PM.getParent(CS))) {
          if (mayWrite(Pl, CS, F))
            return fail("'" + Pl.Name + "' is written in the switch on " +
                        "line " + lineOf(PM.getParent(CS)) +
                        " before the point where it is read");
        } else {
          llvm::SmallVector<const Stmt *, 8> Before;
          for (const Stmt *B : CS->body()) {
            if (B == S)
              break;
            Before.push_back(B);
          }
          switch (scanList(Pl, Before, F, Out)) {
          case Scan::Found:
            return Out;
          case Scan::Failed:
            return std::nullopt;
          case Scan::None:
            break;
          }
        }
      } else if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Par)) {
        if (mayWrite(Pl, Par, F))
          return fail("'" + Pl.Name + "' is written in the loop on line " +
                      lineOf(Par) + " around the point where it is read");
      } else if (const auto *If = dyn_cast<IfStmt>(Par)) {
        if (mayWrite(Pl, If->getCond(), F) || mayWrite(Pl, If->getInit(), F))
          return fail("'" + Pl.Name + "' is written in the condition of " +
                      "the if on line " + lineOf(If));
      } else if (const auto *Sw = dyn_cast<SwitchStmt>(Par)) {
        if (mayWrite(Pl, Sw->getCond(), F) || mayWrite(Pl, Sw->getInit(), F))
          return fail("'" + Pl.Name + "' is written in the condition of " +
                      "the switch on line " + lineOf(Sw));
      } else if (!isa<SwitchCase, LabelStmt, AttributedStmt, DeclStmt,
                      ReturnStmt>(Par)) {
        if (mayWrite(Pl, Par, F))
          return fail("'" + Pl.Name + "' is written by the statement on " +
                      "line " + lineOf(Par) + ", which the analysis does " +
                      "not follow");
      }
      if (const auto *DS = dyn_cast<DeclStmt>(Par))
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D);
              VD && VD->getInit() != S && mayWrite(Pl, VD->getInit(), F))
            return fail("'" + Pl.Name + "' is written in the declaration " +
                        "on line " + lineOf(DS));
      S = Par;
    }
    // The top of F's body: on to the caller, before its call.
    if (Frames[F].Call && Frames[F].Caller != F) {
      Point = Frames[F].Call;
      F = Frames[F].Caller;
      continue;
    }
    return initialValue(Pl, F);
  }
}

std::optional<Lowering::Stored> Lowering::initialValue(const Place &Pl,
                                                       unsigned F) {
  const VarDecl *V = Pl.V;
  if (V->hasLocalStorage())
    return fail("'" + Pl.Name + "' is read before it is set");
  if (!Frames[F].F->isMain())
    return fail("'" + V->getName() + "' is a global variable, and no " +
                "chain of calls from main to '" +
                Frames[F].F->getNameAsString() + "' is followed");
  // Before main: the initializer (static storage: zero without one).
  // FIXME: a function of this file that writes it, called from the
  // initializer of a global of another file, is not seen.
  Stored Out;
  Out.Frame = F;
  const Expr *Init = V->getInit();
  if (!Init) {
    if (!V->getType()->isScalarType() &&
        !(V->getType()->isArrayType() &&
          V->getType()->getBaseElementTypeUnsafe()->isScalarType()))
      return fail("the initial value of '" + Pl.Name + "' is not followed");
    Out.Zero = true;
    return Out;
  }
  for (int64_t I : Pl.Index) {
    const auto *ILE = dyn_cast<InitListExpr>(strip(Init, StripToValue));
    if (!ILE || I < 0 || uint64_t(I) >= ILE->getNumInits())
      return fail("the initial value of '" + Pl.Name + "' is not followed");
    Init = ILE->getInit(unsigned(I));
  }
  if (isa<ImplicitValueInitExpr>(Init) &&
      V->getType()->getBaseElementTypeUnsafe()->isScalarType()) {
    Out.Zero = true;
    return Out;
  }
  Out.Value = Init;
  return Out;
}

Lowering::Scan Lowering::scanList(const Place &Pl,
                                  llvm::ArrayRef<const Stmt *> Ss,
                                  unsigned Frame, Stored &Out) {
  for (const Stmt *S : llvm::reverse(Ss)) {
    Scan R = scanStmt(Pl, S, Frame, Out);
    if (R != Scan::None)
      return R;
  }
  return Scan::None;
}

/// Does S hold a jump out of it (return, break, continue, goto)?
static bool jumps(const Stmt *S) {
  if (!S || isa<Expr>(S))
    return false;
  if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, IndirectGotoStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (jumps(C))
      return true;
  return false;
}

Lowering::Scan Lowering::scanStmt(const Place &Pl, const Stmt *S,
                                  unsigned Frame, Stored &Out) {
  if (!mayWrite(Pl, S, Frame))
    return Scan::None;
  auto Failed = [&](const Twine &Reason) {
    fail(Reason);
    return Scan::Failed;
  };
  while (true) {
    if (const auto *L = dyn_cast<LabelStmt>(S))
      S = L->getSubStmt();
    else if (const auto *SC = dyn_cast<SwitchCase>(S))
      S = SC->getSubStmt();
    else if (const auto *A = dyn_cast<AttributedStmt>(S))
      S = A->getSubStmt();
    else
      break;
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return scanList(Pl, llvm::SmallVector<const Stmt *, 8>(CS->body()), Frame,
                    Out);
  if (const auto *E = dyn_cast<Expr>(S))
    return scanExpr(Pl, E, Frame, Out);
  if (const auto *R = dyn_cast<ReturnStmt>(S))
    return scanExpr(Pl, R->getRetValue(), Frame, Out);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    if (llvm::is_contained(DS->decls(), Pl.V)) {
      // The declaration of the local: its initializer's element.
      if (!Pl.V->getInit())
        return Failed("'" + Pl.Name + "' is read before it is set");
      const Expr *Init = Pl.V->getInit();
      for (int64_t I : Pl.Index) {
        const auto *ILE = dyn_cast<InitListExpr>(strip(Init, StripToValue));
        if (!ILE || I < 0 || uint64_t(I) >= ILE->getNumInits())
          return Failed("the initial value of '" + Pl.Name +
                        "' is not followed");
        Init = ILE->getInit(unsigned(I));
      }
      Out = {Init, Frame, false};
      return Scan::Found;
    }
    if (DS->isSingleDecl())
      if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
          VD && VD->getInit())
        return scanExpr(Pl, VD->getInit(), Frame, Out);
    return Failed("'" + Pl.Name + "' is written in the declaration on line " +
                  lineOf(DS));
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getConditionVariable() || mayWrite(Pl, If->getInit(), Frame) ||
        mayWrite(Pl, If->getCond(), Frame))
      return Failed("'" + Pl.Name + "' is written in the condition of the " +
                    "if on line " + lineOf(If));
    if (jumps(If->getThen()) || jumps(If->getElse()))
      return Failed("'" + Pl.Name + "' is written in the if on line " +
                    lineOf(If) + ", an arm of which jumps out of it");
    std::optional<bool> Then = chosenArm(If, Frame);
    if (!Then)
      return Scan::Failed;
    const Stmt *Arm = *Then ? If->getThen() : If->getElse();
    return Arm ? scanStmt(Pl, Arm, Frame, Out) : Scan::None;
  }
  if (const auto *Sw = dyn_cast<SwitchStmt>(S))
    return scanSwitch(Pl, Sw, Frame, Out);
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
    return Failed("'" + Pl.Name + "' is written in the loop on line " +
                  lineOf(S));
  return Failed("'" + Pl.Name + "' is written by the statement on line " +
                lineOf(S) + ", which the analysis does not follow");
}

Lowering::Scan Lowering::scanSwitch(const Place &Pl, const SwitchStmt *Sw,
                                    unsigned Frame, Stored &Out) {
  auto Failed = [&](const Twine &Reason) {
    fail(Reason);
    return Scan::Failed;
  };
  std::string Where = "the switch on line " + lineOf(Sw);
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Sw->getBody());
  if (!Body || Sw->getConditionVariable() ||
      mayWrite(Pl, Sw->getInit(), Frame) || mayWrite(Pl, Sw->getCond(), Frame))
    return Failed("'" + Pl.Name + "' is written in " + Where +
                  ", which the analysis does not follow");
  // The labels of the body's own statements, in order.
  llvm::SmallVector<const Stmt *, 8> Ss(Body->body());
  llvm::SmallVector<std::pair<size_t, const SwitchCase *>, 8> Labels;
  for (size_t I = 0; I < Ss.size(); ++I) {
    const Stmt *X = Ss[I];
    while (const auto *SC = dyn_cast_or_null<SwitchCase>(X)) {
      Labels.push_back({I, SC});
      X = SC->getSubStmt();
    }
  }
  size_t Count = 0;
  for (const SwitchCase *SC = Sw->getSwitchCaseList(); SC;
       SC = SC->getNextSwitchCase())
    ++Count;
  if (Count != Labels.size())
    return Failed("'" + Pl.Name + "' is written in " + Where +
                  ", whose case labels are not all in its block");
  // The label control enters by: the case of the value, else default;
  // none when neither is there.
  std::optional<size_t> Entry;
  bool Known = false;
  std::string Saved = Why;
  std::optional<NodeId> C = integer(Sw->getCond(), Frame);
  std::optional<int64_t> K = C ? hostConstant(*C) : std::nullopt;
  Why = Saved;
  if (K) {
    Known = true;
    for (const auto &[I, SC] : Labels) {
      if (const auto *CaseS = dyn_cast<CaseStmt>(SC)) {
        if (CaseS->getRHS())
          return Failed("'" + Pl.Name + "' is written in " + Where +
                        ", which has a case range");
        Expr::EvalResult R;
        if (!CaseS->getLHS()->EvaluateAsInt(R, Ctx))
          return Failed("a case label of " + Where + " is not a constant");
        if (R.Val.getInt().getExtValue() == *K) {
          Entry = I;
          break;
        }
      }
    }
    if (!Entry)
      for (const auto &[I, SC] : Labels)
        if (isa<DefaultStmt>(SC))
          Entry = I;
  } else {
    // Each label is a way in; without default, so is none.
    bool Default = llvm::any_of(
        Labels, [](const auto &L) { return isa<DefaultStmt>(L.second); });
    std::optional<unsigned> Alt =
        chosen(Sw, unsigned(Labels.size() + (Default ? 0 : 1)));
    if (!Alt)
      return Failed("the value of " + Where + " is not known at compile time");
    if (*Alt < Labels.size())
      Entry = Labels[*Alt].first;
  }
  (void)Known;
  if (!Entry)
    return Scan::None;
  // From the entry to the first break of the block.
  llvm::SmallVector<const Stmt *, 8> Run;
  for (size_t I = *Entry; I < Ss.size(); ++I) {
    const Stmt *X = Ss[I];
    while (const auto *SC = dyn_cast_or_null<SwitchCase>(X))
      X = SC->getSubStmt();
    if (isa_and_nonnull<BreakStmt>(X))
      break;
    if (jumps(X))
      return Failed("'" + Pl.Name + "' is written in " + Where +
                    ", a case of which jumps out of it other than by a break "
                    "of its block");
    Run.push_back(X);
  }
  return scanList(Pl, Run, Frame, Out);
}

Lowering::Scan Lowering::scanExpr(const Place &Pl, const Expr *E,
                                  unsigned Frame, Stored &Out) {
  auto Failed = [&](const Twine &Reason) {
    fail(Reason);
    return Scan::Failed;
  };
  if (!E || !mayWrite(Pl, E, Frame))
    return Scan::None;
  E = strip(E, StripCleanups)->IgnoreParens();
  // A write of the place itself: `v = e`, `a[i][j] = e`.
  const Expr *Lhs = nullptr, *Rhs = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->getOpcode() == BO_Assign) {
    Lhs = B->getLHS();
    Rhs = B->getRHS();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
             OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
    if (MD &&
        (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator())) {
      Lhs = OC->getArg(0);
      Rhs = OC->getArg(1);
    }
  }
  if (Lhs) {
    Place Target;
    std::string Saved = Why;
    bool Named = false;
    {
      const Expr *X = Lhs->IgnoreParens();
      while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(X))
        X = ASE->getBase()->IgnoreParenImpCasts();
      const auto *D = dyn_cast<DeclRefExpr>(X);
      Named = D && D->getDecl() == Pl.V;
    }
    if (Pl.Deref) {
      // `*p = e`.
      const auto *UO = dyn_cast<UnaryOperator>(Lhs->IgnoreParens());
      const auto *D =
          UO && UO->getOpcode() == UO_Deref
              ? dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts())
              : nullptr;
      if (D && D->getDecl() == Pl.V) {
        if (mayWrite(Pl, Rhs, Frame))
          return Failed("'" + Pl.Name + "' is written twice on line " +
                        lineOf(E));
        Out = {Rhs, Frame, false};
        return Scan::Found;
      }
    } else if (Named) {
      if (mayWrite(Pl, Rhs, Frame))
        return Failed("'" + Pl.Name + "' is written twice on line " +
                      lineOf(E));
      if (!place(Lhs, Frame, Target, /*CheckUses=*/false)) {
        if (Why == Saved)
          fail("'" + Pl.V->getName() + "' is written on line " + lineOf(E) +
               " at a place the analysis does not follow");
        return Scan::Failed;
      }
      if (Target.Index != Pl.Index)
        return Scan::None; // another element
      Out = {Rhs, Frame, false};
      return Scan::Found;
    }
  }
  // A call of a function that writes it: its body, from its end; the
  // arguments, evaluated before, must not write it.
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && !isa<CUDAKernelCallExpr>(Call)) {
    for (const Expr *A : Call->arguments())
      if (mayWrite(Pl, A, Frame))
        return Failed("'" + Pl.Name + "' is written in the arguments of " +
                      "the call on line " + lineOf(Call));
    return scanCall(Pl, Call, Frame, Out);
  }
  // The one part of the expression that writes it, when that part runs
  // whenever the expression does.
  const Stmt *Only = nullptr;
  for (const Stmt *C : E->children())
    if (C && mayWrite(Pl, C, Frame)) {
      if (Only)
        return Failed("'" + Pl.Name + "' is written more than once on line " +
                      lineOf(E));
      Only = C;
    }
  const auto *CO = dyn_cast<AbstractConditionalOperator>(E);
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!Only || !isa<Expr>(Only) || (CO && Only != CO->getCond()) ||
      (BO && BO->isLogicalOp() && Only == BO->getRHS()))
    return Failed("'" + Pl.Name + "' is written on line " + lineOf(E) +
                  " in a way the analysis does not follow");
  return scanExpr(Pl, cast<Expr>(Only), Frame, Out);
}

Lowering::Scan Lowering::scanCall(const Place &Pl, const CallExpr *Call,
                                  unsigned Frame, Stored &Out) {
  auto Failed = [&](const Twine &Reason) {
    fail(Reason);
    return Scan::Failed;
  };
  const FunctionDecl *Callee = Call->getDirectCallee();
  std::string At = " on line " + lineOf(Call);
  if (!Callee)
    return Failed("'" + Pl.Name + "' may be written by the call through a " +
                  "pointer" + At);
  std::string Name = "'" + Callee->getNameAsString() + "'";
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || !Def || !isa<CompoundStmt>(Def->getBody()))
    return Failed("'" + Pl.Name + "' may be written by " + Name +
                  ", whose body is not in this file, called" + At);
  if (calledFrom(Def, Frame))
    return Failed("'" + Pl.Name + "' may be written by the recursive call" +
                  At);
  if (Frames.size() > 24)
    return Failed("'" + Pl.Name + "' is written by calls nested too deep");
  const auto *Body = cast<CompoundStmt>(Def->getBody());
  for (const Stmt *S : Body->body())
    if (S != Body->body_back() && hasReturn(S))
      return Failed("'" + Pl.Name + "' may be written by " + Name +
                    ", which can return before its end on line " + lineOf(S));
  if (Engine.facts(Def)->HasGoto)
    return Failed("'" + Pl.Name + "' may be written by " + Name +
                  ", which has a goto");
  Frames.push_back({Def, Call, Frame});
  unsigned New = Frames.size() - 1;
  DepthGuard J(Joins); // a definition in another function
  return scanList(Pl, llvm::SmallVector<const Stmt *, 8>(Body->body()), New,
                  Out);
}

std::optional<NodeId> Lowering::storedInteger(const Expr *LValue,
                                              unsigned Frame) {
  std::optional<Stored> St = stored(LValue, Frame);
  if (!St)
    return std::nullopt;
  IntType T = typeOf(LValue->getType());
  if (St->Zero)
    return P->constant(0, T);
  std::optional<NodeId> N = integer(St->Value, St->Frame);
  if (!N)
    return std::nullopt;
  return P->cast(*N, T);
}

std::optional<const FunctionDecl *> Lowering::functionValue(const Expr *E,
                                                            unsigned Frame) {
  DepthGuard G(Depth);
  if (Depth > 64)
    return fail("the function pointer's expression is too deep");
  E = E->IgnoreParens();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    if (ICE->getCastKind() == CK_LValueToRValue) {
      std::optional<Stored> St = stored(ICE->getSubExpr(), Frame);
      if (!St) {
        if (Why.empty())
          fail("a function pointer the analysis does not follow");
        return std::nullopt;
      }
      if (St->Zero || !St->Value)
        return fail("the function pointer is null");
      return functionValue(St->Value, St->Frame);
    }
    return functionValue(ICE->getSubExpr(), Frame);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    return functionValue(U->getSubExpr(), Frame);
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl()))
      return F;
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    std::optional<bool> Arm = chosenArm(CO, Frame);
    if (!Arm)
      return std::nullopt;
    return functionValue(*Arm ? CO->getTrueExpr() : CO->getFalseExpr(), Frame);
  }
  return fail("a function pointer the analysis does not follow");
}

const FunctionDecl *Lowering::hostFunction(const Expr *E) {
  Asked = E;
  AskedFrame = Frames.size() - 1;
  std::optional<const FunctionDecl *> F = functionValue(E, AskedFrame);
  return F ? *F : nullptr;
}

} // namespace warplint
