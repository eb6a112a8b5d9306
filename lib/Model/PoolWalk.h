//===-- PoolWalk.h - The one walk over an expression pool -------*- C++ -*-===//
//
// Every question about what a node reads (the thread index components, the
// loops, the branches, the exit values, the nodes a warp must compute) is a
// walk over the pool from a few roots; walkPool is that walk, and the
// callers say only what they look for and which loop definitions they
// follow. Private to lib/Model.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_LIB_MODEL_POOLWALK_H
#define WARPLINT_LIB_MODEL_POOLWALK_H

#include "warplint/Model/ThreadExpr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace warplint::model::detail {

/// What a walk does once it has visited a node.
enum class WalkNext {
  Operands, ///< go on to the node's operands
  Skip,     ///< not through this node
  Stop,     ///< end the walk
};

/// The stack of a walk: a visitor pushes onto it the other nodes a node
/// leads to (the definitions of a loop it reads).
using WalkStack = llvm::SmallVector<NodeId, 16>;

/// Visits the nodes reachable from Roots, depth first: the last root
/// first, and after a node the nodes its visitor pushed, its operands
/// before them (the last operand first). First(N) says whether N is new
/// (and marks it seen); Visit(N, Node, WalkStack &) is called on each new
/// node and returns what to do next.
template <typename FirstFn, typename VisitFn>
void walkPool(const ExprPool &P, llvm::ArrayRef<NodeId> Roots, FirstFn First,
              VisitFn Visit) {
  WalkStack Work(Roots.begin(), Roots.end());
  while (!Work.empty()) {
    NodeId N = Work.pop_back_val();
    if (!First(N))
      continue;
    const Node &X = P[N];
    WalkNext Next = Visit(N, X, Work);
    if (Next == WalkNext::Stop)
      return;
    if (Next == WalkNext::Operands)
      X.appendOperands(Work);
  }
}

/// The same, each node once.
template <typename VisitFn>
void walkPool(const ExprPool &P, llvm::ArrayRef<NodeId> Roots, VisitFn Visit) {
  std::vector<bool> Seen(P.size());
  walkPool(
      P, Roots,
      [&](NodeId N) {
        if (Seen[N])
          return false;
        Seen[N] = true;
        return true;
      },
      Visit);
}

/// Pushes the nodes that define loop L (its start, condition, next value
/// and step, where it has one) onto a walk's stack.
inline void pushLoopDefinition(const ExprPool &P, unsigned L, WalkStack &Work) {
  const Loop &Lp = P.loop(L);
  Work.append({Lp.Init, Lp.Cond, Lp.Next});
  if (Lp.Step)
    Work.push_back(*Lp.Step);
}

} // namespace warplint::model::detail

#endif // WARPLINT_LIB_MODEL_POOLWALK_H
