//===-- LowerObjects.cpp - Members, lambdas and function objects
//------------===//
//
// A lambda's call operator is a device function; a call of the lambda is
// a call of it. A variable it captures has, on entry, its value where the
// lambda is written (by copy) or where the lambda is called from the
// function that owns the variable (by reference; a lambda that writes a
// captured variable makes it escape, see localWrites). The members of a
// function object are those of the object the call is made on.
//
//===----------------------------------------------------------------------===//
#include "AstUtil.h"
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

std::optional<NodeId> Lowering::member(const VarDecl *V,
                                       llvm::ArrayRef<const FieldDecl *> Fields,
                                       const std::string &Path, const Stmt *Use,
                                       unsigned Frame, QualType T,
                                       bool Pointer) {
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
    if (!Frames[Frame].Call)
      return noCaller(PV, Frame);
    const Expr *ArgE = argumentOf(PV, Frame);
    if (!ArgE)
      return fail("the argument of '" + PV->getName() + "' is missing");
    // The argument, through the copy that passes it.
    const Expr *Arg = stripFull(ArgE);
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
  if (V->hasLocalStorage() || V->getType().isConstQualified()) {
    std::string Clobbered;
    if (const Expr *Def = Engine.fieldDefinition(V, Fields, Use, &Clobbered)) {
      noteDefinition(V, Def);
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

bool Lowering::ownedBy(const VarDecl *V, unsigned Frame) {
  const auto *F =
      dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  return !F || !V->hasLocalStorage() || !isLambdaOperator(Frames[Frame].F) ||
         F->getCanonicalDecl() == Frames[Frame].F->getCanonicalDecl();
}

bool Lowering::isLambdaOperator(const FunctionDecl *F) {
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  return M && M->getParent()->isLambda();
}

const Expr *Lowering::objectOf(const CallExpr *Call) {
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

const Expr *Lowering::stripObject(const Expr *E) {
  return strip(E, StripToObject);
}

const Expr *Lowering::argumentOf(const ParmVarDecl *PV, unsigned Frame) {
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
  return argument(Call, I + Shift);
}

std::optional<std::pair<const VarDecl *, unsigned>>
Lowering::objectVariable(const Expr *E, unsigned Frame, const Stmt *Where) {
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

std::optional<std::pair<const LambdaExpr *, unsigned>>
Lowering::lambdaSite(unsigned Frame) {
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

std::optional<std::pair<const Stmt *, unsigned>>
Lowering::captureUse(const VarDecl *V, unsigned Frame) {
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

std::optional<std::tuple<const VarDecl *, const Stmt *, unsigned>>
Lowering::thisObject(unsigned Frame) {
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

std::optional<NodeId>
Lowering::thisMember(llvm::ArrayRef<const FieldDecl *> Fields,
                     const std::string &Path, unsigned Frame, QualType T,
                     bool Pointer) {
  auto Obj = thisObject(Frame);
  if (!Obj)
    return std::nullopt;
  return member(std::get<0>(*Obj), Fields, Path, std::get<1>(*Obj),
                std::get<2>(*Obj), T, Pointer);
}

std::optional<NodeId> Lowering::memberPointer(const MemberExpr *ME,
                                              unsigned Frame) {
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

} // namespace warplint
