//===-- FieldValues.cpp - Members of records, and what branches fix -------===//
//
// The rule for members of records (struct locals, dim3, unions), which the
// lowering asks for a member read (LowerObjects.cpp) and a dim3
// (LowerDim3.cpp): every reference to the variable in its function is
// classified (classifyUse) as a read, a whole assignment, or anything else;
// "anything else" (a write to a part, the address passed where it can be
// written, a non-const reference) makes the value unknown, and so does an
// assignment that is not an expression statement of a compound statement
// enclosing the use, before it. What is left is straight-line code, where
// the last assignment before the use is the value.
//
// Also here: what the branches around a launch say of the variables its
// function never writes (factsAt), and the elements of a constant array an
// argument may be (arrayChoices).
//
//===----------------------------------------------------------------------===//
#include "AstUtil.h"
#include "FunctionFacts.h"
#include "warplint/Analysis/ValueEngine.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace warplint {

ValueEngine::ValueEngine(ASTContext &Ctx) : Ctx(Ctx) {}
ValueEngine::~ValueEngine() = default;

namespace {

/// The member Fields (outermost first) of an aggregate initialised by
/// Init, when Init spells it out (`{32, 8}`); null otherwise.
const Expr *fieldOf(const Expr *Init,
                    llvm::ArrayRef<const FieldDecl *> Fields) {
  for (const FieldDecl *F : Fields) {
    if (!Init)
      return nullptr;
    const auto *ILE = dyn_cast<InitListExpr>(strip(Init, StripToValue));
    if (!ILE || F->getFieldIndex() >= ILE->getNumInits())
      return nullptr;
    // A union's list initialises one member, not the F-th.
    if (ILE->getType()->isUnionType() && ILE->getInitializedFieldInUnion() != F)
      return nullptr;
    Init = ILE->getInit(F->getFieldIndex());
  }
  return Init;
}

/// One reference to the variable asked about, as fieldDefinition sees it.
struct FieldUse {
  const Expr *Top = nullptr; ///< the reference, with the members named
  const Stmt *Parent = nullptr;
  llvm::SmallVector<const FieldDecl *, 4> Path; ///< the members named
  bool InConditional = false;                   ///< an arm of an lvalue `?:`
};

/// Climbs from Ref through parentheses, member accesses (Ref.f1.f2 ...),
/// no-op casts and the arms of an lvalue `c ? v : w`.
FieldUse climb(const DeclRefExpr *Ref, const FunctionFacts &FF) {
  auto SkipParens = [&](const Stmt *S) {
    const Stmt *P = FF.parent(S);
    while (P && isa<ParenExpr>(P))
      P = FF.parent(P);
    return P;
  };
  FieldUse U;
  U.Top = Ref;
  const Stmt *P = SkipParens(U.Top);
  while (P) {
    if (const auto *CO = dyn_cast<ConditionalOperator>(P);
        CO && CO->isGLValue() && CO->getCond() != U.Top) {
      U.InConditional = true;
    } else if (const auto *ME = dyn_cast<MemberExpr>(P)) {
      const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (ME->isArrow() || !F)
        break;
      U.Path.push_back(F);
    } else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P)) {
      if (ICE->getCastKind() != CK_NoOp)
        break;
    } else {
      break;
    }
    U.Top = cast<Expr>(P);
    P = SkipParens(U.Top);
  }
  U.Parent = P;
  return U;
}

/// `x.h[0] = ...`: the assignment or increment that writes an element of a
/// member array Top names, or null.
const Stmt *elementWrite(const Stmt *Top, const FunctionFacts &FF) {
  const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(FF.parent(Top));
  if (!ICE || ICE->getCastKind() != CK_ArrayToPointerDecay)
    return nullptr;
  const Stmt *ASE = FF.parent(ICE);
  while (ASE && isa<ParenExpr>(ASE))
    ASE = FF.parent(ASE);
  if (!isa_and_nonnull<ArraySubscriptExpr>(ASE))
    return nullptr;
  const Stmt *AP = FF.parent(ASE);
  while (AP && isa<ParenExpr>(AP))
    AP = FF.parent(AP);
  const auto *BO = dyn_cast_or_null<BinaryOperator>(AP);
  const auto *UO = dyn_cast_or_null<UnaryOperator>(AP);
  if ((BO && BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == ASE) ||
      (UO && UO->isIncrementDecrementOp()))
    return AP;
  return nullptr;
}

/// Whether the call FU's use makes of the object leaves the queried
/// member (ValueEngine::leavesField).
bool callLeaves(ValueEngine &VE, const FieldUse &FU,
                ArrayRef<const FieldDecl *> Fields, const FunctionFacts &FF) {
  const auto *ME = dyn_cast_or_null<MemberExpr>(FU.Parent);
  const auto *M = ME ? dyn_cast<CXXMethodDecl>(ME->getMemberDecl()) : nullptr;
  const auto *MC =
      ME ? dyn_cast_or_null<CXXMemberCallExpr>(FF.parent(ME)) : nullptr;
  return M && MC && MC->getCallee()->IgnoreParens() == ME &&
         VE.leavesField(M, Fields[FU.Path.size()]);
}

/// The value a constructor's member initializer gives the member Fields
/// name (an argument of the construction, or a constant), when the
/// constructor's body leaves it; null otherwise.
const Expr *constructorField(ValueEngine &VE, const VarDecl *Var,
                             ArrayRef<const FieldDecl *> Fields) {
  if (Fields.empty() || !Var->getInit())
    return nullptr;
  const auto *CE = dyn_cast<CXXConstructExpr>(Var->getInit()->IgnoreImplicit());
  if (!CE || CE->isElidable())
    return nullptr;
  const FunctionDecl *Def = nullptr;
  if (!CE->getConstructor()->hasBody(Def) || !Def)
    return nullptr;
  const auto *Ctor = cast<CXXConstructorDecl>(Def);
  // The body runs after the member initializers: it must leave the member.
  if (!VE.leavesField(Ctor, Fields[0]))
    return nullptr;
  for (const CXXCtorInitializer *I : Ctor->inits()) {
    if (!I->isMemberInitializer() || I->getMember() != Fields[0])
      continue;
    const Expr *X = I->getInit()->IgnoreImplicit();
    if (const auto *DI = dyn_cast<CXXDefaultInitExpr>(X))
      X = DI->getExpr()->IgnoreImplicit();
    const Expr *Value = nullptr;
    // `sharedK(smemK)`: the constructor's parameter, so the call's argument
    // (a parameter the initializers before this one leave as it is).
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts()))
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
          P && P->getDeclContext() == Ctor &&
          P->getFunctionScopeIndex() < CE->getNumArgs() &&
          !P->getType()->isReferenceType())
        Value = CE->getArg(P->getFunctionScopeIndex());
    // `count(0)`: a constant.
    if (!Value && !X->isValueDependent() && VE.constantOf(X))
      Value = X;
    if (!Value)
      return nullptr;
    return Fields.size() == 1 ? Value : fieldOf(Value, Fields.drop_front());
  }
  return nullptr;
}

} // namespace

const Expr *ValueEngine::fieldDefinition(const VarDecl *Var,
                                         ArrayRef<const FieldDecl *> Fields,
                                         const Stmt *Use, std::string *Why) {
  if (!Var || Var->isInvalidDecl() || Var->getType().isVolatileQualified() ||
      isa<ParmVarDecl>(Var))
    return nullptr;
  // Globals and statics: only a const object's initializer is certain.
  if (!Var->hasLocalStorage()) {
    if (!Var->getType().isConstQualified())
      return nullptr;
    return fieldOf(Var->getAnyInitializer(), Fields);
  }
  const auto *FD =
      dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return nullptr;
  const FunctionFacts &FF = factsOfBody(FD->getBody());
  // The use must be in this function (a lambda's body is part of it).
  if (!FF.Parents->hasParent(Use) && Use != FD->getBody())
    return nullptr;

  struct Def {
    const Expr *Value; ///< null: a write through another union member
    const Stmt *Statement;
    std::string Why; ///< for a null Value
  };
  llvm::SmallVector<Def, 4> Defs;

  auto Lookup = FF.Refs.find(Var);
  for (const DeclRefExpr *Ref : Lookup == FF.Refs.end()
                                    ? llvm::ArrayRef<const DeclRefExpr *>()
                                    : llvm::ArrayRef(Lookup->second)) {
    FieldUse FU = climb(Ref, FF);
    // How does this reference relate to the queried object?
    size_t Common = 0;
    while (Common < FU.Path.size() && Common < Fields.size() &&
           FU.Path[Common] == Fields[Common])
      ++Common;
    // A sibling member is irrelevant, unless both are members of one union:
    // they share their storage, and a write of one changes the other.
    const FieldDecl *UnionSibling = nullptr;
    if (Common < FU.Path.size() && Common < Fields.size()) {
      if (!FU.Path[Common]->getParent()->isUnion())
        continue;
      UnionSibling = FU.Path[Common];
    }
    bool ExactlyQueried = FU.Path.size() == Fields.size();

    // e.g. bound to a reference variable: no parent the walk follows.
    ::warplint::Use U;
    if (FU.Parent)
      U = classifyUse(FU.Top, FU.Parent, *FF.Parents, this);
    // `v.method(...)` on the object that holds the queried member: a
    // method that leaves that member leaves it.
    if (U.Kind == UseKind::Escape && !UnionSibling &&
        FU.Path.size() < Fields.size() && callLeaves(*this, FU, Fields, FF))
      continue;
    bool Written = U.Kind == UseKind::Write;
    const Stmt *Write = FU.Parent;
    if (const Stmt *W = elementWrite(FU.Top, FF)) {
      Written = true;
      Write = W;
    }
    if (U.Kind == UseKind::Read)
      continue;
    // Why this use leaves the queried object without a definition.
    std::string Msg;
    std::string Line = lineOf(Ref, Ctx);
    std::string Name = Var->getNameAsString();
    for (const FieldDecl *F : FU.Path) {
      if (UnionSibling && F == FU.Path[Common])
        break;
      if (F->getIdentifier())
        Name += "." + F->getNameAsString();
    }
    if (UnionSibling)
      Msg = "'" + Name + "' is " + (Written ? "written" : "used") +
            " through another member of its union ('" +
            UnionSibling->getNameAsString() + "') on line " + Line +
            (Written ? ""
                     : ", in a way that may write it (its address taken, "
                       "bound to a reference or passed to a call)");
    else if (U.Kind == UseKind::Escape)
      Msg = "'" + Name + "' is used on line " + Line +
            " in a way that may write it (its address taken, bound to a "
            "reference or passed to a call)";
    auto Unknown = [&]() -> const Expr * {
      if (Why)
        *Why = Msg;
      return nullptr;
    };
    if (FU.InConditional)
      return Unknown();
    // A write through another member of the union is a definition whose
    // value the analysis does not know.
    if (UnionSibling ? !Written : U.Kind == UseKind::Escape || !ExactlyQueried)
      return Unknown();
    // An assignment: must be an expression statement of a compound statement.
    const Stmt *S = Write;
    const Stmt *SP = FF.parent(S);
    if (SP && isa<ExprWithCleanups>(SP)) {
      S = SP;
      SP = FF.parent(S);
    }
    if (!SP || !isa<CompoundStmt>(SP))
      return Unknown();
    Defs.push_back({UnionSibling ? nullptr : U.Value, S, Msg});
  }

  // Every assignment must come before the use, in a compound statement that
  // encloses it; the last one in source order then reaches the use.
  const SourceManager &SM = Ctx.getSourceManager();
  const Def *Last = nullptr;
  auto IsDescendant = [&](const Stmt *Anc, const Stmt *S) {
    for (const Stmt *P = FF.parent(S); P; P = FF.parent(P))
      if (P == Anc)
        return true;
    return false;
  };
  for (const Def &D : Defs) {
    const auto *C = cast<CompoundStmt>(FF.parent(D.Statement));
    const Stmt *Child = Use;
    const Stmt *Anc = FF.parent(Use);
    while (Anc && Anc != C) {
      Child = Anc;
      Anc = FF.parent(Anc);
    }
    if (!Anc)
      return nullptr;
    // `v = f(v)`: the use in the right-hand side reads the definition
    // before this one.
    if (Child == D.Statement && D.Value &&
        (D.Value == Use || IsDescendant(D.Value, Use)))
      continue;
    bool Before = false;
    for (const Stmt *B : C->body()) {
      if (B == Child)
        break;
      if (B == D.Statement) {
        Before = true;
        break;
      }
    }
    if (!Before) {
      // An assignment after the use reaches it only around a loop that
      // holds both and not the variable's declaration.
      for (const Stmt *A = C; A; A = FF.parent(A)) {
        if ((isa<ForStmt>(A) || isa<WhileStmt>(A) || isa<DoStmt>(A) ||
             isa<CXXForRangeStmt>(A)) &&
            !(SM.isBeforeInTranslationUnit(A->getBeginLoc(),
                                           Var->getLocation()) &&
              SM.isBeforeInTranslationUnit(Var->getLocation(), A->getEndLoc())))
          return nullptr;
        if (A == FD->getBody())
          break;
      }
      continue;
    }
    if (!Last || SM.isBeforeInTranslationUnit(Last->Statement->getBeginLoc(),
                                              D.Statement->getBeginLoc()))
      Last = &D;
  }
  // A goto label or a case between the last assignment and the use is a way
  // to reach the use without passing the assignment.
  // (A case label of a switch that starts after the assignment is reached
  // from that switch only, after the assignment.)
  if (Last)
    for (size_t I = 0; I < FF.JumpTargets.size(); ++I) {
      SourceLocation L = FF.JumpTargets[I], From = FF.JumpFrom[I];
      if (SM.isBeforeInTranslationUnit(Last->Statement->getEndLoc(), L) &&
          SM.isBeforeInTranslationUnit(L, Use->getBeginLoc()) &&
          !(From.isValid() &&
            SM.isBeforeInTranslationUnit(Last->Statement->getEndLoc(), From)))
        return nullptr;
    }
  if (Last) {
    if (!Last->Value && Why)
      *Why = Last->Why;
    return Last->Value;
  }
  if (const Expr *E = constructorField(*this, Var, Fields))
    return E;
  return fieldOf(Var->getInit(), Fields);
}

/// The uses of `this` in Body.
static llvm::SmallVector<const CXXThisExpr *, 8> thisUses(const Stmt *Body) {
  llvm::SmallVector<const CXXThisExpr *, 8> Uses;
  visitStmts(Body, [&](const Stmt *S) {
    if (const auto *E = dyn_cast<CXXThisExpr>(S))
      Uses.push_back(E);
    return true;
  });
  return Uses;
}

/// S's parent, past parentheses and no-op casts.
static const Stmt *parentPastNoOps(const Stmt *S, const FunctionFacts &FF) {
  const Stmt *P = FF.parent(S);
  while (P && (isa<ParenExpr>(P) ||
               (isa<ImplicitCastExpr>(P) &&
                cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp)))
    P = FF.parent(P);
  return P;
}

bool ValueEngine::leavesObject(const CXXMethodDecl *M) {
  if (M->isConst())
    return true;
  if (auto It = LeavesObject.find(M); It != LeavesObject.end())
    return It->second;
  // Every use of `this` reads a field (`this->p`, `p`): nothing else can
  // change the object.
  auto Leaves = [&] {
    const FunctionDecl *Def = nullptr;
    if (M->isStatic() || !M->hasBody(Def) || !Def || !Def->getBody())
      return false;
    const FunctionFacts &FF = factsOfBody(Def->getBody());
    for (const CXXThisExpr *T : thisUses(Def->getBody())) {
      const auto *ME = dyn_cast_or_null<MemberExpr>(parentPastNoOps(T, FF));
      if (!ME || !isa<FieldDecl>(ME->getMemberDecl()))
        return false;
      const Stmt *Q = FF.parent(ME);
      while (isa_and_nonnull<ParenExpr>(Q))
        Q = FF.parent(Q);
      const auto *R = dyn_cast_or_null<ImplicitCastExpr>(Q);
      if (!R || R->getCastKind() != CK_LValueToRValue)
        return false;
    }
    return true;
  }();
  LeavesObject[M] = Leaves;
  return Leaves;
}

bool ValueEngine::leavesField(const CXXMethodDecl *M, const FieldDecl *F,
                              unsigned Depth) {
  if (M->isStatic())
    return true;
  if (M->isConst() && !F->isMutable())
    return true;
  // An element of a member array written reads as a use of the array.
  if (F->getType()->isArrayType() || Depth > 8)
    return false;
  auto Key = std::make_pair(M, F);
  if (auto It = LeavesField.find(Key); It != LeavesField.end())
    return It->second;
  LeavesField[Key] = false; // a method that calls itself proves nothing
  bool Leaves = [&] {
    const FunctionDecl *Def = nullptr;
    if (!M->hasBody(Def) || !Def || !Def->getBody())
      return false;
    const FunctionFacts &FF = factsOfBody(Def->getBody());
    auto Up = [&](const Stmt *S) { return parentPastNoOps(S, FF); };
    for (const CXXThisExpr *T : thisUses(Def->getBody())) {
      const auto *ME = dyn_cast_or_null<MemberExpr>(Up(T));
      if (!ME)
        return false; // `this` itself passed or bound somewhere
      if (const auto *G = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
        if (G != F) {
          // Another member, unless the two share a union's storage.
          if (G->getParent()->isUnion() && G->getParent() == F->getParent())
            return false;
          continue;
        }
        // F itself, or a part of it (`this->f.x`): read only.
        const Expr *Top = ME;
        const Stmt *P = Up(Top);
        while (const auto *Sub = dyn_cast_or_null<MemberExpr>(P)) {
          if (Sub->isArrow() || !isa<FieldDecl>(Sub->getMemberDecl()))
            break;
          Top = Sub;
          P = Up(Top);
        }
        if (!P || classifyUse(Top, P, *FF.Parents, this).Kind != UseKind::Read)
          return false;
        continue;
      }
      const auto *Other = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
      const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(FF.parent(ME));
      if (!Other || !MC || MC->getCallee()->IgnoreParens() != ME ||
          !leavesField(Other, F, Depth + 1))
        return false;
    }
    return true;
  }();
  LeavesField[Key] = Leaves;
  return Leaves;
}

bool ValueEngine::neverWritten(const VarDecl *V) {
  if (V->getType().isVolatileQualified() || !V->hasLocalStorage())
    return V->getType().isConstQualified();
  const auto *FD =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return false;
  const FunctionFacts &FF = factsOfBody(FD->getBody());
  auto It = FF.Refs.find(V);
  if (It == FF.Refs.end())
    return true;
  for (const DeclRefExpr *R : It->second)
    if (classifyReference(R, FF, this).Kind != UseKind::Read)
      return false;
  return true;
}

llvm::DenseMap<const VarDecl *, llvm::APSInt>
ValueEngine::factsAt(const Stmt *Point, const FunctionDecl *F) {
  llvm::DenseMap<const VarDecl *, llvm::APSInt> Out;
  if (!F || !F->getBody())
    return Out;
  const FunctionFacts &FF = factsOfBody(F->getBody());
  auto Record = [&](const Expr *Cond, const Expr *Value) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Cond->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || !V->getType()->isIntegralOrEnumerationType() || Out.count(V))
      return;
    Expr::EvalResult R;
    if (!Value->EvaluateAsInt(R, Ctx) || !neverWritten(V))
      return;
    Out[V] = R.Val.getInt();
  };
  const Stmt *Child = Point;
  for (const Stmt *P = FF.parent(Point); P; Child = P, P = FF.parent(P)) {
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      // if (v == K) { ... }
      const auto *B = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParens());
      if (Child == If->getThen() && B && B->getOpcode() == BO_EQ) {
        Record(B->getLHS(), B->getRHS());
        Record(B->getRHS(), B->getLHS());
      }
    } else if (const auto *Sw = dyn_cast<SwitchStmt>(P)) {
      // switch (v) { case K: ... }: one label leads to the statement.
      const auto *Body = dyn_cast<CompoundStmt>(Sw->getBody());
      if (!Body || Child != Body || Sw->getInit() || Sw->getConditionVariable())
        continue;
      const Stmt *Inner = Point;
      while (Inner && FF.parent(Inner) != Body)
        Inner = FF.parent(Inner);
      const CaseStmt *Label = nullptr;
      unsigned Labels = 0;
      bool Default = false;
      const Stmt *Prev = nullptr;
      for (const Stmt *C : Body->body()) {
        if (C == Inner)
          break;
        Prev = C;
      }
      // Fall-through from the statement before leaves the label unsure.
      const Stmt *PrevEnd = Prev;
      while (const auto *SC = dyn_cast_or_null<SwitchCase>(PrevEnd))
        PrevEnd = SC->getSubStmt();
      if (Prev && !isa<BreakStmt, ReturnStmt, ContinueStmt>(PrevEnd))
        continue;
      for (const Stmt *X = Inner;
           const auto *SC = dyn_cast_or_null<SwitchCase>(X);
           X = SC->getSubStmt()) {
        ++Labels;
        if (const auto *CS = dyn_cast<CaseStmt>(SC))
          Label = CS;
        else
          Default = true;
      }
      if (Labels == 1 && Label && !Default && !Label->caseStmtIsGNURange())
        Record(Sw->getCond(), Label->getLHS());
    }
    if (P == F->getBody())
      break;
  }
  return Out;
}

llvm::SmallVector<const Expr *, 8>
ValueEngine::arrayChoices(const Expr *E, const ValueDecl **Index) {
  llvm::SmallVector<const Expr *, 8> Out;
  if (Index)
    *Index = nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && V->hasLocalStorage() && !isa<ParmVarDecl>(V))
      if (const Expr *Def = fieldDefinition(V, {}, DRE))
        E = strip(Def, StripToValue)->IgnoreParenImpCasts();
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
  if (!ASE)
    return Out;
  const auto *Base =
      dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
  const auto *A = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
  if (!A || !A->getType()->isConstantArrayType() || !neverWritten(A))
    return Out;
  const auto *ILE = dyn_cast_or_null<InitListExpr>(
      A->getInit() ? strip(A->getInit(), StripToValue) : nullptr);
  if (!ILE || ILE->getNumInits() == 0 || ILE->getNumInits() > 16)
    return Out;
  // A constant index picks one element.
  if (std::optional<int64_t> I = constantOf(ASE->getIdx())) {
    if (*I >= 0 && uint64_t(*I) < ILE->getNumInits())
      Out.push_back(ILE->getInit(unsigned(*I)));
    return Out;
  }
  if (const auto *IdxRef =
          dyn_cast<DeclRefExpr>(ASE->getIdx()->IgnoreParenImpCasts());
      IdxRef && Index)
    *Index = IdxRef->getDecl();
  for (const Expr *I : ILE->inits())
    Out.push_back(I);
  return Out;
}

} // namespace warplint
