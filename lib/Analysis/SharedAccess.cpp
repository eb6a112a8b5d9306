//===-- SharedAccess.cpp - Shared-memory accesses and their addresses -----===//
//
// Lowering maps Clang expressions to model::ExprPool nodes, keeping C's
// integer types (every node has the width and signedness of the expression
// it came from; clang's implicit casts become Cast nodes), so the evaluator
// computes exactly what the program computes.
//
// Values are classified as they are lowered:
// - threadIdx and blockDim become ThreadIdx and BlockDim nodes;
// - values the same in every thread of a block (blockIdx, gridDim, kernel
//   parameters, __constant__ and __device__ variables, shared scalars, loads
//   from uniform addresses, the base address of a shared array) become
//   symbols;
// - a local variable becomes its reaching definition (ValueEvaluator's
//   straight-line rule), a for-loop counter a LoopVar, and a parameter of a
//   device function the argument of the call that reached it;
// - anything else (a value loaded from a thread-dependent address, a call,
//   a variable written in a branch) fails the lowering.
//
// The conditions guarding an access are collected from the enclosing if,
// ?:, && and || and loop conditions, and from earlier `if (...) return;`
// (or continue/break) statements of the enclosing blocks, in every frame of
// the call chain.
//
//===----------------------------------------------------------------------===//
#include "warplint/Analysis/SharedAccess.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include <map>

using namespace clang;
using namespace warplint::model;

namespace warplint {

llvm::StringRef accessKindName(SharedAccess::Kind K) {
  switch (K) {
  case SharedAccess::Load:
    return "load";
  case SharedAccess::Store:
    return "store";
  case SharedAccess::LoadStore:
    return "load-store";
  case SharedAccess::Atomic:
    return "atomic";
  }
  return "load";
}

static bool isShared(const VarDecl *V) {
  return V && V->hasAttr<CUDASharedAttr>();
}

static bool isKernel(const FunctionDecl *F) {
  return F && F->hasAttr<CUDAGlobalAttr>();
}

/// CUDA's vector types, accessed whole by one instruction of their size.
static bool isCudaVectorRecord(QualType T, ASTContext &Ctx) {
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  StringRef N = RD->getName();
  static const char *const Bases[] = {"char",  "uchar",  "short",    "ushort",
                                      "int",   "uint",   "long",     "ulong",
                                      "float", "double", "longlong", "ulonglong"};
  for (const char *B : Bases) {
    StringRef Rest = N;
    if (Rest.consume_front(B) &&
        (Rest == "1" || Rest == "2" || Rest == "3" || Rest == "4"))
      return Rest != "3"; // 3-vectors are loaded element by element
  }
  return N == "__half2" || N == "__nv_bfloat162" || N == "__half" ||
         N == "__nv_bfloat16" || N == "half2" || N == "half";
}

/// The width of one access to an object of type T, or 0 when warplint does
/// not know how many instructions the compiler makes of it.
static unsigned accessBytes(QualType T, ASTContext &Ctx) {
  T = T.getNonReferenceType();
  if (T->isDependentType() || T->isIncompleteType())
    return 0;
  bool Scalar = T->isScalarType() || T->isVectorType();
  if (!Scalar && !isCudaVectorRecord(T, Ctx))
    return 0;
  int64_t S = Ctx.getTypeSizeInChars(T).getQuantity();
  if (S == 1 || S == 2 || S == 4 || S == 8 || S == 16)
    if (!Scalar || T->isScalarType() || T->isVectorType())
      return unsigned(S);
  return 0;
}

static bool isAtomicName(StringRef N) {
  N.consume_back("_block");
  N.consume_back("_system");
  return N == "atomicAdd" || N == "atomicSub" || N == "atomicExch" ||
         N == "atomicMin" || N == "atomicMax" || N == "atomicInc" ||
         N == "atomicDec" || N == "atomicCAS" || N == "atomicAnd" ||
         N == "atomicOr" || N == "atomicXor";
}

//===----------------------------------------------------------------------===//
// Finding candidate accesses
//===----------------------------------------------------------------------===//

namespace {

enum class RootKind { Shared, Param, Other };

class RootFinder {
public:
  RootFinder(ValueEvaluator &Eval) : Eval(Eval) {}
  const VarDecl *Var = nullptr;

  RootKind ofLValue(const Expr *E) {
    if (++Depth > 32)
      return RootKind::Other;
    E = E->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (isShared(V)) {
        Var = V;
        return RootKind::Shared;
      }
      if (V && V->getType()->isReferenceType() && V->getInit())
        return ofLValue(V->getInit());
      return RootKind::Other;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      return ofPointer(ASE->getBase());
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() == UO_Deref)
        return ofPointer(U->getSubExpr());
      return RootKind::Other;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->isArrow() ? ofPointer(ME->getBase()) : ofLValue(ME->getBase());
    if (const auto *C = dyn_cast<CastExpr>(E))
      if (C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueBitCast)
        return ofLValue(C->getSubExpr());
    return RootKind::Other;
  }

  RootKind ofPointer(const Expr *E) {
    if (++Depth > 32)
      return RootKind::Other;
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      switch (C->getCastKind()) {
      case CK_ArrayToPointerDecay:
        return ofLValue(C->getSubExpr());
      case CK_LValueToRValue: {
        const auto *DRE =
            dyn_cast<DeclRefExpr>(C->getSubExpr()->IgnoreParens());
        const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        if (!V)
          return RootKind::Other;
        if (isa<ParmVarDecl>(V)) {
          const auto *F = dyn_cast<FunctionDecl>(V->getDeclContext());
          return F && !isKernel(F) ? RootKind::Param : RootKind::Other;
        }
        if (!V->hasLocalStorage())
          return RootKind::Other;
        return ofDefinition(V, C->getSubExpr());
      }
      case CK_NoOp:
      case CK_BitCast:
      case CK_AddressSpaceConversion:
        return ofPointer(C->getSubExpr());
      default:
        return RootKind::Other;
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      if (U->getOpcode() == UO_AddrOf)
        return ofLValue(U->getSubExpr());
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) {
        if (B->getLHS()->getType()->isPointerType())
          return ofPointer(B->getLHS());
        if (B->getRHS()->getType()->isPointerType())
          return ofPointer(B->getRHS());
      }
    return RootKind::Other;
  }

private:
  ValueEvaluator &Eval;
  unsigned Depth = 0;

  /// The root of local pointer V as read at Use, through `p = q`,
  /// `p += n` and `++p`.
  RootKind ofDefinition(const VarDecl *V, const Expr *Use) {
    if (++Depth > 32)
      return RootKind::Other;
    const Expr *Def = Eval.reachingDefinition(V, {}, Use);
    if (!Def)
      return RootKind::Other;
    Def = Def->IgnoreParens();
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(Def))
      return ofDefinition(V, CA->getLHS()->IgnoreParens());
    if (const auto *U = dyn_cast<UnaryOperator>(Def);
        U && U->isIncrementDecrementOp())
      return ofDefinition(V, U->getSubExpr()->IgnoreParens());
    return ofPointer(Def);
  }
};

class AccessCollector : public RecursiveASTVisitor<AccessCollector> {
public:
  AccessCollector(ASTContext &Ctx, ValueEvaluator &Eval,
                  const FunctionDecl *F, std::vector<SharedAccess> &Out)
      : Ctx(Ctx), Eval(Eval), F(F), Out(Out) {}

  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (E->getCastKind() == CK_LValueToRValue)
      add(E->getSubExpr(), SharedAccess::Load);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->getOpcode() == BO_Assign)
      add(E->getLHS(), SharedAccess::Store);
    else if (E->isCompoundAssignmentOp())
      add(E->getLHS(), SharedAccess::LoadStore);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (E->isIncrementDecrementOp())
      add(E->getSubExpr(), SharedAccess::LoadStore);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(E->getDirectCallee());
    if (E->getOperator() == OO_Equal && E->getNumArgs() == 2 && MD &&
        (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator())) {
      add(E->getArg(0), SharedAccess::Store);
      // The source of a record copy is read whole.
      const Expr *Src = E->getArg(1)->IgnoreImpCasts();
      if (Src->isGLValue() && !isa<MaterializeTemporaryExpr>(Src))
        add(Src, SharedAccess::Load);
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (E->getConstructor()->isCopyOrMoveConstructor() &&
        E->getNumArgs() >= 1 && E->getArg(0)->isGLValue() &&
        !isa<MaterializeTemporaryExpr>(E->getArg(0)->IgnoreImpCasts()))
      add(E->getArg(0), SharedAccess::Load);
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *Callee = E->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() ||
        !isAtomicName(Callee->getName()) || E->getNumArgs() < 1)
      return true;
    const Expr *Ptr = E->getArg(0);
    if (!Ptr->getType()->isPointerType())
      return true;
    unsigned Bytes = accessBytes(Ptr->getType()->getPointeeType(), Ctx);
    if (!Bytes)
      return true;
    RootFinder R(Eval);
    if (R.ofPointer(Ptr) == RootKind::Other)
      return true;
    SharedAccess A;
    A.How = SharedAccess::Atomic;
    A.LValue = Ptr;
    A.Function = F;
    A.Root = R.Var;
    A.Bytes = Bytes;
    Out.push_back(A);
    return true;
  }

private:
  ASTContext &Ctx;
  ValueEvaluator &Eval;
  const FunctionDecl *F;
  std::vector<SharedAccess> &Out;

  void add(const Expr *LV, SharedAccess::Kind K) {
    if (!LV->isGLValue() || LV->isTypeDependent() || LV->containsErrors())
      return;
    unsigned Bytes = accessBytes(LV->getType(), Ctx);
    if (!Bytes)
      return;
    RootFinder R(Eval);
    if (R.ofLValue(LV) == RootKind::Other)
      return;
    SharedAccess A;
    A.How = K;
    A.LValue = LV;
    A.Function = F;
    A.Root = R.Var;
    A.Bytes = Bytes;
    Out.push_back(A);
  }
};

} // namespace

SharedAccessFinder::SharedAccessFinder(ASTContext &Ctx, ValueEvaluator &Eval)
    : Ctx(Ctx), Eval(Eval) {}

std::vector<SharedAccess> SharedAccessFinder::find(const FunctionDecl *F) {
  std::vector<SharedAccess> Out;
  if (!F->getBody())
    return Out;
  AccessCollector C(Ctx, Eval, F, Out);
  C.TraverseStmt(const_cast<Stmt *>(F->getBody()));
  return Out;
}

const ParentMap &SharedAccessFinder::parents(const FunctionDecl *F) {
  std::unique_ptr<ParentMap> &M = Maps[F->getBody()];
  if (!M)
    M = std::make_unique<ParentMap>(const_cast<Stmt *>(F->getBody()));
  return *M;
}

//===----------------------------------------------------------------------===//
// Lowering
//===----------------------------------------------------------------------===//

class Lowering {
public:
  Lowering(SharedAccessFinder &Finder, const CallChain &Chain,
           const ArrayPadding *Pad, std::string &Why)
      : Finder(Finder), Ctx(Finder.Ctx), Eval(Finder.Eval), Chain(Chain),
        Pad(Pad), Why(Why), P(std::make_unique<ExprPool>()) {}

  std::optional<LoweredAccess> run(const SharedAccess &A) {
    unsigned Frame = Chain.Functions.size() - 1;
    std::optional<NodeId> Addr =
        A.How == SharedAccess::Atomic ? pointer(A.LValue, Frame)
                                      : address(A.LValue, Frame);
    if (!Addr || !Root)
      return std::nullopt;
    LoweredAccess L;
    L.Spec.Address = *Addr;
    L.Spec.Bytes = A.Bytes;
    L.Root = Root;
    // Guards of every frame: the access's own, then each call's.
    guards(A.LValue, Frame, L.Spec.Guards);
    for (unsigned I = 0; I + 1 < Chain.Functions.size(); ++I)
      guards(Chain.Calls[I], I, L.Spec.Guards);
    L.Pool = std::move(P);
    L.Spec.Pool = L.Pool.get();
    return L;
  }

private:
  SharedAccessFinder &Finder;
  ASTContext &Ctx;
  ValueEvaluator &Eval;
  const CallChain &Chain;
  const ArrayPadding *Pad;
  std::string &Why;
  std::unique_ptr<ExprPool> P;
  const VarDecl *Root = nullptr;
  unsigned Depth = 0;
  std::map<std::pair<const void *, std::string>, unsigned> Symbols;
  llvm::DenseMap<const VarDecl *, unsigned> Loops;

  struct DepthGuard {
    unsigned &D;
    explicit DepthGuard(unsigned &D) : D(D) { ++D; }
    ~DepthGuard() { --D; }
  };

  std::nullopt_t fail(const Twine &Reason) {
    if (Why.empty())
      Why = Reason.str();
    return std::nullopt;
  }

  IntType typeOf(QualType T) {
    T = T.getCanonicalType();
    if (T->isPointerType())
      return IntType::i64();
    if (const auto *ET = T->getAs<EnumType>())
      T = ET->getDecl()->getIntegerType();
    unsigned W = Ctx.getIntWidth(T);
    if (W == 0 || W > 64)
      W = 64;
    return {uint8_t(W), T->isSignedIntegerOrEnumerationType()};
  }

  unsigned symbolFor(const void *Key, const std::string &Name,
                     uint64_t Multiple = 1) {
    auto It = Symbols.find({Key, Name});
    if (It != Symbols.end())
      return It->second;
    unsigned S = P->addSymbol(Name, Multiple);
    Symbols[{Key, Name}] = S;
    return S;
  }

  std::optional<NodeId> uniform(const void *Key, const std::string &Name,
                                QualType T) {
    return P->symbol(symbolFor(Key, Name), typeOf(T));
  }

  std::optional<int64_t> sizeOf(QualType T) {
    T = T.getNonReferenceType();
    if (T->isVoidType())
      return 1; // GNU void* arithmetic
    if (T->isDependentType() || T->isIncompleteType())
      return std::nullopt;
    return Ctx.getTypeSizeInChars(T).getQuantity();
  }

  /// sizeof(T) where T is the type of a subscript of the padded array.
  int64_t paddedSize(QualType T) {
    const auto *CAT = Ctx.getAsConstantArrayType(T);
    if (!CAT)
      return Ctx.getTypeSizeInChars(T).getQuantity();
    QualType Elem = CAT->getElementType();
    uint64_t N = CAT->getZExtSize();
    if (!Ctx.getAsConstantArrayType(Elem))
      N += Pad->Extra;
    return paddedSize(Elem) * int64_t(N);
  }

  /// Does E name the padded array through subscripts only?
  bool underPad(const Expr *E) {
    if (!Pad)
      return false;
    E = E->IgnoreParenImpCasts();
    while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      E = ASE->getBase()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return DRE && DRE->getDecl() == Pad->Var;
  }

  NodeId i64(NodeId N) { return P->cast(N, IntType::i64()); }

  // ---- addresses ----------------------------------------------------------

  std::optional<NodeId> address(const Expr *E, unsigned Frame) {
    DepthGuard G(Depth);
    if (Depth > 64)
      return fail("the address expression is too deep");
    E = E->IgnoreParens();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (isShared(V)) {
        Root = V;
        // The element type's alignment, or an explicit one: the host ABI's
        // extra alignment of large arrays says nothing of where the device
        // places shared memory.
        QualType Elem = Ctx.getBaseElementType(V->getType());
        uint64_t Align = Ctx.getTypeAlignInChars(Elem).getQuantity();
        if (V->hasAttr<AlignedAttr>())
          Align = std::max<uint64_t>(
              Align, Ctx.toCharUnitsFromBits(V->getMaxAlignment()).getQuantity());
        // Dynamic shared memory starts at least 16-byte aligned.
        if (V->hasExternalStorage() && Align < 16)
          Align = 16;
        return P->symbol(symbolFor(V, "&" + V->getNameAsString(), Align),
                         IntType::i64());
      }
      if (V && V->getType()->isReferenceType() && V->getInit() &&
          V->hasLocalStorage() && !isa<ParmVarDecl>(V))
        return address(V->getInit(), Frame);
      return std::nullopt; // not shared memory
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      auto Base = pointer(ASE->getBase(), Frame);
      if (!Base)
        return std::nullopt;
      auto Idx = integer(ASE->getIdx(), Frame);
      if (!Idx)
        return std::nullopt;
      int64_t Size;
      if (underPad(ASE->getBase()))
        Size = paddedSize(ASE->getType());
      else if (auto S = sizeOf(ASE->getType()))
        Size = *S;
      else
        return fail("the element size is unknown");
      NodeId Off = P->binary(Op::Mul, i64(*Idx),
                             P->constant(Size, IntType::i64()), IntType::i64());
      return P->binary(Op::Add, *Base, Off, IntType::i64());
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() == UO_Deref)
        return pointer(U->getSubExpr(), Frame);
      return std::nullopt;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!FD || FD->isBitField())
        return fail("the member is a bit-field");
      auto Base = ME->isArrow() ? pointer(ME->getBase(), Frame)
                                : address(ME->getBase(), Frame);
      if (!Base)
        return std::nullopt;
      const RecordDecl *RD = FD->getParent();
      if (RD->isInvalidDecl() || RD->isDependentType())
        return fail("the record layout is unknown");
      const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
      int64_t Off = int64_t(L.getFieldOffset(FD->getFieldIndex()) / 8);
      return P->binary(Op::Add, *Base, P->constant(Off, IntType::i64()),
                       IntType::i64());
    }
    if (const auto *C = dyn_cast<CastExpr>(E))
      if (C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueBitCast)
        return address(C->getSubExpr(), Frame);
    return std::nullopt;
  }

  std::optional<NodeId> pointer(const Expr *E, unsigned Frame) {
    DepthGuard G(Depth);
    if (Depth > 64)
      return fail("the address expression is too deep");
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      switch (C->getCastKind()) {
      case CK_ArrayToPointerDecay:
        return address(C->getSubExpr(), Frame);
      case CK_NoOp:
      case CK_BitCast:
      case CK_AddressSpaceConversion:
        return pointer(C->getSubExpr(), Frame);
      case CK_LValueToRValue: {
        const Expr *Sub = C->getSubExpr()->IgnoreParens();
        const auto *DRE = dyn_cast<DeclRefExpr>(Sub);
        const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        if (!V)
          return std::nullopt;
        if (const auto *PV = dyn_cast<ParmVarDecl>(V))
          return parameter(PV, Frame, /*Pointer=*/true);
        if (!V->hasLocalStorage())
          return std::nullopt;
        if (const Expr *Def = Eval.reachingDefinition(V, {}, Sub))
          return definedPointer(V, Def, Frame);
        return fail("the pointer '" + V->getName() +
                    "' is not defined by straight-line code");
      }
      default:
        return std::nullopt;
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      if (U->getOpcode() == UO_AddrOf)
        return address(U->getSubExpr(), Frame);
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) {
        bool LP = B->getLHS()->getType()->isPointerType();
        const Expr *PtrE = LP ? B->getLHS() : B->getRHS();
        const Expr *IntE = LP ? B->getRHS() : B->getLHS();
        if (!PtrE->getType()->isPointerType() ||
            !IntE->getType()->isIntegralOrEnumerationType())
          return std::nullopt;
        auto Base = pointer(PtrE, Frame);
        if (!Base)
          return std::nullopt;
        auto Idx = integer(IntE, Frame);
        if (!Idx)
          return std::nullopt;
        auto Size = sizeOf(PtrE->getType()->getPointeeType());
        if (!Size)
          return fail("the element size is unknown");
        NodeId Off = P->binary(Op::Mul, i64(*Idx),
                               P->constant(*Size, IntType::i64()),
                               IntType::i64());
        return P->binary(B->getOpcode() == BO_Add ? Op::Add : Op::Sub, *Base,
                         Off, IntType::i64());
      }
    }
    return std::nullopt;
  }

  /// The value local V holds after its definition Def: `T v = e;`,
  /// `v = e;`, `v op= e;`, `++v;` or `v++;`.
  std::optional<NodeId> definedValue(const VarDecl *V, const Expr *Def,
                                     unsigned Frame) {
    IntType VT = typeOf(V->getType());
    Def = Def->IgnoreParens();
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(Def)) {
      auto Prev = load(CA->getLHS(), Frame);
      auto Rhs = Prev ? integer(CA->getRHS(), Frame) : std::nullopt;
      if (!Rhs)
        return std::nullopt;
      std::optional<Op> O = compoundOp(CA->getOpcode());
      if (!O)
        return fail("an assignment operator the analysis does not follow");
      IntType CT = typeOf(CA->getComputationLHSType());
      // A shift's right operand keeps its own type.
      NodeId R = (*O == Op::Shl || *O == Op::Shr) ? *Rhs : P->cast(*Rhs, CT);
      return P->cast(P->binary(*O, P->cast(*Prev, CT), R, CT), VT);
    }
    if (const auto *U = dyn_cast<UnaryOperator>(Def);
        U && U->isIncrementDecrementOp()) {
      auto Prev = load(U->getSubExpr(), Frame);
      if (!Prev)
        return std::nullopt;
      return P->binary(U->isIncrementOp() ? Op::Add : Op::Sub, *Prev,
                       P->constant(1, VT), VT);
    }
    auto N = integer(Def, Frame);
    if (!N)
      return std::nullopt;
    return P->cast(*N, VT);
  }

  /// The address pointer V holds after its definition Def.
  std::optional<NodeId> definedPointer(const VarDecl *V, const Expr *Def,
                                       unsigned Frame) {
    Def = Def->IgnoreParens();
    auto Step = [&](const Expr *LV, std::optional<NodeId> Count, bool Add)
        -> std::optional<NodeId> {
      // The pointer before this definition: the one reaching its operand.
      const Expr *Before = Eval.reachingDefinition(V, {}, LV->IgnoreParens());
      if (!Before)
        return fail("the pointer '" + V->getName() +
                    "' is not defined by straight-line code");
      auto Prev = definedPointer(V, Before, Frame);
      if (!Prev || !Count)
        return std::nullopt;
      auto Size = sizeOf(V->getType()->getPointeeType());
      if (!Size)
        return fail("the element size is unknown");
      NodeId Off = P->binary(Op::Mul, i64(*Count),
                             P->constant(*Size, IntType::i64()),
                             IntType::i64());
      return P->binary(Add ? Op::Add : Op::Sub, *Prev, Off, IntType::i64());
    };
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(Def)) {
      if (CA->getOpcode() != BO_AddAssign && CA->getOpcode() != BO_SubAssign)
        return fail("an assignment operator the analysis does not follow");
      // The pointer before: an rvalue read of the same variable.
      return Step(CA->getLHS(), integer(CA->getRHS(), Frame),
                  CA->getOpcode() == BO_AddAssign);
    }
    if (const auto *U = dyn_cast<UnaryOperator>(Def);
        U && U->isIncrementDecrementOp())
      return Step(U->getSubExpr(), P->constant(1, IntType::i64()),
                  U->isIncrementOp());
    return pointer(Def, Frame);
  }

  static std::optional<Op> compoundOp(BinaryOperatorKind K) {
    switch (K) {
    case BO_AddAssign: return Op::Add;
    case BO_SubAssign: return Op::Sub;
    case BO_MulAssign: return Op::Mul;
    case BO_DivAssign: return Op::Div;
    case BO_RemAssign: return Op::Rem;
    case BO_ShlAssign: return Op::Shl;
    case BO_ShrAssign: return Op::Shr;
    case BO_AndAssign: return Op::And;
    case BO_OrAssign: return Op::Or;
    case BO_XorAssign: return Op::Xor;
    default: return std::nullopt;
    }
  }

  // ---- parameters ---------------------------------------------------------

  std::optional<NodeId> parameter(const ParmVarDecl *PV, unsigned Frame,
                                  bool Pointer) {
    const FunctionDecl *F = Chain.Functions[Frame];
    if (isKernel(F)) {
      if (Pointer)
        return std::nullopt; // a kernel's pointer parameter: global memory
      return uniform(PV, PV->getNameAsString(), PV->getType());
    }
    if (Frame == 0)
      return fail("'" + PV->getName() + "' is a parameter of a device "
                  "function with no caller in this file");
    const CallExpr *Call = Chain.Calls[Frame - 1];
    unsigned I = PV->getFunctionScopeIndex();
    unsigned Shift = isa<CXXOperatorCallExpr>(Call) &&
                             isa<CXXMethodDecl>(Call->getDirectCallee())
                         ? 1
                         : 0;
    if (I + Shift >= Call->getNumArgs())
      return fail("the argument of '" + PV->getName() + "' is missing");
    const Expr *Arg = Call->getArg(I + Shift);
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(Arg))
      Arg = DA->getExpr();
    if (PV->getType()->isReferenceType())
      return fail("'" + PV->getName() + "' is passed by reference");
    if (Pointer)
      return pointer(Arg, Frame - 1);
    auto V = integer(Arg, Frame - 1);
    if (!V)
      return std::nullopt;
    return P->cast(*V, typeOf(PV->getType()));
  }

  // ---- integers -----------------------------------------------------------

  std::optional<NodeId> builtin(const PseudoObjectExpr *POE) {
    const auto *Call = dyn_cast<CallExpr>(POE->getResultExpr());
    if (!Call)
      return std::nullopt;
    const auto *ME =
        dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts());
    if (!ME)
      return std::nullopt;
    StringRef Member = ME->getMemberDecl()->getName();
    unsigned Dim;
    if (Member == "__fetch_builtin_x")
      Dim = 0;
    else if (Member == "__fetch_builtin_y")
      Dim = 1;
    else if (Member == "__fetch_builtin_z")
      Dim = 2;
    else
      return std::nullopt;
    const Expr *Base = ME->getBase()->IgnoreParens();
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
      Base = OVE->getSourceExpr()->IgnoreParens();
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Base);
    if (!DRE)
      return std::nullopt;
    StringRef Var = DRE->getDecl()->getName();
    static const char *const DimName[] = {"x", "y", "z"};
    if (Var == "threadIdx")
      return P->threadIdx(Dim);
    if (Var == "blockDim")
      return P->blockDim(Dim);
    if (Var == "blockIdx" || Var == "gridDim")
      return P->symbol(
          symbolFor(DRE->getDecl(), (Var + "." + DimName[Dim]).str()),
          IntType::u32());
    return std::nullopt;
  }

  std::optional<NodeId> integer(const Expr *E, unsigned Frame) {
    DepthGuard G(Depth);
    if (Depth > 64)
      return fail("the index expression is too deep");
    E = E->IgnoreParens();
    if (E->isValueDependent() || E->isTypeDependent() || E->containsErrors())
      return fail("the expression depends on a template parameter");
    QualType T = E->getType();
    if (!T->isIntegralOrEnumerationType())
      return fail("the index is not an integer");
    IntType IT = typeOf(T);

    Expr::EvalResult R;
    if (!isa<PseudoObjectExpr>(E) &&
        E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects))
      return P->constant(R.Val.getInt().getExtValue(), IT);

    if (const auto *POE = dyn_cast<PseudoObjectExpr>(E)) {
      if (auto N = builtin(POE))
        return P->cast(*N, IT);
      return fail("an unknown property");
    }
    if (const auto *SNT = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      return integer(SNT->getReplacement(), Frame);
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
      return integer(DA->getExpr(), Frame);

    if (const auto *C = dyn_cast<CastExpr>(E)) {
      const Expr *Sub = C->getSubExpr();
      switch (C->getCastKind()) {
      case CK_LValueToRValue:
        return load(Sub, Frame);
      case CK_IntegralCast:
      case CK_NoOp: {
        auto V = integer(Sub, Frame);
        if (!V)
          return std::nullopt;
        return P->cast(*V, IT);
      }
      case CK_IntegralToBoolean: {
        auto V = integer(Sub, Frame);
        if (!V)
          return std::nullopt;
        IntType ST = typeOf(Sub->getType());
        return P->binary(Op::NE, *V, P->constant(0, ST), IT);
      }
      default:
        return fail("a cast the analysis does not follow");
      }
    }

    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      Op O;
      switch (B->getOpcode()) {
      case BO_Add: O = Op::Add; break;
      case BO_Sub: O = Op::Sub; break;
      case BO_Mul: O = Op::Mul; break;
      case BO_Div: O = Op::Div; break;
      case BO_Rem: O = Op::Rem; break;
      case BO_Shl: O = Op::Shl; break;
      case BO_Shr: O = Op::Shr; break;
      case BO_And: O = Op::And; break;
      case BO_Or: O = Op::Or; break;
      case BO_Xor: O = Op::Xor; break;
      case BO_LT: O = Op::LT; break;
      case BO_GT: O = Op::GT; break;
      case BO_LE: O = Op::LE; break;
      case BO_GE: O = Op::GE; break;
      case BO_EQ: O = Op::EQ; break;
      case BO_NE: O = Op::NE; break;
      case BO_LAnd: O = Op::LAnd; break;
      case BO_LOr: O = Op::LOr; break;
      default:
        return fail("an operator the analysis does not follow");
      }
      if (B->getLHS()->getType()->isPointerType() ||
          B->getRHS()->getType()->isPointerType())
        return fail("pointer arithmetic in an integer");
      auto L = integer(B->getLHS(), Frame);
      if (!L)
        return std::nullopt;
      auto Rv = integer(B->getRHS(), Frame);
      if (!Rv)
        return std::nullopt;
      return P->binary(O, *L, *Rv, IT);
    }

    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      Op O;
      switch (U->getOpcode()) {
      case UO_Plus: return integer(U->getSubExpr(), Frame);
      case UO_Minus: O = Op::Neg; break;
      case UO_Not: O = Op::Not; break;
      case UO_LNot: O = Op::LNot; break;
      default:
        return fail("an operator with side effects");
      }
      auto V = integer(U->getSubExpr(), Frame);
      if (!V)
        return std::nullopt;
      return P->unary(O, *V, IT);
    }

    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      auto C = integer(CO->getCond(), Frame);
      auto A = C ? integer(CO->getTrueExpr(), Frame) : std::nullopt;
      auto B = A ? integer(CO->getFalseExpr(), Frame) : std::nullopt;
      if (!B)
        return std::nullopt;
      return P->select(*C, *A, *B, IT);
    }

    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Callee && Callee->getIdentifier() && Call->getNumArgs() == 2) {
        StringRef N = Callee->getName();
        Op O;
        bool Known = true;
        if (N == "min" || N == "umin" || N == "llmin" || N == "ullmin")
          O = Op::Min;
        else if (N == "max" || N == "umax" || N == "llmax" || N == "ullmax")
          O = Op::Max;
        else if (N == "__mul24" || N == "__umul24")
          O = Op::Mul;
        else
          Known = false;
        if (Known) {
          // The arguments take the parameters' types.
          auto A = integer(Call->getArg(0), Frame);
          auto B = A ? integer(Call->getArg(1), Frame) : std::nullopt;
          if (!B)
            return std::nullopt;
          IntType PT = IT;
          if (Callee->getNumParams() == 2)
            PT = typeOf(Callee->getParamDecl(0)->getType());
          return P->cast(P->binary(O, P->cast(*A, PT), P->cast(*B, PT), PT),
                         IT);
        }
      }
      return fail("a function call in the address");
    }
    return fail("an expression the analysis does not follow");
  }

  /// The value read from the lvalue E (an rvalue conversion).
  std::optional<NodeId> load(const Expr *E, unsigned Frame) {
    E = E->IgnoreParens();
    QualType T = E->getType();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V)
        return fail("an unknown name");
      if (const auto *PV = dyn_cast<ParmVarDecl>(V))
        return parameter(PV, Frame, /*Pointer=*/false);
      if (V->hasLocalStorage()) {
        auto [IsCounter, L] = loopCounter(V, DRE, Frame);
        if (IsCounter)
          return L;
        if (const Expr *Def = Eval.reachingDefinition(V, {}, DRE))
          return definedValue(V, Def, Frame);
        return fail("'" + V->getName() +
                    "' is not defined by straight-line code");
      }
      // Globals: the same in every thread unless written concurrently.
      if (V->getType().isConstQualified() && V->getAnyInitializer())
        return integer(V->getAnyInitializer(), Frame);
      if (V->hasAttr<CUDAConstantAttr>() || V->hasAttr<CUDADeviceAttr>() ||
          isShared(V))
        return uniform(V, V->getNameAsString(), T);
      return fail("'" + V->getName() + "' is a global variable");
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      // An lvalue `c ? a : b`, read: the value of the arm c picks.
      auto C = integer(CO->getCond(), Frame);
      auto A = C ? load(CO->getTrueExpr(), Frame) : std::nullopt;
      auto B = A ? load(CO->getFalseExpr(), Frame) : std::nullopt;
      if (!B)
        return std::nullopt;
      return P->select(*C, *A, *B, typeOf(T));
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      // A member of a kernel parameter passed by value, or of a local struct.
      std::string Path;
      const Expr *B = E;
      llvm::SmallVector<const FieldDecl *, 4> Fields;
      while (const auto *M = dyn_cast<MemberExpr>(B)) {
        const auto *FD = dyn_cast<FieldDecl>(M->getMemberDecl());
        if (!FD || M->isArrow())
          return fail("a member the analysis does not follow");
        Fields.insert(Fields.begin(), FD);
        Path = "." + FD->getNameAsString() + Path;
        B = M->getBase()->IgnoreParens();
      }
      const auto *DRE = dyn_cast<DeclRefExpr>(B);
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      (void)ME;
      if (!V)
        return fail("a member the analysis does not follow");
      if (const auto *PV = dyn_cast<ParmVarDecl>(V)) {
        if (isKernel(Chain.Functions[Frame]) &&
            !PV->getType()->isReferenceType())
          return uniform(PV, PV->getNameAsString() + Path, T);
        return fail("a member of a device function's parameter");
      }
      if (V->hasLocalStorage())
        if (const Expr *Def = Eval.reachingDefinition(V, Fields, E)) {
          auto N = integer(Def, Frame);
          if (!N)
            return std::nullopt;
          return P->cast(*N, typeOf(T));
        }
      if (!V->hasLocalStorage() &&
          (V->hasAttr<CUDAConstantAttr>() || V->hasAttr<CUDADeviceAttr>()))
        return uniform(V, V->getNameAsString() + Path, T);
      return fail("a member the analysis does not follow");
    }
    // A load from memory: uniform when its address is.
    if (isa<ArraySubscriptExpr>(E) ||
        (isa<UnaryOperator>(E) &&
         cast<UnaryOperator>(E)->getOpcode() == UO_Deref)) {
      std::string Saved = Why;
      const VarDecl *SavedRoot = Root;
      std::optional<NodeId> A = memoryAddress(E, Frame);
      Root = SavedRoot;
      Why = Saved;
      if (A && !P->readsThreadIdx(*A)) {
        llvm::SmallVector<unsigned, 2> Ls;
        P->loopsRead(*A, Ls);
        if (Ls.empty())
          return P->symbol(P->addSymbol("a value loaded from memory"),
                           typeOf(T));
      }
      return fail("the index is loaded from memory that differs between "
                  "threads");
    }
    return fail("a value the analysis does not follow");
  }

  /// The address of any memory object (global or shared), for deciding
  /// whether a load is uniform.
  std::optional<NodeId> memoryAddress(const Expr *E, unsigned Frame) {
    E = E->IgnoreParens();
    const Expr *Ptr = nullptr;
    const Expr *Idx = nullptr;
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      Ptr = ASE->getBase();
      Idx = ASE->getIdx();
    } else if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      Ptr = U->getSubExpr();
    }
    if (!Ptr)
      return std::nullopt;
    // The base pointer: shared memory lowers; any other pointer that is a
    // kernel parameter or a global is uniform.
    std::optional<NodeId> Base = pointer(Ptr, Frame);
    if (!Base) {
      const Expr *S = Ptr->IgnoreParenImpCasts();
      const auto *DRE = dyn_cast<DeclRefExpr>(S);
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      bool Uniform = V && ((isa<ParmVarDecl>(V) &&
                            isKernel(Chain.Functions[Frame])) ||
                           (!V->hasLocalStorage() && !isShared(V)));
      if (!Uniform)
        return std::nullopt;
      Base = P->symbol(symbolFor(V, "&" + V->getNameAsString()),
                       IntType::i64());
    }
    if (!Idx)
      return Base;
    auto I = integer(Idx, Frame);
    if (!I)
      return std::nullopt;
    return P->binary(Op::Add, *Base, i64(*I), IntType::i64());
  }

  // ---- loops --------------------------------------------------------------

  /// V as the counter of an enclosing for loop that only its increment
  /// changes. First: whether V is declared by a for loop around Use; second:
  /// its node, or std::nullopt when the loop is not one the analysis follows.
  std::pair<bool, std::optional<NodeId>>
  loopCounter(const VarDecl *V, const DeclRefExpr *Use, unsigned Frame) {
    const std::pair<bool, std::optional<NodeId>> NotCounter{false,
                                                            std::nullopt};
    const std::pair<bool, std::optional<NodeId>> Failed{true, std::nullopt};
    const FunctionDecl *F = Chain.Functions[Frame];
    if (!F->getBody())
      return NotCounter;
    const ParentMap &PM = Finder.parents(F);
    // V's DeclStmt must be the init of a ForStmt.
    const ForStmt *FS = nullptr;
    for (const Stmt *S = Use; S; S = PM.getParent(S))
      if (const auto *For = dyn_cast<ForStmt>(S))
        if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
          if (llvm::is_contained(DS->decls(), V)) {
            FS = For;
            break;
          }
    if (!FS)
      return NotCounter;
    auto It = Loops.find(V);
    if (It != Loops.end())
      return {true, P->loopVar(It->second, typeOf(V->getType()))};

    // Every reference in the body and condition must be a plain read.
    struct Refs : RecursiveASTVisitor<Refs> {
      const VarDecl *V;
      llvm::SmallVector<const DeclRefExpr *, 8> Found;
      bool VisitDeclRefExpr(DeclRefExpr *E) {
        if (E->getDecl() == V)
          Found.push_back(E);
        return true;
      }
    } R;
    R.V = V;
    R.TraverseStmt(const_cast<Stmt *>(FS->getBody()));
    if (FS->getCond())
      R.TraverseStmt(const_cast<Expr *>(FS->getCond()));
    for (const DeclRefExpr *Ref : R.Found) {
      const Stmt *Par = PM.getParent(Ref);
      while (Par && isa<ParenExpr>(Par))
        Par = PM.getParent(Par);
      const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(Par);
      if (!ICE || ICE->getCastKind() != CK_LValueToRValue) {
        fail("the loop counter '" + V->getName() + "' is changed in the loop");
        return Failed;
      }
    }
    const Expr *Inc = FS->getInc();
    if (!V->getInit() || !FS->getCond() || !Inc) {
      fail("the loop of '" + V->getName() + "' is not a counted loop");
      return Failed;
    }
    IntType VT = typeOf(V->getType());
    unsigned L = P->addLoop(V->getName());
    Loops[V] = L;
    NodeId Self = P->loopVar(L, VT);
    auto Init = integer(V->getInit(), Frame);
    auto Cond = Init ? integer(FS->getCond(), Frame) : std::nullopt;
    if (!Cond)
      return Failed;

    // The increment: ++i, i++, --i, i--, i += e, i -= e, i op= e, i = e.
    Inc = Inc->IgnoreParens();
    auto IsV = [&](const Expr *X) {
      const auto *D = dyn_cast<DeclRefExpr>(X->IgnoreParens());
      return D && D->getDecl() == V;
    };
    std::optional<NodeId> Next, Step;
    if (const auto *U = dyn_cast<UnaryOperator>(Inc);
        U && U->isIncrementDecrementOp() && IsV(U->getSubExpr())) {
      Step = P->constant(U->isIncrementOp() ? 1 : -1, VT);
      Next = P->binary(Op::Add, Self, *Step, VT);
    } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc);
               CA && IsV(CA->getLHS())) {
      auto E = integer(CA->getRHS(), Frame);
      if (!E)
        return Failed;
      IntType CT = typeOf(CA->getComputationLHSType());
      NodeId Lhs = P->cast(Self, CT);
      NodeId Rhs = P->cast(*E, CT);
      Op O;
      switch (CA->getOpcode()) {
      case BO_AddAssign: O = Op::Add; break;
      case BO_SubAssign: O = Op::Sub; break;
      case BO_MulAssign: O = Op::Mul; break;
      case BO_DivAssign: O = Op::Div; break;
      case BO_ShlAssign: O = Op::Shl; break;
      case BO_ShrAssign: O = Op::Shr; break;
      default:
        fail("the loop increment is not a step the analysis follows");
        return Failed;
      }
      Next = P->cast(P->binary(O, Lhs, Rhs, CT), VT);
      if ((O == Op::Add || O == Op::Sub) && !P->readsThreadIdx(*E))
        Step = O == Op::Add ? *E : P->unary(Op::Neg, *E, typeOf(CA->getRHS()->getType()));
    } else if (const auto *BA = dyn_cast<BinaryOperator>(Inc);
               BA && BA->getOpcode() == BO_Assign && IsV(BA->getLHS())) {
      auto E = integer(BA->getRHS(), Frame);
      if (!E)
        return Failed;
      Next = P->cast(*E, VT);
    } else {
      fail("the loop increment is not a step the analysis follows");
      return Failed;
    }
    Loop &Lp = P->loop(L);
    Lp.Init = P->cast(*Init, VT);
    Lp.Cond = *Cond;
    Lp.Next = *Next;
    Lp.Step = Step;
    Lp.Complete = true;
    return {true, Self};
  }

  // ---- guards -------------------------------------------------------------

  static bool exits(const Stmt *S, bool LoopExitsToo) {
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

  void addGuard(const Expr *Cond, bool Want, unsigned Frame,
                std::vector<std::pair<NodeId, bool>> &Out) {
    std::string Saved = Why;
    auto N = integer(Cond, Frame);
    Why = Saved; // an unknown condition lets every lane through
    if (N)
      Out.push_back({*N, Want});
  }

  void guards(const Stmt *S, unsigned Frame,
              std::vector<std::pair<NodeId, bool>> &Out) {
    const FunctionDecl *F = Chain.Functions[Frame];
    const ParentMap &PM = Finder.parents(F);
    const Stmt *Child = S;
    for (const Stmt *Par = PM.getParent(S); Par;
         Child = Par, Par = PM.getParent(Par)) {
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
          const auto *If = dyn_cast<IfStmt>(B);
          if (!If || If->getConditionVariable() || If->isConsteval())
            continue;
          bool ThenExits = exits(If->getThen(), InLoop);
          bool ElseExits = exits(If->getElse(), InLoop);
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
};

std::optional<LoweredAccess> SharedAccessFinder::lower(const SharedAccess &A,
                                                       const CallChain &Chain,
                                                       const ArrayPadding *Pad,
                                                       std::string &Why) {
  Why.clear();
  Lowering L(*this, Chain, Pad, Why);
  return L.run(A);
}

//===----------------------------------------------------------------------===//

bool SharedAccessFinder::onlyFullySubscripted(
    const VarDecl *V, llvm::ArrayRef<const FunctionDecl *> Functions) {
  unsigned Rank = 0;
  for (QualType T = V->getType(); const auto *AT = Ctx.getAsArrayType(T);
       T = AT->getElementType())
    ++Rank;
  if (Rank < 2)
    return false;
  struct Refs : RecursiveASTVisitor<Refs> {
    const VarDecl *V;
    llvm::SmallVector<const DeclRefExpr *, 8> Found;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() == V)
        Found.push_back(E);
      return true;
    }
  };
  for (const FunctionDecl *F : Functions) {
    if (!F->getBody())
      continue;
    Refs R;
    R.V = V;
    R.TraverseStmt(const_cast<Stmt *>(F->getBody()));
    const ParentMap &PM = parents(F);
    for (const DeclRefExpr *E : R.Found) {
      // Rank subscripts, each on the decayed result of the one before.
      const Stmt *Cur = E;
      unsigned Depth = 0;
      while (Depth < Rank) {
        const Stmt *P = PM.getParent(Cur);
        if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P);
            ICE && ICE->getCastKind() == CK_ArrayToPointerDecay) {
        } else if (const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(P);
                   ASE && ASE->getBase()->IgnoreParenImpCasts() ==
                              cast<Expr>(Cur)->IgnoreParenImpCasts()) {
          ++Depth;
        } else if (isa_and_nonnull<ParenExpr>(P)) {
        } else {
          return false;
        }
        Cur = P;
      }
      // The element is then read or written, not its address taken.
      const Stmt *Use = PM.getParent(Cur);
      while (isa_and_nonnull<ParenExpr>(Use))
        Use = PM.getParent(Use);
      if (const auto *U = dyn_cast_or_null<UnaryOperator>(Use);
          U && U->getOpcode() == UO_AddrOf)
        return false;
    }
  }
  return true;
}

} // namespace warplint
