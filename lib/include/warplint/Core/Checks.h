//===-- Checks.h - Check metadata and check selection ------------*- C++
//-*-===//
#ifndef WARPLINT_CORE_CHECKS_H
#define WARPLINT_CORE_CHECKS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace warplint {

enum class CheckId {
#define WARPLINT_CHECK(Id, Name, Level, Desc) Id,
#include "warplint/Core/Checks.def"
};

/// Static metadata of one check, from Checks.def.
struct CheckInfo {
  CheckId Id;
  llvm::StringLiteral Name;
  llvm::StringLiteral DefaultLevel;
  llvm::StringLiteral Description;
};

/// Every check warplint knows, in Checks.def order.
llvm::ArrayRef<CheckInfo> allChecks();
const CheckInfo &checkInfo(CheckId Id);

/// The checks enabled by a clang-tidy style glob list: comma-separated globs,
/// applied left to right, a leading '-' disables (e.g. "-*,warplint-block-*").
class CheckFilter {
public:
  /// The default: every warplint check.
  CheckFilter();
  static llvm::Expected<CheckFilter> parse(llvm::StringRef Globs);

  bool isEnabled(CheckId Id) const;
  bool isEnabled(llvm::StringRef Name) const;
  bool any() const;

private:
  std::vector<bool> Enabled;
};

/// The globs of a clang-tidy style list that match no warplint check, a
/// sentence each: "'warplint-bank-conflit' names no warplint check (did you
/// mean 'warplint-bank-conflict'?)" (the nearest check name, when one is
/// close). A glob that does not parse is CheckFilter::parse's error, not
/// listed here.
std::vector<std::string> unmatchedChecks(llvm::StringRef Globs);

/// For a list that enables nothing: " (did you mean 'warplint-bank-conflict'
/// for 'warplint-bank-conflit'?)", or "" when no glob is near a check.
std::string didYouMean(llvm::StringRef Globs);

/// Whether Name matches a clang-tidy style glob list ("warplint-*,-x"): the
/// last glob that matches decides, a leading '-' excludes. Works for names
/// that are not checks of Checks.def (warplint-nolint); an invalid glob
/// matches nothing.
bool matchesGlobList(llvm::StringRef Globs, llvm::StringRef Name);

} // namespace warplint

#endif // WARPLINT_CORE_CHECKS_H
