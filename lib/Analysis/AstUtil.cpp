//===-- AstUtil.cpp - Small helpers over Clang's AST ----------------------===//
#include "AstUtil.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace warplint {

const Expr *strip(const Expr *E, unsigned What) {
  while (true) {
    const Expr *Prev = E;
    E = E->IgnoreParens();
    if ((What & StripCleanups) && isa<ExprWithCleanups>(E))
      E = cast<ExprWithCleanups>(E)->getSubExpr();
    else if ((What & StripCleanups) && isa<CXXBindTemporaryExpr>(E))
      E = cast<CXXBindTemporaryExpr>(E)->getSubExpr();
    else if ((What & StripTemporaries) && isa<MaterializeTemporaryExpr>(E))
      E = cast<MaterializeTemporaryExpr>(E)->getSubExpr();
    else if ((What & StripFunctionalCasts) && isa<CXXFunctionalCastExpr>(E))
      E = cast<CXXFunctionalCastExpr>(E)->getSubExpr();
    else if ((What & StripImplicitCasts) &&
             (isa<ImplicitCastExpr>(E) || isa<FullExpr>(E)))
      E = E->IgnoreImpCasts();
    else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
             ICE && (What & StripConversions) &&
             (ICE->getCastKind() == CK_NoOp ||
              ICE->getCastKind() == CK_ConstructorConversion ||
              ICE->getCastKind() == CK_UserDefinedConversion))
      E = ICE->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
             CE && (What & StripCopies) && CE->getNumArgs() == 1 &&
             CE->getConstructor()->isCopyOrMoveConstructor())
      E = CE->getArg(0);
    else if ((What & StripTemplateArguments) &&
             isa<SubstNonTypeTemplateParmExpr>(E))
      E = cast<SubstNonTypeTemplateParmExpr>(E)->getReplacement();
    if (E == Prev)
      return E;
  }
}

llvm::SmallVector<const ArraySubscriptExpr *, 4>
subscriptChain(const ArraySubscriptExpr *ASE,
               llvm::SmallVectorImpl<const Expr *> *Decays) {
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

const Expr *innermostSubscript(const Expr *E) {
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return subscriptChain(ASE).back();
  return E;
}

std::string lineOf(const Stmt *S, const ASTContext &Ctx) {
  return std::to_string(
      Ctx.getSourceManager().getExpansionLineNumber(S->getBeginLoc()));
}

namespace {
class StmtSearch : public clang::RecursiveASTVisitor<StmtSearch> {
public:
  StmtSearch(llvm::function_ref<bool(const clang::Stmt *)> Visit,
             bool ImplicitCode,
             llvm::function_ref<bool(const clang::Decl *)> OnDecl = nullptr)
      : Visit(Visit), OnDecl(OnDecl), ImplicitCode(ImplicitCode) {}
  bool shouldVisitImplicitCode() const { return ImplicitCode; }
  bool VisitStmt(clang::Stmt *S) { return Visit(S); }
  bool VisitDecl(clang::Decl *D) { return !OnDecl || OnDecl(D); }

private:
  llvm::function_ref<bool(const clang::Stmt *)> Visit;
  llvm::function_ref<bool(const clang::Decl *)> OnDecl;
  bool ImplicitCode;
};
} // namespace

void visitStmts(const clang::Stmt *S,
                llvm::function_ref<bool(const clang::Stmt *)> Visit,
                bool ImplicitCode) {
  StmtSearch(Visit, ImplicitCode).TraverseStmt(const_cast<clang::Stmt *>(S));
}

void visitStmtsAndDecls(
    const clang::Stmt *S, llvm::function_ref<bool(const clang::Stmt *)> Visit,
    llvm::function_ref<bool(const clang::Decl *)> VisitDecl) {
  StmtSearch(Visit, /*ImplicitCode=*/false, VisitDecl)
      .TraverseStmt(const_cast<clang::Stmt *>(S));
}

} // namespace warplint
