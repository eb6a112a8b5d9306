//===-- ExprPool.cpp - The expression DAG over the thread index -----------===//
//
// The pool of one access's expressions (ThreadExpr.h): building nodes (with
// hash-consing), the key the analysis memoises on, the walks that ask what a
// node reads (thread index components, loops, branches) and the readable
// form.
//
//===----------------------------------------------------------------------===//
#include "PoolWalk.h"
#include "warplint/Model/ThreadExpr.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/xxhash.h"
#include <cstring>
#include <map>

namespace warplint::model {

using namespace detail;

// Into a SmallVector: its append of a few bytes is inline, where a
// std::string's is a call (a pool's key is some hundred fields).
template <typename T>
static void appendRaw(llvm::SmallVectorImpl<char> &Out, const T &V) {
  const char *B = reinterpret_cast<const char *>(&V);
  Out.append(B, B + sizeof(V));
}

static void appendString(llvm::SmallVectorImpl<char> &Out, llvm::StringRef S) {
  appendRaw(Out, uint64_t(S.size()));
  Out.append(S.begin(), S.end());
}

void ExprPool::appendKey(std::string &Out) const {
  if (!KeyHash) {
    llvm::SmallVector<char, 2048> Whole;
    appendWhole(Whole);
    llvm::XXH128_hash_t H = llvm::xxh3_128bits(llvm::ArrayRef(
        reinterpret_cast<const uint8_t *>(Whole.data()), Whole.size()));
    KeyHash.emplace(std::array<uint64_t, 2>{H.low64, H.high64},
                    uint64_t(Whole.size()));
  }
  Out.append(reinterpret_cast<const char *>(KeyHash->first.data()),
             sizeof(KeyHash->first));
  Out.append(reinterpret_cast<const char *>(&KeyHash->second),
             sizeof(KeyHash->second));
}

void ExprPool::appendWhole(llvm::SmallVectorImpl<char> &Out) const {
  appendRaw(Out, uint64_t(Nodes.size()));
  // Each node's fields packed into one record, appended at once.
  struct Packed {
    int64_t Value;
    uint32_t Index, A, B, C;
    uint8_t Kind, Width, Signed, Zero = 0;
  };
  static_assert(sizeof(Packed) == 28 || sizeof(Packed) == 32);
  Out.reserve(Out.size() + Nodes.size() * sizeof(Packed) + 64);
  for (const Node &N : Nodes) {
    Packed R;
    std::memset(&R, 0, sizeof(R)); // no padding bytes of indeterminate value
    R.Value = N.Value;
    R.Index = N.Index;
    R.A = N.A;
    R.B = N.B;
    R.C = N.C;
    R.Kind = uint8_t(N.Kind);
    R.Width = N.Type.Width;
    R.Signed = N.Type.Signed;
    appendRaw(Out, R);
  }
  appendRaw(Out, uint64_t(Symbols.size()));
  for (const Symbol &S : Symbols) {
    appendString(Out, S.Name);
    appendRaw(Out, S.Multiple);
    appendRaw(Out, uint8_t(S.NonNegative | S.SharedAddress << 1));
  }
  appendRaw(Out, uint64_t(Loops.size()));
  for (const Loop &L : Loops) {
    appendString(Out, L.Name);
    appendRaw(Out, L.Init);
    appendRaw(Out, L.Cond);
    appendRaw(Out, L.Next);
    appendRaw(Out, L.Step ? int64_t(*L.Step) : int64_t(-1));
    appendRaw(Out, L.IterationSym);
    appendRaw(Out, L.CountSym);
    appendRaw(Out, L.Group);
    appendRaw(Out,
              uint8_t(L.Complete | L.CondKnown << 1 | L.CondAfterBody << 2));
  }
}

NodeId ExprPool::add(const Node &N) {
  // Hash-consing keeps DAGs built from shared definitions small.
  for (NodeId I = Nodes.size(); I-- > 0 && Nodes.size() - I <= 64;) {
    const Node &O = Nodes[I];
    if (O.Kind == N.Kind && O.Type.Width == N.Type.Width &&
        O.Type.Signed == N.Type.Signed && O.Value == N.Value &&
        O.Index == N.Index && O.A == N.A && O.B == N.B && O.C == N.C)
      return I;
  }
  KeyHash.reset();
  Nodes.push_back(N);
  return Nodes.size() - 1;
}

NodeId ExprPool::constant(int64_t V, IntType T) {
  Node N;
  N.Kind = Op::Const;
  N.Type = T;
  N.Value = T.wrap(V);
  return add(N);
}

/// A leaf that names one of several: a dimension, a symbol, a loop.
static Node indexedLeaf(Op O, unsigned Index, IntType T) {
  Node N;
  N.Kind = O;
  N.Type = T;
  N.Index = Index;
  return N;
}

NodeId ExprPool::threadIdx(unsigned Dim) {
  return add(indexedLeaf(Op::ThreadIdx, Dim, IntType::u32()));
}

NodeId ExprPool::blockDim(unsigned Dim) {
  return add(indexedLeaf(Op::BlockDim, Dim, IntType::u32()));
}

NodeId ExprPool::symbol(unsigned Sym, IntType T) {
  return add(indexedLeaf(Op::Sym, Sym, T));
}

NodeId ExprPool::loopVar(unsigned L, IntType T) {
  return add(indexedLeaf(Op::LoopVar, L, T));
}

NodeId ExprPool::loopExit(unsigned L, IntType T) {
  return add(indexedLeaf(Op::LoopExit, L, T));
}

/// An operation on up to three operands.
static Node operation(Op O, IntType T, NodeId A, NodeId B = 0, NodeId C = 0) {
  Node N;
  N.Kind = O;
  N.Type = T;
  N.A = A;
  N.B = B;
  N.C = C;
  return N;
}

NodeId ExprPool::unary(Op O, NodeId A, IntType T) {
  return add(operation(O, T, A));
}

NodeId ExprPool::binary(Op O, NodeId A, NodeId B, IntType T) {
  return add(operation(O, T, A, B));
}

NodeId ExprPool::select(NodeId Cond, NodeId A, NodeId B, IntType T) {
  return add(operation(Op::Select, T, Cond, A, B));
}

NodeId ExprPool::cast(NodeId A, IntType T) {
  const Node &S = Nodes[A];
  if (S.Type.Width == T.Width && S.Type.Signed == T.Signed)
    return A;
  if (S.Kind == Op::Const)
    return constant(S.Value, T);
  return unary(Op::Cast, A, T);
}

unsigned ExprPool::addSymbol(llvm::StringRef Name, uint64_t Multiple,
                             bool NonNegative, bool SharedAddress) {
  KeyHash.reset();
  Symbols.push_back(
      {Name.str(), Multiple ? Multiple : 1, NonNegative, SharedAddress});
  return Symbols.size() - 1;
}

ExprPool ExprPool::withSymbolValue(unsigned S, int64_t V) const {
  ExprPool Out = *this;
  Out.KeyHash.reset();
  for (Node &N : Out.Nodes)
    if (N.Kind == Op::Sym && N.Index == S) {
      N.Kind = Op::Const;
      N.Value = N.Type.wrap(V);
      N.Index = 0;
    }
  return Out;
}

unsigned ExprPool::addLoop(llvm::StringRef Name) {
  Loop L;
  L.Name = Name.str();
  L.IterationSym = addSymbol("iterations of '" + Name.str() + "'");
  L.CountSym = addSymbol("iteration count of '" + Name.str() + "'", 1,
                         /*NonNegative=*/true);
  L.Group = unsigned(Loops.size());
  KeyHash.reset();
  Loops.push_back(L);
  return Loops.size() - 1;
}

unsigned ExprPool::addLoopInGroup(llvm::StringRef Name, unsigned Leader) {
  unsigned L = addLoop(Name);
  KeyHash.reset();
  Loops[L].Group = Loops[Leader].Group;
  return L;
}

unsigned arity(Op O) {
  switch (O) {
  case Op::Const:
  case Op::ThreadIdx:
  case Op::BlockDim:
  case Op::Sym:
  case Op::LoopVar:
  case Op::LoopExit:
    return 0;
  case Op::Neg:
  case Op::Not:
  case Op::LNot:
  case Op::Cast:
    return 1;
  case Op::Select:
    return 3;
  default:
    return 2;
  }
}

bool ExprPool::readsThreadIdx(NodeId Root) const {
  // Not cached: the lowering asks while it still builds the pool.
  return dimsRead(Root) != 0;
}

void ExprPool::loopsRead(NodeId Root,
                         llvm::SmallVectorImpl<unsigned> &Out) const {
  // Iterative, each loop's exit value expanded once: an exit value read in
  // a loop's own start or step does not recurse.
  std::vector<bool> MainSeen(Nodes.size());
  std::map<unsigned, std::vector<bool>> GroupSeen; // per exit value's group
  llvm::SmallVector<unsigned, 4> ExitGroups;
  llvm::SmallVector<std::pair<NodeId, unsigned>, 8> Inner; // (node, group)
  auto Visit = [&](NodeId Start, std::optional<unsigned> ViaGroup) {
    std::vector<bool> *Own = nullptr;
    if (ViaGroup) {
      Own = &GroupSeen[*ViaGroup];
      Own->resize(Nodes.size());
    }
    // A node seen from the root is not walked again from an exit value.
    auto First = [&](NodeId N) {
      if (MainSeen[N] || (Own && (*Own)[N]))
        return false;
      (Own ? (*Own)[N] : MainSeen[N]) = true;
      return true;
    };
    walkPool(*this, {Start}, First,
             [&](NodeId, const Node &X, WalkStack &Work) {
               if (X.Kind == Op::LoopExit) {
                 unsigned G = Loops[X.Index].Group;
                 if (!llvm::is_contained(ExitGroups, G)) {
                   ExitGroups.push_back(G);
                   for (const Loop &L : Loops)
                     if (L.Group == G)
                       for (NodeId M : {L.Init, L.Cond, L.Next})
                         Inner.push_back({M, G});
                 }
               }
               if (X.Kind == Op::LoopVar) {
                 // Through an exit value, the loops its loop reads, not
                 // that loop itself: its iterations are run to the end,
                 // not enumerated around the access.
                 bool OwnLoop = ViaGroup && Loops[X.Index].Group == *ViaGroup;
                 if (!OwnLoop && !llvm::is_contained(Out, X.Index))
                   Out.push_back(X.Index);
                 pushLoopDefinition(*this, X.Index, Work);
               }
               return WalkNext::Operands;
             });
  };
  Visit(Root, std::nullopt);
  while (!Inner.empty()) {
    auto [N, G] = Inner.pop_back_val();
    Visit(N, G);
  }
}

unsigned ExprPool::threadDimsRead(NodeId Root) const {
  if (DimsRead.size() != Nodes.size())
    DimsRead.assign(Nodes.size(), -1);
  if (DimsRead[Root] < 0)
    DimsRead[Root] = int8_t(dimsRead(Root));
  return unsigned(DimsRead[Root]);
}

/// Calls F on each node Root reads, once, the definitions of the loops it
/// reads (their start, condition, next value and step) included.
template <typename Fn>
static void forEachReachable(const ExprPool &P, NodeId Root, Fn F) {
  std::vector<bool> SeenLoop(P.numLoops());
  walkPool(P, {Root}, [&](NodeId N, const Node &X, WalkStack &Work) {
    F(N, X);
    if ((X.Kind == Op::LoopVar || X.Kind == Op::LoopExit) &&
        !SeenLoop[X.Index]) {
      SeenLoop[X.Index] = true;
      pushLoopDefinition(P, X.Index, Work);
    }
    return WalkNext::Operands;
  });
}

unsigned ExprPool::dimsRead(NodeId Root) const {
  unsigned Mask = 0;
  forEachReachable(*this, Root, [&](NodeId, const Node &X) {
    if (X.Kind == Op::ThreadIdx)
      Mask |= 1u << X.Index;
  });
  return Mask;
}

bool ExprPool::laneIndependent(NodeId N) const {
  if (LaneIndependent.size() != Nodes.size())
    LaneIndependent.assign(Nodes.size(), -1);
  if (LaneIndependent[N] < 0)
    LaneIndependent[N] = !readsThreadIdx(N);
  return LaneIndependent[N];
}

void ExprPool::selectsRead(NodeId Root,
                           llvm::SmallVectorImpl<NodeId> &Out) const {
  forEachReachable(*this, Root, [&](NodeId N, const Node &X) {
    if (X.Kind == Op::Select)
      Out.push_back(N);
  });
}

static const char *opText(Op O) {
  switch (O) {
  case Op::Neg:
    return "-";
  case Op::Not:
    return "~";
  case Op::LNot:
    return "!";
  case Op::Add:
    return "+";
  case Op::Sub:
    return "-";
  case Op::Mul:
    return "*";
  case Op::Div:
    return "/";
  case Op::Rem:
    return "%";
  case Op::Shl:
    return "<<";
  case Op::Shr:
    return ">>";
  case Op::And:
    return "&";
  case Op::Or:
    return "|";
  case Op::Xor:
    return "^";
  case Op::LT:
    return "<";
  case Op::GT:
    return ">";
  case Op::LE:
    return "<=";
  case Op::GE:
    return ">=";
  case Op::EQ:
    return "==";
  case Op::NE:
    return "!=";
  case Op::LAnd:
    return "&&";
  case Op::LOr:
    return "||";
  case Op::Min:
    return "min";
  case Op::Max:
    return "max";
  default:
    return "?";
  }
}

std::string ExprPool::str(NodeId N) const {
  const Node &X = Nodes[N];
  static const char *const Dim[] = {"x", "y", "z"};
  switch (X.Kind) {
  case Op::Const:
    return std::to_string(X.Value);
  case Op::ThreadIdx:
    return std::string("threadIdx.") + Dim[X.Index];
  case Op::BlockDim:
    return std::string("blockDim.") + Dim[X.Index];
  case Op::Sym:
    return Symbols[X.Index].Name;
  case Op::LoopVar:
    return Loops[X.Index].Name;
  case Op::LoopExit:
    return Loops[X.Index].Name + " after its loop";
  case Op::Cast:
    return std::string("(") + (X.Type.Signed ? "i" : "u") +
           std::to_string(X.Type.Width) + ")" + str(X.A);
  case Op::Neg:
  case Op::Not:
  case Op::LNot:
    return opText(X.Kind) + str(X.A);
  case Op::Min:
  case Op::Max:
    return std::string(opText(X.Kind)) + "(" + str(X.A) + ", " + str(X.B) + ")";
  case Op::Select:
    return "(" + str(X.A) + " ? " + str(X.B) + " : " + str(X.C) + ")";
  default:
    return "(" + str(X.A) + " " + opText(X.Kind) + " " + str(X.B) + ")";
  }
}
} // namespace warplint::model
