//===-- TUIndex.h - The index of a translation unit: kernels, launches -*- C++
//-*-===//
///
/// One walk over the AST (template instantiations included) that every check
/// shares: the function definitions and whether their own code has errors,
/// the kernel launch sites, and the kernels with __launch_bounds__.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_TUINDEX_H
#define WARPLINT_ANALYSIS_TUINDEX_H

#include "warplint/Model/BlockSize.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

namespace warplint {

struct LaunchSite {
  enum Kind {
    TripleChevron,
    LaunchKernel,
    LaunchCooperativeKernel,
    LaunchKernelEx
  };
  Kind How = TripleChevron;
  const clang::Expr *Call = nullptr;           ///< the whole launch expression
  const clang::FunctionDecl *Kernel = nullptr; ///< null if not a direct call
  /// Not a direct call: the kernels a local function pointer may hold here,
  /// when every value the enclosing function gives it names one.
  std::vector<const clang::FunctionDecl *> Targets;
  /// Targets holds kernels the pointer may no longer hold at the launch (an
  /// array assigned element by element): a shape goes only to the kernel
  /// the host values fix (ValueEngine::function).
  bool TargetsChosen = false;
  const clang::Expr *Block = nullptr;     ///< block argument (not for ...Ex)
  const clang::VarDecl *Config = nullptr; ///< ...Ex: the cudaLaunchConfig_t
  const clang::FunctionDecl *Enclosing = nullptr;
  clang::SourceLocation Loc; ///< where findings about it point
  llvm::StringRef Api;       ///< the runtime function, if not <<<>>>
};

class TUIndex {
public:
  /// Builds the index. ErrorLocs are clang's error diagnostics, when the front
  /// end collected them; functions whose source range holds one are not
  /// analysed (nor are those whose AST holds recovery expressions).
  TUIndex(clang::ASTContext &Ctx,
          llvm::ArrayRef<clang::SourceLocation> ErrorLocs);

  clang::ASTContext &Ctx;
  std::vector<LaunchSite> Launches;
  /// Kernels (instantiations included) carrying their own __launch_bounds__.
  std::vector<const clang::FunctionDecl *> BoundedKernels;
  /// Definitions of kernels and __device__ functions, template
  /// instantiations included (not the templates themselves).
  std::vector<const clang::FunctionDecl *> DeviceFunctions;
  /// Direct calls between device functions: caller, call, callee (the
  /// callee's definition).
  struct DeviceCall {
    const clang::FunctionDecl *Caller;
    const clang::CallExpr *Call;
    const clang::FunctionDecl *Callee;
  };
  std::vector<DeviceCall> DeviceCalls;
  /// Every reference to a __shared__ variable in the bodies of the device
  /// functions above (the lambdas they hold included), with that function,
  /// from the same walk: later steps look a variable's uses up here
  /// instead of walking the file again.
  struct SharedRef {
    const clang::DeclRefExpr *Ref;
    const clang::FunctionDecl *Function;
  };
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<SharedRef, 4>>
      SharedRefs;
  /// The calls in the user's code (host and device) of each function with a
  /// body that is not a kernel, by the callee's definition: (call, the
  /// function it is in), from the same walk.
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::vector<std::pair<const clang::CallExpr *,
                                       const clang::FunctionDecl *>>>
      Callers;
  /// The calls in the user's host code of functions with no body in this
  /// file (defined in another translation unit): (call, the function it is
  /// in).
  std::vector<std::pair<const clang::CallExpr *, const clang::FunctionDecl *>>
      ExternalCalls;

  /// Functions written by the user (not system headers, not instantiations).
  unsigned UserFunctions = 0;
  unsigned UserFunctionsWithErrors = 0;

  /// False when the function's own code (or its template's) has errors.
  bool isAnalysable(const clang::FunctionDecl *FD);
  /// Not in a system header, not in the shipped prelude.
  bool isUserCode(clang::SourceLocation Loc) const;
  /// "run<100>" when FD is a template instantiation (or a member of one),
  /// empty otherwise.
  std::string instantiationName(const clang::FunctionDecl *FD) const;

private:
  std::vector<std::pair<clang::FileID, unsigned>> Errors; // sorted
  llvm::DenseMap<const clang::FunctionDecl *, bool> Analysable;
  friend class IndexBuilder;
};

/// The kernel's __launch_bounds__ attribute, on it or a redeclaration.
const clang::CUDALaunchBoundsAttr *launchBounds(const clang::FunctionDecl *K);
/// "ns::kernel<128>".
std::string functionName(const clang::FunctionDecl *FD);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_TUINDEX_H
