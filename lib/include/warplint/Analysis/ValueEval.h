//===-- ValueEval.h - Values of launch-configuration expressions -*- C++
//-*-===//
///
/// Finds the value an integer or dim3 expression has at a given point of a
/// function, when the code fixes it: literals, constexpr/const variables,
/// enumerators, macros, template arguments, sizeof, arithmetic, and local
/// variables whose only definitions are straight-line code before the use
/// (`dim3 block(16, 16);`, `int threads = 100;`, `cfg.blockDim = dim3(...)`).
///
/// It answers "unknown" whenever the value could differ between runs or paths:
/// parameters, globals that are not const, variables written in a branch or a
/// loop, or whose address escapes. A value it returns is certain.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_VALUEEVAL_H
#define WARPLINT_ANALYSIS_VALUEEVAL_H

#include "warplint/Model/BlockSize.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <optional>
#include <string>

namespace warplint {

class ValueEvaluator {
public:
  explicit ValueEvaluator(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The value of integer expression E, or nullopt when it is not certain.
  std::optional<llvm::APSInt> evalInt(const clang::Expr *E);

  /// The value of E of type dim3 (or an integer converted to dim3).
  std::optional<model::Dim3> evalDim3(const clang::Expr *E);

  /// The expression that last defines Var.Fields... before the point Use, when
  /// that is certain (see the file comment): an initializer, the right-hand
  /// side of `v = e`, or the operator itself for `v op= e`, `++v` and `v++`
  /// (whose value the caller computes from the definition before it). Fields is
  /// a path of member names (e.g. {blockDim} for cfg.blockDim); empty for the
  /// variable itself. A member of a union is also written through the
  /// union's other members. When it finds no definition because a use may
  /// write Var (or a member sharing its storage) in a way it does not
  /// follow, says so in *Why.
  const clang::Expr *
  reachingDefinition(const clang::VarDecl *Var,
                     llvm::ArrayRef<const clang::FieldDecl *> Fields,
                     const clang::Stmt *Use, std::string *Why = nullptr);

  /// Parameters of host functions taken as the arguments of one call each
  /// (a chain of calls down to a launch), until the next call; empty: a
  /// parameter's value is unknown.
  void bindParameters(
      llvm::DenseMap<const clang::ParmVarDecl *, const clang::Expr *> B) {
    Bindings = std::move(B);
  }
  void clearParameters() { Bindings.clear(); }

  /// What the branches around Point say of variables the function never
  /// writes (a launch in `case 512:` of `switch (threads)`, or under
  /// `if (n == 64)`): those variables have that value everywhere on the
  /// path, until clearFacts().
  void assumeFactsAt(const clang::Stmt *Point,
                     const clang::FunctionDecl *Function);
  void clearFacts() { PathFacts.clear(); }

  /// The constant elements of the local or const array that E reads an
  /// element of (`sizes[j]`, or a local initialised from it), when the
  /// array is never written: the values the element may have.
  llvm::SmallVector<const clang::Expr *, 8> arrayChoices(const clang::Expr *E);

  /// `c ? a : b` whose condition is not known
  /// (`prop.maxThreadsPerMultiProcessor
  /// == 1536 ? 768 : 1024`): an evaluation that meets one fails and notes it
  /// in undecided(); with an arm chosen for it by setChoices(), it takes that
  /// arm. The caller tries each combination as a possible value.
  void setChoices(
      std::vector<std::pair<const clang::ConditionalOperator *, bool>> C) {
    Choices = std::move(C);
  }
  const std::vector<const clang::ConditionalOperator *> &undecided() const {
    return Undecided;
  }
  void clearChoices() {
    Choices.clear();
    Undecided.clear();
  }

  /// Where the last successful evaluation took a value from a variable's
  /// definition (for notes such as "block size defined here"); null if the
  /// value was written in place.
  const clang::Expr *lastDefinition() const { return LastDef; }
  void resetLastDefinition() { LastDef = nullptr; }
  void noteDefinition(const clang::Expr *Def) {
    if (!LastDef)
      LastDef = Def;
  }

  /// What one walk of a function body finds: parents, the references to each
  /// variable, and the places a jump can land. Built on demand for the
  /// functions whose variables a launch reads: a parent map of the whole
  /// translation unit would cost seconds on a TU that includes thrust.
  struct FunctionFacts {
    std::unique_ptr<clang::ParentMap> Parents;
    llvm::DenseMap<const clang::VarDecl *,
                   llvm::SmallVector<const clang::DeclRefExpr *, 4>>
        Refs;
    llvm::SmallVector<clang::SourceLocation, 4> JumpTargets;
    /// For each jump target: where a jump to it starts, when only one
    /// statement can jump there (the switch of a case label); invalid for
    /// a goto label.
    llvm::SmallVector<clang::SourceLocation, 4> JumpFrom;
  };

private:
  clang::ASTContext &Ctx;
  unsigned Depth = 0;
  const clang::Expr *LastDef = nullptr;
  llvm::DenseMap<const clang::ParmVarDecl *, const clang::Expr *> Bindings;
  llvm::DenseMap<const clang::VarDecl *, llvm::APSInt> PathFacts;
  std::vector<std::pair<const clang::ConditionalOperator *, bool>> Choices;
  std::vector<const clang::ConditionalOperator *> Undecided;
  std::optional<bool> choiceFor(const clang::ConditionalOperator *CO);
  /// The arm of CO that is taken: by its condition's value, else by the
  /// choice made for it; null when neither decides.
  const clang::Expr *armOf(const clang::ConditionalOperator *CO);
  /// Every reference to V in its function is a read (or its declaration).
  bool neverWritten(const clang::VarDecl *V);
  /// A call of M on an object leaves the object as it is: M is const, or
  /// its body only reads fields of `this` (walked once per method).
  bool leavesObject(const clang::CXXMethodDecl *M);
  bool leavesObjectImpl(const clang::CXXMethodDecl *M);
  llvm::DenseMap<const clang::CXXMethodDecl *, bool> LeavesObject;

  std::optional<llvm::APSInt> evalIntImpl(const clang::Expr *E);
  std::optional<model::Dim3> evalDim3Impl(const clang::Expr *E);
  std::optional<model::Dim3> dim3ByFields(const clang::DeclRefExpr *Use);
  const clang::Expr *lvalueDefinition(const clang::Expr *LValue);
  const clang::Stmt *parentOf(const clang::Stmt *S);

  llvm::DenseMap<const clang::Stmt *, std::unique_ptr<FunctionFacts>> Facts;
  const clang::ParentMap *CurrentParents = nullptr;
  FunctionFacts &factsOf(const clang::Stmt *Body);
};

/// True when T is CUDA's dim3 (or uint3): a record with integer fields x, y, z.
bool isDim3Type(clang::QualType T);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_VALUEEVAL_H
