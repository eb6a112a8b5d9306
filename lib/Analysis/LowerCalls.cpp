//===-- LowerCalls.cpp - Parameters and calls
//-------------------------------===//
//
// Parameters take the arguments of the call that reached their frame; a
// call whose value an expression uses is lowered in a frame of its own.
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

using namespace clang;
using namespace warplint::model;

namespace warplint {

std::nullopt_t Lowering::noCaller(const ParmVarDecl *PV, unsigned Frame) {
  const FunctionDecl *F = Frames[Frame].F;
  if (!F->hasAttr<CUDADeviceAttr>() && !F->hasAttr<CUDAGlobalAttr>() &&
      !isLambdaOperator(F))
    return fail("'" + PV->getName() + "' is a parameter of host function '" +
                F->getNameAsString() + "'" +
                (Frame == 0 && !Chain.NoCaller.empty()
                     ? ", " + Chain.NoCaller
                     : std::string(" and no call of it followed gives its "
                                   "value")));
  if (Frame == 0 && !Chain.NoCaller.empty())
    return fail("'" + PV->getName() + "' is a parameter of a device " +
                "function " + Chain.NoCaller);
  if (isLambdaOperator(Frames[Frame].F))
    return fail("'" + PV->getName() +
                "' is a parameter of a lambda that is not called in this "
                "file");
  return fail("'" + PV->getName() +
              "' is a parameter of a device "
              "function with no caller in this file");
}

std::optional<NodeId> Lowering::parameter(const ParmVarDecl *PV, unsigned Frame,
                                          bool Pointer) {
  const FunctionDecl *F = Frames[Frame].F;
  if (isKernel(F)) {
    if (Pointer)
      return std::nullopt; // a kernel's pointer parameter: global memory
    unsigned I = PV->getFunctionScopeIndex();
    if (I < KernelArgs.size() && KernelArgs[I])
      return P->constant(*KernelArgs[I], typeOf(PV->getType()));
    return uniform(PV, PV->getNameAsString(), PV->getType());
  }
  if (!Frames[Frame].Call) {
    // A host function no call of this file reaches, asked as another
    // translation unit calls it (LaunchShapes, ProjectIndex.h).
    unsigned I = PV->getFunctionScopeIndex();
    if (Frame == 0 && !Pointer && I < KernelArgs.size() && KernelArgs[I] &&
        PV->getType()->isIntegralOrEnumerationType())
      return P->constant(*KernelArgs[I], typeOf(PV->getType()));
    return noCaller(PV, Frame);
  }
  unsigned CallerFrame = Frames[Frame].Caller;
  const Expr *Arg = argumentOf(PV, Frame);
  if (!Arg)
    return fail("the argument of '" + PV->getName() + "' is missing");
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(Arg))
    Arg = DA->getExpr();
  // A reference to const is its argument's value: nothing can write it
  // while the call runs but the caller, which waits.
  QualType PT = PV->getType();
  if (PT->isReferenceType() && (!PT->getPointeeType().isConstQualified() ||
                                PT->getPointeeType().isVolatileQualified())) {
    // A local of the caller passed once: what it holds when the call
    // starts (the call is one of its writes, FunctionFacts outArgument).
    if (!soleLocalArgument(Arg, Frame))
      return fail("'" + PV->getName() + "' is passed by reference");
    return Pointer ? loadedPointer(Arg, CallerFrame) : load(Arg, CallerFrame);
  }
  if (PT->isReferenceType())
    Arg = strip(Arg, StripCleanups | StripTemporaries | StripConversions);
  // A reference bound to an object: the value the object holds.
  bool Read = PT->isReferenceType() && Arg->isGLValue();
  if (Pointer)
    return Read ? loadedPointer(Arg, CallerFrame) : pointer(Arg, CallerFrame);
  auto V = Read ? load(Arg, CallerFrame) : integer(Arg, CallerFrame);
  if (!V)
    return std::nullopt;
  return P->cast(*V, typeOf(PT.getNonReferenceType()));
}

bool Lowering::soleLocalArgument(const Expr *Arg, unsigned Frame) {
  const auto *DRE = dyn_cast<DeclRefExpr>(Arg->IgnoreParens());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  const CallExpr *Call = Frames[Frame].Call;
  if (!V || !V->hasLocalStorage() ||
      DRE->refersToEnclosingVariableOrCapture() || !outArgument(DRE, Call, V))
    return false;
  unsigned Uses = 0;
  for (const Expr *A : Call->arguments())
    if (const auto *D = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts()))
      Uses += D->getDecl() == V;
  return Uses == 1;
}

std::optional<NodeId> Lowering::outValue(const VarDecl *V, const CallExpr *Call,
                                         unsigned Frame) {
  const FunctionDecl *Def = nullptr;
  const FunctionDecl *Callee = Call->getDirectCallee();
  std::string Name = "'" + Callee->getNameAsString() + "'";
  std::string Passed = "'" + V->getNameAsString() + "' is passed by " +
                       "reference to " + Name + " on line " + lineOf(Call);
  if (!Callee->hasBody(Def) || !Def || !isa<CompoundStmt>(Def->getBody()))
    return fail(Passed + ", whose body is not in this file");
  if (calledFrom(Def, Frame))
    return fail(Passed + ", a recursive call");
  if (Frames.size() > 24)
    return fail(Passed + ": calls nested too deep");
  unsigned I = 0;
  while (I < Call->getNumArgs()) {
    // `v`, or `&v` to a pointer parameter.
    const Expr *Arg = Call->getArg(I)->IgnoreParens();
    const Expr *Named = Arg;
    if (const auto *UO = dyn_cast<UnaryOperator>(Arg);
        UO && UO->getOpcode() == UO_AddrOf)
      Named = UO->getSubExpr()->IgnoreParens();
    const auto *A = dyn_cast<DeclRefExpr>(Named);
    if (A && A->getDecl() == V && outArgument(Arg, Call, V))
      break;
    ++I;
  }
  I -= isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Def);
  if (I >= Def->getNumParams())
    return fail(Passed);
  auto Key = std::make_tuple(Call, Frame, V);
  if (auto It = OutValues.find(Key); It != OutValues.end())
    return It->second;
  Frames.push_back({Def, Call, Frame});
  unsigned New = Frames.size() - 1;
  const ParmVarDecl *PV = Def->getParamDecl(I);
  const auto *Body = cast<CompoundStmt>(Def->getBody());
  // What the body leaves in the parameter: only where every path runs to
  // its end (no return but the last statement, no goto).
  for (const Stmt *S : Body->body())
    if (S != Body->body_back() && hasReturn(S))
      return fail(Passed + ", which can return before its end on line " +
                  lineOf(S));
  const FunctionFacts &FF = factsOf(New);
  if (FF.HasGoto)
    return fail(Passed + ", which has a goto");
  if (auto It = FF.Escapes.find(PV); It != FF.Escapes.end())
    return fail(Passed + ", which lets it escape on line " +
                lineOf(It->second));
  DepthGuard J(Joins); // definitions in another function
  if (PV->getType()->isPointerType())
    return pointedOutValue(V, Call, Frame, PV, New);
  std::optional<NodeId> R = writes(Body, PV, New) ? valueAfter(PV, Body, New)
                                                  : valueBefore(V, Call, Frame);
  if (R)
    OutValues[Key] = *R;
  return R;
}

std::optional<NodeId>
Lowering::pointedOutValue(const VarDecl *V, const CallExpr *Call,
                          unsigned Frame, const ParmVarDecl *PV, unsigned New) {
  std::string Passed = "the address of '" + V->getNameAsString() +
                       "' is passed to '" + Frames[New].F->getNameAsString() +
                       "' on line " + lineOf(Call);
  const FunctionFacts &FF = factsOf(New);
  if (auto It = FF.Refs.find(PV); It != FF.Refs.end())
    for (const DeclRefExpr *R : It->second)
      if (classifyRef(R, *FF.Parents, &Engine, /*Deref=*/true).Kind ==
          UseKind::Escape)
        return fail(Passed + ", which uses '" + PV->getName() +
                    "' other than as '*" + PV->getName() + "' on line " +
                    lineOf(R));
  Place Pl;
  Pl.V = PV;
  Pl.Name = "*" + PV->getNameAsString();
  Pl.Deref = true;
  Stored Out;
  const auto *Body = cast<CompoundStmt>(Frames[New].F->getBody());
  switch (scanList(Pl, llvm::SmallVector<const Stmt *, 8>(Body->body()), New,
                   Out)) {
  case Scan::Found: {
    noteDefinition(V, Out.Value);
    std::optional<NodeId> N = integer(Out.Value, Out.Frame);
    if (!N)
      return std::nullopt;
    NodeId R = P->cast(*N, varType(V));
    OutValues[std::make_tuple(Call, Frame, V)] = R;
    return R;
  }
  case Scan::None:
    return valueBefore(V, Call, Frame);
  case Scan::Failed:
    break;
  }
  return std::nullopt;
}

const Expr *Lowering::argument(const CallExpr *Call, unsigned Index) {
  auto It = As.Arguments.find({Call, Index});
  if (It != As.Arguments.end())
    return It->second;
  return Index < Call->getNumArgs() ? Call->getArg(Index) : nullptr;
}

std::optional<NodeId> Lowering::cooperativeGroups(const CallExpr *Call,
                                                  unsigned Frame, IntType IT) {
  std::optional<GroupQuery> Q = groupQuery(Call);
  if (!Q || Q->What >= GroupQuery::ThreadIndex)
    return std::nullopt;
  if (Q->Generic) {
    std::optional<uint64_t> Kind = genericGroup(Q->Object, Frame);
    if (!Kind)
      return fail("the thread_group on line " + lineOf(Call) +
                  " is not made by this_thread_block() or "
                  "tiled_partition(block or tile, N) with a constant N");
    Q->Tile = *Kind;
  } else if ((Q->What == GroupQuery::MetaGroupRank ||
              Q->What == GroupQuery::MetaGroupSize) &&
             !fromBlock(Q->Object, Frame))
    return std::nullopt;
  IntType U = IntType::u32();
  NodeId X = P->threadIdx(0), Y = P->threadIdx(1), Z = P->threadIdx(2);
  NodeId BX = P->blockDim(0), BY = P->blockDim(1), BZ = P->blockDim(2);
  NodeId Linear = P->binary(
      Op::Add, X,
      P->binary(Op::Mul, P->binary(Op::Add, Y, P->binary(Op::Mul, Z, BY, U), U),
                BX, U),
      U);
  NodeId Threads = P->binary(Op::Mul, P->binary(Op::Mul, BX, BY, U), BZ, U);
  uint64_t N = Q->Tile;
  NodeId R = 0;
  switch (Q->What) {
  case GroupQuery::Rank:
    R = N ? P->binary(Op::Rem, Linear, P->constant(N, U), U) : Linear;
    break;
  case GroupQuery::Size:
    R = N ? P->constant(N, U) : Threads;
    break;
  case GroupQuery::MetaGroupRank:
    R = P->binary(Op::Div, Linear, P->constant(N, U), U);
    break;
  case GroupQuery::MetaGroupSize:
    R = P->binary(Op::Div,
                  P->binary(Op::Add, Threads, P->constant(N - 1, U), U),
                  P->constant(N, U), U);
    break;
  default:
    return std::nullopt;
  }
  return P->cast(R, IT);
}

std::optional<uint64_t> Lowering::genericGroup(const Expr *Obj,
                                               unsigned Frame) {
  // Variables and parameters on the way, the latter in their caller's
  // frame: `reduce(tiled_partition(block, 16), ...)`.
  unsigned Steps = 0;
  std::function<std::optional<uint64_t>(const Expr *)> Variable =
      [&](const Expr *E) -> std::optional<uint64_t> {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || !V->hasLocalStorage() || ++Steps > 16 || changed(V, Frame))
      return std::nullopt;
    if (const auto *PV = dyn_cast<ParmVarDecl>(V)) {
      const Expr *Arg = Frames[Frame].Call && !isKernel(Frames[Frame].F)
                            ? argumentOf(PV, Frame)
                            : nullptr;
      if (!Arg)
        return std::nullopt;
      Frame = Frames[Frame].Caller;
      return groupKind(Arg, Ctx, Variable);
    }
    if (!V->getInit())
      return std::nullopt;
    return groupKind(V->getInit(), Ctx, Variable);
  };
  return Variable(Obj);
}

bool Lowering::fromBlock(const Expr *Obj, unsigned Frame) {
  const auto *DRE = dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit() &&
         !changed(V, Frame) && partitionedFromBlock(V->getInit());
}

std::optional<NodeId> Lowering::callValue(const CallExpr *Call, unsigned Frame,
                                          bool Pointer) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    // FIXME: the functions a pointer may hold are not followed here, as they
    // are for a launch (TUIndex's pointerTargets).
    return fail("a call through a function pointer in the address");
  std::string Name = "'" + Callee->getNameAsString() + "'";
  const FunctionDecl *Def = nullptr;
  if (!Callee->hasBody(Def) || !Def || !isa<CompoundStmt>(Def->getBody()))
    return fail("a call of " + Name + ", whose body is not in this file");
  if (isKernel(Def) || Def->isVariadic())
    return fail("a call of " + Name + " the analysis does not follow");
  if (calledFrom(Def, Frame))
    return fail("a recursive call of " + Name);
  if (Frames.size() > 24)
    return fail("calls nested too deep in the address");
  auto Key = std::make_pair(Call, Frame);
  if (auto It = CallValues.find(Key); It != CallValues.end())
    return It->second;
  Frames.push_back({Def, Call, Frame});
  unsigned New = Frames.size() - 1;
  const auto *Body = cast<CompoundStmt>(Def->getBody());
  llvm::SmallVector<const Stmt *, 8> Ss(Body->body_begin(), Body->body_end());
  IntType RT = Pointer ? IntType::i64() : typeOf(Call->getType());
  DepthGuard J(Joins); // definitions in another function
  auto R = returnValue(Ss, New, Pointer, RT);
  if (!R)
    return std::nullopt;
  CallValues[Key] = *R;
  return R;
}

bool Lowering::calledFrom(const FunctionDecl *Def, unsigned Frame) {
  // Def among the callers of this frame (another call of Def lowered
  // earlier, `f(a) + f(b)`, is not).
  for (unsigned F = Frame;; F = Frames[F].Caller) {
    if (Frames[F].F == Def)
      return true;
    if (!Frames[F].Call || Frames[F].Caller == F)
      return false;
  }
}

std::optional<bool> Lowering::constantCondition(const IfStmt *If) {
  const Expr *C = If->getCond();
  bool B;
  if (!C || C->isValueDependent() || !C->EvaluateAsBooleanCondition(B, Ctx))
    return std::nullopt;
  return B;
}

bool Lowering::hasReturn(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S))
    return true;
  if (isa<Expr>(S))
    return false;
  for (const Stmt *C : S->children())
    if (hasReturn(C))
      return true;
  return false;
}

llvm::SmallVector<const Stmt *, 8> Lowering::stmtsOf(const Stmt *S) {
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return {C->body_begin(), C->body_end()};
  return {S};
}

bool Lowering::endsInReturn(const Stmt *S) {
  auto Ss = stmtsOf(S);
  if (Ss.empty())
    return false;
  // `else if (c) return a; else return b;`: both arms of the last if.
  if (const auto *If = dyn_cast<IfStmt>(Ss.back()))
    return !If->getInit() && !If->getConditionVariable() && If->getElse() &&
           endsInReturn(If->getThen()) && endsInReturn(If->getElse());
  return isa<ReturnStmt>(Ss.back());
}

std::optional<NodeId> Lowering::returnValue(llvm::ArrayRef<const Stmt *> Ss,
                                            unsigned Frame, bool Pointer,
                                            IntType RT) {
  for (size_t I = 0; I < Ss.size(); ++I) {
    const Stmt *S = Ss[I];
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      if (!R->getRetValue())
        return fail("a return without a value on line " + lineOf(R));
      if (Pointer)
        return Frames[Frame].F->getReturnType()->isReferenceType()
                   ? address(R->getRetValue(), Frame)
                   : pointer(R->getRetValue(), Frame);
      auto N = integer(R->getRetValue(), Frame);
      if (!N)
        return std::nullopt;
      return P->cast(*N, RT);
    }
    if (!hasReturn(S))
      continue;
    if (const auto *Sw = dyn_cast<SwitchStmt>(S))
      return switchReturn(Sw, Ss.drop_front(I + 1), Frame, Pointer, RT);
    const auto *If = dyn_cast<IfStmt>(S);
    // `if constexpr` (or an if on a constant): only the arm taken runs,
    // then what follows it.
    std::optional<bool> Taken;
    if (If && !If->getInit() && !If->getConditionVariable())
      Taken = constantCondition(If);
    if (Taken) {
      const Stmt *Arm = *Taken ? If->getThen() : If->getElse();
      llvm::SmallVector<const Stmt *, 8> Rest;
      if (Arm)
        Rest = stmtsOf(Arm);
      Rest.append(Ss.begin() + I + 1, Ss.end());
      return returnValue(Rest, Frame, Pointer, RT);
    }
    if (!If || If->getInit() || If->getConditionVariable() ||
        !endsInReturn(If->getThen()) ||
        (If->getElse() && !endsInReturn(If->getElse())))
      // FIXME: returns inside loops, and an if/else whose arms do not both
      // end in a return, are not followed.
      return fail("a return the analysis does not follow on line " + lineOf(S));
    auto C = integer(If->getCond(), Frame);
    auto T = C ? returnValue(stmtsOf(If->getThen()), Frame, Pointer, RT)
               : std::nullopt;
    std::optional<NodeId> E;
    if (T)
      E = If->getElse()
              ? returnValue(stmtsOf(If->getElse()), Frame, Pointer, RT)
              : returnValue(Ss.drop_front(I + 1), Frame, Pointer, RT);
    if (!E)
      return std::nullopt;
    return P->select(*C, *T, *E, RT);
  }
  return fail("'" + Frames[Frame].F->getNameAsString() +
              "' can end without returning a value");
}

/// A break of S itself, not of a loop or switch within it.
static bool hasOwnBreak(const Stmt *S) {
  if (!S || isa<Expr>(S))
    return false;
  if (isa<BreakStmt>(S))
    return true;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S))
    return false;
  return llvm::any_of(S->children(), hasOwnBreak);
}

/// A case label anywhere within S (Duff's device).
static bool hasLabel(const Stmt *S) {
  if (!S || isa<Expr>(S))
    return false;
  if (isa<SwitchCase>(S))
    return true;
  if (isa<SwitchStmt>(S))
    return false;
  return llvm::any_of(S->children(), hasLabel);
}

std::optional<NodeId> Lowering::switchReturn(const SwitchStmt *Sw,
                                             llvm::ArrayRef<const Stmt *> After,
                                             unsigned Frame, bool Pointer,
                                             IntType RT) {
  auto Fail = [&] {
    return fail("a return in a switch the analysis does not follow on line " +
                lineOf(Sw));
  };
  if (Sw->getInit() || Sw->getConditionVariable() || !Sw->getBody())
    return Fail();
  // The body with its labels taken off, and where each label leads.
  struct Label {
    std::optional<llvm::APSInt> Value; // none: default
    size_t At;
  };
  llvm::SmallVector<Label, 8> Labels;
  llvm::SmallVector<const Stmt *, 8> Flat;
  for (const Stmt *B : stmtsOf(Sw->getBody())) {
    while (const auto *SC = dyn_cast<SwitchCase>(B)) {
      Label L{std::nullopt, Flat.size()};
      if (const auto *CS = dyn_cast<CaseStmt>(SC)) {
        Expr::EvalResult R;
        if (CS->caseStmtIsGNURange() || !CS->getLHS()->EvaluateAsInt(R, Ctx))
          return Fail();
        L.Value = R.Val.getInt();
      }
      Labels.push_back(L);
      B = SC->getSubStmt();
    }
    if (hasLabel(B))
      return Fail();
    Flat.push_back(B);
  }
  // What runs from a label: the statements to the first break, then After.
  auto Run = [&](size_t At) -> std::optional<llvm::SmallVector<const Stmt *>> {
    llvm::SmallVector<const Stmt *> Seq;
    for (size_t K = At; K < Flat.size(); ++K) {
      if (isa<BreakStmt>(Flat[K]))
        break;
      if (hasOwnBreak(Flat[K]))
        return std::nullopt; // a break under a condition
      Seq.push_back(Flat[K]);
    }
    Seq.append(After.begin(), After.end());
    return Seq;
  };
  auto From = [&](size_t At) -> std::optional<NodeId> {
    auto Seq = Run(At);
    if (!Seq)
      return Fail();
    return returnValue(*Seq, Frame, Pointer, RT);
  };
  size_t DefaultAt = Flat.size(); // no default: after the switch
  for (const Label &L : Labels)
    if (!L.Value)
      DefaultAt = L.At;
  const Expr *Cond = Sw->getCond();
  Expr::EvalResult CR;
  if (!Cond->isValueDependent() && Cond->EvaluateAsInt(CR, Ctx)) {
    for (const Label &L : Labels)
      if (L.Value && llvm::APSInt::isSameValue(*L.Value, CR.Val.getInt()))
        return From(L.At);
    return From(DefaultAt);
  }
  auto Value = integer(Cond, Frame);
  if (!Value)
    return std::nullopt;
  IntType CT = typeOf(Cond->getType());
  std::optional<NodeId> Out = From(DefaultAt);
  for (const Label &L : llvm::reverse(Labels)) {
    if (!Out || !L.Value)
      continue;
    std::optional<NodeId> Taken = From(L.At);
    if (!Taken)
      return std::nullopt;
    NodeId Eq =
        P->binary(Op::EQ, *Value, P->constant(L.Value->getExtValue(), CT),
                  IntType::i32());
    Out = P->select(Eq, *Taken, *Out, RT);
  }
  return Out;
}

} // namespace warplint
