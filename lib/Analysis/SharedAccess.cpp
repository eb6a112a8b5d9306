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
//   device function the argument of the call that reached it (a lambda's
//   call operator is such a function: a variable it captures takes its
//   value where it is captured, a function object's members those of the
//   object called);
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
#include "warplint/Model/PtxAccess.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"
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
  static const char *const Bases[] = {
      "char", "uchar", "short", "ushort", "int",      "uint",
      "long", "ulong", "float", "double", "longlong", "ulonglong"};
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
  if (!Scalar && !isCudaVectorRecord(T, Ctx)) {
    // A trivially copyable struct as wide as its alignment (4, 8 or 16
    // bytes: `struct alignas(16) V { float v[4]; }`) is copied by one
    // access of its size; other structs field by field.
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || !RD->isTriviallyCopyable())
      return 0;
    int64_t S = Ctx.getTypeSizeInChars(T).getQuantity();
    int64_t A = Ctx.getTypeAlignInChars(T).getQuantity();
    return S == A && (S == 4 || S == 8 || S == 16) ? unsigned(S) : 0;
  }
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

/// E without parentheses and the wrappers of a full expression with
/// temporaries (`T *p = SharedMemory<T>();`).
static const Expr *stripFull(const Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else
      return E;
  }
}

//===----------------------------------------------------------------------===//
// Finding candidate accesses
//===----------------------------------------------------------------------===//

namespace {

enum class RootKind { Shared, Param, Other };

/// The subscripts of a chain `a[i][j]...` over an array of arrays (each
/// subscript's base a decayed subscript), outermost first, walked without
/// recursion so that the rank has no limit; the decays between them go to
/// Decays when it is given.
static llvm::SmallVector<const ArraySubscriptExpr *, 4>
subscriptChain(const ArraySubscriptExpr *ASE,
               llvm::SmallVectorImpl<const Expr *> *Decays = nullptr) {
  llvm::SmallVector<const ArraySubscriptExpr *, 4> Subs{ASE};
  while (true) {
    const auto *Dec =
        dyn_cast<ImplicitCastExpr>(stripFull(Subs.back()->getBase()));
    if (!Dec || Dec->getCastKind() != CK_ArrayToPointerDecay)
      break;
    const auto *Inner =
        dyn_cast<ArraySubscriptExpr>(Dec->getSubExpr()->IgnoreParens());
    if (!Inner)
      break;
    if (Decays)
      Decays->push_back(Dec);
    Subs.push_back(Inner);
  }
  return Subs;
}

/// The innermost subscript of a chain `a[i][j]...`, or E itself.
static const Expr *innermostSubscript(const Expr *E) {
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return subscriptChain(ASE).back();
  return E;
}

class RootFinder {
public:
  explicit RootFinder(SharedAccessFinder &Finder) : Finder(Finder) {}
  const VarDecl *Var = nullptr;

  RootKind ofLValue(const Expr *E) {
    if (++Depth > 64)
      return RootKind::Other;
    // `s[i][j]...`: an array of arrays subscripted, as many times as its
    // rank, which no step limit bounds.
    E = innermostSubscript(E->IgnoreParens());
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
    // `ca[i]` of a cuda::std::array: a member function returning a
    // reference into its object.
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return ofReturns(Call);
    // `v.x`, `v.xy` of a clang vector type; `o.*pm`, `p->*pm`.
    if (const auto *EV = dyn_cast<ExtVectorElementExpr>(E))
      return EV->isArrow() ? ofPointer(EV->getBase()) : ofLValue(EV->getBase());
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() == BO_PtrMemD)
        return ofLValue(B->getLHS());
      if (B->getOpcode() == BO_PtrMemI)
        return ofPointer(B->getLHS());
    }
    return RootKind::Other;
  }

  RootKind ofPointer(const Expr *E) {
    if (++Depth > 64)
      return RootKind::Other;
    E = stripFull(E);
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      switch (C->getCastKind()) {
      case CK_ArrayToPointerDecay:
        return ofLValue(C->getSubExpr());
      case CK_LValueToRValue: {
        // A member of a function object (`p` in its operator()): its value
        // depends on the object the call is made on, as a parameter's.
        const Expr *Sub = C->getSubExpr()->IgnoreParens();
        while (const auto *ME = dyn_cast<MemberExpr>(Sub)) {
          if (ME->isArrow()) {
            if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
              return RootKind::Param;
            break;
          }
          Sub = ME->getBase()->IgnoreParens();
        }
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
        return ofDefinitions(V);
      }
      case CK_NoOp:
      case CK_BitCast:
      case CK_AddressSpaceConversion:
        return ofPointer(C->getSubExpr());
      case CK_UserDefinedConversion:
        // SharedMemory<T>'s `operator T *()`.
        if (const auto *Call =
                dyn_cast<CallExpr>(C->getSubExpr()->IgnoreParenImpCasts()))
          return ofReturns(Call);
        return RootKind::Other;
      default:
        return RootKind::Other;
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() == UO_AddrOf)
        return ofLValue(U->getSubExpr());
      if (U->isIncrementDecrementOp()) {
        // `*p++`: the pointer p holds.
        const auto *DRE =
            dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens());
        const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        return V && V->hasLocalStorage() ? ofDefinitions(V) : RootKind::Other;
      }
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E))
      return best(ofPointer(CO->getTrueExpr()), ofPointer(CO->getFalseExpr()));
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return ofReturns(Call);
    if (isa<CXXThisExpr>(E)) {
      // The object of the member call being followed (ofReturns).
      if (Objects.empty())
        return RootKind::Other;
      auto [Obj, Arrow] = Objects.pop_back_val();
      RootKind K = Arrow ? ofPointer(Obj) : ofLValue(Obj);
      Objects.push_back({Obj, Arrow});
      return K;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E);
        B && B->getOpcode() == BO_Assign)
      return ofPointer(B->getRHS());
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
  SharedAccessFinder &Finder;
  unsigned Depth = 0;

  static RootKind best(RootKind A, RootKind B) {
    if (A == RootKind::Shared || B == RootKind::Shared)
      return RootKind::Shared;
    if (A == RootKind::Param || B == RootKind::Param)
      return RootKind::Param;
    return RootKind::Other;
  }

  /// The root of local pointer V: the best of every value assigned to it
  /// (`p = a; if (c) p = b;` may point into shared memory).
  RootKind ofDefinitions(const VarDecl *V) {
    if (++Depth > 32)
      return RootKind::Other;
    const auto *F =
        dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    if (!F || !F->getBody())
      return RootKind::Other;
    const SharedAccessFinder::LocalWrites &LW = Finder.localWrites(F);
    auto It = LW.Writes.find(V);
    if (It == LW.Writes.end())
      // The implicit `__begin` of a range-based for loop: its range.
      return V->isImplicit() && V->getInit() ? ofPointer(V->getInit())
                                             : RootKind::Other;
    RootKind R = RootKind::Other;
    for (const Stmt *W : It->second) {
      const Expr *Value = nullptr;
      if (isa<DeclStmt>(W))
        Value = V->getInit();
      else if (const auto *B = dyn_cast<BinaryOperator>(W);
               B && B->getOpcode() == BO_Assign)
        Value = B->getRHS();
      if (Value)
        R = best(R, ofPointer(Value));
    }
    return R;
  }

  /// The objects of the member calls being followed, innermost last, and
  /// whether each is given by a pointer (`p->f()`).
  llvm::SmallVector<std::pair<const Expr *, bool>, 2> Objects;

  /// A call's root: shared when a return statement of the callee returns
  /// a pointer into shared memory, or for a call that is an lvalue (one
  /// returning a reference), a reference to it.
  RootKind ofReturns(const CallExpr *Call) {
    const FunctionDecl *Def = nullptr;
    const FunctionDecl *Callee = Call->getDirectCallee();
    bool Ref = Call->isGLValue();
    if (!Callee || !Callee->hasBody(Def) || !Def ||
        (!Ref && !Call->getType()->isPointerType()) || ++Depth > 32)
      return RootKind::Other;
    const Expr *Obj = nullptr;
    bool Arrow = false;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      Obj = MC->getImplicitObjectArgument();
      Arrow = Obj && Obj->getType()->isPointerType();
    } else if (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) &&
               Call->getNumArgs() > 0) {
      Obj = Call->getArg(0);
    }
    if (Obj)
      Objects.push_back({Obj, Arrow});
    llvm::scope_exit Pop([&] {
      if (Obj)
        Objects.pop_back();
    });
    struct Returns : RecursiveASTVisitor<Returns> {
      llvm::SmallVector<const Expr *, 2> Values;
      bool VisitReturnStmt(ReturnStmt *R) {
        if (R->getRetValue())
          Values.push_back(R->getRetValue());
        return true;
      }
    } Rs;
    Rs.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
    for (const Expr *E : Rs.Values)
      if ((Ref ? ofLValue(E) : ofPointer(E)) == RootKind::Shared)
        return RootKind::Shared;
    return RootKind::Other;
  }
};

class AccessCollector : public RecursiveASTVisitor<AccessCollector> {
public:
  AccessCollector(ASTContext &Ctx, SharedAccessFinder &Finder,
                  const FunctionDecl *F, std::vector<SharedAccess> &Out)
      : Ctx(Ctx), Finder(Finder), F(F), Out(Out) {}

  /// A lambda's body is its call operator's, a device function of its own
  /// (TUIndex::DeviceFunctions) analysed where the lambda is called; its
  /// captures' initialisers are this function's.
  bool TraverseLambdaExpr(LambdaExpr *E) {
    for (Expr *Init : E->capture_inits())
      if (Init && !TraverseStmt(Init))
        return false;
    return true;
  }

  /// Every reference to a __shared__ variable met on the way, in order,
  /// for the safety net (SharedAccessFinder::listUnfollowed).
  llvm::SmallVector<const DeclRefExpr *, 16> SharedRefs;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (isShared(dyn_cast<VarDecl>(E->getDecl())))
      SharedRefs.push_back(E);
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (E->getCastKind() == CK_LValueToRValue)
      add(E->getSubExpr(), SharedAccess::Load);
    return true;
  }
  /// The initialiser of a range-based for loop's variable (`float x =
  /// *__begin`, the read of each element) is implicit code, which the
  /// visitor skips.
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    if (!RecursiveASTVisitor::TraverseCXXForRangeStmt(S))
      return false;
    const VarDecl *V = S->getLoopVariable();
    if (!V || !V->getInit())
      return true;
    RangeLoop = S;
    bool R = TraverseStmt(const_cast<Expr *>(V->getInit()));
    RangeLoop = nullptr;
    return R;
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
  bool VisitGCCAsmStmt(GCCAsmStmt *S) {
    std::string Text = S->getAsmString();
    for (const PtxSharedAccess &X : findPtxSharedAccesses(Text)) {
      SharedAccess A;
      A.How = X.Store ? SharedAccess::Store : SharedAccess::Load;
      A.Given = SharedAccess::SharedAddress;
      A.Site = S;
      A.Function = F;
      A.Bytes = X.Bytes;
      A.Instruction = X.Instruction;
      A.Offset = X.Offset;
      A.AddressLanes = X.AddressLanes;
      A.Unanalysable = X.Unsupported;
      A.SharedByContract = !X.Generic;
      if (A.Unanalysable.empty()) {
        A.LValue = operandExpr(S, X.Operand, A.Unanalysable);
        if (A.LValue && A.LValue->getType()->isPointerType())
          A.Given = SharedAccess::Pointer; // a generic address, as a pointer
      }
      if (A.Unanalysable.empty() && X.OffsetOperand.valid()) {
        const Expr *Off = operandExpr(S, X.OffsetOperand, A.Unanalysable);
        Expr::EvalResult R;
        if (Off && !Off->isValueDependent() && Off->EvaluateAsInt(R, Ctx) &&
            R.Val.getInt().getSignificantBits() <= 33)
          A.Offset = X.OffsetNegated ? -R.Val.getInt().getExtValue()
                                     : R.Val.getInt().getExtValue();
        else if (Off)
          A.Unanalysable = "the offset its address adds is not a constant";
      }
      if (A.Unanalysable.empty() && X.SizeOperand.valid()) {
        const Expr *Size = operandExpr(S, X.SizeOperand, A.Unanalysable);
        Expr::EvalResult R;
        if (Size && !Size->isValueDependent() && Size->EvaluateAsInt(R, Ctx)) {
          A.Bytes = unsigned(R.Val.getInt().getLimitedValue(1024));
          if (A.Bytes != 4 && A.Bytes != 8 && A.Bytes != 16)
            A.Unanalysable = "its size of " + std::to_string(A.Bytes) +
                             " bytes is not 4, 8 or 16";
        } else if (Size) {
          A.Unanalysable = "its size is not a constant";
        }
      }
      if (!A.Unanalysable.empty())
        A.LValue = nullptr;
      Out.push_back(A);
    }
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *Callee = E->getDirectCallee();
    referenceArguments(E, Callee);
    if (Callee && Callee->getIdentifier() &&
        (asyncCopy(E, Callee->getName(), Callee) ||
         wmmaAccess(E, Callee->getName(), Callee)))
      return true;
    if (!Callee || !Callee->getIdentifier() ||
        !isAtomicName(Callee->getName()) || E->getNumArgs() < 1)
      return true;
    const Expr *Ptr = E->getArg(0);
    if (!Ptr->getType()->isPointerType())
      return true;
    unsigned Bytes = accessBytes(Ptr->getType()->getPointeeType(), Ctx);
    if (!Bytes)
      return true;
    RootFinder R(Finder);
    if (R.ofPointer(Ptr) == RootKind::Other)
      return true;
    SharedAccess A;
    A.How = SharedAccess::Atomic;
    A.Given = SharedAccess::Pointer;
    A.LValue = Ptr;
    A.Function = F;
    A.Root = R.Var;
    A.Bytes = Bytes;
    Out.push_back(A);
    return true;
  }

private:
  ASTContext &Ctx;
  SharedAccessFinder &Finder;
  const FunctionDecl *F;
  std::vector<SharedAccess> &Out;
  /// The range-based for loop whose variable's initialiser is being
  /// visited.
  const CXXForRangeStmt *RangeLoop = nullptr;

  /// The expression of operand Op of S (an input: addresses are read), or
  /// null with the reason in Why.
  static const Expr *operandExpr(const GCCAsmStmt *S, const PtxOperand &Op,
                                 std::string &Why) {
    int I = Op.Index ? int(*Op.Index) : S->getNamedOperand(Op.Name);
    std::string Name =
        Op.Index ? "%" + std::to_string(*Op.Index) : "%[" + Op.Name + "]";
    if (I < 0 || unsigned(I) >= S->getNumOutputs() + S->getNumInputs()) {
      Why = "its operand " + Name + " does not exist";
      return nullptr;
    }
    if (unsigned(I) < S->getNumOutputs()) {
      Why = "its operand " + Name + " is an output of the asm statement";
      return nullptr;
    }
    unsigned In = unsigned(I) - S->getNumOutputs();
    const Expr *E = S->getInputExpr(In);
    if (E->isTypeDependent() || E->isValueDependent() || E->containsErrors()) {
      Why = "its operand " + Name + " depends on a template parameter";
      return nullptr;
    }
    // Clang leaves the operands of an asm statement unconverted (lvalues)
    // where the host target rejects a constraint of device code ("=f",
    // "=h"); an operand in a register is still its value.
    if (E->isGLValue() && !isValueConstraint(S->getInputConstraint(In))) {
      Why = "its operand " + Name + " has the constraint '" +
            S->getInputConstraint(In) +
            "', which does not pass it in a register";
      return nullptr;
    }
    return E;
  }

  /// The byte count of a copy: an integer constant, or a constant wrapped
  /// in a class such as cuda::aligned_size_t<16>(16).
  std::optional<uint64_t> copySize(const Expr *E, unsigned Depth = 0) {
    while (true) {
      E = stripFull(E)->IgnoreParenImpCasts();
      if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
        E = M->getSubExpr();
      else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
        E = FC->getSubExpr();
      else
        break;
    }
    if (Depth > 8)
      return std::nullopt;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() != 1)
        return std::nullopt;
      return copySize(CE->getArg(0), Depth + 1);
    }
    // `const auto shape = cuda::aligned_size_t<16>(16);`
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->getType().isConstQualified() && V->getInit())
        return copySize(V->getInit(), Depth + 1);
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType() ||
        !E->EvaluateAsInt(R, Ctx))
      return std::nullopt;
    return R.Val.getInt().getLimitedValue();
  }

  /// The outermost namespace of D's context ("" for the global one).
  static StringRef outerNamespace(const Decl *D) {
    StringRef Out;
    for (const DeclContext *DC = D->getDeclContext();
         DC && !DC->isTranslationUnit(); DC = DC->getParent())
      if (const auto *N = dyn_cast<NamespaceDecl>(DC); N && !N->isInline())
        Out = N->getName();
    return Out;
  }

  /// nvcuda::wmma::load_matrix_sync and store_matrix_sync on shared memory:
  /// listed, with the rows of the tile when its shape is known.
  bool wmmaAccess(const CallExpr *E, StringRef Name,
                  const FunctionDecl *Callee) {
    bool Load = Name == "load_matrix_sync";
    if ((!Load && Name != "store_matrix_sync") ||
        outerNamespace(Callee) != "nvcuda" || E->getNumArgs() < 3 ||
        Callee->getNumParams() < 3)
      return false;
    unsigned PtrArg = Load ? 1 : 0, FragArg = Load ? 0 : 1;
    const Expr *Ptr = E->getArg(PtrArg);
    if (!Ptr->getType()->isPointerType())
      return false;
    RootFinder RF(Finder);
    RootKind K = RF.ofPointer(Ptr);
    if (K == RootKind::Other)
      return true; // global memory
    SharedAccess A;
    A.How = Load ? SharedAccess::Load : SharedAccess::Store;
    A.Given = SharedAccess::Pointer;
    A.LValue = Ptr;
    A.Site = E;
    A.Function = F;
    A.Root = RF.Var;
    A.Instruction = ("wmma::" + Name).str();
    A.Unanalysable =
        "WMMA's mapping of matrix elements to lanes is not documented (CUDA "
        "C++ Programming Guide, Warp Matrix Functions: it is unspecified and "
        "may differ between architectures); only the rows' spacing is "
        "checked";
    // The fragment: fragment<Use, M, N, K, T, Layout>.
    QualType FT = E->getArg(FragArg)->getType().getNonReferenceType();
    const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        FT->getAsCXXRecordDecl());
    QualType Elem = Callee->getParamDecl(PtrArg)->getType()->getPointeeType();
    if (!Elem->isVoidType() && !Elem->isIncompleteType() &&
        !Elem->isDependentType())
      A.Bytes = unsigned(Ctx.getTypeSizeInChars(Elem).getQuantity());
    Expr::EvalResult Ldm;
    const Expr *LdmE = E->getArg(2);
    if (Spec && Spec->getTemplateArgs().size() >= 5 && A.Bytes &&
        !LdmE->isValueDependent() && LdmE->EvaluateAsInt(Ldm, Ctx)) {
      const TemplateArgumentList &TA = Spec->getTemplateArgs();
      auto TypeName = [](const TemplateArgument &T) -> std::string {
        if (T.getKind() != TemplateArgument::Type)
          return "";
        if (const auto *RD = T.getAsType()->getAsRecordDecl())
          return RD->getName().str();
        return "";
      };
      auto Int = [](const TemplateArgument &T) -> int64_t {
        return T.getKind() == TemplateArgument::Integral
                   ? T.getAsIntegral().getExtValue()
                   : 0;
      };
      std::string Use = TypeName(TA[0]);
      int64_t M = Int(TA[1]), N = Int(TA[2]), Kd = Int(TA[3]);
      // Row-major unless the fragment (or, for an accumulator, the call)
      // says column-major.
      bool ColMajor = false;
      bool LayoutKnown = true;
      if (Use == "accumulator") {
        LayoutKnown = E->getNumArgs() >= 4;
        if (LayoutKnown) {
          const auto *DRE =
              dyn_cast<DeclRefExpr>(E->getArg(3)->IgnoreParenImpCasts());
          LayoutKnown = DRE && (DRE->getDecl()->getName() == "mem_row_major" ||
                                DRE->getDecl()->getName() == "mem_col_major");
          ColMajor =
              LayoutKnown && DRE->getDecl()->getName() == "mem_col_major";
        }
      } else if (TA.size() >= 6) {
        ColMajor = TypeName(TA[5]) == "col_major";
        LayoutKnown = ColMajor || TypeName(TA[5]) == "row_major";
      }
      int64_t ElemBytes = A.Bytes;
      int64_t Rows = 0, Cols = 0;
      if (Use == "matrix_a")
        Rows = M, Cols = Kd;
      else if (Use == "matrix_b")
        Rows = Kd, Cols = N;
      else if (Use == "accumulator")
        Rows = M, Cols = N;
      if (ColMajor)
        std::swap(Rows, Cols);
      int64_t L = Ldm.Val.getInt().getExtValue();
      if (LayoutKnown && Rows > 0 && Cols > 0 && L >= Cols && Rows <= 256 &&
          Cols * ElemBytes <= 1024)
        A.Tile =
            SharedAccess::TileRows{unsigned(Rows), unsigned(Cols * ElemBytes),
                                   unsigned(ElemBytes), uint64_t(L)};
    }
    Out.push_back(A);
    return true;
  }

  /// The asynchronous copies into shared memory: __pipeline_memcpy_async,
  /// and cuda::memcpy_async and cooperative_groups::memcpy_async, per
  /// thread (a store of 4, 8 or 16 bytes per lane) or by a whole group
  /// (listed: the library maps the bytes to lanes).
  bool asyncCopy(const CallExpr *E, StringRef Name,
                 const FunctionDecl *Callee) {
    bool Pipeline = Name == "__pipeline_memcpy_async";
    if (!Pipeline && Name != "memcpy_async")
      return false;
    std::string Instr = Name.str();
    if (!Pipeline) {
      // cuda (cuda::std, cuda::__4) or cooperative_groups.
      StringRef Outer = outerNamespace(Callee);
      if (Outer != "cuda" && Outer != "cooperative_groups")
        return false;
      Instr = (Outer + "::" + Instr).str();
    }
    if (E->getNumArgs() < 3)
      return false;
    SharedAccess A;
    A.How = SharedAccess::Store;
    A.Given = SharedAccess::Pointer;
    A.Site = E;
    A.Function = F;
    A.Instruction = Instr;
    A.SharedByContract = Pipeline; // its parameter is dst_shared
    const Expr *Dst = E->getArg(0);
    if (!Dst->IgnoreParenImpCasts()->getType()->isPointerType()) {
      // memcpy_async(group, dst, src, ...): the whole group copies.
      A.LValue = nullptr;
      A.Unanalysable = "the whole group copies, and the library decides "
                       "which lane writes which bytes";
      RootFinder R(Finder);
      if (E->getNumArgs() < 4 || !E->getArg(1)->getType()->isPointerType())
        return true;
      RootKind K = R.ofPointer(E->getArg(1));
      if (K == RootKind::Other)
        return true; // a copy into other memory
      A.Root = R.Var;
      Out.push_back(A);
      return true;
    }
    RootFinder RF(Finder);
    RootKind DstKind = RF.ofPointer(Dst);
    if (!Pipeline && DstKind == RootKind::Other)
      return true; // a copy into other memory
    A.LValue = Dst;
    std::optional<uint64_t> Size = copySize(E->getArg(2));
    if (!Size)
      A.Unanalysable = "its size is not a constant";
    else if (*Size != 4 && *Size != 8 && *Size != 16)
      A.Unanalysable = "it copies " + std::to_string(*Size) +
                       " bytes per thread; the model covers copies of 4, 8 "
                       "and 16 bytes";
    else
      A.Bytes = unsigned(*Size);
    if (DstKind == RootKind::Shared)
      A.Root = RF.Var;
    if (!A.Unanalysable.empty())
      A.LValue = nullptr;
    Out.push_back(A);
    return true;
  }

  /// A shared element passed by reference to a device function
  /// (`swap(s[i], s[j])`) is accessed through the reference: listed where
  /// it is named, as a load through a reference to const, else as a
  /// load-store.
  void referenceArguments(const CallExpr *E, const FunctionDecl *Callee) {
    const FunctionDecl *Def = nullptr;
    // Of the operators, only a call of a lambda or a function object
    // (`f(s[i])`), whose first argument is the object.
    const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
    if (!Callee || !Callee->hasBody(Def) ||
        (OC && (OC->getOperator() != OO_Call || !isa<CXXMethodDecl>(Callee))) ||
        Callee->getBuiltinID())
      return;
    unsigned Shift = OC ? 1 : 0;
    for (unsigned I = 0;
         I + Shift < E->getNumArgs() && I < Callee->getNumParams(); ++I) {
      QualType PT = Callee->getParamDecl(I)->getType();
      if (!PT->isReferenceType())
        continue;
      const Expr *Arg = E->getArg(I + Shift);
      if (isa<MaterializeTemporaryExpr>(Arg->IgnoreParenImpCasts()))
        continue;
      add(Arg, PT->getPointeeType().isConstQualified()
                   ? SharedAccess::Load
                   : SharedAccess::LoadStore);
    }
  }

  void add(const Expr *LV, SharedAccess::Kind K) {
    if (!LV->isGLValue() || LV->isTypeDependent() || LV->containsErrors())
      return;
    // `c ? s[i] : x` and `(f(), s[i])` as lvalues: the object is one of the
    // arms, each accessed under its arm's condition.
    const Expr *Bare = LV->IgnoreParens();
    if (const auto *CO = dyn_cast<ConditionalOperator>(Bare)) {
      add(CO->getTrueExpr(), K);
      add(CO->getFalseExpr(), K);
      return;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(Bare);
        B && B->getOpcode() == BO_Comma) {
      add(B->getRHS(), K);
      return;
    }
    unsigned Bytes = accessBytes(LV->getType(), Ctx);
    if (!Bytes)
      return;
    RootFinder R(Finder);
    if (R.ofLValue(LV) == RootKind::Other)
      return;
    SharedAccess A;
    A.How = K;
    A.LValue = LV;
    A.Function = F;
    A.Root = R.Var;
    A.Bytes = Bytes;
    if (RangeLoop) {
      A.Site = RangeLoop->getLoopVarStmt();
      A.Text = RangeLoop->getLoopVariable()->getName().str();
    }
    Out.push_back(A);
  }
};

} // namespace

std::string SharedAccess::TileRows::text() const {
  return std::to_string(Rows) + " rows of " + std::to_string(RowBytes) +
         " bytes, " + std::to_string(stride()) +
         " bytes apart (ldm = " + std::to_string(Ldm) + ")";
}

SharedAccessFinder::SharedAccessFinder(ASTContext &Ctx, ValueEvaluator &Eval)
    : Ctx(Ctx), Eval(Eval) {}

std::vector<SharedAccess> SharedAccessFinder::find(const FunctionDecl *F) {
  std::vector<SharedAccess> Out;
  if (!F->getBody())
    return Out;
  AccessCollector C(Ctx, *this, F, Out);
  C.TraverseStmt(const_cast<Stmt *>(F->getBody()));
  listUnfollowed(F, C.SharedRefs, Out);
  return Out;
}

/// The safety net under the rules above: a part of a __shared__ variable
/// (the variable, subscripted, a member, a vector element, a member a
/// pointer to member names, the object of a call returning a reference
/// into it) that is read or written where no rule listed an access is
/// listed as unknown, so that no access can vanish silently.
void SharedAccessFinder::listUnfollowed(
    const FunctionDecl *F, llvm::ArrayRef<const DeclRefExpr *> SharedRefs,
    std::vector<SharedAccess> &Out) {
  if (SharedRefs.empty())
    return;
  llvm::SmallPtrSet<const Expr *, 16> Listed;
  for (const SharedAccess &A : Out)
    if (A.LValue)
      Listed.insert(A.LValue->IgnoreParens());
  const ParentMap &PM = parents(F);
  for (const DeclRefExpr *DRE : SharedRefs) {
    // Climb the forms that name a part of the same object.
    const Expr *Cur = DRE;
    const Stmt *Par = PM.getParent(Cur);
    while (const auto *P = dyn_cast_or_null<Expr>(Par)) {
      bool Part = false;
      if (isa<ParenExpr>(P))
        Part = true;
      else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P))
        Part = ICE->isGLValue() ||
               (ICE->getCastKind() == CK_ArrayToPointerDecay &&
                isa_and_nonnull<ArraySubscriptExpr>(PM.getParent(ICE)) &&
                cast<ArraySubscriptExpr>(PM.getParent(ICE))->getBase() == ICE);
      else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(P))
        Part = ASE->getBase() == Cur;
      else if (const auto *ME = dyn_cast<MemberExpr>(P))
        Part = !ME->isArrow() && ME->getBase() == Cur;
      else if (const auto *EV = dyn_cast<ExtVectorElementExpr>(P))
        Part = !EV->isArrow() && EV->getBase() == Cur;
      else if (const auto *B = dyn_cast<BinaryOperator>(P))
        Part = B->getOpcode() == BO_PtrMemD && B->getLHS() == Cur;
      else if (const auto *U = dyn_cast<UnaryOperator>(P))
        Part = U->getOpcode() == UO_Real || U->getOpcode() == UO_Imag;
      else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(P))
        Part = MC->isGLValue() && MC->getImplicitObjectArgument() == Cur;
      else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P))
        Part = OC->isGLValue() && OC->getNumArgs() > 0 &&
               OC->getArg(0) == Cur &&
               isa_and_nonnull<CXXMethodDecl>(OC->getDirectCallee());
      if (!Part)
        break;
      Cur = P;
      Par = PM.getParent(P);
    }
    if (Cur->isTypeDependent() || Cur->isValueDependent() ||
        Cur->containsErrors() || !Cur->isGLValue())
      continue;
    std::optional<SharedAccess::Kind> K;
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(Par);
        ICE && ICE->getCastKind() == CK_LValueToRValue)
      K = SharedAccess::Load;
    else if (const auto *B = dyn_cast_or_null<BinaryOperator>(Par);
             B && B->isAssignmentOp() && B->getLHS() == Cur)
      K = B->getOpcode() == BO_Assign ? SharedAccess::Store
                                      : SharedAccess::LoadStore;
    else if (const auto *U = dyn_cast_or_null<UnaryOperator>(Par);
             U && U->isIncrementDecrementOp())
      K = SharedAccess::LoadStore;
    if (!K || Listed.count(Cur->IgnoreParens()))
      continue;
    Listed.insert(Cur->IgnoreParens());
    SharedAccess A;
    A.How = *K;
    A.Site = Cur;
    A.Function = F;
    A.Root = cast<VarDecl>(DRE->getDecl());
    A.Text = Lexer::getSourceText(
                 CharSourceRange::getTokenRange(Cur->getSourceRange()),
                 Ctx.getSourceManager(), Ctx.getLangOpts())
                 .str();
    std::string Form = Cur->getStmtClassName();
    if (const auto *U = dyn_cast<UnaryOperator>(Cur))
      Form += " '" + UnaryOperator::getOpcodeStr(U->getOpcode()).str() + "'";
    else if (const auto *B = dyn_cast<BinaryOperator>(Cur))
      Form += " '" + B->getOpcodeStr().str() + "'";
    A.Unanalysable = "a form the analysis does not follow: " + Form +
                     " of type '" +
                     Cur->getType().getAsString(Ctx.getPrintingPolicy()) + "'";
    Out.push_back(std::move(A));
  }
}

const SharedAccessFinder::LocalWrites &
SharedAccessFinder::localWrites(const FunctionDecl *F) {
  std::unique_ptr<LocalWrites> &L = Locals[F->getBody()];
  if (L)
    return *L;
  L = std::make_unique<LocalWrites>();
  struct Walk : RecursiveASTVisitor<Walk> {
    LocalWrites &L;
    const ParentMap &PM;
    Walk(LocalWrites &L, const ParentMap &PM) : L(L), PM(PM) {}
    bool VisitGotoStmt(GotoStmt *) {
      L.HasGoto = true;
      return true;
    }
    bool VisitIndirectGotoStmt(IndirectGotoStmt *) {
      L.HasGoto = true;
      return true;
    }
    bool VisitDeclStmt(DeclStmt *S) {
      for (Decl *D : S->decls())
        if (auto *V = dyn_cast<VarDecl>(D))
          L.Writes[V].push_back(S);
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      const auto *V = dyn_cast<VarDecl>(E->getDecl());
      if (!V || !V->hasLocalStorage())
        return true;
      // Climb parentheses and the arms of an lvalue `c ? v : w`, which
      // is then read or written as a whole.
      const Stmt *Top = E;
      const Stmt *P = PM.getParent(E);
      bool InConditional = false;
      while (P) {
        const auto *CO = dyn_cast<ConditionalOperator>(P);
        if (!isa<ParenExpr>(P) &&
            !(CO && CO->isGLValue() && CO->getCond() != Top))
          break;
        InConditional |= CO != nullptr;
        Top = P;
        P = PM.getParent(P);
      }
      if (!P)
        return true;
      // Capturing by reference only names the variable; a lambda that
      // captures it and writes it (or lets it escape) in its body changes
      // it whenever the lambda runs: an escape, for this function and for
      // the lambda, wherever the write is.
      if (isa<LambdaExpr>(P))
        return true;
      if (E->refersToEnclosingVariableOrCapture() && !isRead(P, Top)) {
        L.Escapes.try_emplace(V, E);
        return true;
      }
      if (InConditional) {
        if (!isRead(P, Top) && V->getType()->isScalarType())
          L.Escapes.try_emplace(V, E);
        return true;
      }
      if (const auto *B = dyn_cast<BinaryOperator>(P);
          B && B->isAssignmentOp() && B->getLHS()->IgnoreParens() == Top) {
        L.Writes[V].push_back(B);
        return true;
      }
      if (const auto *U = dyn_cast<UnaryOperator>(P);
          U && U->isIncrementDecrementOp()) {
        L.Writes[V].push_back(U);
        return true;
      }
      // Only scalars and pointers are followed; any use other than a read
      // lets one escape.
      QualType T = V->getType();
      if (!T->isScalarType() || isRead(P, Top))
        return true;
      L.Escapes.try_emplace(V, E);
      return true;
    }
    static bool isRead(const Stmt *P, const Stmt *Top) {
      if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P))
        return ICE->getCastKind() == CK_LValueToRValue;
      if (isa<UnaryExprOrTypeTraitExpr>(P))
        return true; // sizeof
      // An input of an asm statement clang left unconverted (one of the
      // host side's device code, with a constraint the host target lacks,
      // "=f" or "=h"), passed in a register: its value is read.
      if (const auto *Asm = dyn_cast<GCCAsmStmt>(P))
        for (unsigned I = 0; I < Asm->getNumInputs(); ++I)
          if (Asm->getInputExpr(I) == Top)
            return isValueConstraint(Asm->getInputConstraint(I));
      if (const auto *Call = dyn_cast<CallExpr>(P))
        if (const FunctionDecl *F = Call->getDirectCallee())
          for (unsigned I = 0; I < Call->getNumArgs(); ++I)
            if (Call->getArg(I)->IgnoreParens() == Top) {
              unsigned J =
                  isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(F)
                      ? I - 1
                      : I;
              if (J >= F->getNumParams())
                return false;
              QualType PT = F->getParamDecl(J)->getType();
              return PT->isReferenceType() &&
                     PT->getPointeeType().isConstQualified();
            }
      return false;
    }
  } W(*L, parents(F));
  W.TraverseStmt(const_cast<Stmt *>(F->getBody()));
  return *L;
}

std::optional<int64_t> SharedAccessFinder::constantOf(const Expr *E) {
  auto [It, New] = Constants.try_emplace(E);
  if (New) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects) &&
        R.Val.getInt().getSignificantBits() <= 64)
      It->second = R.Val.getInt().getExtValue();
  }
  return It->second;
}

const ParentMap &SharedAccessFinder::parents(const FunctionDecl *F) {
  std::unique_ptr<ParentMap> &M = Maps[F->getBody()];
  if (!M)
    M = std::make_unique<ParentMap>(const_cast<Stmt *>(F->getBody()));
  return *M;
}

const SharedAccessFinder::StmtOrder &
SharedAccessFinder::order(const FunctionDecl *F) {
  std::unique_ptr<StmtOrder> &O = Orders[F->getBody()];
  if (O)
    return *O;
  O = std::make_unique<StmtOrder>();
  const Stmt *Body = F->getBody();
  const ParentMap &PM = parents(F);
  // Every statement below the body, in the order of children() (with what
  // ParentMap also maps: the semantic forms of a PseudoObjectExpr, the
  // source of an OpaqueValueExpr); then the tree ParentMap gives them, in
  // that order, numbered in pre-order. Iterative: bodies nest deep.
  std::vector<const Stmt *> Seq;
  llvm::DenseSet<const Stmt *> Seen;
  std::vector<const Stmt *> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.back();
    Stack.pop_back();
    if (!S || !Seen.insert(S).second)
      continue;
    Seq.push_back(S);
    llvm::SmallVector<const Stmt *, 8> Kids(S->children().begin(),
                                            S->children().end());
    if (const auto *POE = dyn_cast<PseudoObjectExpr>(S))
      Kids.append(POE->semantics_begin(), POE->semantics_end());
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S))
      Kids.push_back(OVE->getSourceExpr());
    Stack.insert(Stack.end(), Kids.rbegin(), Kids.rend());
  }
  llvm::DenseMap<const Stmt *, llvm::SmallVector<const Stmt *, 4>> Kids;
  for (const Stmt *S : Seq)
    if (S != Body)
      if (const Stmt *Par = PM.getParent(S))
        Kids[Par].push_back(S);
  unsigned Next = 0;
  std::vector<std::pair<const Stmt *, bool>> Walk{{Body, false}};
  while (!Walk.empty()) {
    auto [S, Done] = Walk.back();
    Walk.pop_back();
    if (Done) {
      O->Span[S].second = Next - 1;
      continue;
    }
    if (!O->Span.try_emplace(S, Next, Next).second)
      continue;
    ++Next;
    Walk.push_back({S, true});
    auto It = Kids.find(S);
    if (It != Kids.end())
      for (const Stmt *K : llvm::reverse(It->second))
        Walk.push_back({K, false});
  }
  for (const auto &[V, Ws] : localWrites(F).Writes) {
    llvm::SmallVector<std::pair<unsigned, const Stmt *>, 4> Sorted;
    bool All = true;
    for (const Stmt *W : Ws) {
      auto It = O->Span.find(W);
      if (It == O->Span.end()) {
        All = false;
        break;
      }
      Sorted.push_back({It->second.first, W});
    }
    if (!All)
      continue;
    llvm::sort(Sorted,
               [](const auto &A, const auto &B) { return A.first < B.first; });
    O->Writes[V] = std::move(Sorted);
  }
  return *O;
}

//===----------------------------------------------------------------------===//
// Lowering
//===----------------------------------------------------------------------===//

class Lowering {
public:
  Lowering(SharedAccessFinder &Finder, const CallChain &Chain,
           const ArrayPadding *Pad, std::string &Why,
           llvm::ArrayRef<std::optional<int64_t>> KernelArgs,
           std::vector<SourceRange> *Through)
      : Finder(Finder), Ctx(Finder.Ctx), Eval(Finder.Eval), Chain(Chain),
        Pad(Pad), Why(Why), KernelArgs(KernelArgs), Through(Through),
        P(std::make_unique<ExprPool>()) {
    for (unsigned I = 0; I < Chain.Functions.size(); ++I)
      Frames.push_back({Chain.Functions[I], I ? Chain.Calls[I - 1] : nullptr,
                        I ? I - 1 : 0});
  }

  std::optional<LoweredAccess> run(const SharedAccess &A) {
    unsigned Frame = Chain.Functions.size() - 1;
    if (!A.LValue)
      return fail(A.Unanalysable);
    std::optional<NodeId> Addr;
    switch (A.Given) {
    case SharedAccess::Object:
      Addr = address(A.LValue, Frame);
      break;
    case SharedAccess::Pointer:
      Addr = pointer(A.LValue, Frame);
      break;
    case SharedAccess::SharedAddress:
      // An unconverted asm operand (operandExpr) is read.
      Addr = A.LValue->isGLValue() ? load(A.LValue, Frame)
                                   : integer(A.LValue, Frame);
      if (Addr)
        Addr = i64(*Addr);
      break;
    }
    // A shared-window address needs no array: it is shared memory.
    if (!Addr || (!Root && A.Given != SharedAccess::SharedAddress)) {
      // An instruction or a copy into shared memory accesses shared memory
      // whatever the analysis finds its operand derived from.
      if (A.SharedByContract && Why.empty())
        return fail("its address does not come from a __shared__ variable "
                    "the analysis can follow");
      return std::nullopt;
    }
    if (A.Offset)
      Addr = P->binary(Op::Add, *Addr, P->constant(A.Offset, IntType::i64()),
                       IntType::i64());
    LoweredAccess L;
    L.Spec.Address = *Addr;
    L.Spec.Bytes = A.Bytes;
    L.Spec.AddressLanes = A.AddressLanes;
    L.Root = Root;
    L.RootSymbol = RootSymbol;
    // Guards of every frame: the access's own, then each call's.
    guards(A.LValue, Frame, L.Spec.Guards);
    for (unsigned I = 0; I + 1 < Chain.Functions.size(); ++I)
      guards(Chain.Calls[I], I, L.Spec.Guards);
    // A loop group's condition and kind live in its first loop.
    for (unsigned I = 0; I < P->numLoops(); ++I) {
      Loop &Lp = P->loop(I);
      const Loop &Head = P->loop(Lp.Group);
      Lp.Cond = Head.Cond;
      Lp.CondKnown = Head.CondKnown;
      Lp.CondAfterBody = Head.CondAfterBody;
    }
    L.Pool = std::move(P);
    L.Spec.Pool = L.Pool.get();
    L.Origins = std::move(Origins);
    return L;
  }

private:
  SharedAccessFinder &Finder;
  ASTContext &Ctx;
  ValueEvaluator &Eval;
  const CallChain &Chain;
  const ArrayPadding *Pad;
  std::string &Why;
  llvm::ArrayRef<std::optional<int64_t>> KernelArgs;
  std::vector<SourceRange> *Through;
  std::unique_ptr<ExprPool> P;
  llvm::DenseMap<NodeId, const Expr *> Origins;
  const VarDecl *Root = nullptr;
  std::optional<unsigned> RootSymbol;
  unsigned Depth = 0;
  std::map<std::pair<const void *, std::string>, unsigned> Symbols;

  /// A function being lowered: one of the chain's, or one whose return
  /// value an expression uses (Call calls it from frame Caller).
  struct FrameInfo {
    const FunctionDecl *F;
    const CallExpr *Call;
    unsigned Caller;
  };
  std::vector<FrameInfo> Frames;
  /// Loop-carried variables: (loop statement, frame, variable) -> loop.
  std::map<std::tuple<const Stmt *, unsigned, const VarDecl *>, unsigned>
      Carried;
  /// The group of each loop statement of a frame.
  std::map<std::pair<const Stmt *, unsigned>, unsigned> LoopGroups;
  /// Calls whose return value is lowered, per frame.
  std::map<std::pair<const CallExpr *, unsigned>, NodeId> CallValues;

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
                     uint64_t Multiple = 1, bool NonNegative = false,
                     bool SharedAddress = false) {
    auto It = Symbols.find({Key, Name});
    if (It != Symbols.end())
      return It->second;
    unsigned S = P->addSymbol(Name, Multiple, NonNegative, SharedAddress);
    Symbols[{Key, Name}] = S;
    return S;
  }

  std::optional<NodeId> uniform(const void *Key, const std::string &Name,
                                QualType T) {
    IntType IT = typeOf(T);
    return P->symbol(symbolFor(Key, Name, 1, !IT.Signed), IT);
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
              Align,
              Ctx.toCharUnitsFromBits(V->getMaxAlignment()).getQuantity());
        // Dynamic shared memory starts at least 16-byte aligned.
        if (V->hasExternalStorage() && Align < 16)
          Align = 16;
        unsigned Sym =
            symbolFor(V, "&" + V->getNameAsString(), Align, true, true);
        RootSymbol = Sym;
        return P->symbol(Sym, IntType::i64());
      }
      if (V && V->getType()->isReferenceType() && V->getInit() &&
          V->hasLocalStorage() && !isa<ParmVarDecl>(V)) {
        if (Through)
          Through->push_back(V->getInit()->getSourceRange());
        return address(V->getInit(), Frame);
      }
      return std::nullopt; // not shared memory
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      // The subscripts of an array of arrays (`s[i][j]...`), outermost
      // first, followed without recursion: the rank has no limit.
      llvm::SmallVector<const Expr *, 4> Decays;
      auto Subs = subscriptChain(ASE, &Decays);
      if (Through)
        for (const Expr *Dec : Decays)
          Through->push_back(Dec->getSourceRange());
      auto Addr = pointer(Subs.back()->getBase(), Frame);
      if (!Addr)
        return std::nullopt;
      for (const ArraySubscriptExpr *S : llvm::reverse(Subs)) {
        auto Idx = integer(S->getIdx(), Frame);
        if (!Idx)
          return std::nullopt;
        int64_t Size;
        if (underPad(S->getBase()))
          Size = paddedSize(S->getType());
        else if (auto Sz = sizeOf(S->getType()))
          Size = *Sz;
        else
          return fail("the element size is unknown");
        NodeId Off =
            P->binary(Op::Mul, i64(*Idx), P->constant(Size, IntType::i64()),
                      IntType::i64());
        Addr = P->binary(Op::Add, *Addr, Off, IntType::i64());
      }
      return Addr;
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
    // A call returning a reference (a lambda's `-> float &`): the object
    // its return statement names.
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *Callee = Call->getDirectCallee();
          Callee && Callee->getReturnType()->isReferenceType())
        return callValue(Call, Frame, /*Pointer=*/true);
    if (const auto *EV = dyn_cast<ExtVectorElementExpr>(E)) {
      // Clang loads or stores the whole vector and picks the elements in
      // registers; the optimiser may narrow that to the elements alone.
      auto Base = EV->isArrow() ? pointer(EV->getBase(), Frame)
                                : address(EV->getBase(), Frame);
      if (!Base)
        return std::nullopt;
      return fail("'." + EV->getAccessor().getName() +
                  "' of a vector type (ext_vector_type): the compiler may "
                  "access the whole vector or only these elements");
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E);
        B && (B->getOpcode() == BO_PtrMemD || B->getOpcode() == BO_PtrMemI))
      return memberPointer(B, Frame);
    return std::nullopt;
  }

  /// `o.*pm` and `p->*pm`: the member pm names, when it is a constant.
  std::optional<NodeId> memberPointer(const BinaryOperator *B, unsigned Frame) {
    auto Base = B->getOpcode() == BO_PtrMemD ? address(B->getLHS(), Frame)
                                             : pointer(B->getLHS(), Frame);
    if (!Base)
      return std::nullopt;
    Expr::EvalResult R;
    const ValueDecl *D = nullptr;
    if (!B->getRHS()->isValueDependent() &&
        B->getRHS()->EvaluateAsRValue(R, Ctx) && R.Val.isMemberPointer() &&
        R.Val.getMemberPointerPath().empty())
      D = R.Val.getMemberPointerDecl();
    if (!D || !isa<FieldDecl, IndirectFieldDecl>(D))
      return fail(
          "the member is chosen by the pointer to member '" +
          Lexer::getSourceText(
              CharSourceRange::getTokenRange(B->getRHS()->getSourceRange()),
              Ctx.getSourceManager(), Ctx.getLangOpts()) +
          "', which is not a constant");
    const auto *FD = dyn_cast<FieldDecl>(D);
    if (!FD)
      FD = cast<IndirectFieldDecl>(D)->getAnonField();
    if (FD->isBitField() || FD->getParent()->isDependentType() ||
        FD->getParent()->isInvalidDecl())
      return fail("the member a pointer to member names is not followed");
    int64_t Off = int64_t(Ctx.getFieldOffset(D) / 8);
    return P->binary(Op::Add, *Base, P->constant(Off, IntType::i64()),
                     IntType::i64());
  }

  /// `this` in a member function reached by a call: its object.
  std::optional<NodeId> thisPointer(unsigned Frame) {
    const CallExpr *Call = Frames[Frame].Call;
    const Expr *Obj = nullptr;
    if (const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Call))
      Obj = MC->getImplicitObjectArgument();
    else if (Call && isa<CXXOperatorCallExpr>(Call) &&
             isa_and_nonnull<CXXMethodDecl>(Call->getDirectCallee()) &&
             Call->getNumArgs() > 0)
      Obj = Call->getArg(0);
    if (!Obj)
      return std::nullopt;
    unsigned Caller = Frames[Frame].Caller;
    return Obj->getType()->isPointerType() ? pointer(Obj, Caller)
                                           : address(Obj, Caller);
  }

  /// The pointer the implicit `__begin` variable of range-based for loop R
  /// holds in its body: a loop variable stepping from the range's begin to
  /// its end, one element at a time.
  std::optional<NodeId> rangeBegin(const VarDecl *V, const CXXForRangeStmt *R,
                                   unsigned Frame) {
    auto Key = std::make_tuple(static_cast<const Stmt *>(R), Frame, V);
    if (auto It = Carried.find(Key); It != Carried.end())
      return P->loopVar(It->second, IntType::i64());
    const auto *EndV = R->getEndStmt()
                           ? dyn_cast<VarDecl>(R->getEndStmt()->getSingleDecl())
                           : nullptr;
    if (!V->getType()->isPointerType() || !EndV || !EndV->getInit() ||
        !EndV->getType()->isPointerType())
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

  /// The pointer a pointer variable (the lvalue E) holds where E reads it.
  std::optional<NodeId> loadedPointer(const Expr *E, unsigned Frame) {
    const Expr *Sub = E->IgnoreParens();
    if (const auto *ME = dyn_cast<MemberExpr>(Sub))
      return memberPointer(ME, Frame);
    const auto *DRE = dyn_cast<DeclRefExpr>(Sub);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V)
      return std::nullopt;
    if (const auto *PV = dyn_cast<ParmVarDecl>(V);
        PV && ownedBy(PV, Frame) && !changed(PV, Frame))
      return parameter(PV, Frame, /*Pointer=*/true);
    if (!V->hasLocalStorage())
      return std::nullopt;
    if (V->isImplicit())
      for (const Stmt *S = Sub; S; S = parentsOf(Frame).getParent(S))
        if (const auto *R = dyn_cast<CXXForRangeStmt>(S);
            R && R->getBeginStmt() && R->getBeginStmt()->getSingleDecl() == V)
          return rangeBegin(V, R, Frame);
    return valueBefore(V, Sub, Frame);
  }

  std::optional<NodeId> pointer(const Expr *E, unsigned Frame) {
    DepthGuard G(Depth);
    if (Depth > 64)
      return fail("the address expression is too deep");
    E = stripFull(E);
    if (Through)
      Through->push_back(E->getSourceRange());
    // An unconverted asm operand (operandExpr) is read.
    if (E->isGLValue() && E->getType()->isPointerType())
      return loadedPointer(E, Frame);
    if (isa<CXXThisExpr>(E))
      return thisPointer(Frame);
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      switch (C->getCastKind()) {
      case CK_ArrayToPointerDecay:
        return address(C->getSubExpr(), Frame);
      case CK_NoOp:
      case CK_BitCast:
      case CK_AddressSpaceConversion:
        return pointer(C->getSubExpr(), Frame);
      case CK_LValueToRValue:
        return loadedPointer(C->getSubExpr(), Frame);
      case CK_UserDefinedConversion:
        // SharedMemory<T>'s `operator T *()`: the pointer it returns.
        if (const auto *MC = dyn_cast<CXXMemberCallExpr>(
                C->getSubExpr()->IgnoreParenImpCasts()))
          return callValue(MC, Frame, /*Pointer=*/true);
        return std::nullopt;
      default:
        return std::nullopt;
      }
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() == UO_AddrOf)
        return address(U->getSubExpr(), Frame);
      if (U->isIncrementDecrementOp())
        return incDecValue(U, Frame, /*Pointer=*/true);
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      // The arms first: `p ? p + off : NULL` on global memory is not shared
      // memory, whatever the condition.
      auto IsNull = [&](const Expr *X) {
        return X->IgnoreParenImpCasts()->isNullPointerConstant(
            Ctx, Expr::NPC_ValueDependentIsNotNull);
      };
      auto A = pointer(CO->getTrueExpr(), Frame);
      auto B = pointer(CO->getFalseExpr(), Frame);
      if (!A && !B)
        return std::nullopt;
      // The null arm is never accessed through.
      if (A && IsNull(CO->getFalseExpr()))
        return A;
      if (B && IsNull(CO->getTrueExpr()))
        return B;
      if (!A || !B)
        return fail("the pointer is chosen between shared memory and other "
                    "memory on line " +
                    lineOf(CO));
      auto C = integer(CO->getCond(), Frame);
      if (!C)
        return std::nullopt;
      return P->select(*C, *A, *B, IntType::i64());
    }
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (E->getType()->isPointerType())
        return callValue(Call, Frame, /*Pointer=*/true);
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->getOpcode() == BO_Assign)
        return pointer(B->getRHS(), Frame);
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
        NodeId Off =
            P->binary(Op::Mul, i64(*Idx), P->constant(*Size, IntType::i64()),
                      IntType::i64());
        return P->binary(B->getOpcode() == BO_Add ? Op::Add : Op::Sub, *Base,
                         Off, IntType::i64());
      }
    }
    return std::nullopt;
  }

  /// The model's operator for a C++ binary operator (a compound
  /// assignment's, for `v op= e`).
  static std::optional<Op> modelOp(BinaryOperatorKind K) {
    if (BinaryOperator::isCompoundAssignmentOp(K))
      K = BinaryOperator::getOpForCompoundAssignment(K);
    switch (K) {
    case BO_Add:
      return Op::Add;
    case BO_Sub:
      return Op::Sub;
    case BO_Mul:
      return Op::Mul;
    case BO_Div:
      return Op::Div;
    case BO_Rem:
      return Op::Rem;
    case BO_Shl:
      return Op::Shl;
    case BO_Shr:
      return Op::Shr;
    case BO_And:
      return Op::And;
    case BO_Or:
      return Op::Or;
    case BO_Xor:
      return Op::Xor;
    case BO_LT:
      return Op::LT;
    case BO_GT:
      return Op::GT;
    case BO_LE:
      return Op::LE;
    case BO_GE:
      return Op::GE;
    case BO_EQ:
      return Op::EQ;
    case BO_NE:
      return Op::NE;
    case BO_LAnd:
      return Op::LAnd;
    case BO_LOr:
      return Op::LOr;
    default:
      return std::nullopt;
    }
  }

  // ---- parameters ---------------------------------------------------------

  /// A parameter of a function that no call of the chain reaches.
  std::nullopt_t noCaller(const ParmVarDecl *PV, unsigned Frame) {
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

  std::optional<NodeId> parameter(const ParmVarDecl *PV, unsigned Frame,
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
    if (!Frames[Frame].Call)
      return noCaller(PV, Frame);
    const CallExpr *Call = Frames[Frame].Call;
    unsigned CallerFrame = Frames[Frame].Caller;
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
      return pointer(Arg, CallerFrame);
    auto V = integer(Arg, CallerFrame);
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
          symbolFor(DRE->getDecl(), (Var + "." + DimName[Dim]).str(), 1, true),
          IntType::u32());
    return std::nullopt;
  }

  std::optional<NodeId> integer(const Expr *E, unsigned Frame) {
    std::optional<NodeId> N = integerImpl(E, Frame);
    if (N)
      Origins.try_emplace(*N, E);
    return N;
  }

  std::optional<NodeId> integerImpl(const Expr *E, unsigned Frame) {
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

    if (!isa<PseudoObjectExpr>(E))
      if (std::optional<int64_t> K = Finder.constantOf(E))
        return P->constant(*K, IT);

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
      case CK_PointerToIntegral: {
        // `(uintptr_t)&s[i]`: the address of shared memory, as a number.
        auto V = pointer(Sub, Frame);
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

    if (const auto *B = dyn_cast<BinaryOperator>(E);
        B && B->getOpcode() == BO_Assign) {
      // `(v = e)` has the value of e, converted to v's type.
      auto V = integer(B->getRHS(), Frame);
      if (!V)
        return std::nullopt;
      return P->cast(*V, IT);
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      std::optional<Op> O;
      if (!B->isCompoundAssignmentOp())
        O = modelOp(B->getOpcode());
      if (!O)
        return fail("an operator the analysis does not follow");
      if (B->getLHS()->getType()->isPointerType() ||
          B->getRHS()->getType()->isPointerType())
        return fail("pointer arithmetic in an integer");
      auto L = integer(B->getLHS(), Frame);
      if (!L)
        return std::nullopt;
      auto Rv = integer(B->getRHS(), Frame);
      if (!Rv)
        return std::nullopt;
      return P->binary(*O, *L, *Rv, IT);
    }

    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->isIncrementDecrementOp())
        return incDecValue(U, Frame, /*Pointer=*/false);
      Op O;
      switch (U->getOpcode()) {
      case UO_Plus:
        return integer(U->getSubExpr(), Frame);
      case UO_Minus:
        O = Op::Neg;
        break;
      case UO_Not:
        O = Op::Not;
        break;
      case UO_LNot:
        O = Op::LNot;
        break;
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
      if (Callee && Callee->getIdentifier() && Call->getNumArgs() == 1 &&
          (Callee->getName() == "__cvta_generic_to_shared" ||
           Callee->getName() == "__nvvm_get_smem_pointer")) {
        // The shared-window address of a generic pointer: its banks are the
        // pointer's (the window starts at a multiple of 128 bytes).
        auto V = pointer(Call->getArg(0), Frame);
        if (!V)
          return std::nullopt;
        return P->cast(*V, IT);
      }
      if (auto G = cooperativeGroups(Call, Frame, IT))
        return G;
      return callValue(Call, Frame, /*Pointer=*/false);
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
      if (const auto *PV = dyn_cast<ParmVarDecl>(V);
          PV && ownedBy(PV, Frame) && !changed(PV, Frame))
        return parameter(PV, Frame, /*Pointer=*/false);
      if (V->hasLocalStorage()) {
        auto N = valueBefore(V, DRE, Frame);
        if (!N)
          return std::nullopt;
        return P->cast(*N, typeOf(T));
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
        bool OfThis = M->isArrow() &&
                      isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts());
        if (!FD || (M->isArrow() && !OfThis))
          return fail("a member the analysis does not follow");
        Fields.insert(Fields.begin(), FD);
        Path = "." + FD->getNameAsString() + Path;
        // A member of a function object, in its operator().
        if (OfThis)
          return thisMember(Fields, Path, Frame, T, /*Pointer=*/false);
        B = M->getBase()->IgnoreParens();
      }
      const auto *DRE = dyn_cast<DeclRefExpr>(B);
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      (void)ME;
      if (!V)
        return fail("a member the analysis does not follow");
      return member(V, Fields, Path, E, Frame, T);
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

  /// The member V.Fields (Path: ".x.y") read at Use: of a kernel parameter
  /// passed by value, a uniform value; of a device function's parameter
  /// passed by value, the same member of the call's argument (a variable
  /// of the caller); of a local, its reaching definition; of __constant__
  /// or __device__ data, a uniform value.
  std::optional<NodeId> member(const VarDecl *V,
                               llvm::ArrayRef<const FieldDecl *> Fields,
                               const std::string &Path, const Stmt *Use,
                               unsigned Frame, QualType T,
                               bool Pointer = false) {
    DepthGuard G(Depth);
    if (Depth > 64)
      return fail("the member is reached through too many calls");
    if (!ownedBy(V, Frame)) {
      // A member of a variable a lambda captures.
      auto At = captureUse(V, Frame);
      if (!At)
        return std::nullopt;
      return member(V, Fields, Path, At->first, At->second, T, Pointer);
    }
    if (const auto *PV = dyn_cast<ParmVarDecl>(V)) {
      if (PV->getType()->isReferenceType() || changed(PV, Frame))
        return fail("a member of a device function's parameter");
      if (isKernel(Frames[Frame].F)) {
        if (Pointer)
          return std::nullopt; // a pointer the host passes: global memory
        return uniform(PV, PV->getNameAsString() + Path, T);
      }
      const CallExpr *Call = Frames[Frame].Call;
      unsigned I = PV->getFunctionScopeIndex();
      unsigned Shift = Call && isa<CXXOperatorCallExpr>(Call) &&
                               isa<CXXMethodDecl>(Call->getDirectCallee())
                           ? 1
                           : 0;
      if (!Call)
        return noCaller(PV, Frame);
      if (I + Shift >= Call->getNumArgs())
        return fail("the argument of '" + PV->getName() + "' is missing");
      // The argument, through the copy that passes it.
      const Expr *Arg = stripFull(Call->getArg(I + Shift));
      if (const auto *CE = dyn_cast<CXXConstructExpr>(Arg);
          CE && CE->getNumArgs() == 1 &&
          CE->getConstructor()->isCopyOrMoveConstructor())
        Arg = stripFull(CE->getArg(0));
      const auto *DRE = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
      const auto *W = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!W)
        return fail("a member of a device function's parameter whose "
                    "argument is not a variable");
      return member(W, Fields, Path, DRE, Frames[Frame].Caller, T, Pointer);
    }
    if (V->hasLocalStorage()) {
      std::string Clobbered;
      if (const Expr *Def =
              Eval.reachingDefinition(V, Fields, Use, &Clobbered)) {
        if (Pointer)
          return pointer(Def, Frame);
        auto N = integer(Def, Frame);
        if (!N)
          return std::nullopt;
        return P->cast(*N, typeOf(T));
      }
      if (!Clobbered.empty())
        return fail(Clobbered);
    }
    if (!V->hasLocalStorage() &&
        (V->hasAttr<CUDAConstantAttr>() || V->hasAttr<CUDADeviceAttr>())) {
      if (Pointer)
        return std::nullopt; // not a pointer into shared memory the
                             // analysis can follow
      return uniform(V, V->getNameAsString() + Path, T);
    }
    if (Pointer)
      return fail("'" + V->getName() + Path +
                  "' is set in a way the analysis does not follow (a "
                  "constructor, or a write after its initialiser)");
    return fail("a member the analysis does not follow");
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
      bool Uniform = V && ((isa<ParmVarDecl>(V) && isKernel(Frames[Frame].F)) ||
                           (!V->hasLocalStorage() && !isShared(V)));
      if (!Uniform)
        return std::nullopt;
      Base =
          P->symbol(symbolFor(V, "&" + V->getNameAsString()), IntType::i64());
    }
    if (!Idx)
      return Base;
    auto I = integer(Idx, Frame);
    if (!I)
      return std::nullopt;
    return P->binary(Op::Add, *Base, i64(*I), IntType::i64());
  }

  // ---- control flow -------------------------------------------------------
  //
  // The value of a local variable at a point of a structured function body.
  // The last statement before the point that writes the variable decides:
  // its value after that statement. An if/else that writes it joins its arms
  // into a Select on the condition (an arm that leaves by return, break or
  // continue does not reach the join); a loop whose body writes it makes it
  // a loop-carried variable, a model Loop in the group of the loop's other
  // carried variables, whose next value is the one at the end of the body
  // (joined with the values at each `if (c) { ...; continue; }`). At the
  // entry of the function a parameter has its argument's value.

  const ParentMap &parentsOf(unsigned Frame) {
    return Finder.parents(Frames[Frame].F);
  }
  const SharedAccessFinder::LocalWrites &writesOf(unsigned Frame) {
    return Finder.localWrites(Frames[Frame].F);
  }

  std::string lineOf(const Stmt *S) {
    const SourceManager &SM = Ctx.getSourceManager();
    return std::to_string(SM.getExpansionLineNumber(S->getBeginLoc()));
  }

  /// Is Anc the statement S or one of its ancestors?
  bool encloses(const Stmt *Anc, const Stmt *S, const ParentMap &PM) {
    for (const Stmt *X = S; X; X = PM.getParent(X)) {
      charge();
      if (X == Anc)
        return true;
    }
    return false;
  }

  /// Counts one step of the lowering's work against Finder.LowerBudget.
  void charge(uint64_t Steps = 1) {
    if (Finder.LowerBudget)
      Finder.LowerBudget->Used += Steps;
  }
  bool overBudget() const {
    return Finder.LowerBudget && Finder.LowerBudget->spent();
  }

  /// V's writes numbered in the frame's statement order (StmtOrder), when
  /// the numbering reaches them all and S too.
  const llvm::SmallVector<std::pair<unsigned, const Stmt *>, 4> *
  orderedWrites(const Stmt *S, const VarDecl *V, unsigned Frame,
                std::pair<unsigned, unsigned> &Span) {
    const SharedAccessFinder::StmtOrder &O = Finder.order(Frames[Frame].F);
    auto SI = O.Span.find(S);
    auto WI = O.Writes.find(V);
    if (SI == O.Span.end() || WI == O.Writes.end())
      return nullptr;
    Span = SI->second;
    return &WI->second;
  }

  /// The statements inside S that write V.
  llvm::SmallVector<const Stmt *, 2> writesIn(const Stmt *S, const VarDecl *V,
                                              unsigned Frame) {
    llvm::SmallVector<const Stmt *, 2> Out;
    if (!S)
      return Out;
    const auto &W = writesOf(Frame).Writes;
    auto It = W.find(V);
    if (It == W.end())
      return Out;
    charge();
    std::pair<unsigned, unsigned> Span;
    if (const auto *Ws = orderedWrites(S, V, Frame, Span)) {
      auto I =
          llvm::lower_bound(*Ws, Span.first, [](const auto &A, unsigned N) {
            return A.first < N;
          });
      for (; I != Ws->end() && I->first <= Span.second; ++I) {
        charge();
        Out.push_back(I->second);
      }
      return Out;
    }
    const ParentMap &PM = parentsOf(Frame);
    for (const Stmt *X : It->second)
      if (encloses(S, X, PM))
        Out.push_back(X);
    return Out;
  }

  /// The last statement of compound statement CS before its statement
  /// Before (or of all of CS, when Before is null) that writes V; null when
  /// none does.
  const Stmt *lastWriter(const CompoundStmt *CS, const Stmt *Before,
                         const VarDecl *V, unsigned Frame) {
    std::pair<unsigned, unsigned> Span, BeforeSpan;
    const auto *Ws = orderedWrites(CS, V, Frame, Span);
    if (Ws && Before && !orderedWrites(Before, V, Frame, BeforeSpan))
      Ws = nullptr;
    if (!Ws) {
      const Stmt *Last = nullptr;
      for (const Stmt *B : CS->body()) {
        if (B == Before)
          break;
        if (writes(B, V, Frame))
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
    const ParentMap &PM = parentsOf(Frame);
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
  bool writes(const Stmt *S, const VarDecl *V, unsigned Frame) {
    return !writesIn(S, V, Frame).empty();
  }
  /// Does the function write parameter or local V anywhere (or let it
  /// escape)?
  bool changed(const VarDecl *V, unsigned Frame) {
    const auto &LW = writesOf(Frame);
    auto It = LW.Writes.find(V);
    bool Assigned =
        It != LW.Writes.end() && llvm::any_of(It->second, [](const Stmt *S) {
          return !isa<DeclStmt>(S);
        });
    return Assigned || LW.Escapes.count(V);
  }

  IntType varType(const VarDecl *V) {
    return V->getType()->isPointerType() ? IntType::i64()
                                         : typeOf(V->getType());
  }

  /// The value V has when control reaches Use (an expression reading V, or
  /// a statement).
  std::optional<NodeId> valueBefore(const VarDecl *V, const Stmt *Use,
                                    unsigned Frame) {
    DepthGuard G(Depth);
    charge();
    if (overBudget())
      return fail("too complex");
    if (Depth > 64)
      return fail("the definitions of '" + V->getName() +
                  "' are nested more than 64 deep");
    const auto &LW = writesOf(Frame);
    if (auto It = LW.Escapes.find(V); It != LW.Escapes.end()) {
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
    if (LW.HasGoto && changed(V, Frame))
      return fail("'" + V->getName() +
                  "' is assigned in a function with a "
                  "goto");
    const ParentMap &PM = parentsOf(Frame);
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
    const Stmt *S = Use;
    while (true) {
      charge();
      const Stmt *Par = PM.getParent(S);
      if (!Par)
        return entryValue(V, Frame);
      if (const auto *CS = dyn_cast<CompoundStmt>(Par)) {
        if (const Stmt *Prev = lastWriter(CS, S, V, Frame))
          return valueAfter(V, Prev, Frame);
      } else if (const auto *DS = dyn_cast<DeclStmt>(Par)) {
        // `int a = ..., b = a + 1;`: a declarator before the one read.
        for (const Decl *D : DS->decls()) {
          const auto *VD = dyn_cast<VarDecl>(D);
          if (!VD)
            continue;
          if (VD->getInit() == S)
            break;
          if (VD == V)
            return valueAfter(V, DS, Frame);
        }
      } else if (const auto *For = dyn_cast<ForStmt>(Par)) {
        if (S == For->getBody() || S == For->getCond())
          return header(V, For, Frame);
        if (S == For->getInc())
          return endOfBody(V, For, Frame);
        // The init runs before the loop.
      } else if (const auto *W = dyn_cast<WhileStmt>(Par)) {
        if (S == W->getBody() || S == W->getCond())
          return header(V, W, Frame);
      } else if (const auto *D = dyn_cast<DoStmt>(Par)) {
        if (S == D->getBody())
          return header(V, D, Frame);
        if (S == D->getCond())
          return endOfBody(V, D, Frame);
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

  std::optional<NodeId> entryValue(const VarDecl *V, unsigned Frame) {
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

  // ---- lambdas and function objects ---------------------------------------
  //
  // A lambda's call operator is a device function; a call of the lambda is
  // a call of it. A variable it captures has, on entry, its value where the
  // lambda is written (by copy) or where the lambda is called from the
  // function that owns the variable (by reference; a lambda that writes a
  // captured variable makes it escape, see localWrites). The members of a
  // function object are those of the object the call is made on.

  /// Is V a parameter or local of the function of Frame (rather than a
  /// variable of an enclosing function that a lambda captures)?
  bool ownedBy(const VarDecl *V, unsigned Frame) {
    const auto *F =
        dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    return !F || !V->hasLocalStorage() || !isLambdaOperator(Frames[Frame].F) ||
           F->getCanonicalDecl() == Frames[Frame].F->getCanonicalDecl();
  }

  static bool isLambdaOperator(const FunctionDecl *F) {
    const auto *M = dyn_cast<CXXMethodDecl>(F);
    return M && M->getParent()->isLambda();
  }

  /// The object a call of a member function (an operator() included) is
  /// made on, or null when it is made through a pointer.
  static const Expr *objectOf(const CallExpr *Call) {
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Call))
      return OC->getNumArgs() ? OC->getArg(0) : nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      const auto *ME =
          dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParenImpCasts());
      if (!ME || ME->isArrow())
        return nullptr;
      return MC->getImplicitObjectArgument();
    }
    return nullptr;
  }

  static const Expr *stripObject(const Expr *E) {
    while (true) {
      E = stripFull(E)->IgnoreImpCasts();
      if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
        E = M->getSubExpr();
      else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
               CE && CE->getNumArgs() == 1 &&
               CE->getConstructor()->isCopyOrMoveConstructor())
        E = CE->getArg(0);
      else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
        E = FC->getSubExpr();
      else
        return E;
    }
  }

  /// The argument of parameter PV in the call that reached Frame.
  const Expr *argumentOf(const ParmVarDecl *PV, unsigned Frame) {
    const CallExpr *Call = Frames[Frame].Call;
    if (!Call)
      return nullptr;
    unsigned Shift = isa<CXXOperatorCallExpr>(Call) &&
                             isa<CXXMethodDecl>(Call->getDirectCallee())
                         ? 1
                         : 0;
    unsigned I = PV->getFunctionScopeIndex();
    if (I + Shift >= Call->getNumArgs())
      return nullptr;
    return Call->getArg(I + Shift);
  }

  /// The variable (and its frame) an object expression E of frame Frame
  /// names, following a function object passed by value or by reference
  /// to its argument, and a lambda's captured object to its own frame.
  std::optional<std::pair<const VarDecl *, unsigned>>
  objectVariable(const Expr *E, unsigned Frame, const Stmt *Where) {
    for (unsigned Steps = 0; Steps < 16; ++Steps) {
      const auto *DRE = dyn_cast<DeclRefExpr>(stripObject(E));
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!V || !V->hasLocalStorage())
        break;
      if (!ownedBy(V, Frame)) {
        auto Site = lambdaSite(Frame);
        if (!Site)
          return std::nullopt;
        Frame = Site->second;
        continue;
      }
      const auto *PV = dyn_cast<ParmVarDecl>(V);
      // A kernel's parameter: what the host passed (member() knows it).
      if (!PV || isKernel(Frames[Frame].F))
        return std::make_pair(V, Frame);
      E = argumentOf(PV, Frame);
      if (!E)
        return noCaller(PV, Frame);
      Frame = Frames[Frame].Caller;
    }
    return fail("the object called on line " + lineOf(Where) +
                " is not one the analysis can follow to its definition");
  }

  /// The lambda expression whose call operator Frame runs, and the frame
  /// it is written in.
  std::optional<std::pair<const LambdaExpr *, unsigned>>
  lambdaSite(unsigned Frame) {
    const CallExpr *Call = Frames[Frame].Call;
    const auto *RD = cast<CXXMethodDecl>(Frames[Frame].F)->getParent();
    if (!Call)
      return fail("the lambda on line " +
                  std::to_string(Ctx.getSourceManager().getExpansionLineNumber(
                      RD->getLocation())) +
                  " is not called in this file");
    const Expr *Obj = objectOf(Call);
    unsigned F = Frames[Frame].Caller;
    for (unsigned Steps = 0; Obj && Steps < 16; ++Steps) {
      const Expr *E = stripObject(Obj);
      if (const auto *LE = dyn_cast<LambdaExpr>(E)) {
        if (LE->getLambdaClass() != RD)
          break;
        return std::make_pair(LE, F);
      }
      auto Var = objectVariable(E, F, Call);
      if (!Var)
        return std::nullopt;
      const VarDecl *V = Var->first;
      F = Var->second;
      if (!V->getInit() || V->getType()->isReferenceType())
        break;
      Obj = V->getInit();
    }
    return fail("the lambda called on line " + lineOf(Call) +
                " is not one the analysis can follow to where it is written");
  }

  /// Where the value of V, a variable the lambda of Frame captures, is
  /// taken: the lambda expression (by copy) or the call that leads to the
  /// lambda from V's function (by reference); and that frame.
  std::optional<std::pair<const Stmt *, unsigned>> captureUse(const VarDecl *V,
                                                              unsigned Frame) {
    if (!isLambdaOperator(Frames[Frame].F))
      return fail("'" + V->getName() + "' belongs to another function");
    auto Site = lambdaSite(Frame);
    if (!Site)
      return std::nullopt;
    const auto [LE, DF] = *Site;
    const LambdaCapture *C = nullptr;
    for (const LambdaCapture &X : LE->captures())
      if (X.capturesVariable() && X.getCapturedVar() == V)
        C = &X;
    if (!C)
      return fail("'" + V->getName() +
                  "' is not a capture of the lambda on "
                  "line " +
                  lineOf(LE));
    if (C->getCaptureKind() == LCK_ByCopy)
      return std::make_pair(static_cast<const Stmt *>(LE), DF);
    // By reference: its value when the call leading here leaves DF.
    for (unsigned F = Frame; Frames[F].Call; F = Frames[F].Caller)
      if (Frames[F].Caller == DF)
        return std::make_pair(static_cast<const Stmt *>(Frames[F].Call), DF);
    return fail("'" + V->getName() +
                "' is captured by reference by the "
                "lambda on line " +
                lineOf(LE) + ", which the analysis cannot follow to a call");
  }

  /// The variable `*this` is in Frame (a member function's), and where and
  /// in which frame its members are read.
  std::optional<std::tuple<const VarDecl *, const Stmt *, unsigned>>
  thisObject(unsigned Frame) {
    const FunctionDecl *F = Frames[Frame].F;
    if (isLambdaOperator(F)) {
      // `this` captured: the enclosing member function's, at the call.
      auto Site = lambdaSite(Frame);
      if (!Site)
        return std::nullopt;
      auto Outer = thisObject(Site->second);
      if (!Outer)
        return std::nullopt;
      for (unsigned X = Frame; Frames[X].Call; X = Frames[X].Caller)
        if (Frames[X].Caller == std::get<2>(*Outer))
          return std::make_tuple(std::get<0>(*Outer),
                                 static_cast<const Stmt *>(Frames[X].Call),
                                 std::get<2>(*Outer));
      return fail("the lambda captures 'this', and the analysis cannot "
                  "follow it to a call from the object's function");
    }
    const CallExpr *Call = Frames[Frame].Call;
    if (!isa<CXXMethodDecl>(F) || !Call)
      return fail("'this' of '" + F->getNameAsString() +
                  "', which has no caller in this file");
    const Expr *Obj = objectOf(Call);
    if (!Obj)
      return fail("the member function called on line " + lineOf(Call) +
                  " is called through a pointer");
    if (isa<CXXThisExpr>(stripObject(Obj)))
      return thisObject(Frames[Frame].Caller);
    auto Var = objectVariable(Obj, Frames[Frame].Caller, Call);
    if (!Var)
      return std::nullopt;
    return std::make_tuple(Var->first, static_cast<const Stmt *>(Call),
                           Var->second);
  }

  /// A member of `*this` (`p` in a function object's operator(), Fields
  /// from the outermost), as an integer or a pointer.
  std::optional<NodeId> thisMember(llvm::ArrayRef<const FieldDecl *> Fields,
                                   const std::string &Path, unsigned Frame,
                                   QualType T, bool Pointer) {
    auto Obj = thisObject(Frame);
    if (!Obj)
      return std::nullopt;
    return member(std::get<0>(*Obj), Fields, Path, std::get<1>(*Obj),
                  std::get<2>(*Obj), T, Pointer);
  }

  /// The pointer a member holds: of `*this` in a function object's
  /// operator(), of a local or a parameter passed by value. Any other
  /// member is not a pointer into shared memory the analysis follows.
  std::optional<NodeId> memberPointer(const MemberExpr *ME, unsigned Frame) {
    std::string Path;
    llvm::SmallVector<const FieldDecl *, 4> Fields;
    const Expr *B = ME;
    while (const auto *M = dyn_cast<MemberExpr>(B)) {
      const auto *FD = dyn_cast<FieldDecl>(M->getMemberDecl());
      bool OfThis =
          M->isArrow() && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts());
      if (!FD || FD->isBitField() || (M->isArrow() && !OfThis))
        return std::nullopt;
      Fields.insert(Fields.begin(), FD);
      Path = "." + FD->getNameAsString() + Path;
      if (OfThis)
        return thisMember(Fields, Path, Frame, ME->getType(),
                          /*Pointer=*/true);
      B = M->getBase()->IgnoreParens();
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(B);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V)
      return std::nullopt;
    return member(V, Fields, Path, ME, Frame, ME->getType(), /*Pointer=*/true);
  }

  /// The value V has after statement S, which writes it, completes.
  std::optional<NodeId> valueAfter(const VarDecl *V, const Stmt *S,
                                   unsigned Frame) {
    DepthGuard G(Depth);
    charge();
    if (overBudget())
      return fail("too complex");
    if (Depth > 64)
      return fail("the definitions of '" + V->getName() +
                  "' are nested more than 64 deep");
    if (const auto *L = dyn_cast<LabelStmt>(S))
      return valueAfter(V, L->getSubStmt(), Frame);
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
      const ParentMap &PM = parentsOf(Frame);
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
    if (isa<SwitchStmt>(S))
      return fail("'" + V->getName() + "' is assigned in the switch on line " +
                  lineOf(S));
    return fail("'" + V->getName() +
                "' is changed by a statement the "
                "analysis does not follow on line " +
                lineOf(S));
  }

  /// V after an if/else that writes it.
  std::optional<NodeId> ifValue(const VarDecl *V, const IfStmt *If,
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

  /// The value V holds after write W (its DeclStmt, `v = e`, `v op= e`,
  /// `++v`, `v++`).
  std::optional<NodeId> writeValue(const VarDecl *V, const Stmt *W,
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
      return Value(V->getInit());
    }
    if (const auto *U = dyn_cast<UnaryOperator>(W)) {
      auto Prev = valueBefore(V, U, Frame);
      if (!Prev)
        return std::nullopt;
      return stepped(V, *Prev, P->constant(1, IntType::i64()),
                     U->isIncrementOp());
    }
    const auto *B = cast<BinaryOperator>(W);
    if (B->getOpcode() == BO_Assign)
      return Value(B->getRHS());
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

  /// Prev plus or minus Count steps of V's type (elements for a pointer).
  std::optional<NodeId> stepped(const VarDecl *V, NodeId Prev, NodeId Count,
                                bool Add) {
    IntType VT = varType(V);
    if (V->getType()->isPointerType()) {
      auto Size = sizeOf(V->getType()->getPointeeType());
      if (!Size)
        return fail("the element size is unknown");
      NodeId Off =
          P->binary(Op::Mul, i64(Count), P->constant(*Size, IntType::i64()),
                    IntType::i64());
      return P->binary(Add ? Op::Add : Op::Sub, Prev, Off, IntType::i64());
    }
    return P->binary(Add ? Op::Add : Op::Sub, Prev, P->cast(Count, VT), VT);
  }

  /// The value of `v++`, `++v`, `p--`... as an expression.
  std::optional<NodeId> incDecValue(const UnaryOperator *U, unsigned Frame,
                                    bool Pointer) {
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

  static const Stmt *loopBody(const Stmt *L) {
    if (const auto *F = dyn_cast<ForStmt>(L))
      return F->getBody();
    if (const auto *W = dyn_cast<WhileStmt>(L))
      return W->getBody();
    return cast<DoStmt>(L)->getBody();
  }

  /// V at the head of loop L, each time the condition is tested (for a do
  /// loop, each time the body starts).
  std::optional<NodeId> header(const VarDecl *V, const Stmt *L,
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

  /// When Next is Self + E or Self - E, with E uniform: the step.
  std::optional<NodeId> stepOf(NodeId Next, NodeId Self, unsigned Id) {
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

  /// V at the end of loop L's body, where the next iteration starts: the
  /// value falling out of the body, joined with the value at each
  /// `if (c) { ...; continue; }` of the body.
  std::optional<NodeId> endOfBody(const VarDecl *V, const Stmt *L,
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

  /// Can a loop body end the loop other than by its condition: a break of
  /// this loop, a return, a goto?
  static bool leavesEarly(const Stmt *S, bool InInner = false) {
    if (!S)
      return false;
    if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(S))
      return true;
    if (isa<BreakStmt>(S))
      return !InInner;
    if (isa<Expr>(S))
      return false;
    bool Inner =
        InInner ||
        isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
    for (const Stmt *C : S->children())
      if (leavesEarly(C, Inner))
        return true;
    return false;
  }

  /// The continue statements of a loop body (not those of inner loops).
  static void
  collectContinues(const Stmt *S,
                   llvm::SmallVectorImpl<const ContinueStmt *> &Out) {
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

  // ---- calls --------------------------------------------------------------

  /// The tile size N of a cooperative_groups::thread_block_tile<N, ...> (or
  /// of a base class carrying N), 0 for another type.
  static uint64_t tileSize(const CXXRecordDecl *RD) {
    if (!RD || !RD->hasDefinition())
      return 0;
    if (const auto *TS = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
      const TemplateArgumentList &Args = TS->getTemplateArgs();
      if (RD->getName().contains("tile") && Args.size() >= 1 &&
          Args[0].getKind() == TemplateArgument::Integral)
        return Args[0].getAsIntegral().getZExtValue();
    }
    for (const CXXBaseSpecifier &B : RD->bases())
      if (uint64_t N = tileSize(B.getType()->getAsCXXRecordDecl()))
        return N;
    return 0;
  }

  /// thread_rank(), size(), num_threads() and meta_group_rank() of a
  /// cooperative_groups::thread_block or thread_block_tile<N>: the linear
  /// thread index (x + y*Bx + z*Bx*By), modulo N for a tile. A static tile
  /// of size N partitioned from the block or from another static tile has
  /// rank linear % N; its meta_group_rank() is linear / N only when the
  /// object was partitioned from the block itself, as its initializer
  /// shows.
  std::optional<NodeId> cooperativeGroups(const CallExpr *Call, unsigned Frame,
                                          IntType IT) {
    // A member call, or a call of a static member through an object
    // (CUDA's tiles declare thread_rank() static).
    const auto *M = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
    if (!M || !M->getIdentifier() ||
        M->getParent()->getQualifiedNameAsString().find(
            "cooperative_groups::") == std::string::npos)
      return std::nullopt;
    const Expr *Obj = nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
      Obj = MC->getImplicitObjectArgument();
    else if (const auto *ME =
                 dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts()))
      Obj = ME->getBase();
    const CXXRecordDecl *RD = Obj ? Obj->getType()
                                        ->getPointeeOrArrayElementType()
                                        ->getAsCXXRecordDecl()
                                  : nullptr;
    if (!RD)
      return std::nullopt;
    StringRef Name = M->getName();
    uint64_t N = tileSize(RD);
    bool Block = RD->getName() == "thread_block";
    if (!N && !Block)
      return std::nullopt;
    IntType U = IntType::u32();
    NodeId X = P->threadIdx(0), Y = P->threadIdx(1), Z = P->threadIdx(2);
    NodeId BX = P->blockDim(0), BY = P->blockDim(1), BZ = P->blockDim(2);
    NodeId Linear = P->binary(
        Op::Add, X,
        P->binary(Op::Mul,
                  P->binary(Op::Add, Y, P->binary(Op::Mul, Z, BY, U), U), BX,
                  U),
        U);
    NodeId Threads = P->binary(Op::Mul, P->binary(Op::Mul, BX, BY, U), BZ, U);
    NodeId R;
    if (Name == "thread_rank")
      R = N ? P->binary(Op::Rem, Linear, P->constant(N, U), U) : Linear;
    else if (Name == "size" || Name == "num_threads")
      R = N ? P->constant(N, U) : Threads;
    else if (Name == "meta_group_rank" && N && fromBlock(Obj, Frame))
      R = P->binary(Op::Div, Linear, P->constant(N, U), U);
    else
      return std::nullopt;
    return P->cast(R, IT);
  }

  /// Was the tile Obj names made by tiled_partition of a thread_block?
  bool fromBlock(const Expr *Obj, unsigned Frame) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Obj->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || !V->getInit() ||
        changed(V, Frame))
      return false;
    struct Find : RecursiveASTVisitor<Find> {
      bool Found = false;
      bool VisitCallExpr(CallExpr *C) {
        const FunctionDecl *F = C->getDirectCallee();
        if (F && F->getIdentifier() && F->getName() == "tiled_partition" &&
            C->getNumArgs() >= 1)
          if (const auto *RD = C->getArg(0)->getType()->getAsCXXRecordDecl())
            Found |= RD->getName() == "thread_block";
        return true;
      }
    } F;
    F.TraverseStmt(const_cast<Expr *>(V->getInit()));
    return F.Found;
  }

  /// The value a call of a device function returns, lowered in a frame of
  /// its own whose parameters are the call's arguments.
  std::optional<NodeId> callValue(const CallExpr *Call, unsigned Frame,
                                  bool Pointer) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return fail("a call through a function pointer in the address");
    std::string Name = "'" + Callee->getNameAsString() + "'";
    const FunctionDecl *Def = nullptr;
    if (!Callee->hasBody(Def) || !Def || !isa<CompoundStmt>(Def->getBody()))
      return fail("a call of " + Name + ", whose body is not in this file");
    if (isKernel(Def) || Def->isVariadic())
      return fail("a call of " + Name + " the analysis does not follow");
    // Recursion: Def among the callers of this frame (another call of Def
    // lowered earlier, `f(a) + f(b)`, is not).
    for (unsigned F = Frame;; F = Frames[F].Caller) {
      if (Frames[F].F == Def)
        return fail("a recursive call of " + Name);
      if (!Frames[F].Call || Frames[F].Caller == F)
        break;
    }
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
    auto R = returnValue(Ss, New, Pointer, RT);
    if (!R)
      return std::nullopt;
    CallValues[Key] = *R;
    return R;
  }

  static bool hasReturn(const Stmt *S) {
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
  static llvm::SmallVector<const Stmt *, 8> stmtsOf(const Stmt *S) {
    if (const auto *C = dyn_cast<CompoundStmt>(S))
      return {C->body_begin(), C->body_end()};
    return {S};
  }
  static bool endsInReturn(const Stmt *S) {
    auto Ss = stmtsOf(S);
    return !Ss.empty() && isa<ReturnStmt>(Ss.back());
  }

  /// The value returned by the statements Ss (the rest of a function body):
  /// `if (c) return a; ... return b;` is Select(c, a, b).
  std::optional<NodeId> returnValue(llvm::ArrayRef<const Stmt *> Ss,
                                    unsigned Frame, bool Pointer, IntType RT) {
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
      const auto *If = dyn_cast<IfStmt>(S);
      if (!If || If->getInit() || If->getConditionVariable() ||
          !endsInReturn(If->getThen()) ||
          (If->getElse() && !endsInReturn(If->getElse())))
        return fail("a return the analysis does not follow on line " +
                    lineOf(S));
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

  static const Stmt *stripLabels(const Stmt *S) {
    while (const auto *SC = dyn_cast_or_null<SwitchCase>(S))
      S = SC->getSubStmt();
    return S;
  }

  /// The guard of a statement S in a case of switch Sw: the switch value
  /// is one of the case labels that lead to S (falling through the cases
  /// before it), or, when `default:` leads there, none of the others.
  void switchGuard(const SwitchStmt *Sw, const Stmt *S, unsigned Frame,
                   std::vector<std::pair<NodeId, bool>> &Out) {
    const auto *Body = dyn_cast<CompoundStmt>(Sw->getBody());
    if (!Body || Sw->getInit() || Sw->getConditionVariable())
      return;
    const ParentMap &PM = Finder.parents(Frames[Frame].F);
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
      NodeId Eq = P->binary(Op::EQ, *Value,
                            P->constant(R.Val.getInt().getExtValue(), CT),
                            IntType::i32());
      Any = Any ? P->binary(Op::LOr, *Any, Eq, IntType::i32()) : Eq;
    }
    Out.push_back({*Any, !Default});
  }

  void guards(const Stmt *S, unsigned Frame,
              std::vector<std::pair<NodeId, bool>> &Out) {
    const FunctionDecl *F = Frames[Frame].F;
    const ParentMap &PM = Finder.parents(F);
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

std::optional<LoweredAccess>
SharedAccessFinder::lower(const SharedAccess &A, const CallChain &Chain,
                          const ArrayPadding *Pad, std::string &Why,
                          llvm::ArrayRef<std::optional<int64_t>> KernelArgs,
                          std::vector<SourceRange> *Through) {
  Why.clear();
  Lowering L(*this, Chain, Pad, Why, KernelArgs, Through);
  return L.run(A);
}

//===----------------------------------------------------------------------===//

bool SharedAccessFinder::onlyFullySubscripted(
    const VarDecl *V, llvm::ArrayRef<TUIndex::SharedRef> Refs) {
  unsigned Rank = 0;
  for (QualType T = V->getType(); const auto *AT = Ctx.getAsArrayType(T);
       T = AT->getElementType())
    ++Rank;
  if (Rank < 2)
    return false;
  for (const auto &[E, F] : Refs) {
    const ParentMap &PM = parents(F);
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
  return true;
}

} // namespace warplint
