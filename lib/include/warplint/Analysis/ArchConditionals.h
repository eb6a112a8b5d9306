//===-- ArchConditionals.h - Code hidden behind __CUDA_ARCH__ ---*- C++ -*-===//
///
/// The tool parses the host side of a CUDA compile, where __CUDA_ARCH__ is not
/// defined: a kernel body written under `#if __CUDA_ARCH__ >= 800` is empty
/// there. A preprocessor callback records whether user code has such a
/// conditional and which ranges the preprocessor skipped, so that the tool can
/// parse the file a second time, device-side, and take from that parse the
/// findings in code the host parse never saw (docs/design.md, "Code for the
/// device only").
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_ARCHCONDITIONALS_H
#define WARPLINT_ANALYSIS_ARCHCONDITIONALS_H

#include "warplint/Core/Finding.h"
#include "clang/Lex/PPCallbacks.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Preprocessor;
} // namespace clang

namespace warplint {

/// A stretch of one file, from Begin to End inclusive, in the positions
/// findings use (expansion locations, absolute paths, columns from 1).
struct SourceSpan {
  std::string File;
  unsigned BeginLine = 0, BeginColumn = 0;
  unsigned EndLine = 0, EndColumn = 0;
  bool contains(const FileLocation &L) const;
  bool overlaps(const SourceSpan &O) const;
  bool operator==(const SourceSpan &O) const {
    return File == O.File && BeginLine == O.BeginLine &&
           BeginColumn == O.BeginColumn && EndLine == O.EndLine &&
           EndColumn == O.EndColumn;
  }
};

/// What the preprocessor of one parse did with conditionals, in user code
/// (not in system headers, nor in <built-in> or the command line).
struct ArchConditionals {
  /// An #if, #elif, #ifdef, #ifndef, #elifdef or #elifndef whose condition
  /// names __CUDA_ARCH__ or one of its kin (__CUDA_ARCH_FEAT_SM90_ALL,
  /// __CUDA_ARCH_SPECIFIC__, ...), directly: not through a macro of the
  /// user's own that expands to it.
  bool MentionsCudaArch = false;
  /// The ranges the preprocessor skipped, each from its directive to the
  /// directive that ends the skip.
  std::vector<SourceSpan> Skipped;
  /// Those skipped by a conditional that names __CUDA_ARCH__.
  std::vector<SourceSpan> ArchSkipped;
  /// One of those declares device code of its own: its text names
  /// __global__, __device__ or __shared__.
  bool SkipsDeviceDeclarations = false;
  /// One of those lies in the body of a kernel or device function of the
  /// parse (set by noteSkippedDeviceCode()).
  bool SkipsDeviceStatements = false;
  /// The ranges of Skipped whose text declares device code of its own
  /// (names __global__, __device__ or __shared__) or includes a file.
  std::vector<SourceSpan> SkippedDeviceText;
  /// The bodies of the kernels and device functions of the user's code
  /// (set by noteSkippedDeviceCode()).
  std::vector<SourceSpan> DeviceBodies;

  /// Is code skipped that may hold shared-memory accesses: a device-side
  /// parse can only find something new then (a file whose __CUDA_ARCH__
  /// conditionals choose a macro's value or a host-only helper does not pay
  /// for a second parse).
  bool skipsDeviceCode() const {
    return SkipsDeviceDeclarations || SkipsDeviceStatements;
  }

  bool skips(const FileLocation &L) const;
};

/// Whether a device-side parse would see the same device code as the host
/// side, told from the host parse's conditionals (Host, with its
/// DeviceBodies) and a device-side preprocessing's (Device): each range one
/// side skipped and the other did not neither declares device code or
/// includes a file (SkippedDeviceText) nor overlaps the body of a kernel or
/// device function. A range of macro definitions chosen by __CUDA_ARCH__
/// makes no difference, as for skipsDeviceCode().
bool sameDeviceCode(const ArchConditionals &Host,
                    const ArchConditionals &Device);

/// Whether Text, a directive's condition, names __CUDA_ARCH__ or another
/// identifier that starts with __CUDA_ARCH.
bool mentionsCudaArch(llvm::StringRef Text);

/// Records the bodies of the kernels and device functions of Ctx's user code
/// in Out.DeviceBodies, and sets Out.SkipsDeviceStatements when a range of
/// Out.ArchSkipped lies within one.
void noteSkippedDeviceCode(clang::ASTContext &Ctx, ArchConditionals &Out);

/// Callbacks that record into Out; add them to PP before it lexes the file.
std::unique_ptr<clang::PPCallbacks>
recordArchConditionals(const clang::Preprocessor &PP, ArchConditionals &Out);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_ARCHCONDITIONALS_H
