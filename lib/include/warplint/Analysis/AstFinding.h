//===-- AstFinding.h - A finding at clang source locations ------*- C++ -*-===//
///
/// What a check reports (CheckContext::report): a finding, its notes and
/// their fixes at clang source locations, which the front ends turn into
/// file positions (FindingResolver.h) or hand to their diagnostics engines.
///
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_ASTFINDING_H
#define WARPLINT_ANALYSIS_ASTFINDING_H

#include "warplint/Core/Checks.h"
#include "warplint/Core/Finding.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/Support/JSON.h"
#include <string>
#include <vector>

namespace clang {
class SourceManager;
} // namespace clang

namespace warplint {

/// A replacement of source text that a fix would make.
struct AstFixIt {
  clang::CharSourceRange Range;
  std::string Text;
};

struct AstNote {
  clang::SourceLocation Loc;
  std::string Message;
  std::vector<AstFixIt> FixIts;
};

struct AstFinding {
  CheckId Check;
  Severity Level = Severity::Warning;
  clang::SourceLocation Loc;
  std::string Message;
  std::vector<AstNote> Notes;
  llvm::json::Object Properties;
  /// The function the finding is in (CheckContext::report sets it).
  std::string Function;

  // Moved, not copied, when a vector of findings grows: json::Object's own
  // move is not noexcept, which would make std::vector copy every
  // finding's properties at each growth.
  AstFinding() = default;
  AstFinding(const AstFinding &) = default;
  AstFinding(AstFinding &&) noexcept = default;
  AstFinding &operator=(const AstFinding &) = default;
  AstFinding &operator=(AstFinding &&) noexcept = default;
};

/// The file position FindingResolver::toFinding gives Loc: its expansion
/// location, the path made absolute against the compile's working
/// directory, #line directives ignored. Empty File for a location in no
/// file. (Defined in FindingResolver.cpp.)
FileLocation fileLocationOf(clang::SourceLocation Loc,
                            const clang::SourceManager &SM);

} // namespace warplint

#endif // WARPLINT_ANALYSIS_ASTFINDING_H
