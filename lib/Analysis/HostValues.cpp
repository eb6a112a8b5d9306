//===-- HostValues.cpp - Values host code fixes ---------------------------===//
//
// The host side's questions (block shapes, kernel arguments, dynamic
// shared-memory sizes, __launch_bounds__ values) go through the same
// lowering as device addresses; the model then computes the value, which
// must be a constant: a value that reads the thread index, a uniform
// symbol (a parameter no call binds, a global), or a loop counter inside
// its loop is not one.
//
// A `?:` whose condition is not a compile-time value is a choice between
// its arms (Assumptions::ArmsAreChoices): the question is answered for the
// arm Assumptions::Choices picks, and the caller can ask again for each
// combination of the arms ValueTrace::Undecided lists.
//
//===----------------------------------------------------------------------===//
#include "AstUtil.h"
#include "Lowering.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include <set>

using namespace clang;
using namespace warplint::model;

namespace warplint {

/// Whether A assumes nothing but the function a question is asked in (its
/// parameters unknown): the answer is then the same whenever it is asked
/// (a launch's block, asked by each check that reads it).
static bool plain(const Assumptions &A) {
  return A.Chain.Functions.size() == 1 && A.KernelArgs.empty() &&
         A.Arguments.empty() && A.Facts.empty() && A.Choices.empty() &&
         !A.Pad && A.Chain.NoCaller.empty();
}

template <typename T, typename Ask>
std::optional<T> ValueEngine::remembered(
    std::map<PlainKey, std::pair<std::optional<T>, ValueTrace>> &Memo,
    const Expr *E, const Assumptions &A, ValueTrace *Trace, Ask Lower) {
  if (!E || A.Chain.Functions.empty())
    return std::nullopt;
  ValueTrace Local;
  ValueTrace &Out = Trace ? *Trace : Local;
  if (!plain(A) || Out.Through) {
    Lowering L(*this, A, Out);
    return Lower(L);
  }
  PlainKey Key{E, A.Chain.Functions.front(), A.ArmsAreChoices};
  auto It = Memo.find(Key);
  if (It == Memo.end()) {
    ValueTrace First;
    Lowering L(*this, A, First);
    std::optional<T> V = Lower(L);
    It =
        Memo.emplace(Key, std::make_pair(std::move(V), std::move(First))).first;
  }
  const ValueTrace &Saw = It->second.second;
  if (Out.Why.empty())
    Out.Why = Saw.Why;
  if (!Out.Definition)
    Out.Definition = Saw.Definition;
  for (const auto &U : Saw.Undecided)
    if (!llvm::is_contained(Out.Undecided, U))
      Out.Undecided.push_back(U);
  return It->second.first;
}

std::optional<llvm::APSInt>
ValueEngine::integer(const Expr *E, const Assumptions &A, ValueTrace *Trace) {
  return remembered(PlainIntegers, E, A, Trace,
                    [&](Lowering &L) { return L.hostInteger(E); });
}

std::optional<Dim3> ValueEngine::dim3(const Expr *E, const Assumptions &A,
                                      ValueTrace *Trace) {
  return remembered(PlainDim3s, E, A, Trace,
                    [&](Lowering &L) { return L.hostDim3(E); });
}

namespace {
/// The walk of the user's code that finds every reference to a global.
struct GlobalRefWalk : RecursiveASTVisitor<GlobalRefWalk> {
  const SourceManager &SM;
  llvm::DenseMap<const VarDecl *,
                 llvm::SmallVector<
                     std::pair<const DeclRefExpr *, const FunctionDecl *>, 4>>
      &Out;
  const FunctionDecl *Current = nullptr;
  GlobalRefWalk(const SourceManager &SM, decltype(Out) Out)
      : SM(SM), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody())
      return RecursiveASTVisitor::TraverseDecl(D);
    const FunctionDecl *Saved = Current;
    Current = FD;
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    Current = Saved;
    return R;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()); followedGlobal(V))
      Out[V].push_back({E, Current});
    return true;
  }
};
} // namespace

llvm::ArrayRef<std::pair<const DeclRefExpr *, const FunctionDecl *>>
ValueEngine::globalRefs(const VarDecl *V) {
  if (!GlobalRefsBuilt) {
    GlobalRefsBuilt = true;
    GlobalRefWalk(Ctx.getSourceManager(), GlobalRefs).TraverseAST(Ctx);
  }
  auto It = GlobalRefs.find(V);
  if (It == GlobalRefs.end())
    return {};
  return It->second;
}

const FunctionDecl *ValueEngine::function(const Expr *E, const Assumptions &A,
                                          ValueTrace *Trace) {
  if (!E || A.Chain.Functions.empty())
    return nullptr;
  ValueTrace Local;
  Lowering L(*this, A, Trace ? *Trace : Local);
  return L.hostFunction(E);
}

/// Whether N reads the thread index or the block's shape, directly or
/// through the loops it reads: values of device code, not of the host.
static bool readsThread(const ExprPool &P, NodeId Root) {
  llvm::SmallVector<NodeId, 16> Work{Root};
  llvm::DenseSet<NodeId> Seen;
  llvm::DenseSet<unsigned> Loops;
  while (!Work.empty()) {
    NodeId N = Work.pop_back_val();
    if (!Seen.insert(N).second)
      continue;
    const Node &X = P[N];
    if (X.Kind == Op::ThreadIdx || X.Kind == Op::BlockDim)
      return true;
    if ((X.Kind == Op::LoopVar || X.Kind == Op::LoopExit) &&
        Loops.insert(P.loop(X.Index).Group).second)
      for (unsigned M : P.groupMembers(P.loop(X.Index).Group)) {
        const Loop &L = P.loop(M);
        Work.append({L.Init, L.Next});
        if (L.CondKnown)
          Work.push_back(L.Cond);
      }
    X.appendOperands(Work);
  }
  return false;
}

const Stmt *Lowering::pointIn(unsigned Frame) {
  const Stmt *Point = Asked;
  for (unsigned F = AskedFrame; F != Frame; F = Frames[F].Caller) {
    if (!Frames[F].Call || Frames[F].Caller == F)
      return nullptr;
    Point = Frames[F].Call;
  }
  return Point;
}

/// The groups of the loops whose counter N reads inside them (not the
/// value they leave), added to Groups.
static void countersRead(const ExprPool &P, NodeId N,
                         std::set<unsigned> &Groups) {
  llvm::SmallVector<NodeId, 16> Work{N};
  llvm::DenseSet<NodeId> Seen;
  while (!Work.empty()) {
    NodeId X = Work.pop_back_val();
    if (!Seen.insert(X).second)
      continue;
    if (P[X].Kind == Op::LoopVar)
      Groups.insert(P.loop(P[X].Index).Group);
    P[X].appendOperands(Work);
  }
}

bool Lowering::iterationValues(NodeId N,
                               std::vector<std::optional<int64_t>> &Values) {
  if (!As.ArmsAreChoices)
    return true; // device code: loops are the model's
  std::set<unsigned> Groups;
  countersRead(*P, N, Groups);
  for (unsigned G : Groups) {
    auto It =
        llvm::find_if(LoopGroups, [&](const auto &E) { return E.second == G; });
    if (It == LoopGroups.end())
      return true; // not a loop of this question's making
    if (!loopIteration(G, It->first.first, It->first.second, Values))
      return false;
  }
  return true;
}

bool Lowering::loopIteration(unsigned G, const Stmt *L, unsigned Frame,
                             std::vector<std::optional<int64_t>> &Values) {
  constexpr unsigned MaxIterations = 32;
  std::string Where = "the loop on line " + lineOf(L);
  const Loop &Head = P->loop(G);
  llvm::SmallVector<unsigned, 2> Ms = P->groupMembers(G);
  std::set<unsigned> Deps;
  for (unsigned M : Ms)
    for (NodeId X : {P->loop(M).Init, P->loop(M).Cond, P->loop(M).Next})
      countersRead(*P, X, Deps);
  std::string Unknown = "the value changes with each iteration of " + Where +
                        ", whose values are not known at compile time";
  if (!Head.CondKnown) {
    fail(Unknown);
    return false;
  }
  if (Head.CondAfterBody || !isa<ForStmt, WhileStmt>(L) ||
      llvm::any_of(Deps, [&](unsigned D) { return D != G && !Values[D]; })) {
    fail("the value changes with each iteration of " + Where);
    return false;
  }
  // Each iteration reaches the point: no way out of the body but its end,
  // no condition between the loop and the point.
  llvm::SmallVector<const ContinueStmt *, 2> Continues;
  collectContinues(loopBody(L), Continues);
  const Stmt *Point = pointIn(Frame);
  const ParentMap &PM = parentsOf(Frame);
  const Stmt *X = Point;
  while (X && X != L &&
         !isa<IfStmt, SwitchStmt, ConditionalOperator, ForStmt, WhileStmt,
              DoStmt, CXXForRangeStmt>(X))
    X = PM.getParent(X);
  if (!Point || X != L || leavesEarly(loopBody(L)) || !Continues.empty()) {
    fail("the value changes with each iteration of " + Where +
         ", not every one of which reaches it");
    return false;
  }
  EvalEnv Env;
  auto Value = [&](NodeId X) -> std::optional<int64_t> {
    Env.LoopValues = Values;
    std::optional<LinearValue> V = evaluate(*P, X, Env);
    if (!V || !V->isConstant())
      return std::nullopt;
    return V->C;
  };
  std::vector<std::vector<int64_t>> Iterations;
  std::vector<int64_t> Now;
  for (unsigned M : Ms)
    if (std::optional<int64_t> V = Value(P->loop(M).Init))
      Now.push_back(*V);
  while (Now.size() == Ms.size()) {
    for (size_t I = 0; I < Ms.size(); ++I)
      Values[Ms[I]] = Now[I];
    std::optional<int64_t> C = Value(Head.Cond);
    if (!C)
      break;
    if (!*C) {
      Now.clear();
      break;
    }
    if (Iterations.size() == MaxIterations) {
      fail(Where + " runs more than " + std::to_string(MaxIterations) +
           " times (the limit of values followed)");
      return false;
    }
    Iterations.push_back(Now);
    std::vector<int64_t> Next;
    for (unsigned M : Ms)
      if (std::optional<int64_t> V = Value(P->loop(M).Next))
        Next.push_back(*V);
    Now = std::move(Next);
  }
  for (unsigned M : Ms)
    Values[M].reset();
  if (!Now.empty()) {
    fail(Unknown);
    return false;
  }
  if (Iterations.empty()) {
    fail(Where + " never runs its body");
    return false;
  }
  std::optional<unsigned> K = chosen(L, Iterations.size());
  if (!K) {
    fail("the value changes with each iteration of " + Where);
    return false;
  }
  for (size_t I = 0; I < Ms.size(); ++I)
    Values[Ms[I]] = Iterations[*K][I];
  return true;
}

std::optional<int64_t> Lowering::hostConstant(NodeId N) {
  if ((*P)[N].Kind == Op::Const) // what clang folds, the usual case
    return (*P)[N].Value;
  if (readsThread(*P, N))
    return std::nullopt;
  EvalEnv Env;
  std::vector<std::optional<int64_t>> Values(P->numLoops());
  if (!iterationValues(N, Values))
    return std::nullopt;
  if (llvm::any_of(Values, [](const auto &V) { return V.has_value(); }))
    Env.LoopValues = Values;
  std::optional<LinearValue> V = evaluate(*P, N, Env);
  if (!V || !V->isConstant())
    return std::nullopt;
  return V->C;
}

std::optional<unsigned> Lowering::chosen(const Stmt *Where, unsigned Count) {
  for (const auto &[X, Alt] : As.Choices)
    if (X == Where)
      return Alt;
  if (!llvm::is_contained(Trace.Undecided, std::make_pair(Where, Count)))
    Trace.Undecided.push_back({Where, Count});
  return std::nullopt;
}

std::optional<bool> Lowering::chosenArm(const Stmt *Choice, unsigned Frame) {
  const auto *CO = dyn_cast<ConditionalOperator>(Choice);
  const Expr *Cond = CO ? CO->getCond() : cast<IfStmt>(Choice)->getCond();
  std::string Saved = Why;
  std::optional<NodeId> C = integer(Cond, Frame);
  Why = Saved; // an unknown condition makes a choice
  if (C)
    if (std::optional<int64_t> K = hostConstant(*C))
      return *K != 0;
  if (std::optional<unsigned> Alt = chosen(Choice, 2))
    return *Alt == 0;
  return fail(std::string("the condition of the ") + (CO ? "'?:'" : "if") +
              " on line " + lineOf(Choice) + " is not known at compile time");
}

/// The constant V of a node of type T, as C gives it.
static llvm::APSInt asAPSInt(int64_t V, IntType T) {
  return llvm::APSInt(llvm::APInt(T.Width, uint64_t(V), T.Signed,
                                  /*implicitTrunc=*/true),
                      !T.Signed);
}

std::optional<llvm::APSInt> Lowering::hostInteger(const Expr *E) {
  Asked = E;
  AskedFrame = Frames.size() - 1;
  std::optional<NodeId> N = integer(E, AskedFrame);
  if (!N)
    return std::nullopt;
  std::optional<int64_t> V = hostConstant(*N);
  if (!V)
    return fail("the value is not known at compile time");
  return asAPSInt(*V, (*P)[*N].Type);
}

std::optional<Dim3> Lowering::hostDim3(const Expr *E) {
  Asked = E;
  AskedFrame = Frames.size() - 1;
  std::optional<Dim3Nodes> D = dim3(E, AskedFrame);
  if (!D)
    return std::nullopt;
  uint64_t C[3];
  for (unsigned I = 0; I < 3; ++I) {
    std::optional<int64_t> V = hostConstant((*D)[I]);
    if (!V)
      return fail("the block shape is not known at compile time");
    C[I] = asAPSInt(*V, (*P)[(*D)[I]].Type).getZExtValue();
  }
  return Dim3{C[0], C[1], C[2]};
}

} // namespace warplint
