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
  for (const ConditionalOperator *CO : Saw.Undecided)
    if (!llvm::is_contained(Out.Undecided, CO))
      Out.Undecided.push_back(CO);
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

std::optional<int64_t> Lowering::hostConstant(NodeId N) {
  if ((*P)[N].Kind == Op::Const) // what clang folds, the usual case
    return (*P)[N].Value;
  if (readsThread(*P, N))
    return std::nullopt;
  EvalEnv Env;
  std::optional<LinearValue> V = evaluate(*P, N, Env);
  if (!V || !V->isConstant())
    return std::nullopt;
  return V->C;
}

std::optional<bool> Lowering::chosenArm(const ConditionalOperator *CO,
                                        unsigned Frame) {
  std::string Saved = Why;
  std::optional<NodeId> C = integer(CO->getCond(), Frame);
  Why = Saved; // an unknown condition makes a choice
  if (C)
    if (std::optional<int64_t> K = hostConstant(*C))
      return *K != 0;
  for (const auto &[X, Arm] : As.Choices)
    if (X == CO)
      return Arm;
  if (!llvm::is_contained(Trace.Undecided, CO))
    Trace.Undecided.push_back(CO);
  return fail("the condition of the '?:' on line " + lineOf(CO) +
              " is not known at compile time");
}

/// The constant V of a node of type T, as C gives it.
static llvm::APSInt asAPSInt(int64_t V, IntType T) {
  return llvm::APSInt(llvm::APInt(T.Width, uint64_t(V), T.Signed,
                                  /*implicitTrunc=*/true),
                      !T.Signed);
}

std::optional<llvm::APSInt> Lowering::hostInteger(const Expr *E) {
  unsigned Frame = Frames.size() - 1;
  std::optional<NodeId> N = integer(E, Frame);
  if (!N)
    return std::nullopt;
  std::optional<int64_t> V = hostConstant(*N);
  if (!V)
    return fail("the value is not known at compile time");
  return asAPSInt(*V, (*P)[*N].Type);
}

std::optional<Dim3> Lowering::hostDim3(const Expr *E) {
  unsigned Frame = Frames.size() - 1;
  std::optional<Dim3Nodes> D = dim3(E, Frame);
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
