//===-- ValueEval.cpp - Values of launch-configuration expressions --------===//
//
// Two layers. Clang's constant evaluator answers for everything a constant
// expression can be (constexpr, const, enumerators, template arguments,
// sizeof, constexpr dim3 constructors). On top of it, a small evaluator walks
// the expression itself and, for a local variable, finds its reaching
// definition by a deliberately narrow rule: every reference to the variable in
// its function is classified as a read, a whole assignment, or anything else;
// "anything else" (a write to a part, an increment, the address passed where
// it can be written, a non-const reference) makes the value unknown, and so
// does an assignment that is not an expression statement of a compound
// statement enclosing the use, before it. What is left is straight-line code,
// where the last assignment before the use is the value.
//
//===----------------------------------------------------------------------===//
#include "warplint/Analysis/ValueEval.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;
using llvm::APSInt;

namespace warplint {

namespace {

struct DepthGuard {
  unsigned &D;
  explicit DepthGuard(unsigned &D) : D(D) { ++D; }
  ~DepthGuard() { --D; }
};

class FactsCollector : public RecursiveASTVisitor<FactsCollector> {
public:
  ValueEvaluator::FunctionFacts &F;
  explicit FactsCollector(ValueEvaluator::FunctionFacts &F) : F(F) {}
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      F.Refs[V].push_back(E);
    return true;
  }
  bool VisitLabelStmt(LabelStmt *S) {
    F.JumpTargets.push_back(S->getBeginLoc());
    F.JumpFrom.push_back(SourceLocation());
    return true;
  }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    Switches.push_back(S);
    bool R = RecursiveASTVisitor::TraverseSwitchStmt(S);
    Switches.pop_back();
    return R;
  }
  bool VisitSwitchCase(SwitchCase *S) {
    F.JumpTargets.push_back(S->getBeginLoc());
    F.JumpFrom.push_back(Switches.empty() ? SourceLocation()
                                          : Switches.back()->getBeginLoc());
    return true;
  }
  llvm::SmallVector<const SwitchStmt *, 2> Switches;
};

const Expr *stripTemporaries(const Expr *E) {
  while (true) {
    const Expr *Prev = E;
    E = E->IgnoreParens();
    if (auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr();
    else if (auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MTE->getSubExpr();
    else if (auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BTE->getSubExpr();
    else if (auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
      E = FC->getSubExpr();
    else if (auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      if (ICE->getCastKind() == CK_NoOp ||
          ICE->getCastKind() == CK_ConstructorConversion ||
          ICE->getCastKind() == CK_UserDefinedConversion)
        E = ICE->getSubExpr();
    } else if (auto *SNT = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      E = SNT->getReplacement();
    if (E == Prev)
      return E;
  }
}

APSInt convertTo(APSInt V, QualType T, ASTContext &Ctx) {
  if (T->isBooleanType())
    return APSInt(llvm::APInt(1, V != 0), /*isUnsigned=*/true);
  unsigned W = Ctx.getIntWidth(T);
  V = V.extOrTrunc(W);
  V.setIsUnsigned(T->isUnsignedIntegerOrEnumerationType());
  return V;
}

const FieldDecl *fieldNamed(const RecordDecl *RD, StringRef Name) {
  for (const FieldDecl *F : RD->fields())
    if (F->getName() == Name)
      return F;
  return nullptr;
}

} // namespace

bool isDim3Type(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  const auto *RD = T->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  if (RD->getName() != "dim3" && RD->getName() != "uint3")
    return false;
  for (StringRef N : {"x", "y", "z"}) {
    const FieldDecl *F = fieldNamed(RD, N);
    if (!F || !F->getType()->isIntegerType())
      return false;
  }
  return true;
}

ValueEvaluator::FunctionFacts &ValueEvaluator::factsOf(const Stmt *Body) {
  std::unique_ptr<FunctionFacts> &F = Facts[Body];
  if (!F) {
    F = std::make_unique<FunctionFacts>();
    F->Parents = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
    FactsCollector(*F).TraverseStmt(const_cast<Stmt *>(Body));
  }
  return *F;
}

const Stmt *ValueEvaluator::parentOf(const Stmt *S) {
  // An initializer's parent is its DeclStmt.
  return CurrentParents ? CurrentParents->getParent(S) : nullptr;
}

namespace {
enum class UseKind { Read, Assign, Clobber };

/// Sets the component of D a dim3 field is named after (x, y or z).
void setComponent(model::Dim3 &D, StringRef Field, uint64_t V) {
  if (Field == "x")
    D.X = V;
  else if (Field == "y")
    D.Y = V;
  else if (Field == "z")
    D.Z = V;
}

/// Whether Call passes Arg to a parameter that is a pointer (Pointer) or a
/// reference to const: the callee may read through it, not write.
bool passedAsConst(const CallExpr *Call, const Expr *Arg, bool Pointer) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return false;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (Call->getArg(I)->IgnoreParens() == Arg && I < Callee->getNumParams()) {
      QualType PT = Callee->getParamDecl(I)->getType();
      if ((Pointer ? PT->isPointerType() : PT->isReferenceType()) &&
          PT->getPointeeType().isConstQualified())
        return true;
    }
  return false;
}

/// The member Fields (outermost first) of an aggregate initialised by
/// Init, when Init spells it out (`{32, 8}`); null otherwise.
const Expr *fieldOf(const Expr *Init,
                    llvm::ArrayRef<const FieldDecl *> Fields) {
  for (const FieldDecl *F : Fields) {
    if (!Init)
      return nullptr;
    const auto *ILE = dyn_cast<InitListExpr>(stripTemporaries(Init));
    if (!ILE || F->getFieldIndex() >= ILE->getNumInits())
      return nullptr;
    // A union's list initialises one member, not the F-th.
    if (ILE->getType()->isUnionType() && ILE->getInitializedFieldInUnion() != F)
      return nullptr;
    Init = ILE->getInit(F->getFieldIndex());
  }
  return Init;
}
} // namespace

const Expr *
ValueEvaluator::reachingDefinition(const VarDecl *Var,
                                   llvm::ArrayRef<const FieldDecl *> Fields,
                                   const Stmt *Use, std::string *Why) {
  if (!Var || Var->isInvalidDecl() || Var->getType().isVolatileQualified())
    return nullptr;

  // A parameter bound to a call's argument (bindParameters) is a local
  // whose initial value is that argument.
  const auto *PV = dyn_cast<ParmVarDecl>(Var);
  const Expr *Bound = PV ? Bindings.lookup(PV) : nullptr;

  // Globals, statics and parameters: only a const object's initializer is
  // certain.
  if (!Var->hasLocalStorage() || (PV && !Bound)) {
    if (isa<ParmVarDecl>(Var) || !Var->getType().isConstQualified())
      return nullptr;
    return fieldOf(Var->getAnyInitializer(), Fields);
  }

  const auto *FD =
      dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return nullptr;
  FunctionFacts &FF = factsOf(FD->getBody());
  CurrentParents = FF.Parents.get();
  // The use must be in this function (a lambda's body is part of it).
  if (!FF.Parents->hasParent(Use) && Use != FD->getBody())
    return nullptr;

  struct Def {
    const Expr *Value; ///< null: a write through another union member
    const Stmt *Statement;
    std::string Why; ///< for a null Value
  };
  llvm::SmallVector<Def, 4> Defs;

  auto skipParens = [&](const Stmt *S) {
    const Stmt *P = parentOf(S);
    while (P && isa<ParenExpr>(P))
      P = parentOf(P);
    return P;
  };

  for (const DeclRefExpr *Ref : FF.Refs.lookup(Var)) {
    // Climb member accesses: Ref.f1.f2 ..., and the arms of an lvalue
    // `c ? v : w`, which can only be read (anything else clobbers).
    const Expr *Top = Ref;
    llvm::SmallVector<const FieldDecl *, 4> Path;
    const Stmt *P = skipParens(Top);
    bool InConditional = false;
    while (P) {
      if (const auto *CO = dyn_cast<ConditionalOperator>(P);
          CO && CO->isGLValue() && CO->getCond() != Top) {
        InConditional = true;
      } else if (const auto *ME = dyn_cast<MemberExpr>(P)) {
        const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
        if (ME->isArrow() || !F)
          break;
        Path.push_back(F);
      } else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P)) {
        if (ICE->getCastKind() != CK_NoOp)
          break;
      } else {
        break;
      }
      Top = cast<Expr>(P);
      P = skipParens(Top);
    }

    // How does this reference relate to the queried object?
    size_t Common = 0;
    while (Common < Path.size() && Common < Fields.size() &&
           Path[Common] == Fields[Common])
      ++Common;
    // A sibling member is irrelevant, unless both are members of one union:
    // they share their storage, and a write of one changes the other.
    const FieldDecl *UnionSibling = nullptr;
    if (Common < Path.size() && Common < Fields.size()) {
      if (!Path[Common]->getParent()->isUnion())
        continue;
      UnionSibling = Path[Common];
    }
    bool ExactlyQueried = Path.size() == Fields.size();

    UseKind Kind = UseKind::Clobber;
    const Expr *Assigned = nullptr;
    if (!P) {
      Kind = UseKind::Clobber; // e.g. bound to a reference variable
    } else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(P)) {
      if (ICE->getCastKind() == CK_LValueToRValue)
        Kind = UseKind::Read;
      // `v.a[i]` read: an element of a member array.
      if (ICE->getCastKind() == CK_ArrayToPointerDecay)
        if (const auto *ASE =
                dyn_cast_or_null<ArraySubscriptExpr>(skipParens(ICE));
            ASE && ASE->getBase() == ICE)
          if (const auto *R =
                  dyn_cast_or_null<ImplicitCastExpr>(skipParens(ASE));
              R && R->getCastKind() == CK_LValueToRValue)
            Kind = UseKind::Read;
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
      if (CE->getConstructor()->isCopyOrMoveConstructor())
        Kind = UseKind::Read;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->getOpcode() == BO_Assign && BO->getLHS()->IgnoreParens() == Top) {
        Kind = UseKind::Assign;
        Assigned = BO->getRHS();
      } else if (BO->isCompoundAssignmentOp() &&
                 BO->getLHS()->IgnoreParens() == Top) {
        // `v op= e`: the definition is the operator itself; callers that do
        // not know how to evaluate it find no value (unknown).
        Kind = UseKind::Assign;
        Assigned = BO;
      } else if (BO->getOpcode() == BO_Comma &&
                 BO->getLHS()->IgnoreParens() == Top) {
        Kind = UseKind::Read;
      }
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
      if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
          OC->getArg(0)->IgnoreParens() == Top && MD &&
          (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator())) {
        Kind = UseKind::Assign;
        Assigned = OC->getArg(1);
      } else if (MD && OC->getNumArgs() >= 1 &&
                 OC->getArg(0)->IgnoreParens() == Top && leavesObject(MD)) {
        // `fn(i)`: a function object's operator() that does not change it.
        Kind = UseKind::Read;
      }
    } else if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->isIncrementDecrementOp()) {
        Kind = UseKind::Assign;
        Assigned = UO;
      } else if (UO->getOpcode() == UO_AddrOf) {
        // &v is harmless where it only becomes a pointer to const.
        const Stmt *PP = skipParens(UO);
        if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(PP))
          if (Cast->getType()->isPointerType() &&
              Cast->getType()->getPointeeType().isConstQualified())
            Kind = UseKind::Read;
        if (const auto *Call = dyn_cast_or_null<CallExpr>(PP))
          if (passedAsConst(Call, UO, /*Pointer=*/true))
            Kind = UseKind::Read;
      }
    } else if (const auto *Call = dyn_cast<CallExpr>(P)) {
      // Passed by reference: harmless only as a reference to const.
      if (passedAsConst(Call, Top, /*Pointer=*/false))
        Kind = UseKind::Read;
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call))
        if (MC->getImplicitObjectArgument() &&
            MC->getImplicitObjectArgument()->IgnoreParens() == Top)
          if (const CXXMethodDecl *M = MC->getMethodDecl())
            if (leavesObject(M))
              Kind = UseKind::Read;
    }

    // `x.h[0] = ...`: an element of a member array is written.
    bool Written = Kind == UseKind::Assign;
    const Stmt *Write = P;
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P);
        ICE && ICE->getCastKind() == CK_ArrayToPointerDecay)
      if (const auto *ASE =
              dyn_cast_or_null<ArraySubscriptExpr>(skipParens(ICE))) {
        const Stmt *AP = skipParens(ASE);
        const auto *BO = dyn_cast_or_null<BinaryOperator>(AP);
        const auto *UO = dyn_cast_or_null<UnaryOperator>(AP);
        if ((BO && BO->isAssignmentOp() &&
             BO->getLHS()->IgnoreParens() == ASE) ||
            (UO && UO->isIncrementDecrementOp())) {
          Written = true;
          Write = AP;
        }
      }
    // Why this use leaves the queried object without a definition.
    std::string Msg;
    if (Kind != UseKind::Read) {
      const SourceManager &SM = Ctx.getSourceManager();
      std::string Line =
          std::to_string(SM.getExpansionLineNumber(Ref->getBeginLoc()));
      std::string Name = Var->getNameAsString();
      for (const FieldDecl *F : Path) {
        if (UnionSibling && F == Path[Common])
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
      else if (Kind == UseKind::Clobber)
        Msg = "'" + Name + "' is used on line " + Line +
              " in a way that may write it (its address taken, bound to a "
              "reference or passed to a call)";
    }
    auto Unknown = [&]() -> const Expr * {
      if (Why)
        *Why = Msg;
      return nullptr;
    };
    if (InConditional && Kind != UseKind::Read)
      return Unknown();
    if (Kind == UseKind::Read)
      continue;
    // A write through another member of the union is a definition whose
    // value the analysis does not know.
    if (UnionSibling ? !Written : Kind == UseKind::Clobber || !ExactlyQueried)
      return Unknown();
    // An assignment: must be an expression statement of a compound statement.
    const Stmt *S = Write;
    const Stmt *SP = parentOf(S);
    if (SP && isa<ExprWithCleanups>(SP)) {
      S = SP;
      SP = parentOf(S);
    }
    if (!SP || !isa<CompoundStmt>(SP))
      return Unknown();
    Defs.push_back({UnionSibling ? nullptr : Assigned, S, Msg});
  }

  // Every assignment must come before the use, in a compound statement that
  // encloses it; the last one in source order then reaches the use.
  const SourceManager &SM = Ctx.getSourceManager();
  const Def *Last = nullptr;
  auto isDescendant = [&](const Stmt *Anc, const Stmt *S) {
    for (const Stmt *P = parentOf(S); P; P = parentOf(P))
      if (P == Anc)
        return true;
    return false;
  };
  for (const Def &D : Defs) {
    const auto *C = cast<CompoundStmt>(parentOf(D.Statement));
    const Stmt *Child = Use;
    const Stmt *Anc = parentOf(Use);
    while (Anc && Anc != C) {
      Child = Anc;
      Anc = parentOf(Anc);
    }
    if (!Anc)
      return nullptr;
    // `v = f(v)`: the use in the right-hand side reads the definition
    // before this one.
    if (Child == D.Statement && D.Value &&
        (D.Value == Use || isDescendant(D.Value, Use)))
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
      for (const Stmt *A = C; A; A = parentOf(A)) {
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

  return fieldOf(Bound ? Bound : Var->getInit(), Fields);
}

bool ValueEvaluator::leavesObject(const CXXMethodDecl *M) {
  if (M->isConst())
    return true;
  if (auto It = LeavesObject.find(M); It != LeavesObject.end())
    return It->second;
  bool Leaves = leavesObjectImpl(M);
  LeavesObject[M] = Leaves;
  return Leaves;
}

bool ValueEvaluator::leavesObjectImpl(const CXXMethodDecl *M) {
  const FunctionDecl *Def = nullptr;
  if (M->isStatic() || !M->hasBody(Def) || !Def || !Def->getBody())
    return false;
  // Every use of `this` reads a field (`this->p`, `p`): nothing else can
  // change the object.
  FunctionFacts &FF = factsOf(Def->getBody());
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::SmallVector<const CXXThisExpr *, 4> Uses;
    bool VisitCXXThisExpr(CXXThisExpr *E) {
      Uses.push_back(E);
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
  for (const CXXThisExpr *T : F.Uses) {
    const Stmt *P = FF.Parents->getParent(T);
    while (P && isa<ImplicitCastExpr, ParenExpr>(P) &&
           !(isa<ImplicitCastExpr>(P) &&
             cast<ImplicitCastExpr>(P)->getCastKind() != CK_NoOp))
      P = FF.Parents->getParent(P);
    const auto *ME = dyn_cast_or_null<MemberExpr>(P);
    if (!ME || !isa<FieldDecl>(ME->getMemberDecl()))
      return false;
    const Stmt *Q = FF.Parents->getParent(ME);
    while (isa_and_nonnull<ParenExpr>(Q))
      Q = FF.Parents->getParent(Q);
    const auto *R = dyn_cast_or_null<ImplicitCastExpr>(Q);
    if (!R || R->getCastKind() != CK_LValueToRValue)
      return false;
  }
  return true;
}

const Expr *ValueEvaluator::lvalueDefinition(const Expr *LValue) {
  const Expr *E = LValue->IgnoreParens();
  llvm::SmallVector<const FieldDecl *, 4> Fields;
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (ME->isArrow() || !F)
      return nullptr;
    Fields.insert(Fields.begin(), F);
    E = ME->getBase()->IgnoreParens();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return nullptr;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  if (!VD)
    return nullptr;
  const Expr *Def = reachingDefinition(VD, Fields, LValue);
  if (Def && !LastDef && VD->hasLocalStorage())
    LastDef = Def;
  return Def;
}

std::optional<APSInt> ValueEvaluator::evalInt(const Expr *E) {
  return evalIntImpl(E);
}

std::optional<model::Dim3> ValueEvaluator::evalDim3(const Expr *E) {
  return evalDim3Impl(E);
}

const Expr *ValueEvaluator::armOf(const ConditionalOperator *CO) {
  if (auto C = evalIntImpl(CO->getCond()))
    return *C != 0 ? CO->getTrueExpr() : CO->getFalseExpr();
  std::optional<bool> Arm = choiceFor(CO);
  if (!Arm)
    return nullptr;
  return *Arm ? CO->getTrueExpr() : CO->getFalseExpr();
}

std::optional<APSInt> ValueEvaluator::evalIntImpl(const Expr *E) {
  if (!E || Depth > 32)
    return std::nullopt;
  DepthGuard G(Depth);
  E = E->IgnoreParens();
  if (E->isValueDependent() || E->isTypeDependent() || E->containsErrors())
    return std::nullopt;
  if (auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return evalIntImpl(DA->getExpr());

  Expr::EvalResult R;
  if (E->getType()->isIntegralOrEnumerationType() &&
      E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects))
    return R.Val.getInt();

  QualType T = E->getType();
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = Cast->getSubExpr();
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue: {
      // dim3 members: evaluate the whole dim3 and pick the component.
      if (const auto *ME = dyn_cast<MemberExpr>(Sub->IgnoreParens()))
        if (!ME->isArrow() && isDim3Type(ME->getBase()->getType()))
          if (auto D = evalDim3Impl(ME->getBase())) {
            StringRef N = ME->getMemberDecl()->getName();
            uint64_t V = N == "x" ? D->X : N == "y" ? D->Y : D->Z;
            return convertTo(APSInt(llvm::APInt(64, V), true), T, Ctx);
          }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub->IgnoreParens()))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          if (auto It = PathFacts.find(VD); It != PathFacts.end())
            return convertTo(It->second, T, Ctx);
      if (const Expr *Def = lvalueDefinition(Sub))
        if (auto V = evalIntImpl(Def))
          return convertTo(*V, T, Ctx);
      return std::nullopt;
    }
    case CK_IntegralCast:
    case CK_NoOp:
    case CK_IntegralToBoolean:
      if (auto V = evalIntImpl(Sub))
        return convertTo(*V, T, Ctx);
      return std::nullopt;
    default:
      return std::nullopt;
    }
  }

  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma)
      return std::nullopt;
    auto L = evalIntImpl(BO->getLHS());
    if (!L)
      return std::nullopt;
    if (BO->getOpcode() == BO_LAnd && *L == 0)
      return convertTo(APSInt(llvm::APInt(1, 0), true), T, Ctx);
    if (BO->getOpcode() == BO_LOr && *L != 0)
      return convertTo(APSInt(llvm::APInt(1, 1), true), T, Ctx);
    auto R2 = evalIntImpl(BO->getRHS());
    if (!R2)
      return std::nullopt;
    // Operands already carry the usual arithmetic conversions; compute in a
    // wide type with the result's signedness and truncate at the end.
    bool Unsigned =
        BO->getLHS()->getType()->isUnsignedIntegerOrEnumerationType();
    APSInt A = L->extOrTrunc(128), B = R2->extOrTrunc(128);
    A.setIsUnsigned(Unsigned);
    B.setIsUnsigned(Unsigned);
    APSInt Out;
    auto Bool = [&](bool V) { return APSInt(llvm::APInt(128, V), true); };
    switch (BO->getOpcode()) {
    case BO_Add:
      Out = A + B;
      break;
    case BO_Sub:
      Out = A - B;
      break;
    case BO_Mul:
      Out = A * B;
      break;
    case BO_Div:
      if (B == 0)
        return std::nullopt;
      Out = A / B;
      break;
    case BO_Rem:
      if (B == 0)
        return std::nullopt;
      Out = A % B;
      break;
    case BO_Shl:
      if (B.isNegative() || B.getZExtValue() >= 64)
        return std::nullopt;
      Out = A << (unsigned)B.getZExtValue();
      break;
    case BO_Shr:
      if (B.isNegative() || B.getZExtValue() >= 64)
        return std::nullopt;
      Out = A >> (unsigned)B.getZExtValue();
      break;
    case BO_And:
      Out = A & B;
      break;
    case BO_Or:
      Out = A | B;
      break;
    case BO_Xor:
      Out = A ^ B;
      break;
    case BO_LT:
      Out = Bool(A < B);
      break;
    case BO_GT:
      Out = Bool(A > B);
      break;
    case BO_LE:
      Out = Bool(A <= B);
      break;
    case BO_GE:
      Out = Bool(A >= B);
      break;
    case BO_EQ:
      Out = Bool(A == B);
      break;
    case BO_NE:
      Out = Bool(A != B);
      break;
    case BO_LAnd:
      Out = Bool(*L != 0 && *R2 != 0);
      break;
    case BO_LOr:
      Out = Bool(*L != 0 || *R2 != 0);
      break;
    default:
      return std::nullopt;
    }
    return convertTo(Out, T, Ctx);
  }

  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    auto V = evalIntImpl(UO->getSubExpr());
    if (!V)
      return std::nullopt;
    APSInt A = V->extOrTrunc(128);
    switch (UO->getOpcode()) {
    case UO_Plus:
      return convertTo(A, T, Ctx);
    case UO_Minus:
      return convertTo(-A, T, Ctx);
    case UO_Not:
      return convertTo(~A, T, Ctx);
    case UO_LNot:
      return convertTo(APSInt(llvm::APInt(1, A == 0), true), T, Ctx);
    default:
      return std::nullopt;
    }
  }

  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    const Expr *Arm = armOf(CO);
    return Arm ? evalIntImpl(Arm) : std::nullopt;
  }

  if (const auto *SNT = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return evalIntImpl(SNT->getReplacement());

  return std::nullopt;
}

std::optional<model::Dim3> ValueEvaluator::evalDim3Impl(const Expr *E) {
  if (!E || Depth > 32)
    return std::nullopt;
  DepthGuard G(Depth);
  E = stripTemporaries(E);
  if (E->isValueDependent() || E->isTypeDependent() || E->containsErrors())
    return std::nullopt;
  if (auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return evalDim3Impl(DA->getExpr());

  if (E->getType()->isIntegralOrEnumerationType()) {
    if (auto V = evalIntImpl(E))
      return model::Dim3{V->getZExtValue(), 1, 1};
    return std::nullopt;
  }
  if (!isDim3Type(E->getType()))
    return std::nullopt;
  const RecordDecl *RD =
      E->getType().getNonReferenceType().getCanonicalType()->getAsRecordDecl();

  // A constant expression (constexpr dim3 of the real CUDA headers).
  if (E->isPRValue()) {
    Expr::EvalResult R;
    if (E->EvaluateAsRValue(R, Ctx) && R.Val.isStruct()) {
      model::Dim3 D;
      for (const FieldDecl *F : RD->fields()) {
        unsigned I = F->getFieldIndex();
        if (I >= R.Val.getStructNumFields() || !R.Val.getStructField(I).isInt())
          continue;
        setComponent(D, F->getName(),
                     R.Val.getStructField(I).getInt().getZExtValue());
      }
      return D;
    }
  }

  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    if (Ctor->isCopyOrMoveConstructor() && CE->getNumArgs() >= 1)
      return evalDim3Impl(CE->getArg(0));
    if (CE->getNumArgs() == 1 && isDim3Type(CE->getArg(0)->getType()))
      return evalDim3Impl(CE->getArg(0)); // dim3(uint3)
    if (CE->getNumArgs() == 0 || CE->getNumArgs() > 3)
      return std::nullopt;
    uint64_t V[3] = {1, 1, 1};
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      if (!CE->getArg(I)->getType()->isIntegralOrEnumerationType())
        return std::nullopt;
      auto A = evalIntImpl(CE->getArg(I));
      if (!A)
        return std::nullopt;
      V[I] = A->getZExtValue();
    }
    // The constructor must store its parameters in x, y, z in order; the
    // constant evaluator above has already answered for constexpr ones, so
    // this is the non-constexpr dim3 of mock headers and older toolkits.
    return model::Dim3{V[0], V[1], V[2]};
  }

  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    model::Dim3 D{0, 0, 0};
    for (const FieldDecl *F : RD->fields()) {
      unsigned I = F->getFieldIndex();
      uint64_t V = 0;
      if (I < ILE->getNumInits() &&
          !isa<ImplicitValueInitExpr>(ILE->getInit(I))) {
        auto A = evalIntImpl(ILE->getInit(I));
        if (!A)
          return std::nullopt;
        V = A->getZExtValue();
      }
      setComponent(D, F->getName(), V);
    }
    return D;
  }

  if (isa<ImplicitValueInitExpr>(E))
    return model::Dim3{0, 0, 0};

  if (isa<DeclRefExpr>(E) || isa<MemberExpr>(E)) {
    if (const Expr *Def = lvalueDefinition(E))
      return evalDim3Impl(Def);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dim3ByFields(DRE);
    return std::nullopt;
  }

  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    const Expr *Arm = armOf(CO);
    return Arm ? evalDim3Impl(Arm) : std::nullopt;
  }
  return std::nullopt;
}

std::optional<bool> ValueEvaluator::choiceFor(const ConditionalOperator *CO) {
  for (const auto &[C, Arm] : Choices)
    if (C == CO)
      return Arm;
  if (!llvm::is_contained(Undecided, CO))
    Undecided.push_back(CO);
  return std::nullopt;
}

/// The shape a local dim3 holds at Use when straight-line statements of the
/// block that declares it set it whole or field by field
/// (`dim3 t; t.x = 16; t.y = 16;`): each statement between the declaration
/// and the use either assigns the variable or one of its fields, or does not
/// name it at all.
std::optional<model::Dim3>
ValueEvaluator::dim3ByFields(const DeclRefExpr *Use) {
  const auto *V = dyn_cast<VarDecl>(Use->getDecl());
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
      V->getType().isVolatileQualified())
    return std::nullopt;
  const auto *FD =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return std::nullopt;
  FunctionFacts &FF = factsOf(FD->getBody());
  CurrentParents = FF.Parents.get();
  // The declaration's statement and the block holding it.
  const Stmt *Decl = nullptr;
  const Stmt *Block = nullptr;
  {
    // Find the DeclStmt of V: the parent of its initializer, or a search of
    // the enclosing blocks of the use.
    for (const Stmt *S = parentOf(Use); S && !Decl; S = parentOf(S))
      if (const auto *CS = dyn_cast<CompoundStmt>(S))
        for (const Stmt *B : CS->body())
          if (const auto *DS = dyn_cast<DeclStmt>(B);
              DS && llvm::is_contained(DS->decls(), V)) {
            Decl = DS;
            Block = CS;
            break;
          }
  }
  if (!Decl || !FF.JumpTargets.empty())
    return std::nullopt;
  auto D = V->getInit() ? evalDim3Impl(V->getInit()) : std::nullopt;
  if (!D)
    return std::nullopt;
  // The statement of Block that holds the use.
  const Stmt *UseStmt = Use;
  while (UseStmt && parentOf(UseStmt) != Block)
    UseStmt = parentOf(UseStmt);
  if (!UseStmt)
    return std::nullopt;
  llvm::SmallVector<const DeclRefExpr *, 4> Refs = FF.Refs.lookup(V);
  auto Inside = [&](const Stmt *Anc, const Stmt *S) {
    for (; S; S = parentOf(S))
      if (S == Anc)
        return true;
    return false;
  };
  // The statement holding the use names V nowhere else (`d.x = 64` after
  // the use in a loop body reaches it the next time round).
  if (llvm::any_of(Refs, [&](const DeclRefExpr *R) {
        return R != Use && Inside(UseStmt, R);
      }))
    return std::nullopt;
  bool After = false;
  for (const Stmt *B : cast<CompoundStmt>(Block)->body()) {
    if (B == Decl) {
      After = true;
      continue;
    }
    if (!After)
      continue;
    if (B == UseStmt)
      break;
    unsigned Named = llvm::count_if(
        Refs, [&](const DeclRefExpr *R) { return Inside(B, R); });
    if (Named == 0)
      continue;
    // `v = e;` or `v.f = e;`, and nothing else names v.
    const auto *A = dyn_cast<BinaryOperator>(B);
    if (!A && isa<CXXOperatorCallExpr>(B)) {
      const auto *OC = cast<CXXOperatorCallExpr>(B);
      if (OC->getOperator() != OO_Equal || OC->getNumArgs() != 2 || Named != 1)
        return std::nullopt;
      const auto *L = dyn_cast<DeclRefExpr>(OC->getArg(0)->IgnoreParens());
      if (!L || L->getDecl() != V)
        return std::nullopt;
      D = evalDim3Impl(OC->getArg(1));
      if (!D)
        return std::nullopt;
      continue;
    }
    if (!A || A->getOpcode() != BO_Assign || Named != 1)
      return std::nullopt;
    const auto *ME = dyn_cast<MemberExpr>(A->getLHS()->IgnoreParens());
    const auto *Base =
        ME ? dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts())
           : nullptr;
    if (!Base || Base->getDecl() != V || ME->isArrow())
      return std::nullopt;
    auto X = evalIntImpl(A->getRHS());
    if (!X || X->isNegative())
      return std::nullopt;
    StringRef F = ME->getMemberDecl()->getName();
    uint64_t Val = X->getZExtValue();
    if (F == "x")
      D->X = Val;
    else if (F == "y")
      D->Y = Val;
    else if (F == "z")
      D->Z = Val;
    else
      return std::nullopt;
  }
  return D;
}

bool ValueEvaluator::neverWritten(const VarDecl *V) {
  if (V->getType().isVolatileQualified() || !V->hasLocalStorage())
    return V->getType().isConstQualified();
  const auto *FD =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return false;
  FunctionFacts &FF = factsOf(FD->getBody());
  CurrentParents = FF.Parents.get();
  for (const DeclRefExpr *R : FF.Refs.lookup(V)) {
    const Stmt *P = parentOf(R);
    while (P && isa<ParenExpr>(P))
      P = parentOf(P);
    const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P);
    if (!ICE || (ICE->getCastKind() != CK_LValueToRValue &&
                 ICE->getCastKind() != CK_ArrayToPointerDecay))
      if (!isa_and_nonnull<UnaryExprOrTypeTraitExpr>(P))
        return false;
    // An array decays only to be subscripted and read.
    if (ICE && ICE->getCastKind() == CK_ArrayToPointerDecay) {
      const auto *ASE = dyn_cast_or_null<ArraySubscriptExpr>(parentOf(ICE));
      const auto *Read =
          ASE ? dyn_cast_or_null<ImplicitCastExpr>(parentOf(ASE)) : nullptr;
      if (!Read || Read->getCastKind() != CK_LValueToRValue)
        return false;
    }
  }
  return true;
}

void ValueEvaluator::assumeFactsAt(const Stmt *Point, const FunctionDecl *F) {
  PathFacts.clear();
  if (!F || !F->getBody())
    return;
  FunctionFacts &FF = factsOf(F->getBody());
  CurrentParents = FF.Parents.get();
  auto Record = [&](const Expr *Cond, const Expr *Value) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Cond->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || !V->getType()->isIntegralOrEnumerationType() ||
        PathFacts.count(V))
      return;
    Expr::EvalResult R;
    if (!Value->EvaluateAsInt(R, Ctx))
      return;
    CurrentParents = FF.Parents.get();
    if (!neverWritten(V))
      return;
    CurrentParents = FF.Parents.get();
    PathFacts[V] = R.Val.getInt();
  };
  const Stmt *Child = Point;
  for (const Stmt *P = parentOf(Point); P; Child = P, P = parentOf(P)) {
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
      while (Inner && parentOf(Inner) != Body)
        Inner = parentOf(Inner);
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
  CurrentParents = FF.Parents.get();
}

SmallVector<const Expr *, 8> ValueEvaluator::arrayChoices(const Expr *E) {
  SmallVector<const Expr *, 8> Out;
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && V->hasLocalStorage() && !isa<ParmVarDecl>(V))
      if (const Expr *Def = reachingDefinition(V, {}, DRE))
        E = stripTemporaries(Def)->IgnoreParenImpCasts();
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
  if (!ASE)
    return Out;
  const auto *Base =
      dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts());
  const auto *A = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
  if (!A || !A->getType()->isConstantArrayType() || !neverWritten(A))
    return Out;
  const auto *ILE = dyn_cast_or_null<InitListExpr>(
      A->getInit() ? stripTemporaries(A->getInit()) : nullptr);
  if (!ILE || ILE->getNumInits() == 0 || ILE->getNumInits() > 16)
    return Out;
  for (const Expr *I : ILE->inits())
    Out.push_back(I);
  return Out;
}

} // namespace warplint
